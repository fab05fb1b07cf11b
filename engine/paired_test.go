package engine

import (
	"math"
	"math/rand/v2"
	"testing"
)

// dice rolls a die (faces 1..6, plus bonus) each turn and wins once the
// total reaches 20; it tallies its first roll.
type dice struct{ bonus int }

func (d dice) Play(rng *rand.Rand, rec *Record) Outcome {
	total := 0
	for turn := 1; turn <= 20; turn++ {
		roll := 1 + rng.IntN(6) + d.bonus
		if turn == 1 {
			rec.Tally(0, roll)
		}
		if total += roll; total >= 20 {
			return Outcome{Won: true, Turns: turn}
		}
	}
	return Outcome{Turns: 20, Unfinished: true}
}

func diceSide(bonus int) Side {
	return Side{Spec: Spec{Tallies: []string{"first roll"}, MaxTurns: 20}, NewGame: func() Game { return dice{bonus} }}
}

var firstRoll = Figure{Key: "first_roll", Name: "first roll", Value: func(_ Outcome, r *Record) (int64, bool) { return r.GameTally(0), true }}

func diceFigures() []Figure { return []Figure{WinTurn("turn"), WinRate, firstRoll} }

// TestPairedIdentical: the same list on both sides gives a difference of
// exactly 0 on every figure, with an interval of width 0.
func TestPairedIdentical(t *testing.T) {
	p, err := RunPaired(diceSide(0), diceSide(0), diceFigures(), Config{Games: 5000, Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range p.Figures {
		if f.Diff != 0 || f.CI95 != [2]float64{0, 0} || f.A != f.B || f.N == 0 {
			t.Errorf("%s: diff %v, CI %v, A %v, B %v over %d games; want exactly 0", f.Name, f.Diff, f.CI95, f.A, f.B, f.N)
		}
	}
}

// TestPairedDetects: a bonus of 1 per roll is detected on the win turn
// (sooner) and on the first roll (exactly +1 in every game), and pairing
// makes the difference's variance far smaller than two unpaired runs'.
func TestPairedDetects(t *testing.T) {
	p, err := RunPaired(diceSide(0), diceSide(1), diceFigures(), Config{Games: 5000, Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	wt, roll := p.Figures[0], p.Figures[2]
	if !wt.Significant() || wt.Diff >= 0 {
		t.Errorf("win turn: diff %v, CI %v; want a significant drop", wt.Diff, wt.CI95)
	}
	if roll.Diff != 1 || roll.SD != 0 || !math.IsInf(roll.Gain(), 1) {
		t.Errorf("first roll: diff %v sd %v gain %v; want exactly +1 in every game", roll.Diff, roll.SD, roll.Gain())
	}
	if wt.Gain() < 2 {
		t.Errorf("win turn: pairing gain %v; want the variance at least halved", wt.Gain())
	}
}

// TestPairedWorkers: the result does not depend on the number of
// workers, with or without Precision.
func TestPairedWorkers(t *testing.T) {
	for _, prec := range []float64{0, 0.05} {
		var first *Paired
		for _, w := range []int{1, 2, 5} {
			p, err := RunPaired(diceSide(0), diceSide(1), diceFigures(), Config{Games: 20000, Seed: 9, Workers: w, Precision: prec})
			if err != nil {
				t.Fatal(err)
			}
			if first == nil {
				first = p
				continue
			}
			if p.Games != first.Games || p.Figures[0].Diff != first.Figures[0].Diff || p.Figures[0].SD != first.Figures[0].SD {
				t.Errorf("precision %v, %d workers: %d games, diff %v; 1 worker: %d games, diff %v", prec, w, p.Games, p.Figures[0].Diff, first.Games, first.Figures[0].Diff)
			}
		}
		if prec > 0 && (!first.Precision || first.Games >= 20000) {
			t.Errorf("precision %v: stopped %v after %d games; want an early stop", prec, first.Precision, first.Games)
		}
	}
}
