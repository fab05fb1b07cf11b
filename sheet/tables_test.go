package sheet

import (
	"bytes"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"

	"github.com/deckwright/deckwright/cardsdb"
)

// TestExportThenTables: the workbook export csv -o x.xlsx writes (a sheet
// per card type, each with the columns its cards use) loads back through
// game.yaml's tables: with no edit (issue 35: only its first sheet was
// read), for the worked example of docs/faces.md and every bundled game:
// every card comes back the same, field by field.
func TestExportThenTables(t *testing.T) {
	db, err := cardsdb.LoadBundled()
	if err != nil {
		t.Fatal(err)
	}
	if err := db.AddPath(filepath.Join("..", "docs", "examples", "forge")); err != nil {
		t.Fatal(err)
	}
	for _, g := range db.Games() {
		t.Run(g.ID, func(t *testing.T) {
			var b bytes.Buffer
			if err := Export(&b, XLSX, g, g.Cards, ExportOptions{}); err != nil {
				t.Fatal(err)
			}
			if n := strings.Count(b.String(), "xl/worksheets/sheet"); len(g.Types) > 1 && n < 2 {
				t.Fatalf("the workbook has %d sheets: the test needs several", n)
			}
			back := loadTablesEntry(t, g, "data/cards.xlsx", b.Bytes(), "")
			if len(back.Cards) != len(g.Cards) {
				t.Fatalf("%d cards came back, want %d", len(back.Cards), len(g.Cards))
			}
			for _, c := range g.Cards {
				b := back.Card(c.Name)
				if b == nil {
					t.Errorf("card %q did not come back", c.Name)
					continue
				}
				if want, got := comparable(c), comparable(b); !reflect.DeepEqual(got, want) {
					t.Errorf("card %q came back as\n%+v\nwant\n%+v", c.Name, got, want)
				}
			}
			if tab := back.Tables[0]; len(tab.Skipped) > 0 {
				t.Errorf("sheets left out: %v", tab.Skipped)
			}
		})
	}
}

// loadTablesEntry loads a copy of g's game.yaml, without its cards, whose
// tables: name the file at name (inside the folder) holding data, with
// the entry's extra keys (", type: unit").
func loadTablesEntry(t *testing.T, g *cardsdb.Game, name string, data []byte, keys string) *cardsdb.Game {
	t.Helper()
	dir := t.TempDir()
	gy, err := fs.ReadFile(g.FS, "game.yaml")
	if err != nil {
		t.Fatal(err)
	}
	gy = append(gy, []byte("\ntables:\n  - {file: "+name+keys+"}\n")...)
	for p, d := range map[string][]byte{"game.yaml": gy, name: data} {
		p = filepath.Join(dir, filepath.FromSlash(p))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, d, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	db := cardsdb.Empty()
	if err := db.AddPath(dir); err != nil {
		t.Fatalf("loading the table: %v", err)
	}
	return db.Games()[0]
}

// sheetOf is one sheet of a workbook made by a test: its name and rows.
type sheetOf struct {
	name string
	rows [][]string
}

// workbookOf writes sheets as a workbook, in order.
func workbookOf(t *testing.T, sheets ...sheetOf) []byte {
	t.Helper()
	f := excelize.NewFile()
	defer f.Close()
	for i, s := range sheets {
		if i == 0 {
			if err := f.SetSheetName(f.GetSheetName(0), s.name); err != nil {
				t.Fatal(err)
			}
		} else if _, err := f.NewSheet(s.name); err != nil {
			t.Fatal(err)
		}
		for r, row := range s.rows {
			for c, v := range row {
				cell, _ := excelize.CoordinatesToCellName(c+1, r+1)
				if err := f.SetCellStr(s.name, cell, v); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	var b bytes.Buffer
	if err := f.Write(&b); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// TestTablesSheets: a workbook named in tables: without sheet: gives
// every sheet named after a card type (each its rows of that type) and
// every sheet with a type column; the others are left out with the
// reason, and with none of either the first sheet is read as before.
func TestTablesSheets(t *testing.T) {
	db := cardsdb.Empty()
	if err := db.AddPath(filepath.Join("..", "docs", "examples", "forge")); err != nil {
		t.Fatal(err)
	}
	g := db.Games()[0]
	head := []string{"name", "faction", "cost", "power"}
	units := sheetOf{"Units", [][]string{head, {"Slag Hound", "ember", "2", "2"}, {"Tide Imp", "tide", "1", "1"}}}
	spells := sheetOf{"Spell", [][]string{{"name", "faction", "cost"}, {"Fire Rain", "ember", "3"}}}
	typed := sheetOf{"Cards", [][]string{{"name", "type", "faction", "cost"}, {"Ash Bolt", "spell", "ember", "1"}}}
	notes := sheetOf{"Notes", [][]string{{"playtest notes"}, {"too strong"}}}
	plain := sheetOf{"Deck", [][]string{head, {"Slag Hound", "ember", "2", "2"}}}
	empty := sheetOf{"Sheet2", nil}
	for _, tc := range []struct {
		name    string
		sheets  []sheetOf
		keys    string // more keys of the tables: entry
		cards   string // the cards read, in order
		read    string // Table.Sheets
		skipped string // Table.Skipped
		err     string
	}{
		{name: "sheets named after types, a note sheet", sheets: []sheetOf{units, spells, notes},
			cards: "Slag Hound Tide Imp Fire Rain", read: "Units Spell",
			skipped: `"Notes": not named after a card type of Forge (unit, spell) and no type column`},
		{name: "a sheet with a type column", sheets: []sheetOf{notes, typed, units},
			cards: "Ash Bolt Slag Hound Tide Imp", read: "Cards Units",
			skipped: `"Notes": not named after a card type of Forge (unit, spell) and no type column`},
		{name: "the table's type leaves out another type's sheet", sheets: []sheetOf{units, spells}, keys: ", type: unit",
			cards: "Slag Hound Tide Imp", read: "Units",
			skipped: `"Spell": named after card type spell, not the table's type unit`},
		{name: "no sheet says its type: the first, with the table's type", sheets: []sheetOf{plain, notes}, keys: ", type: unit",
			cards: "Slag Hound", read: "Deck", skipped: `"Notes": not named after a card type of Forge (unit, spell) and no type column`},
		{name: "an empty sheet is left out without a word", sheets: []sheetOf{empty, units},
			cards: "Slag Hound Tide Imp", read: "Units"},
		{name: "one sheet", sheets: []sheetOf{plain}, keys: ", type: unit", cards: "Slag Hound"},
		{name: "no sheet says its type, nor the table", sheets: []sheetOf{plain, notes},
			err: `book.xlsx:Deck!A1: the header row has no "type" column; Forge has types unit, spell, so each row must say which (or give the whole table a type)`},
		{name: "a bad cell of a typed sheet", sheets: []sheetOf{units, {"Spell", [][]string{{"name", "cost"}, {"Fire Rain", "three"}}}},
			err: `book.xlsx:Spell!B2: "cost" must be a whole number`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			back, err := loadEntry(t, g, workbookOf(t, tc.sheets...), tc.keys)
			if tc.err != "" {
				if err == nil || !strings.Contains(err.Error(), tc.err) {
					t.Fatalf("error %v, want %q", err, tc.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			var names []string
			for _, c := range back.Cards {
				names = append(names, c.Name)
			}
			tab := back.Tables[0]
			if got := strings.Join(names, " "); got != tc.cards {
				t.Errorf("cards %q, want %q", got, tc.cards)
			}
			if got := strings.Join(tab.Sheets, " "); got != tc.read {
				t.Errorf("sheets read %q, want %q", got, tc.read)
			}
			if got := strings.Join(tab.Skipped, "; "); got != tc.skipped {
				t.Errorf("left out %q, want %q", got, tc.skipped)
			}
		})
	}
}

// loadEntry loads g's game.yaml alone with tables: naming book.xlsx,
// which holds data.
func loadEntry(t *testing.T, g *cardsdb.Game, data []byte, keys string) (*cardsdb.Game, error) {
	t.Helper()
	dir := t.TempDir()
	gy, err := fs.ReadFile(g.FS, "game.yaml")
	if err != nil {
		t.Fatal(err)
	}
	gy = append(gy, []byte("\ntables:\n  - {file: book.xlsx"+keys+"}\n")...)
	if err := os.WriteFile(filepath.Join(dir, "game.yaml"), gy, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "book.xlsx"), data, 0o644); err != nil {
		t.Fatal(err)
	}
	db := cardsdb.Empty()
	if err := db.AddPath(dir); err != nil {
		return nil, err
	}
	return db.Games()[0], nil
}

// TestAddPathSheets: --db book.xlsx beside a game folder reads the
// workbook's sheets of cards as tables: does, and lists those it left
// out.
func TestAddPathSheets(t *testing.T) {
	db := cardsdb.Empty()
	if err := db.AddPath(filepath.Join("..", "docs", "examples", "forge")); err != nil {
		t.Fatal(err)
	}
	typed := sheetOf{"Cards", [][]string{{"name", "type", "faction", "cost"}, {"Ash Bolt", "spell", "ember", "1"}}}
	units := sheetOf{"Units", [][]string{{"name", "faction", "cost", "power"}, {"Slag Hound", "ember", "2", "2"}}}
	notes := sheetOf{"Notes", [][]string{{"playtest notes"}}}
	name := filepath.Join(t.TempDir(), "book.xlsx")
	if err := os.WriteFile(name, workbookOf(t, notes, typed, units), 0o644); err != nil {
		t.Fatal(err)
	}
	l, err := AddPath(db, name, Source{})
	if err != nil {
		t.Fatal(err)
	}
	if l.Cards != 2 || strings.Join(l.Sheets, " ") != "Cards Units" || l.Of != 3 {
		t.Errorf("read %d cards from sheets %q of %d, want 2 from Cards Units of 3", l.Cards, l.Sheets, l.Of)
	}
	if want := `"Notes": not named after a card type of Forge (unit, spell) and no type column`; strings.Join(l.Skipped, "; ") != want {
		t.Errorf("left out %q, want %q", l.Skipped, want)
	}
}
