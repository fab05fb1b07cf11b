package cardsdb

import (
	"fmt"
	"strings"
	"testing"
)

// BenchmarkLoadBundled loads every bundled game: game definitions, card
// files and the list of bundled decks.
func BenchmarkLoadBundled(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		if _, err := LoadBundled(); err != nil {
			b.Fatal(err)
		}
	}
}

// manyTypes returns a game definition with n card types and a cards file
// with a card of each type, and one of as many unknown types when bad.
func manyTypes(n int, bad bool) (game, cards []byte) {
	var g, c strings.Builder
	g.WriteString("id: many\nname: Many\ncard_size: {width: 63, height: 88}\ntypes:\n")
	c.WriteString("game: many\ncards:\n")
	for i := range n {
		fmt.Fprintf(&g, "  - {id: t%d, name: T%d}\n", i, i)
		fmt.Fprintf(&c, "  - {name: C%d, type: t%d}\n", i, i)
		if bad {
			fmt.Fprintf(&c, "  - {name: B%d, type: x%d}\n", i, i)
		}
	}
	g.WriteString("sections:\n  - {id: main, name: Main, types: [t0], count: {min: 1, max: 10}, copies: 3}\nback: {text: \"x\"}\n")
	return []byte(g.String()), []byte(c.String())
}

// BenchmarkLoad100kTypes loads a game of 100,000 card types and 100,000
// cards, and 100,000 more cards of unknown types: type lookups, duplicate
// checks and did-you-mean searches must not grow with the square of the
// file (a linear Game.Type alone took 52 s).
func BenchmarkLoad100kTypes(b *testing.B) {
	game, cards := manyTypes(100000, true)
	b.ReportAllocs()
	for b.Loop() {
		g, err := ParseGame("game.yaml", game, ".")
		if err != nil {
			b.Fatal(err)
		}
		err = ParseCards("cards.yaml", cards, ".", g)
		if l, ok := err.(ErrorList); !ok || len(l) != 100000 {
			b.Fatalf("got %d errors, want one for each of 100,000 unknown types", len(l))
		}
	}
}
