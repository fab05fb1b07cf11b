package validate_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/deckwright/deckwright/cardsdb"
	"github.com/deckwright/deckwright/validate"
)

// bigGame returns Seeker Chronicles with 4,900 generated modules added, a
// 5,000-card database.
func bigGame(b *testing.B) *cardsdb.Game {
	b.Helper()
	db, err := cardsdb.LoadBundled()
	if err != nil {
		b.Fatal(err)
	}
	g, _ := db.Game("seeker-chronicles")
	var y strings.Builder
	y.WriteString("game: seeker-chronicles\nsample: true\ncards:\n")
	domains := []string{"cosmos", "order", "quantum", "logic"}
	for i := len(g.Cards); i < 5000; i++ {
		fmt.Fprintf(&y, "  - {name: Generated Module %d, type: module, faction: %s, power: %d, link_cost: %d}\n", i, domains[i%4], i%5, i%4)
	}
	if err := cardsdb.ParseCards("generated.yaml", []byte(y.String()), ".", g); err != nil {
		b.Fatal(err)
	}
	if len(g.Cards) != 5000 {
		b.Fatalf("generated %d cards, want 5000", len(g.Cards))
	}
	return g
}

// BenchmarkValidate40Of5000 resolves and validates the 40-module Cosmos
// starter (46 cards with Guardians and G-modules) against a 5,000-card
// database: name lookup, G-modules and every rule.
func BenchmarkValidate40Of5000(b *testing.B) {
	g := bigGame(b)
	db, _ := cardsdb.LoadBundled()
	list, err := db.BundledDeck("seeker-chronicles/cosmos")
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		d, err := cardsdb.Resolve(g, list)
		if err != nil {
			b.Fatal(err)
		}
		if fs := validate.Check(d); !validate.Legal(fs) {
			b.Fatal(fs)
		}
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "validations/s")
}

// hugeList is the text of a decklist of n lines: line i names name(i).
func hugeList(n int, name func(i int) string) []byte {
	var t strings.Builder
	t.WriteString("game: seeker-chronicles\n")
	for i := range n {
		fmt.Fprintf(&t, "1 %s\n", name(i))
	}
	return []byte(t.String())
}

// resolveText parses and resolves a decklist.
func resolveText(b *testing.B, g *cardsdb.Game, text []byte) *cardsdb.Deck {
	l, err := cardsdb.ParseDeck("huge.txt", text)
	if err != nil {
		b.Fatal(err)
	}
	d, err := cardsdb.Resolve(g, l)
	if err != nil {
		b.Fatal(err)
	}
	return d
}

// BenchmarkValidate100kLines parses, resolves and validates a decklist of
// 100,000 lines of one card: every rule must stay linear in the lines (the
// issue's bound is 0.5 s per validation).
func BenchmarkValidate100kLines(b *testing.B) {
	db, _ := cardsdb.LoadBundled()
	g, _ := db.Game("seeker-chronicles")
	text := hugeList(100000, func(int) string { return "Comet" })
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		d := resolveText(b, g, text)
		if fs := validate.Check(d); validate.Legal(fs) {
			b.Fatal("a 100,000-card stack is legal")
		}
	}
}

// BenchmarkValidate10kUnknown validates a decklist of 10,000 names that are
// no card of a 5,000-card game, each with its did-you-mean suggestions
// (the bound is 1 s per validation).
func BenchmarkValidate10kUnknown(b *testing.B) {
	g := bigGame(b)
	text := hugeList(10000, func(i int) string { return fmt.Sprintf("Generated Modul %d", i) })
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		d := resolveText(b, g, text)
		if len(d.Unknown) != 10000 {
			b.Fatalf("%d unknown names, want 10000", len(d.Unknown))
		}
		validate.Check(d)
	}
}
