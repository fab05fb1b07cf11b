package engine

import "math"

// Z95 is the normal quantile of the two-sided 95% intervals.
const Z95 = 1.959963984540054

// Summary is the statistics of a run. Every figure is computed from integer
// counts once all games are in, so the same games give the same bytes
// whatever the order they were played in.
type Summary struct {
	Games int // games played
	Won   int // games won within Spec.MaxTurns
	// Lost counts the games the rules ended without a win; Unfinished
	// those stopped at Spec.MaxTurns (Outcome.Unfinished), which are
	// neither won nor lost. Won + Lost + Unfinished = Games.
	Lost       int
	Unfinished int
	// WinRate is Won/Games; WinRateCI95 its 95% Wilson score interval.
	WinRate     float64
	WinRateCI95 [2]float64
	// LossRate is Lost/Games, UnfinishedRate Unfinished/Games.
	LossRate       float64
	UnfinishedRate float64
	// Turns is the distribution of the turn of the win, over won games;
	// its Cumulative is the chance, over all games, to have won by a turn.
	Turns Dist
	// Length is the distribution of the turn every game ended on.
	Length     Dist
	Milestones []MilestoneStats
	Tallies    []TallyStats
	Events     []string // the per-card event names, as Spec.Events
	Cards      []CardStats
	// Precision is set when the run stopped because the 95% CI of the
	// mean win turn got narrower than ± Config.Precision.
	Precision bool
}

// Dist describes a distribution of turns.
type Dist struct {
	N    int     // games in it
	Mean float64 // mean turn (NaN when N is 0)
	SD   float64 // sample standard deviation (NaN when N < 2)
	CI95 [2]float64
	// Median, P10 and P90 are nearest-rank percentiles: the p-th is the
	// smallest turn with at least ceil(p·N/100) games ending by it. They
	// have no value (0) when N is 0: see HasData.
	Median int
	P10    int
	P90    int
	// Histogram holds one bin per turn from the first to the last turn
	// that any game has.
	Histogram []Bin
}

// HasData reports whether the distribution holds any game, so that its
// percentiles mean something.
func (d Dist) HasData() bool { return d.N > 0 }

// HalfWidth returns the half-width of the 95% CI of the mean.
func (d Dist) HalfWidth() float64 { return (d.CI95[1] - d.CI95[0]) / 2 }

// Bin is one turn of a histogram.
type Bin struct {
	Turn  int
	Games int
	// Cumulative is, for Summary.Turns, the share of all games won by this
	// turn; for Summary.Length, the share of games over by this turn.
	Cumulative float64
}

// MilestoneStats says how often and when a milestone was reached.
type MilestoneStats struct {
	Name     string
	Games    int     // games that reached it
	Share    float64 // Games / all games
	MeanTurn float64 // over the games that reached it (NaN when none did)
	Median   int     // nearest-rank median turn (0 when none did: Games is 0)
}

// TallyStats is the mean and standard deviation of a tally over all games.
type TallyStats struct {
	Name string
	Mean float64
	SD   float64
}

// CardStats is what happened to one card, per game on average.
type CardStats struct {
	Name string
	// PerGame[e] is the mean count per game of event Events[e].
	PerGame []float64
	// OpeningGames counts games with the card in the opening hand.
	OpeningGames int
	// WinTurnOpening and WinTurnOther are the mean win turns of won games
	// with and without the card in the opening hand (NaN without games).
	WinTurnOpening float64
	WinTurnOther   float64
	WonOpening     int // won games with the card in the opening hand
	WonOther       int // won games without it
}

// Summarize computes the statistics of the games recorded in r.
func (r *Record) Summarize() *Summary {
	s := &Summary{Games: int(r.games), Won: int(r.won), Unfinished: int(r.unfinished), Events: r.spec.Events}
	s.Lost = s.Games - s.Won - s.Unfinished
	if r.games > 0 {
		s.WinRate = float64(r.won) / float64(r.games)
		s.LossRate = float64(s.Lost) / float64(r.games)
		s.UnfinishedRate = float64(r.unfinished) / float64(r.games)
	}
	s.WinRateCI95 = Wilson(int(r.won), int(r.games))
	s.Turns = dist(r.wonHist, r.games)
	s.Length = dist(r.lenHist, r.games)
	nt := r.spec.MaxTurns + 1
	for m, name := range r.spec.Milestones {
		h := r.miles[m*nt : (m+1)*nt]
		d := dist(h, r.games)
		ms := MilestoneStats{Name: name, Games: d.N, MeanTurn: d.Mean, Median: d.Median}
		if r.games > 0 {
			ms.Share = float64(d.N) / float64(r.games)
		}
		s.Milestones = append(s.Milestones, ms)
	}
	for t, name := range r.spec.Tallies {
		mean, sd := meanSD(r.tallies[t], r.tallySq[t], r.games)
		s.Tallies = append(s.Tallies, TallyStats{Name: name, Mean: mean, SD: sd})
	}
	nc := len(r.spec.Cards)
	for c, name := range r.spec.Cards {
		cs := CardStats{Name: name, PerGame: make([]float64, len(r.spec.Events)), OpeningGames: int(r.openGames[c])}
		for e := range r.spec.Events {
			if r.games > 0 {
				cs.PerGame[e] = float64(r.events[e*nc+c]) / float64(r.games)
			}
		}
		cs.WonOpening = int(r.openWon[c])
		cs.WonOther = int(r.won - r.openWon[c])
		cs.WinTurnOpening = ratio(r.openWonT[c], r.openWon[c])
		cs.WinTurnOther = ratio(r.sumT-r.openWonT[c], r.won-r.openWon[c])
		s.Cards = append(s.Cards, cs)
	}
	return s
}

func ratio(a, b int64) float64 {
	if b == 0 {
		return math.NaN()
	}
	return float64(a) / float64(b)
}

// meanSD returns the mean and the sample standard deviation of n values
// with sum s and sum of squares s2.
func meanSD(s, s2, n int64) (mean, sd float64) {
	if n == 0 {
		return math.NaN(), math.NaN()
	}
	mean = float64(s) / float64(n)
	if n < 2 {
		return mean, math.NaN()
	}
	// n*s2 - s*s is exact in integers as long as it fits; fall back to
	// floats for huge runs.
	var v float64
	if n < 1<<20 && s2 < 1<<40 {
		v = float64(n*s2-s*s) / float64(n*(n-1))
	} else {
		v = (float64(s2) - float64(s)*float64(s)/float64(n)) / float64(n-1)
	}
	if v < 0 {
		v = 0
	}
	return mean, math.Sqrt(v)
}

// dist describes a histogram of turns; all is the number of games the
// cumulative shares are taken over.
func dist(h []int64, all int64) Dist {
	var n, s, s2 int64
	first, last := -1, -1
	for t, c := range h {
		if c == 0 {
			continue
		}
		if first < 0 {
			first = t
		}
		last = t
		n += c
		s += c * int64(t)
		s2 += c * int64(t) * int64(t)
	}
	d := Dist{N: int(n)}
	d.Mean, d.SD = meanSD(s, s2, n)
	if n >= 2 {
		hw := Z95 * d.SD / math.Sqrt(float64(n))
		d.CI95 = [2]float64{d.Mean - hw, d.Mean + hw}
	} else {
		d.CI95 = [2]float64{math.NaN(), math.NaN()}
	}
	if n == 0 {
		d.Median, d.P10, d.P90 = 0, 0, 0
		return d
	}
	d.P10 = percentile(h, n, 10)
	d.Median = percentile(h, n, 50)
	d.P90 = percentile(h, n, 90)
	var cum int64
	for t := first; t <= last; t++ {
		cum += h[t]
		d.Histogram = append(d.Histogram, Bin{Turn: t, Games: int(h[t]), Cumulative: float64(cum) / float64(all)})
	}
	return d
}

// percentile returns the nearest-rank p-th percentile of a histogram of n
// values: the smallest turn t with at least ceil(p*n/100) values <= t.
func percentile(h []int64, n int64, p int64) int {
	rank := (p*n + 99) / 100
	if rank < 1 {
		rank = 1
	}
	var cum int64
	for t, c := range h {
		cum += c
		if cum >= rank {
			return t
		}
	}
	return len(h) - 1
}

// Wilson returns the 95% Wilson score interval of a proportion of k
// successes in n trials ([0, 1] when n is 0).
func Wilson(k, n int) [2]float64 {
	if n == 0 {
		return [2]float64{0, 1}
	}
	z2 := Z95 * Z95
	fn := float64(n)
	p := float64(k) / fn
	den := 1 + z2/fn
	center := (p + z2/(2*fn)) / den
	half := Z95 / den * math.Sqrt(p*(1-p)/fn+z2/(4*fn*fn))
	lo, hi := center-half, center+half
	if lo < 0 {
		lo = 0
	}
	if hi > 1 {
		hi = 1
	}
	return [2]float64{lo, hi}
}
