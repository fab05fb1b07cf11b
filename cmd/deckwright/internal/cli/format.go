package cli

import (
	"github.com/deckwright/deckwright/cardsdb"
	"github.com/deckwright/deckwright/report"
)

// chooseFormat sets the deck-building format --format names on list,
// replacing the list's own format: line; a name the game does not know is
// a usage error.
func chooseFormat(g *cardsdb.Game, list *cardsdb.DeckList, format string) error {
	if err := report.ChooseFormat(g, list, format); err != nil {
		return usageError("%v", err)
	}
	return nil
}
