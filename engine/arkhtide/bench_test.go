package arkhtide

import (
	"math/rand/v2"
	"testing"

	"github.com/deckwright/deckwright/engine"
)

// benchGame plays b.N games on one goroutine, with statistics, and
// reports games per second.
func benchGame(b *testing.B, deck string, opp Opposition, policy string) {
	d := bundled(b, deck)
	p, err := NewPolicy(policy)
	if err != nil {
		b.Fatal(err)
	}
	opts := Options{Opponent: opp}
	m := NewMatch(d, opts, p)
	spec := Spec(d, opts)
	rec := engine.NewRecord(&spec)
	pcg := rand.NewPCG(1, 0)
	rng := rand.New(pcg)
	b.ReportAllocs()
	b.ResetTimer()
	for i := range b.N {
		pcg.Seed(1, uint64(i))
		rec.Begin()
		rec.End(m.Play(rng, rec))
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "games/s")
}

func BenchmarkEmptyGreedyEmber(b *testing.B) { benchGame(b, "ember-covenant-mono", Empty, "greedy") }
func BenchmarkEmptyGreedyThree(b *testing.B) { benchGame(b, "three-factions", Empty, "greedy") }
func BenchmarkPassiveGreedyEmber(b *testing.B) {
	benchGame(b, "ember-covenant-mono", Passive, "greedy")
}
func BenchmarkEmptyPlannerEmber(b *testing.B) { benchGame(b, "ember-covenant-mono", Empty, "planner") }
func BenchmarkPassivePlannerThree(b *testing.B) {
	benchGame(b, "three-factions", Passive, "planner")
}

// benchRun plays b.N games through engine.Run on every CPU, as the CLI
// does, and reports games per second.
func benchRun(b *testing.B, deck string, opp Opposition, policy string) {
	d := bundled(b, deck)
	opts := Options{Opponent: opp}
	b.ReportAllocs()
	b.ResetTimer()
	_, err := engine.Run(Spec(d, opts), engine.Config{Games: b.N, Seed: 1}, func() engine.Game {
		p, _ := NewPolicy(policy)
		return NewMatch(d, opts, p)
	})
	if err != nil {
		b.Fatal(err)
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "games/s")
}

func BenchmarkRunEmptyGreedyEmber(b *testing.B)   { benchRun(b, "ember-covenant-mono", Empty, "greedy") }
func BenchmarkRunEmptyGreedyThree(b *testing.B)   { benchRun(b, "three-factions", Empty, "greedy") }
func BenchmarkRunPassiveGreedyThree(b *testing.B) { benchRun(b, "three-factions", Passive, "greedy") }
func BenchmarkRunEmptyPlannerEmber(b *testing.B) {
	benchRun(b, "ember-covenant-mono", Empty, "planner")
}
func BenchmarkRunPassivePlannerThree(b *testing.B) { benchRun(b, "three-factions", Passive, "planner") }
