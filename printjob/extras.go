package printjob

import (
	"fmt"
	"strings"

	"github.com/deckwright/deckwright/cardface"
	"github.com/deckwright/deckwright/cardsdb"
)

// Extra is a card print added because the deck needs it on the table
// (game.yaml extras:), for the summary and --json.
type Extra struct {
	Game  string `json:"game"`
	What  string `json:"what"`
	Card  string `json:"card"`
	Count int    `json:"count"`
}

// addExtras adds what deck needs on the table beyond its own cards: the
// game's extras (Arkhtide's Neutral Realm and the tokens its cards
// Manifest). An extra for the table is added once for decks printed
// together.
func (j *Job) addExtras(deck *cardsdb.Deck, limit *Limit) error {
	for _, x := range deck.Extras() {
		if x.Extra.PerTable {
			key := deck.Game.ID + "\x00" + x.Card.Name
			if j.tableExtras[key] {
				continue
			}
			if j.tableExtras == nil {
				j.tableExtras = map[string]bool{}
			}
			j.tableExtras[key] = true
		}
		if err := limit.Add(x.Count); err != nil {
			return err
		}
		for range x.Count {
			j.Items = append(j.Items, cardface.CardItem(deck.Game, x.Card))
		}
		j.Extras = append(j.Extras, Extra{Game: deck.Game.ID, What: x.Extra.What, Card: x.Card.Name, Count: x.Count})
	}
	return nil
}

// ExtrasNote says what was added for the table, "" for nothing.
func (j *Job) ExtrasNote() string {
	if len(j.Extras) == 0 {
		return ""
	}
	var parts []string
	for _, x := range j.Extras {
		parts = append(parts, fmt.Sprintf("%d %s (%s)", x.Count, x.Card, x.What))
	}
	return "added for the table: " + strings.Join(parts, ", ") + "; --no-extras leaves them out"
}
