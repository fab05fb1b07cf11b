package cardsdb_test

import (
	"strings"
	"testing"

	"github.com/deckwright/deckwright/cardsdb"
)

const landscapeGame = `id: land
name: Land
card_size: {width: 63, height: 88}
types:
  - {id: unit, name: Unit}
  - {id: realm, name: Realm, landscape: true}
  - {id: board, name: Board, fields: [{name: landscape, kind: bool}]}
sections:
  - {id: deck, name: Deck, types: [unit, realm, board]}
`

// TestCardLandscape checks a card's own landscape key: it overrides its
// type's orientation both ways, saying nothing keeps the type's, and a
// type's field of that name takes the value instead.
func TestCardLandscape(t *testing.T) {
	g, err := cardsdb.ParseGame("game.yaml", []byte(landscapeGame), ".")
	if err != nil {
		t.Fatal(err)
	}
	cards := `game: land
cards:
  - {name: Unit, type: unit}
  - {name: Wide Unit, type: unit, landscape: true}
  - {name: Tall Unit, type: unit, landscape: false}
  - {name: Realm, type: realm}
  - {name: Tall Realm, type: realm, landscape: false}
  - {name: Board, type: board, landscape: true}
  - {name: Art Unit, type: unit}
art:
  - {name: Art Unit, image: ../a.jpg, landscape: true}
`
	if err := cardsdb.ParseCards("cards/c.yaml", []byte(cards), "cards", g); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name       string
		own        string // the card's own key: "", "true" or "false"
		landscape  bool
		boardField bool
	}{
		{"Unit", "", false, false},
		{"Wide Unit", "true", true, false},
		{"Tall Unit", "false", false, false},
		{"Realm", "", true, false},
		{"Tall Realm", "false", false, false},
		{"Board", "", false, true},
		{"Art Unit", "true", true, false},
	} {
		c := g.Card(tc.name)
		if c == nil {
			t.Fatalf("no card %q", tc.name)
		}
		own := ""
		if c.Landscape != nil {
			own = "false"
			if *c.Landscape {
				own = "true"
			}
		}
		if own != tc.own {
			t.Errorf("%s: own landscape %q, want %q", tc.name, own, tc.own)
		}
		if got := g.Landscape(c); got != tc.landscape {
			t.Errorf("Landscape(%s) = %v, want %v", tc.name, got, tc.landscape)
		}
		if got := c.Fields["landscape"].Bool; got != tc.boardField {
			t.Errorf("%s: field landscape = %v, want %v", tc.name, got, tc.boardField)
		}
	}
	if g.Landscape(nil) {
		t.Error("Landscape(nil) = true")
	}
}

func TestCardLandscapeErrors(t *testing.T) {
	g, err := cardsdb.ParseGame("game.yaml", []byte(landscapeGame), ".")
	if err != nil {
		t.Fatal(err)
	}
	cards := "game: land\ncards:\n  - {name: A, type: unit, landscape: yes please}\nart:\n  - {name: A, landscape: [1]}\n"
	err = cardsdb.ParseCards("c.yaml", []byte(cards), ".", g)
	for _, want := range []string{`c.yaml:3:38: landscape must be true or false, found "yes please"`, "c.yaml:5:26: landscape must be a single value, found a list"} {
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("error = %v, want %q", err, want)
		}
	}
}
