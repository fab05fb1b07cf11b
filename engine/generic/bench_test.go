package generic

import (
	"github.com/deckwright/deckwright/cardsdb"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/deckwright/deckwright/engine"
	"github.com/deckwright/deckwright/internal/procstat"
)

// benchGame plays b.N games of a 40-card deck of the prototype on one
// goroutine, with statistics, and reports games per second.
func benchGame(b *testing.B, deck int, policy string) {
	_, decks := lanterns(b)
	d, err := Compile(decks[deck])
	if err != nil {
		b.Fatal(err)
	}
	if len(d.Stack) != 40 {
		b.Fatalf("the deck has %d cards, want 40", len(d.Stack))
	}
	p, _ := NewPolicy(policy)
	m := NewMatch(d, p, 0)
	spec := Spec(d, m.MaxTurns)
	rec := engine.NewRecord(&spec)
	pcg := rand.NewPCG(1, 0)
	rng := rand.New(pcg)
	b.ReportAllocs()
	b.ResetTimer()
	cpu := procstat.CPU()
	for i := range b.N {
		pcg.Seed(1, uint64(i))
		rec.Begin()
		rec.End(m.Play(rng, rec))
	}
	reportGames(b, b.N, procstat.CPU()-cpu)
}

// reportGames reports games per second of wall time, and per second of
// CPU time when it is measured.
func reportGames(b *testing.B, games int, cpu time.Duration) {
	b.ReportMetric(float64(games)/b.Elapsed().Seconds(), "games/s")
	if cpu > 0 {
		b.ReportMetric(float64(games)/cpu.Seconds(), "games/cpu-s")
	}
}

func BenchmarkGreedyStarter(b *testing.B)     { benchGame(b, 0, "greedy") }
func BenchmarkGreedyHighFlyers(b *testing.B)  { benchGame(b, 1, "greedy") }
func BenchmarkPlannerStarter(b *testing.B)    { benchGame(b, 0, "planner") }
func BenchmarkPlannerHighFlyers(b *testing.B) { benchGame(b, 1, "planner") }

// BenchmarkRun is engine.Run over every core: the games a second a user
// sees (goldfish --games N).
func BenchmarkRun(b *testing.B) {
	g, decks := lanterns(b)
	for _, pol := range PolicyNames() {
		b.Run(pol, func(b *testing.B) {
			p, err := For(g).Compile(decks[0], engine.Setup{Policy: pol})
			if err != nil {
				b.Fatal(err)
			}
			const games = 100_000
			b.ReportAllocs()
			b.ResetTimer()
			cpu := procstat.CPU()
			for range b.N {
				if _, err := engine.Run(p.Spec, engine.Config{Games: games, Seed: 1}, p.NewGame); err != nil {
					b.Fatal(err)
				}
			}
			reportGames(b, b.N*games, procstat.CPU()-cpu)
		})
	}
}

// benchExample plays b.N games of an example game's deck with a policy
// on one goroutine, with statistics.
func benchExample(b *testing.B, dir, deck, policy string) {
	db := cardsdb.Empty()
	if err := db.AddPath("../../docs/examples/" + dir); err != nil {
		b.Fatal(err)
	}
	dk, err := db.ResolveBundled(deck)
	if err != nil {
		b.Fatal(err)
	}
	d, err := Compile(dk)
	if err != nil {
		b.Fatal(err)
	}
	p, err := PolicyFor(d, policy)
	if err != nil {
		b.Fatal(err)
	}
	m := NewMatch(d, p, 0)
	spec := Spec(d, m.MaxTurns)
	rec := engine.NewRecord(&spec)
	pcg := rand.NewPCG(1, 0)
	rng := rand.New(pcg)
	b.ReportAllocs()
	b.ResetTimer()
	cpu := procstat.CPU()
	for i := range b.N {
		pcg.Seed(1, uint64(i))
		rec.Begin()
		rec.End(m.Play(rng, rec))
	}
	reportGames(b, b.N, procstat.CPU()-cpu)
}

// The deck-builder of docs/examples/market (reshuffles, buys, a hand
// discarded each turn): Big Money, Smithy Big Money and greedy.
func BenchmarkMarketBigMoney(b *testing.B) { benchExample(b, "market", "market/starter", "big-money") }
func BenchmarkMarketForgeMoney(b *testing.B) {
	benchExample(b, "market", "market/starter", "forge-money")
}
func BenchmarkMarketGreedy(b *testing.B) { benchExample(b, "market", "market/starter", "greedy") }

// The Magic-style goldfish of docs/examples/mechanics/redgreen (two
// colours and a dual land, coloured costs, damage).
func BenchmarkRedGreenGreedy(b *testing.B) {
	benchExample(b, "mechanics/redgreen", "redgreen/aggro", "greedy")
}
