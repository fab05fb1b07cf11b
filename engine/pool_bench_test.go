package engine_test

import (
	"math/rand/v2"
	"testing"
	"time"

	"github.com/deckwright/deckwright/engine"
	"github.com/deckwright/deckwright/internal/procstat"
)

// drawGame is a small game for the runner's benchmarks: it draws a card
// a turn from a 40-card pile and wins once it holds 5 of the 10 marked
// cards; what it costs is mostly the runner's.
type drawGame struct{ pile engine.Pile }

func (g *drawGame) Play(rng *rand.Rand, rec *engine.Record) engine.Outcome {
	g.pile.N = 40
	for i := range 40 {
		g.pile.Card[i] = uint8(i % 4)
	}
	key := engine.GameKey(rng)
	engine.KeyedShuffle(&g.pile, key, 1, nil)
	marked := 0
	for turn := 1; turn <= 40; turn++ {
		c := g.pile.Pop()
		rec.Count(0, int(c))
		if c == 0 {
			if marked++; marked == 5 {
				return engine.Outcome{Won: true, Turns: turn}
			}
		}
	}
	return engine.Outcome{Turns: 40, Unfinished: true}
}

var drawSpec = engine.Spec{Cards: []string{"a", "b", "c", "d"}, Events: []string{"drawn"}, MaxTurns: 40}

func newDraw() engine.Game { return &drawGame{} }

func report(b *testing.B, games int, cpu time.Duration) {
	b.ReportMetric(float64(games)/b.Elapsed().Seconds(), "games/s")
	if cpu > 0 {
		b.ReportMetric(float64(games)/cpu.Seconds(), "games/cpu-s")
	}
}

// BenchmarkRun is engine.Run over every core.
func BenchmarkRun(b *testing.B) {
	const games = 200_000
	b.ReportAllocs()
	cpu := procstat.CPU()
	for range b.N {
		if _, err := engine.Run(drawSpec, engine.Config{Games: games, Seed: 1}, newDraw); err != nil {
			b.Fatal(err)
		}
	}
	report(b, b.N*games, procstat.CPU()-cpu)
}

// BenchmarkRunPaired is engine.RunPaired over every core.
func BenchmarkRunPaired(b *testing.B) {
	const games = 100_000
	side := engine.Side{Spec: drawSpec, NewGame: newDraw}
	figs := []engine.Figure{engine.WinTurn("turn"), engine.WinRate}
	b.ReportAllocs()
	cpu := procstat.CPU()
	for range b.N {
		if _, err := engine.RunPaired(side, side, figs, engine.Config{Games: games, Seed: 1}); err != nil {
			b.Fatal(err)
		}
	}
	report(b, b.N*games, procstat.CPU()-cpu)
}
