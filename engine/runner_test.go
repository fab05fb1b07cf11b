package engine

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"sync/atomic"
	"testing"
)

// race is a toy game: each turn it draws one of 10 cards; cards 0-2 move
// it 3 steps, the others 1; 12 steps win. It reports draws, the opening
// card, a milestone at 6 steps and its first random number as a tally.
type race struct{}

func (race) Play(rng *rand.Rand, rec *Record) Outcome {
	steps := 0
	for turn := 1; turn <= 15; turn++ {
		c := rng.IntN(10)
		if turn == 1 {
			rec.Opening(c)
			rec.Tally(0, c)
		}
		rec.Count(0, c)
		before := steps
		if c < 3 {
			steps += 3
		} else {
			steps++
		}
		if before < 6 && steps >= 6 {
			rec.Milestone(0, turn)
		}
		if steps >= 12 {
			return Outcome{Won: true, Turns: turn}
		}
	}
	return Outcome{Turns: 15}
}

func raceSpec() Spec {
	s := Spec{Events: []string{"drawn"}, Milestones: []string{"halfway"}, Tallies: []string{"first"}, MaxTurns: 15}
	for i := range 10 {
		s.Cards = append(s.Cards, fmt.Sprint("card ", i))
	}
	return s
}

func newRace() Game { return race{} }

// TestWorkersAgree runs the same games on 1, 2, 4 and 7 workers: the
// summaries must be identical.
func TestWorkersAgree(t *testing.T) {
	var want string
	for _, w := range []int{1, 2, 4, 7} {
		s, err := Run(raceSpec(), Config{Games: 25500, Seed: 42, Workers: w}, newRace)
		if err != nil {
			t.Fatal(err)
		}
		got := fmt.Sprintf("%+v", *s)
		if w == 1 {
			want = got
			if s.Games != 25500 {
				t.Fatalf("played %d games, want 25500", s.Games)
			}
			continue
		}
		if got != want {
			t.Errorf("%d workers:\n%s\n1 worker:\n%s", w, got, want)
		}
	}
}

// TestStreams checks that game i draws from the stream (seed, i): the
// first tally sums every game's first random number.
func TestStreams(t *testing.T) {
	const n, seed = 2345, 7
	s, err := Run(raceSpec(), Config{Games: n, Seed: seed, Workers: 3}, newRace)
	if err != nil {
		t.Fatal(err)
	}
	sum := 0
	for i := range n {
		sum += Stream(seed, i).IntN(10)
	}
	if got := s.Tallies[0].Mean * n; math.Abs(got-float64(sum)) > 1e-6 {
		t.Errorf("first numbers sum to %v, want %d", got, sum)
	}
}

// TestPrecision stops at a chunk boundary once the CI is narrow enough,
// at the same chunk for any number of workers.
func TestPrecision(t *testing.T) {
	var games []int
	for _, w := range []int{1, 4} {
		s, err := Run(raceSpec(), Config{Games: 1000000, Seed: 3, Workers: w, Precision: 0.02}, newRace)
		if err != nil {
			t.Fatal(err)
		}
		if !s.Precision || s.Turns.HalfWidth() >= 0.02 || s.Games%ChunkSize != 0 || s.Games >= 1000000 {
			t.Errorf("%d workers: %d games, half-width %v, precision %v", w, s.Games, s.Turns.HalfWidth(), s.Precision)
		}
		games = append(games, s.Games)
	}
	if games[0] != games[1] {
		t.Errorf("stopped after %d games on 1 worker, %d on 4", games[0], games[1])
	}
	// One chunk fewer would not have been precise enough.
	s, _ := Run(raceSpec(), Config{Games: games[0] - ChunkSize, Seed: 3, Workers: 2}, newRace)
	if s.Turns.HalfWidth() < 0.02 {
		t.Errorf("%d games were precise enough already", s.Games)
	}
}

func TestRunErrors(t *testing.T) {
	for _, tc := range []struct {
		spec Spec
		cfg  Config
	}{
		{raceSpec(), Config{Games: 0}},
		{Spec{}, Config{Games: 1}},
		{raceSpec(), Config{Games: 1, Precision: -1}},
	} {
		if _, err := Run(tc.spec, tc.cfg, newRace); err == nil {
			t.Errorf("Run(%+v) gave no error", tc.cfg)
		}
	}
}

func TestRecordIgnoresOutOfRange(t *testing.T) {
	spec := raceSpec()
	r := NewRecord(&spec)
	r.Begin()
	r.Count(5, 0)
	r.Count(0, 99)
	r.Opening(-1)
	r.Milestone(3, 1)
	r.Tally(9, 1)
	r.End(Outcome{Won: true, Turns: 99}) // past MaxTurns: not a win
	s := r.Summarize()
	if s.Games != 1 || s.Won != 0 || s.Length.Histogram[0].Turn != 15 {
		t.Errorf("summary %+v", s)
	}
}

// countingRace is race, counting the games played.
type countingRace struct {
	race
	played *atomic.Int64
	cancel func()
}

func (c countingRace) Play(rng *rand.Rand, rec *Record) Outcome {
	if c.played.Add(1) == 500 {
		c.cancel() // Ctrl-C in the middle of the run
	}
	return c.race.Play(rng, rec)
}

// TestRunCancelled checks that a cancelled Context stops the workers
// within a few games and that Run returns its error, not a summary.
func TestRunCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var played atomic.Int64
	s, err := Run(raceSpec(), Config{Games: 1_000_000, Seed: 1, Workers: 2, Context: ctx}, func() Game {
		return countingRace{played: &played, cancel: cancel}
	})
	if !errors.Is(err, context.Canceled) || s != nil {
		t.Fatalf("got %v, %v; want no summary and context.Canceled", s, err)
	}
	// Each worker notices within 64 games of its chunk.
	if n := played.Load(); n > 500+2*64 {
		t.Errorf("%d games played after cancelling at 500", n)
	}
}
