package cardsdb_test

import (
	"strings"
	"testing"

	"github.com/deckwright/deckwright/cardsdb"
)

const fieldGame = `id: fv
name: Field Values
card_size: {width: 63, height: 88}
types:
  - id: unit
    name: Unit
    fields:
      - {name: power, kind: int, min: 0, max: 9, symbols: ["?"]}
      - {name: cost, kind: cost}
      - {name: speed, kind: enum, values: [slow, fast]}
      - {name: keywords, kind: list, values: [fly, swim]}
      - {name: motto, kind: string}
      - {name: rival, kind: card}
      - {name: flying, kind: bool}
      - {name: rules, kind: text}
sections:
  - {id: deck, name: Deck, types: [unit]}
`

// TestFieldCheckOneRule reads the same bad values from a cards file and
// from a table's cells: one check (the field's bounds, values, one line)
// says the same of both, naming the field as each source does.
func TestFieldCheckOneRule(t *testing.T) {
	g, err := cardsdb.ParseGame("game.yaml", []byte(fieldGame), ".")
	if err != nil {
		t.Fatal(err)
	}
	cell := cardsdb.Pos{File: "t.xlsx", Sheet: "Units", Line: 7, Col: 4, Cell: true}
	for _, tc := range []struct {
		field, yaml, cell string
		want              string // the message after the field's name
	}{
		{"power", "12", "12", ` is 12, outside 0 to 9`},
		{"power", "2000000", "2000000", ` is 2000000; deckwright takes whole numbers from -1000000 to 1000000`},
		{"speed", "medium", "medium", ` must be one of slow, fast, found "medium"`},
		{"keywords", "[fly, dig]", "fly | dig", `: "dig" is not one of fly, swim`},
		{"motto", `"a\nb"`, "a\nb", ` must be one line`},
		{"rival", `"a\nb"`, "a\nb", ` must be one line`},
	} {
		cards := "game: fv\ncards:\n  - {name: A, type: unit, " + tc.field + ": " + tc.yaml + "}\n"
		err := cardsdb.ParseCards("c.yaml", []byte(cards), ".", g)
		if err == nil || !strings.HasSuffix(err.Error(), `field "`+tc.field+`"`+tc.want) {
			t.Errorf("%s: %s in a cards file: %v, want ...%s", tc.field, tc.yaml, err, tc.want)
		}
		f := g.Type("unit").Field(tc.field)
		_, err = f.ParseCell(tc.cell, cell)
		if err == nil || err.Error() != `t.xlsx:Units!D7: "`+tc.field+`"`+tc.want {
			t.Errorf("%s: %q in a cell: %v, want %s", tc.field, tc.cell, err, tc.want)
		}
	}
}

// TestParseCell reads good cells the way spreadsheets write them.
func TestParseCell(t *testing.T) {
	g, err := cardsdb.ParseGame("game.yaml", []byte(fieldGame), ".")
	if err != nil {
		t.Fatal(err)
	}
	field := func(name string) *cardsdb.Field { return g.Type("unit").Field(name) }
	for _, tc := range []struct {
		field, cell string
		check       func(cardsdb.Value) bool
	}{
		{"power", "7", func(v cardsdb.Value) bool { return v.Int == 7 }},
		{"power", "?", func(v cardsdb.Value) bool { return v.Symbol == "?" }},
		{"cost", "x", func(v cardsdb.Value) bool { return v.X }},
		{"speed", "FAST", func(v cardsdb.Value) bool { return v.Str == "fast" }},
		{"keywords", " Fly |swim| ", func(v cardsdb.Value) bool { return strings.Join(v.List, ",") == "fly,swim" }},
		{"flying", "yes", func(v cardsdb.Value) bool { return v.Bool }},
		{"flying", "0", func(v cardsdb.Value) bool { return !v.Bool }},
		{"rules", "a%nb", func(v cardsdb.Value) bool { return v.Str == "a\nb" }},
	} {
		v, err := field(tc.field).ParseCell(tc.cell, cardsdb.Pos{})
		if err != nil || !tc.check(v) {
			t.Errorf("%s %q: %+v, %v", tc.field, tc.cell, v, err)
		}
	}
	for _, tc := range []struct{ field, cell, want string }{
		{"power", "many", `t.csv:B2: "power" must be a whole number or one of ?, found "many"`},
		{"cost", "Y", `t.csv:C2: "cost" must be a whole number or X, found "Y"`},
		{"flying", "maybe", `t.csv:D2: "flying" must be true or false (or yes, no, 1, 0), found "maybe"`},
	} {
		col := map[string]int{"power": 2, "cost": 3, "flying": 4}[tc.field]
		if _, err := field(tc.field).ParseCell(tc.cell, cardsdb.Pos{File: "t.csv", Line: 2, Col: col, Cell: true}); err == nil || err.Error() != tc.want {
			t.Errorf("%s %q: %v, want %s", tc.field, tc.cell, err, tc.want)
		}
	}
}
