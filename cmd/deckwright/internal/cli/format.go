package cli

import (
	"strings"

	"github.com/deckwright/deckwright/cardsdb"
)

// chooseFormat sets the deck-building format --format names on list,
// replacing the list's own format: line; a name the game does not know is
// a usage error.
func chooseFormat(g *cardsdb.Game, list *cardsdb.DeckList, format string) error {
	if format == "" {
		return nil
	}
	if g.Format(format) == nil {
		if len(g.Formats) == 0 {
			return usageError("--format %s: %s defines no formats", format, g.Name)
		}
		return usageError("--format: unknown format %q; %s has formats %s%s", format, g.Name, strings.Join(g.FormatIDs(), ", "), cardsdb.DidYouMean(cardsdb.Suggest(format, g.FormatIDs(), 1)))
	}
	list.Format, list.FormatPos = format, cardsdb.Pos{File: "--format"}
	return nil
}
