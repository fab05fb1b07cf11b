package report

import (
	"github.com/deckwright/deckwright/cardsdb"
	"github.com/deckwright/deckwright/deckstats"
)

// Stats is deckwright stats --json: a deck's counts, cost curve and draw
// odds, and how many of its cards the game does not have (left out).
type Stats struct {
	Deck string `json:"deck"`
	*deckstats.Stats
	Unknown int `json:"unknown_cards,omitempty"`
}

// DeckStats works out the figures of a resolved deck; arg names it in the
// report. The error is deckstats'; errors.Is(err, deckstats.ErrNoCard)
// for an option that names a card the deck does not have.
func DeckStats(arg string, deck *cardsdb.Deck, o deckstats.Options) (*Stats, error) {
	st, err := deckstats.Compute(deck, o)
	if err != nil {
		return nil, err
	}
	unknown := 0
	for _, u := range deck.Unknown {
		unknown += max(u.Entry.Count, 1)
	}
	return &Stats{Deck: arg, Stats: st, Unknown: unknown}, nil
}
