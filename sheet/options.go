package sheet

import (
	"fmt"
	"strings"

	"github.com/deckwright/deckwright/cardsdb"
)

// Options tune Cards: how the columns map to keys, and what the table is read beside.

// Skip is the --map target that ignores a column.
const Skip = "-"

// Options tune Cards.
type Options struct {
	// Map names the key a column fills, by the column's header: "Card
	// Title" -> "name"; Skip ignores the column. Headers are compared
	// folded (cardsdb.Fold).
	Map map[string]string
	// MapPos is where each entry of Map was written (a line of
	// game.yaml's columns:), by folded header; entries without one are
	// reported at the table, as from --map.
	MapPos map[string]cardsdb.Pos
	// MapName names Map in messages: "--map" (the default) or "columns".
	MapName string
	// Type is the card type of every row (a type id or name), for a table
	// that holds one type; "" reads each row's type column.
	Type string
	// TypePos is where Type was written, for its message.
	TypePos cardsdb.Pos
	// Image, when set, rewrites the image paths of the cells (image,
	// back): import csv makes a path relative to the table one relative
	// to the cards file it writes.
	Image func(string) string
	// LaterCards leaves a card field that names no card known yet to the
	// game's own check, for a table of game.yaml read before the table
	// that holds the card (cardsdb reports what stays unknown, at its
	// cell).
	LaterCards bool
	// MapUnused accepts a Map entry for a header the table lacks (one
	// --map for the several sheets of a workbook).
	MapUnused bool
	// Loaded makes a card whose name the game already has an error, for
	// a table loaded beside the game's own cards (--db cards.csv) rather
	// than written as a file that replaces them.
	Loaded bool
}

// ParseMap reads --map COLUMN=FIELD pairs into Options.Map.
func ParseMap(pairs []string) (map[string]string, error) {
	m := map[string]string{}
	for _, p := range pairs {
		col, field, ok := strings.Cut(p, "=")
		col, field = strings.TrimSpace(col), strings.TrimSpace(field)
		if !ok || cardsdb.Fold(col) == "" || field == "" {
			return nil, fmt.Errorf("--map %q: want COLUMN=FIELD, e.g. --map \"Card Title=name\" (FIELD - skips the column)", p)
		}
		if _, dup := m[cardsdb.Fold(col)]; dup {
			return nil, fmt.Errorf("--map %q: column %q is mapped twice", p, col)
		}
		m[cardsdb.Fold(col)] = field
	}
	return m, nil
}
