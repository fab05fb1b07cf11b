package generic

import (
	"fmt"
	"strings"
	"testing"

	"github.com/deckwright/deckwright/cardsdb"
)

// protoGame is a game of spells (a cost and effects) and lands (resource
// cards) with the playtest block given.
func protoGame(t testing.TB, block, cards string) *cardsdb.Game {
	t.Helper()
	g, err := cardsdb.ParseGame("game.yaml", []byte(`id: proto
name: Proto
card_size: {width: 63, height: 88}
types:
  - id: spell
    fields:
      - {name: cost, kind: int}
      - {name: effects, kind: list}
  - id: land
sections: [{id: main, types: [spell, land]}]
playtest: `+block+"\n"), ".")
	if err != nil {
		t.Fatal(err)
	}
	if err := cardsdb.ParseCards("cards.yaml", []byte("game: proto\ncards:\n"+cards), ".", g); err != nil {
		t.Fatal(err)
	}
	return g
}

// protoDeck is a deck of g: "3 Spark, 37 Blank".
func protoDeck(t testing.TB, g *cardsdb.Game, list string) *cardsdb.Deck {
	t.Helper()
	d := &cardsdb.Deck{Game: g, List: &cardsdb.DeckList{Name: list}}
	for _, e := range strings.Split(list, ", ") {
		var n int
		var name string
		if _, err := fmt.Sscanf(e, "%d", &n); err != nil {
			t.Fatal(err)
		}
		name = strings.TrimSpace(strings.TrimPrefix(e, fmt.Sprint(n)))
		c := g.Card(name)
		if c == nil {
			t.Fatalf("no card %q", name)
		}
		d.Cards = append(d.Cards, cardsdb.DeckCard{Card: c, Count: n, Section: g.Sections[0]})
	}
	return d
}

// compile compiles a deck for a policy.
func compile(t testing.TB, d *cardsdb.Deck, policy string) (*Deck, Policy) {
	t.Helper()
	cd, err := Compile(d)
	if err != nil {
		t.Fatal(err)
	}
	p, err := NewPolicy(policy)
	if err != nil {
		t.Fatal(err)
	}
	return cd, p
}
