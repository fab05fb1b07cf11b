package sheet

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/xuri/excelize/v2"
	"gopkg.in/yaml.v3"

	"github.com/deckwright/deckwright/cardsdb"
	"github.com/deckwright/deckwright/internal/goldenfile"
)

func seeker(t testing.TB) *cardsdb.Game {
	t.Helper()
	db, err := cardsdb.LoadBundled()
	if err != nil {
		t.Fatal(err)
	}
	g, err := db.LookupGame("seeker-chronicles")
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// xlsxOf writes the rows of a CSV file as the first sheet of a workbook
// (with a second sheet, to show that the first is read).
func xlsxOf(t *testing.T, csvFile string) []byte {
	t.Helper()
	data, err := os.ReadFile(csvFile)
	if err != nil {
		t.Fatal(err)
	}
	tab, err := ReadCSV(csvFile, data, ',')
	if err != nil {
		t.Fatal(err)
	}
	f := excelize.NewFile()
	defer f.Close()
	first := f.GetSheetName(0)
	if err := f.SetSheetName(first, "Cards"); err != nil {
		t.Fatal(err)
	}
	if _, err := f.NewSheet("Notes"); err != nil {
		t.Fatal(err)
	}
	if err := f.SetCellStr("Notes", "A1", "not cards"); err != nil {
		t.Fatal(err)
	}
	put := func(row int, cells []string) {
		for j, s := range cells {
			name, _ := excelize.CoordinatesToCellName(j+1, row)
			if err := f.SetCellStr("Cards", name, s); err != nil {
				t.Fatal(err)
			}
		}
	}
	put(tab.HeaderRow, tab.Header)
	for _, r := range tab.Rows {
		put(r.N, r.Cells)
	}
	var b bytes.Buffer
	if err := f.Write(&b); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// TestImportFormats reads the same hand-written table as CSV, TSV and
// xlsx: each gives the golden cards file, which matches the JSON Schema and
// loads into the game.
func TestImportFormats(t *testing.T) {
	g := seeker(t)
	golden := filepath.Join("testdata", "cards.golden.yaml")
	inputs := map[string][]byte{}
	for _, name := range []string{"cards.csv", "cards.tsv"} {
		data, err := os.ReadFile(filepath.Join("testdata", name))
		if err != nil {
			t.Fatal(err)
		}
		inputs[name] = data
	}
	inputs["cards.xlsx"] = xlsxOf(t, filepath.Join("testdata", "cards.csv"))
	for _, name := range []string{"cards.csv", "cards.tsv", "cards.xlsx"} {
		t.Run(name, func(t *testing.T) {
			tab, err := Read(name, inputs[name], "")
			if err != nil {
				t.Fatal(err)
			}
			f, err := Cards(tab, g, Options{})
			if err != nil {
				t.Fatal(err)
			}
			got, err := f.YAML("cards table")
			if err != nil {
				t.Fatal(err)
			}
			if goldenfile.Update() && name == "cards.csv" {
				if err := os.WriteFile(golden, got, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got, want) {
				t.Errorf("%s gives\n%s\nwant (%s)\n%s", name, got, golden, want)
			}
			validateSchema(t, got)
		})
	}
	// The golden file is what the loader reads: Écluse's two factions,
	// keywords in the game's spelling, the X cost and the two-line text.
	data, _ := os.ReadFile(golden)
	back := loadWithCards(t, g, data)
	c := back.Card("ecluse")
	if c == nil || len(c.Factions) != 2 || c.Factions[0] != "order" || c.Copies != 3 || c.Back == nil || c.Back.Image != "cards/art/ecluse-back.png" {
		t.Fatalf("Écluse loads as %+v", c)
	}
	if kw := c.List("keywords"); strings.Join(kw, ",") != "gravity,entropy" {
		t.Errorf("Écluse's keywords are %q", kw)
	}
	ae := back.Card("Analytical Engine")
	if v := ae.Fields["hyperlink_cost"]; !v.X || ae.Str("stage") != "II" || ae.Text != "Draw 1.\nThen progress 1." {
		t.Errorf("Analytical Engine loads as %+v", ae)
	}
	if back.Card("Ada Lovelace").Ref("g_module") != ae {
		t.Errorf("Ada Lovelace's G-module is not Analytical Engine")
	}
}

// validateSchema checks a cards file against docs/schema/cards.schema.json.
func validateSchema(t *testing.T, data []byte) {
	t.Helper()
	sch, err := jsonschema.NewCompiler().Compile(filepath.Join("..", "docs", "schema", "cards.schema.json"))
	if err != nil {
		t.Fatal(err)
	}
	var v any
	if err := yaml.Unmarshal(data, &v); err != nil {
		t.Fatal(err)
	}
	js, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(js))
	if err != nil {
		t.Fatal(err)
	}
	if err := sch.Validate(inst); err != nil {
		t.Errorf("the cards file does not match the schema: %v", err)
	}
}

// TestSheetChoice reads a workbook's first sheet by default and another by
// its name, ignoring case.
func TestSheetChoice(t *testing.T) {
	data := xlsxOf(t, filepath.Join("testdata", "cards.csv"))
	tab, err := Read("c.xlsx", data, "")
	if err != nil || tab.Header[0] != "Name" {
		t.Fatalf("first sheet: %v, %+v", err, tab)
	}
	tab, err = Read("c.xlsx", data, "notes")
	if err != nil || tab.Header[0] != "not cards" {
		t.Fatalf("sheet notes: %v, %+v", err, tab)
	}
	_, err = Read("c.xlsx", data, "Card")
	if err == nil || err.Error() != `c.xlsx: no sheet "Card"; the workbook has "Cards", "Notes"; did you mean "Cards"?` {
		t.Errorf("unknown sheet: %v", err)
	}
}

// TestErrors reads bad tables: each problem is reported at its
// FILE:ROW:COLUMN, all in one pass.
func TestErrors(t *testing.T) {
	g := seeker(t)
	tests := []struct {
		name, table string
		opt         Options
		want        []string
	}{
		{
			name:  "headers",
			table: "Name,Type,Powr,Domain,Power,power\nA,module,1,cosmos,1,2\n",
			want: []string{
				`t.csv:C1: unknown column "Powr"; did you mean "power"? (or skip it: --map "Powr=-")`,
				`t.csv:F1: column "power" appears twice (columns E and F); rename or clear one`,
			},
		},
		{
			name: "cells",
			table: "name,type,faction,power,stage,link_cost,keywords,g_module,copies\n" +
				"A,module,cosmoss,one,,Y,gravity|antigravity,,-1\n" +
				"B,gmodule,cosmos,200,IV,,,,\n" +
				"C,guardian,cosmos,,,,,Nobody,\n" +
				"D,guardian,cosmos,,,,,A,\n" +
				"a,modul,cosmos,,,,,,\n" +
				"E,module,cosmos,,II,,,,\n",
			want: []string{
				`t.csv:C2: unknown domain "cosmoss"; Seeker Chronicles has cosmos, order, quantum, logic; did you mean "cosmos"?`,
				`t.csv:D2: "power" must be a whole number, found "one"`,
				`t.csv:F2: "link_cost" must be a whole number or X, found "Y"`,
				`t.csv:G2: "keywords": "antigravity" is not one of gravity, entropy, duality; did you mean "gravity"?`,
				`t.csv:I2: copies must be a whole number from 0 to 999, found "-1"`,
				`t.csv:D3: "power" is 200, outside 0 to 99`,
				`t.csv:E3: "stage" must be one of I, II, III, found "IV"`,
				`t.csv:H4: "g_module" names "Nobody", but neither the table nor Seeker Chronicles has such a card`,
				`t.csv:H5: "g_module" names "A", which is a Module, not a G-module`,
				`t.csv:A6: card "a" is in row 2 already; card names must be unique in a game`,
				`t.csv:B6: unknown card type "modul"; Seeker Chronicles has types guardian, gmodule, module, bane; did you mean "module"?`,
				`t.csv:E7: a Module has no "stage"; clear the cell (the stage column is for G-module)`,
			},
		},
		{
			name:  "required",
			table: "name,type\nX,gmodule\n,module\n",
			want: []string{
				`t.csv:2: G-module "X" has no "stage"; a G-module needs one`,
				`t.csv:A3: row 3 has no card name`,
			},
		},
		{
			name:  "no name column",
			table: "heading,type\nX,module\n",
			want: []string{
				`t.csv:A1: unknown column "heading"; map it to a field (--map "heading=FIELD") or skip it (--map "heading=-")`,
				`t.csv:1: Seeker Chronicles cards have the columns game, name, type, faction, copies,`,
			},
		},
		{
			name:  "aliases",
			table: "Title,Type,Description,Flavour,Art,Qty,Rules\nX,module,a%nb,q,x.png,2,\n",
			want:  []string{`t.csv:G1: column "Rules" fills "text", as column C does already; keep one`},
		},
		{
			name:  "unknown table type",
			table: "name\nX\n",
			opt:   Options{Type: "modul"},
			want:  []string{`t.csv: unknown card type "modul" for the table; Seeker Chronicles has types guardian, gmodule, module, bane; did you mean "module"?`},
		},
		{
			name:  "a row of another type",
			table: "name,type\nX,module\nY,bane\n",
			opt:   Options{Type: "module"},
			want:  []string{`t.csv:B3: the row's type is "bane", but the table's cards are all module; map the column to a field or skip it`},
		},
		{
			name:  "map to a missing field",
			table: "name,type,Snark\nX,module,a\n",
			opt:   Options{Map: map[string]string{"snark": "flavr"}},
			want:  []string{`t.csv: --map: "flavr" is not a field of Seeker Chronicles; did you mean "flavor"?`},
		},
		{
			name:  "map",
			table: "title,type,notes\nX,module,whatever\n",
			opt:   Options{Map: map[string]string{"title": "name", "notes": "-", "nope": "power"}},
			want:  []string{`t.csv: --map: the table has no column "nope"`},
		},
		{
			name:  "landscape cell",
			table: "name,type,landscape\nX,module,sideways\n",
			want:  []string{`t.csv:C2: landscape must be true or false (or yes, no, 1, 0), found "sideways"`},
		},
		{
			name:  "cell past the header",
			table: "name,type\nX,module,extra\n",
			want:  []string{`t.csv:C2: a cell in column C, which has no header; name the column in row 1 or clear the cell`},
		},
		{
			name:  "csv syntax",
			table: "name,type\n\"X,module\n",
			want:  []string{`t.csv:2:`},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tab, err := Read("t.csv", []byte(tt.table), "")
			if err == nil {
				_, err = Cards(tab, g, tt.opt)
			}
			if err == nil {
				t.Fatal("no error")
			}
			lines := strings.Split(err.Error(), "\n")
			for _, w := range tt.want {
				found := false
				for _, l := range lines {
					found = found || strings.HasPrefix(l, w)
				}
				if !found {
					t.Errorf("no error %q in\n%v", w, err)
				}
			}
			if len(tt.want) > 1 && len(lines) != len(tt.want) {
				t.Errorf("%d errors, want %d:\n%v", len(lines), len(tt.want), err)
			}
		})
	}
}

func TestMappedColumns(t *testing.T) {
	g := seeker(t)
	tab, err := Read("t.csv", []byte("Card Title,type,notes,Strength\nX,module,whatever,3\n"), "")
	if err != nil {
		t.Fatal(err)
	}
	m, err := ParseMap([]string{"card title=name", "Notes=-", "strength = power"})
	if err != nil {
		t.Fatal(err)
	}
	f, err := Cards(tab, g, Options{Map: m})
	if err != nil {
		t.Fatal(err)
	}
	y, _ := f.YAML("")
	if want := "game: seeker-chronicles\ncards:\n  - name: X\n    type: module\n    power: 3\n"; string(y) != want {
		t.Errorf("got\n%s\nwant\n%s", y, want)
	}
	if _, err := ParseMap([]string{"nothing"}); err == nil {
		t.Error("--map without = accepted")
	}
}

func TestColumnName(t *testing.T) {
	for i, want := range map[int]string{0: "A", 1: "B", 25: "Z", 26: "AA", 27: "AB", 51: "AZ", 52: "BA", 701: "ZZ", 702: "AAA"} {
		if got := ColumnName(i); got != want {
			t.Errorf("ColumnName(%d) = %q, want %q", i, got, want)
		}
	}
}

// TestErrorPositionsEachFormat: a bad cell is at the same ROW:COLUMN in a
// CSV, a TSV and a workbook, blank rows above the header counted.
func TestErrorPositionsEachFormat(t *testing.T) {
	g := seeker(t)
	rows := [][]string{{}, {"name", "type", "power"}, {"A", "module", "1"}, {}, {"B", "module", "many"}}
	var csvText, tsvText strings.Builder
	x := excelize.NewFile()
	defer x.Close()
	for i, r := range rows {
		csvText.WriteString(strings.Join(r, ",") + "\n")
		tsvText.WriteString(strings.Join(r, "\t") + "\n")
		for j, s := range r {
			cell, _ := excelize.CoordinatesToCellName(j+1, i+1)
			if err := x.SetCellStr("Sheet1", cell, s); err != nil {
				t.Fatal(err)
			}
		}
	}
	var xb bytes.Buffer
	if err := x.Write(&xb); err != nil {
		t.Fatal(err)
	}
	for name, data := range map[string][]byte{"t.csv": []byte(csvText.String()), "t.tsv": []byte(tsvText.String()), "t.xlsx": xb.Bytes()} {
		tab, err := Read(name, data, "")
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		_, err = Cards(tab, g, Options{})
		cell := name + ":C5"
		if name == "t.xlsx" {
			cell = name + ":Sheet1!C5"
		}
		if want := cell + `: "power" must be a whole number, found "many"`; err == nil || err.Error() != want {
			t.Errorf("%s: got %v, want %s", name, err, want)
		}
	}
}

// TestFieldMessagesAsCardsFile: a row's missing required field, and a
// cell for a field its type lacks, are said as a cards file says them,
// with the article the type's name takes ("an Event").
func TestFieldMessagesAsCardsFile(t *testing.T) {
	g, err := cardsdb.ParseGame("game.yaml", []byte(`id: ev
name: Ev
card_size: {width: 63, height: 88}
types:
  - {id: event, name: Event, fields: [{name: timing, kind: string, required: true}]}
  - {id: item, name: Item, fields: [{name: weight, kind: int}]}
sections:
  - {id: deck, name: Deck, types: [event, item]}
`), ".")
	if err != nil {
		t.Fatal(err)
	}
	tab, err := Read("t.csv", []byte("name,type,timing,weight\nStorm,event,,3\n"), "")
	if err != nil {
		t.Fatal(err)
	}
	_, err = Cards(tab, g, Options{})
	want := `t.csv:C2: Event "Storm" has no "timing"; an Event needs one` + "\n" +
		`t.csv:D2: an Event has no "weight"; clear the cell (the weight column is for Item)`
	if err == nil || err.Error() != want {
		t.Errorf("got\n%v\nwant\n%s", err, want)
	}
}
