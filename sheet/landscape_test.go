package sheet

import (
	"bytes"
	"slices"
	"strings"
	"testing"

	"github.com/deckwright/deckwright/cardsdb"
)

// TestLandscapeColumn reads a landscape column: yes and no say the card's
// own orientation whatever its type's, an empty cell leaves the type's.
func TestLandscapeColumn(t *testing.T) {
	g := seeker(t)
	tab, err := Read("t.csv", []byte("name,type,Landscape\nWide,module,yes\nTall,module,No\nPlain,module,\n"), "")
	if err != nil {
		t.Fatal(err)
	}
	f, err := Cards(tab, g, Options{})
	if err != nil {
		t.Fatal(err)
	}
	y, _ := f.YAML("")
	want := "game: seeker-chronicles\ncards:\n  - name: Wide\n    type: module\n    landscape: true\n  - name: Tall\n    type: module\n    landscape: false\n  - name: Plain\n    type: module\n"
	if string(y) != want {
		t.Errorf("got\n%s\nwant\n%s", y, want)
	}
}

// TestLandscapeRoundTrip exports cards with and without their own
// landscape key to each format and reads them back: a landscape card of a
// portrait type, a portrait card of a landscape type (Arkhtide's Realm)
// and cards that say nothing come back as they were. A table of cards
// that say nothing has no landscape column.
func TestLandscapeRoundTrip(t *testing.T) {
	db, err := cardsdb.LoadBundled()
	if err != nil {
		t.Fatal(err)
	}
	g, err := db.LookupGame("arkhtide")
	if err != nil {
		t.Fatal(err)
	}
	first := func(typ string) cardsdb.Card {
		for _, c := range g.Cards {
			if c.Type == typ {
				return *c
			}
		}
		t.Fatalf("arkhtide has no %s", typ)
		return cardsdb.Card{}
	}
	yes, no := true, false
	wide, tall, unit, realm := first("unit"), first("realm"), first("unit"), first("realm")
	wide.Name, wide.Key, wide.Landscape = "Wide Unit", "wideunit", &yes
	tall.Name, tall.Key, tall.Landscape = "Tall Realm", "tallrealm", &no
	cards := []*cardsdb.Card{&wide, &tall, &unit, &realm}
	for _, f := range []Format{CSV, TSV, XLSX} {
		t.Run(string(f), func(t *testing.T) {
			back := exportAndLoad(t, g, cards, f)
			for _, tc := range []struct {
				name      string
				own       *bool
				landscape bool
			}{
				{wide.Name, &yes, true},
				{tall.Name, &no, false},
				{unit.Name, nil, false},
				{realm.Name, nil, true},
			} {
				c := back.Card(tc.name)
				if c == nil {
					t.Fatalf("%s did not come back", tc.name)
				}
				if (c.Landscape == nil) != (tc.own == nil) || c.Landscape != nil && *c.Landscape != *tc.own {
					t.Errorf("%s: own landscape %v, want %v", tc.name, c.Landscape, tc.own)
				}
				if got := back.Landscape(c); got != tc.landscape {
					t.Errorf("%s: Landscape = %v, want %v", tc.name, got, tc.landscape)
				}
			}
		})
	}
	table, err := ExportTable(g, []*cardsdb.Card{&unit, &realm}, ExportOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if slices.Contains(table[0], "landscape") {
		t.Errorf("header %q has a landscape column, but no card has the key", table[0])
	}
}

// exportAndLoad exports cards of g in format f, reads the table back and
// loads it as a cards file beside g's game.yaml.
func exportAndLoad(t *testing.T, g *cardsdb.Game, cards []*cardsdb.Card, f Format) *cardsdb.Game {
	t.Helper()
	var b bytes.Buffer
	if err := Export(&b, f, g, cards, ExportOptions{}); err != nil {
		t.Fatal(err)
	}
	name := "t." + string(f)
	var tabs []*Table
	var err error
	if f == XLSX {
		tabs, err = ReadSheets(name, b.Bytes(), func(s []string) ([]string, error) { return s, nil })
	} else {
		var tab *Table
		tab, err = Read(name, b.Bytes(), "")
		tabs = []*Table{tab}
		if !strings.Contains(b.String(), "landscape") {
			t.Errorf("the %s table has no landscape column:\n%s", f, b.String())
		}
	}
	if err != nil {
		t.Fatal(err)
	}
	return loadTables(t, g, name, tabs)
}

// loadTables reads tables as cards of g and loads them as a cards file
// named name beside g's game.yaml.
func loadTables(t *testing.T, g *cardsdb.Game, name string, tabs []*Table) *cardsdb.Game {
	t.Helper()
	file := &File{Game: g.ID}
	for _, tab := range tabs {
		part, err := Cards(tab, g, Options{})
		if err != nil {
			t.Fatal(err)
		}
		file.Cards = append(file.Cards, part.Cards...)
	}
	y, err := file.YAML(name)
	if err != nil {
		t.Fatal(err)
	}
	return loadWithCards(t, g, y)
}
