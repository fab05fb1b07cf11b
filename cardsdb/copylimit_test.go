package cardsdb_test

import (
	"testing"

	"github.com/deckwright/deckwright/cardsdb"
)

// TestCopyLimitOrder loads a game whose section allows 3 copies, with
// copy_overrides, a type limit and an excluded tag, and checks the limit of
// each card in the order CopyLimit documents: an excluded tag (0), the
// card's deck_limit, the section's override for the card (0 forbids it),
// the type's limit, the section's copies.
func TestCopyLimitOrder(t *testing.T) {
	g, err := cardsdb.ParseGame("game.yaml", []byte(`
id: tiny
name: Tiny
card_size: {width: 63, height: 88}
types: [{id: unit, name: Unit}, {id: hero, name: Hero}]
sections:
  - id: main
    name: Main
    types: [unit, hero]
    copies: 3
    copy_overrides: {Apple: 1, Banned Bean: 0, Big Cherry: 5, Lone Hero: 4}
    exclude_tags: [setup]
    type_limits:
      - {type: hero, copies: 2}
`), "")
	if err != nil {
		t.Fatal(err)
	}
	err = cardsdb.ParseCards("cards.yaml", []byte(`
game: tiny
cards:
  - {name: Apple, type: unit}
  - {name: Banned Bean, type: unit}
  - {name: Big Cherry, type: unit}
  - {name: Date, type: unit}
  - {name: Elder, type: unit, deck_limit: 2}
  - {name: Fig, type: unit, tags: [setup]}
  - {name: Lone Hero, type: hero}
  - {name: Other Hero, type: hero}
`), "", g)
	if err != nil {
		t.Fatal(err)
	}
	s := g.Section("main")
	for _, c := range []struct {
		card  string
		limit int
		why   string
	}{
		{"Apple", 1, "copy_overrides lowers the section's 3"},
		{"banned bean", 0, "copy_overrides 0 forbids the card (names fold)"},
		{"Big Cherry", 5, "copy_overrides raises the section's 3"},
		{"Date", 3, "the section's copies"},
		{"Elder", 2, "the card's deck_limit"},
		{"Fig", 0, "an excluded tag"},
		{"Lone Hero", 4, "copy_overrides before the type's limit"},
		{"Other Hero", 2, "the type's limit"},
	} {
		card := g.Card(c.card)
		if card == nil {
			t.Fatalf("no card %q", c.card)
		}
		if n, ok := s.CopyLimit(card); n != c.limit || !ok {
			t.Errorf("CopyLimit(%s) = %d, %v; want %d, true (%s)", c.card, n, ok, c.limit, c.why)
		}
	}
}
