package sheet

import (
	"bytes"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/deckwright/deckwright/cardsdb"
)

// loadWithCards loads the game folder of g's game.yaml with one cards file
// holding data, as a designer's folder would.
func loadWithCards(t *testing.T, g *cardsdb.Game, data []byte) *cardsdb.Game {
	t.Helper()
	dir := t.TempDir()
	gy, err := fs.ReadFile(g.FS, "game.yaml")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Join(dir, "cards"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "game.yaml"), gy, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "cards", "imported.yaml"), data, 0o644); err != nil {
		t.Fatal(err)
	}
	db := cardsdb.Empty()
	if err := db.AddFS(os.DirFS(dir), ".", dir+"/"); err != nil {
		t.Fatalf("loading the imported cards: %v\n%s", err, data)
	}
	return db.Games()[0]
}

// cardData is what a card holds, without positions and links.
type cardData struct {
	Name, Key, Type, Text, Flavor, Pack, Image string
	Factions, Tags, Provisional                []string
	Copies, DeckLimit                          int
	Back                                       *cardsdb.Face
	AllProvisional, Sample                     bool
	Fields                                     map[string]cardsdb.Value
}

func comparable(c *cardsdb.Card) cardData {
	d := cardData{
		Name: c.Name, Key: c.Key, Type: c.Type, Text: c.Text, Flavor: c.Flavor, Pack: c.Pack, Image: c.Image,
		Factions: c.Factions, Tags: c.Tags, Provisional: c.Provisional, Copies: c.Copies, DeckLimit: c.DeckLimit,
		Back: c.Back, AllProvisional: c.AllProvisional, Sample: c.Sample, Fields: map[string]cardsdb.Value{},
	}
	for k, v := range c.Fields {
		v.Pos, v.Ref = cardsdb.Pos{}, nil
		d.Fields[k] = v
	}
	for _, l := range []*[]string{&d.Factions, &d.Tags, &d.Provisional} {
		if len(*l) == 0 {
			*l = nil
		}
	}
	return d
}

// TestBundledRoundTrip exports every bundled game's cards to each format,
// imports the table and loads the cards file: every card comes back the
// same, field by field.
func TestBundledRoundTrip(t *testing.T) {
	db, err := cardsdb.LoadBundled()
	if err != nil {
		t.Fatal(err)
	}
	for _, g := range db.Games() {
		for _, f := range []Format{CSV, TSV, XLSX} {
			t.Run(g.ID+"/"+string(f), func(t *testing.T) {
				var b bytes.Buffer
				if err := Export(&b, f, g, g.Cards, ExportOptions{}); err != nil {
					t.Fatal(err)
				}
				name := g.ID + "." + string(f)
				// A workbook holds a sheet per type: read them all.
				tabs, err := ReadSheets(name, b.Bytes(), func(s []string) ([]string, error) { return s, nil })
				if f != XLSX {
					var tab *Table
					tab, err = Read(name, b.Bytes(), "")
					tabs = []*Table{tab}
				}
				if err != nil {
					t.Fatal(err)
				}
				back := loadTables(t, g, name, tabs)
				if len(back.Cards) != len(g.Cards) {
					t.Fatalf("%d cards came back, want %d", len(back.Cards), len(g.Cards))
				}
				for _, c := range g.Cards {
					b := back.Card(c.Name)
					if b == nil {
						t.Errorf("card %q did not come back", c.Name)
						continue
					}
					want, got := comparable(c), comparable(b)
					if !reflect.DeepEqual(got, want) {
						t.Errorf("card %q came back as\n%+v\nwant\n%+v", c.Name, got, want)
					}
				}
			})
		}
	}
}
