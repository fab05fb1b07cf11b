package seeker

import (
	"math/rand/v2"
	"testing"

	"github.com/deckwright/deckwright/cardsdb"
	"github.com/deckwright/deckwright/engine"
)

func benchDeck(b testing.TB, name string) *Deck {
	b.Helper()
	db, err := cardsdb.LoadBundled()
	if err != nil {
		b.Fatal(err)
	}
	list, err := db.BundledDeck("seeker-chronicles/" + name)
	if err != nil {
		b.Fatal(err)
	}
	g, _ := db.Game(list.Game)
	deck, err := cardsdb.Resolve(g, list)
	if err != nil {
		b.Fatal(err)
	}
	d, err := Compile(deck)
	if err != nil {
		b.Fatal(err)
	}
	return d
}

// benchMatch plays b.N matches on one goroutine, with statistics, and
// reports matches per second.
func benchMatch(b *testing.B, deck string, mode Mode, policy string) {
	d := benchDeck(b, deck)
	p, err := NewPolicy(policy)
	if err != nil {
		b.Fatal(err)
	}
	opts := Options{Mode: mode}
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

func BenchmarkGoldfishGreedyCosmos(b *testing.B)  { benchMatch(b, "cosmos", Goldfish, "greedy") }
func BenchmarkGoldfishGreedyOrder(b *testing.B)   { benchMatch(b, "order", Goldfish, "greedy") }
func BenchmarkGoldfishGreedyQuantum(b *testing.B) { benchMatch(b, "quantum", Goldfish, "greedy") }
func BenchmarkGoldfishPlanner(b *testing.B)       { benchMatch(b, "cosmos", Goldfish, "planner") }
func BenchmarkNatureGreedy(b *testing.B)          { benchMatch(b, "cosmos", Nature, "greedy") }
func BenchmarkNaturePlanner(b *testing.B)         { benchMatch(b, "cosmos", Nature, "planner") }

// TestNoAllocations checks that a match costs no allocation once the
// Match is warm, in both modes and difficulties, with both policies, with
// the turn cap reached (unfinished matches) or not.
func TestNoAllocations(t *testing.T) {
	d := benchDeck(t, "order")
	for _, mt := range []int{0, 4} {
		for _, o := range []Options{{Mode: Goldfish}, {Mode: Nature, Difficulty: Seeker}, {Mode: Nature, Difficulty: Apprentice}} {
			for _, pn := range PolicyNames() {
				p, _ := NewPolicy(pn)
				o.MaxTurns = mt
				m := NewMatch(d, o, p)
				spec := Spec(d, m.Opts)
				rec := engine.NewRecord(&spec)
				pcg := rand.NewPCG(1, 0)
				rng := rand.New(pcg)
				i := 0
				play := func() {
					pcg.Seed(3, uint64(i))
					i++
					rec.Begin()
					rec.End(m.Play(rng, rec))
				}
				for range 50 {
					play()
				}
				if a := testing.AllocsPerRun(200, play); a != 0 {
					t.Errorf("%s/%s/max %d: %v allocations per match, want 0", o.Mode, pn, mt, a)
				}
			}
		}
	}
}
