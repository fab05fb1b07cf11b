package deckstats_test

import (
	"testing"

	"github.com/deckwright/deckwright/deckstats"
)

// BenchmarkCompute works out the figures of a 46-card starter: exact odds
// for 6 turns, on the play and on the draw.
func BenchmarkCompute(b *testing.B) {
	d := bundledDeck(b, "seeker-chronicles/cosmos")
	b.ResetTimer()
	for b.Loop() {
		if _, err := deckstats.Compute(d, deckstats.Options{Draws: -1}); err != nil {
			b.Fatal(err)
		}
	}
}
