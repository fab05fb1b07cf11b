package engine

import (
	"encoding/json"
	"errors"
	"fmt"
)

// Counts are the integer counts of a run's games, from which Summarize
// computes every figure: what one shard of a run writes down, so that
// the shards of a run, played apart (on other machines), add up to the
// counts of the whole run. Counts of disjoint games add exactly, so the
// summary of the shards added is the summary of the single run, bit for
// bit.
type Counts struct {
	Games      int64 `json:"games"`
	Won        int64 `json:"won"`
	Unfinished int64 `json:"unfinished"`
	// SumTurns and SumTurns2 are the sums of the win turns of won games
	// and of their squares.
	SumTurns  int64 `json:"sum_turns"`
	SumTurns2 int64 `json:"sum_turns2"`
	// WonHist[t] and LenHist[t] count the won games and all games that
	// ended on turn t (0 to Spec.MaxTurns).
	WonHist []int64 `json:"won_hist"`
	LenHist []int64 `json:"len_hist"`
	// Events[e*len(Spec.Cards)+c] counts event e of card c.
	Events []int64 `json:"events"`
	// Milestones[m*(Spec.MaxTurns+1)+t] counts the games that reached
	// milestone m on turn t.
	Milestones []int64 `json:"milestones"`
	// Tallies[t] and TalliesSq[t] sum tally t over the games, and its
	// squares.
	Tallies   []int64 `json:"tallies"`
	TalliesSq []int64 `json:"tallies_sq"`
	// OpenGames[c], OpenWon[c] and OpenWonTurns[c] count the games with
	// card c in the opening hand, those won, and the sum of their turns.
	OpenGames    []int64 `json:"open_games"`
	OpenWon      []int64 `json:"open_won"`
	OpenWonTurns []int64 `json:"open_won_turns"`
}

// RunCounts plays games cfg.First to cfg.First+cfg.Games-1, as Run does,
// and returns their counts rather than their summary: one shard of a
// longer run. A shard never stops early: cfg.Precision must be 0.
func RunCounts(spec Spec, cfg Config, newGame func() Game) (*Counts, error) {
	if cfg.Precision != 0 {
		return nil, errors.New("engine: a shard plays all its games: Precision must be 0")
	}
	r, _, err := run(spec, cfg, newGame)
	if err != nil {
		return nil, err
	}
	return r.counts(), nil
}

// counts copies out r's counts.
func (r *Record) counts() *Counts {
	cp := func(s []int64) []int64 { return append([]int64{}, s...) }
	return &Counts{Games: r.games, Won: r.won, Unfinished: r.unfinished, SumTurns: r.sumT, SumTurns2: r.sumT2,
		WonHist: cp(r.wonHist), LenHist: cp(r.lenHist), Events: cp(r.events), Milestones: cp(r.miles),
		Tallies: cp(r.tallies), TalliesSq: cp(r.tallySq), OpenGames: cp(r.openGames), OpenWon: cp(r.openWon), OpenWonTurns: cp(r.openWonT)}
}

// NewCounts returns the empty counts of spec: the sum of no shard.
func NewCounts(spec *Spec) *Counts { return newRecord(spec).counts() }

// Check says whether c can be the counts of games of spec: every table
// sized as spec says, no count negative, and the totals agreeing with
// the histograms. Counts read from a file are checked before they are
// added or summarized.
func (c *Counts) Check(spec *Spec) error {
	nc, nt := len(spec.Cards), spec.MaxTurns+1
	sizes := []struct {
		name string
		s    []int64
		want int
	}{
		{"won_hist", c.WonHist, nt}, {"len_hist", c.LenHist, nt},
		{"events", c.Events, len(spec.Events) * nc}, {"milestones", c.Milestones, len(spec.Milestones) * nt},
		{"tallies", c.Tallies, len(spec.Tallies)}, {"tallies_sq", c.TalliesSq, len(spec.Tallies)},
		{"open_games", c.OpenGames, nc}, {"open_won", c.OpenWon, nc}, {"open_won_turns", c.OpenWonTurns, nc},
	}
	for _, z := range sizes {
		if len(z.s) != z.want {
			return fmt.Errorf("counts: %s has %d values, want %d for this deck", z.name, len(z.s), z.want)
		}
		for i, v := range z.s {
			if v < 0 && z.name != "tallies" {
				return fmt.Errorf("counts: %s[%d] is %d, want 0 or more", z.name, i, v)
			}
		}
	}
	if c.Games < 0 || c.Won < 0 || c.Unfinished < 0 || c.SumTurns < 0 || c.SumTurns2 < 0 || c.Won+c.Unfinished > c.Games || c.Won+c.Unfinished < 0 {
		return fmt.Errorf("counts: %d games, %d won and %d unfinished do not add up", c.Games, c.Won, c.Unfinished)
	}
	if n, ok := sum(c.LenHist); !ok || n != c.Games {
		return fmt.Errorf("counts: len_hist holds %d games, want %d", n, c.Games)
	}
	if n, ok := sum(c.WonHist); !ok || n != c.Won {
		return fmt.Errorf("counts: won_hist holds %d games, want %d", n, c.Won)
	}
	return nil
}

func sum(s []int64) (int64, bool) {
	var n int64
	for _, v := range s {
		var ok bool
		if n, ok = addInt(n, v); !ok {
			return 0, false
		}
	}
	return n, true
}

// addInt adds without overflow, or reports false.
func addInt(a, b int64) (int64, bool) {
	c := a + b
	if b > 0 && c < a || b < 0 && c > a {
		return 0, false
	}
	return c, true
}

// Add adds the counts of other games to c; both must be of one spec
// (Check). A sum that would overflow is an error, and c is then
// unchanged.
func (c *Counts) Add(o *Counts) error {
	out := *c
	ints := []struct{ dst, src *int64 }{
		{&out.Games, &o.Games}, {&out.Won, &o.Won}, {&out.Unfinished, &o.Unfinished},
		{&out.SumTurns, &o.SumTurns}, {&out.SumTurns2, &o.SumTurns2},
	}
	for _, p := range ints {
		v, ok := addInt(*p.dst, *p.src)
		if !ok {
			return errors.New("counts: the sum overflows")
		}
		*p.dst = v
	}
	slices := []struct {
		dst *[]int64
		src []int64
	}{
		{&out.WonHist, o.WonHist}, {&out.LenHist, o.LenHist}, {&out.Events, o.Events}, {&out.Milestones, o.Milestones},
		{&out.Tallies, o.Tallies}, {&out.TalliesSq, o.TalliesSq}, {&out.OpenGames, o.OpenGames}, {&out.OpenWon, o.OpenWon}, {&out.OpenWonTurns, o.OpenWonTurns},
	}
	for _, p := range slices {
		if len(*p.dst) != len(p.src) {
			return errors.New("counts: the counts are of different decks")
		}
		s := append([]int64{}, *p.dst...)
		for i, v := range p.src {
			var ok bool
			if s[i], ok = addInt(s[i], v); !ok {
				return errors.New("counts: the sum overflows")
			}
		}
		*p.dst = s
	}
	*c = out
	return nil
}

// Summarize computes the statistics of the counted games of spec, as Run
// does (Check them first: counts of another spec give an error).
func (c *Counts) Summarize(spec *Spec) (*Summary, error) {
	if err := c.Check(spec); err != nil {
		return nil, err
	}
	r := newRecord(spec)
	r.games, r.won, r.unfinished, r.sumT, r.sumT2 = c.Games, c.Won, c.Unfinished, c.SumTurns, c.SumTurns2
	for _, p := range []struct{ dst, src []int64 }{
		{r.wonHist, c.WonHist}, {r.lenHist, c.LenHist}, {r.events, c.Events}, {r.miles, c.Milestones},
		{r.tallies, c.Tallies}, {r.tallySq, c.TalliesSq}, {r.openGames, c.OpenGames}, {r.openWon, c.OpenWon}, {r.openWonT, c.OpenWonTurns},
	} {
		copy(p.dst, p.src)
	}
	return r.Summarize(), nil
}

// pairSumsJSON is PairSums in JSON: its sums by name.
type pairSumsJSON struct {
	N  int64 `json:"n"`
	A  int64 `json:"a"`
	B  int64 `json:"b"`
	A2 int64 `json:"a2"`
	B2 int64 `json:"b2"`
	D2 int64 `json:"d2"`
}

// MarshalJSON writes the sums, so that a shard of a paired run can be
// written down and added to the others (Add).
func (s PairSums) MarshalJSON() ([]byte, error) {
	return json.Marshal(pairSumsJSON{N: s.n, A: s.a, B: s.b, A2: s.a2, B2: s.b2, D2: s.d2})
}

// UnmarshalJSON reads sums written by MarshalJSON, and refuses sums no
// games could give (a negative count or square).
func (s *PairSums) UnmarshalJSON(b []byte) error {
	var j pairSumsJSON
	if err := json.Unmarshal(b, &j); err != nil {
		return err
	}
	if j.N < 0 || j.A2 < 0 || j.B2 < 0 || j.D2 < 0 {
		return fmt.Errorf("pair sums: n %d and the squares %d, %d, %d must not be negative", j.N, j.A2, j.B2, j.D2)
	}
	*s = PairSums{n: j.N, a: j.A, b: j.B, a2: j.A2, b2: j.B2, d2: j.D2}
	return nil
}

// AddChecked is Add that refuses a sum that would overflow, leaving s
// unchanged.
func (s *PairSums) AddChecked(o *PairSums) error {
	out := *s
	for _, p := range []struct{ dst, src *int64 }{{&out.n, &o.n}, {&out.a, &o.a}, {&out.b, &o.b}, {&out.a2, &o.a2}, {&out.b2, &o.b2}, {&out.d2, &o.d2}} {
		v, ok := addInt(*p.dst, *p.src)
		if !ok {
			return errors.New("pair sums: the sum overflows")
		}
		*p.dst = v
	}
	*s = out
	return nil
}

// PairedFrom is the result of a paired run from the sums of its figures
// (one PairSums per figure, as PlayPaired returns them, or the shards'
// added): what RunPaired returns for the same games.
func PairedFrom(sums []PairSums, figs []Figure, games int, precise bool) (*Paired, error) {
	if len(sums) != len(figs) {
		return nil, fmt.Errorf("pair sums: %d figures, want %d", len(sums), len(figs))
	}
	p := &Paired{Games: games, Precision: precise}
	for f := range figs {
		if sums[f].n > int64(games) {
			return nil, fmt.Errorf("pair sums: figure %s has %d games of %d", figs[f].Key, sums[f].n, games)
		}
		p.Figures = append(p.Figures, sums[f].figure(figs[f]))
	}
	return p, nil
}
