package engine

import (
	"math"
	"testing"
)

func TestWilson(t *testing.T) {
	for _, tc := range []struct {
		k, n   int
		lo, hi float64
	}{
		{50, 100, 0.40383, 0.59617},
		{0, 10, 0, 0.27753},
		{10, 10, 0.72247, 1},
		{1, 1000, 0.00018, 0.00565},
		{0, 0, 0, 1},
	} {
		got := Wilson(tc.k, tc.n)
		if math.Abs(got[0]-tc.lo) > 5e-5 || math.Abs(got[1]-tc.hi) > 5e-5 {
			t.Errorf("Wilson(%d, %d) = %v, want [%v %v]", tc.k, tc.n, got, tc.lo, tc.hi)
		}
	}
}

func TestDist(t *testing.T) {
	// Turns 3 (x2), 4 (x5), 5 (x2), 9 (x1): 10 won games of 20.
	h := make([]int64, 12)
	h[3], h[4], h[5], h[9] = 2, 5, 2, 1
	d := dist(h, 20)
	mean := (3*2 + 4*5 + 5*2 + 9.0) / 10
	if d.N != 10 || math.Abs(d.Mean-mean) > 1e-12 {
		t.Errorf("N %d mean %v, want 10 %v", d.N, d.Mean, mean)
	}
	v := 0.0
	for t, c := range h {
		v += float64(c) * (float64(t) - mean) * (float64(t) - mean)
	}
	sd := math.Sqrt(v / 9)
	if math.Abs(d.SD-sd) > 1e-12 {
		t.Errorf("sd %v, want %v", d.SD, sd)
	}
	hw := Z95 * sd / math.Sqrt(10)
	if math.Abs(d.CI95[0]-(mean-hw)) > 1e-12 || math.Abs(d.HalfWidth()-hw) > 1e-12 {
		t.Errorf("CI %v, want mean ± %v", d.CI95, hw)
	}
	// Nearest rank: p10 is the 1st value, the median the 5th, p90 the 9th.
	if d.P10 != 3 || d.Median != 4 || d.P90 != 5 {
		t.Errorf("p10 %d median %d p90 %d, want 3 4 5", d.P10, d.Median, d.P90)
	}
	if len(d.Histogram) != 7 || d.Histogram[0].Turn != 3 || d.Histogram[6].Turn != 9 {
		t.Fatalf("histogram %+v", d.Histogram)
	}
	// Cumulative over all 20 games: half of them won by turn 9.
	if d.Histogram[1].Cumulative != 7.0/20 || d.Histogram[6].Cumulative != 0.5 {
		t.Errorf("cumulative %+v", d.Histogram)
	}
}

func TestDistSmall(t *testing.T) {
	d := dist(make([]int64, 5), 3)
	if d.N != 0 || !math.IsNaN(d.Mean) || d.Histogram != nil {
		t.Errorf("empty: %+v", d)
	}
	h := []int64{0, 0, 1}
	d = dist(h, 1)
	if d.Mean != 2 || !math.IsNaN(d.SD) || d.Median != 2 || !math.IsNaN(d.CI95[0]) {
		t.Errorf("one value: %+v", d)
	}
}

// TestPercentilesSmall checks the nearest-rank definition the docs give
// where the common definitions part: the p-th percentile of n values is
// the value of rank ceil(p·n/100). At n = 3: ranks 1, 2, 3 (linear
// interpolation would give 2.6 and 8.2 for p10 and p90, a floor rank the
// 0th and 2nd value). At n = 7: ranks 1, 4, 7.
func TestPercentilesSmall(t *testing.T) {
	for _, tc := range []struct {
		turns            []int
		p10, median, p90 int
	}{
		{[]int{2, 5, 9}, 2, 5, 9},
		{[]int{9, 2, 5}, 2, 5, 9},
		{[]int{2, 3, 4, 6, 8, 11, 15}, 2, 6, 15},
		{[]int{4, 4, 4, 7, 9, 9, 12}, 4, 7, 12},
	} {
		h := make([]int64, 16)
		for _, x := range tc.turns {
			h[x]++
		}
		d := dist(h, int64(len(tc.turns)))
		if d.P10 != tc.p10 || d.Median != tc.median || d.P90 != tc.p90 {
			t.Errorf("%v: p10 %d median %d p90 %d, want %d %d %d", tc.turns, d.P10, d.Median, d.P90, tc.p10, tc.median, tc.p90)
		}
	}
}

// TestUnfinished counts games stopped at MaxTurns apart from losses.
func TestUnfinished(t *testing.T) {
	spec := raceSpec()
	r := NewRecord(&spec)
	for _, o := range []Outcome{
		{Won: true, Turns: 5},
		{Won: true, Turns: 7},
		{Turns: 9},                    // lost: the rules ended it
		{Turns: 15, Unfinished: true}, // stopped at the cap
		{Turns: 15, Unfinished: true},
		{Won: true, Turns: 16}, // past the cap: not a win
	} {
		r.Begin()
		r.End(o)
	}
	s := r.Summarize()
	if s.Games != 6 || s.Won != 2 || s.Lost != 1 || s.Unfinished != 3 {
		t.Fatalf("games %d won %d lost %d unfinished %d, want 6 2 1 3", s.Games, s.Won, s.Lost, s.Unfinished)
	}
	if s.LossRate != 1.0/6 || s.UnfinishedRate != 0.5 {
		t.Errorf("loss rate %v unfinished rate %v", s.LossRate, s.UnfinishedRate)
	}
	// Merged chunks add up.
	total := NewRecord(&spec)
	total.add(r)
	total.add(r)
	if s := total.Summarize(); s.Unfinished != 6 || s.Lost != 2 {
		t.Errorf("merged: lost %d unfinished %d, want 2 6", s.Lost, s.Unfinished)
	}
	// No won game: the win turn has no data.
	r = NewRecord(&spec)
	r.Begin()
	r.End(Outcome{Turns: 15, Unfinished: true})
	if s := r.Summarize(); s.Turns.HasData() || !s.Length.HasData() {
		t.Errorf("turns %+v length %+v", s.Turns, s.Length)
	}
}
