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
