package engine

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
)

// Side is one list of a paired run: its Spec and its games.
type Side struct {
	Spec    Spec
	NewGame func() Game
}

// Paired is the result of a paired run: each figure of the two lists,
// weighed game by game.
type Paired struct {
	// Games is the number of games each list played.
	Games int
	// Precision says that the run stopped early, its main figure's
	// interval narrow enough.
	Precision bool
	Figures   []PairedFigure
}

// PairedFigure is one figure of a paired run. A and B are the lists'
// means over the games where both have the figure (N of them; a win turn
// needs both games won), Diff the mean of B − A over those games, SD its
// standard deviation and CI95 its 95% confidence interval (normal
// approximation). Every sum is of integers, so two identical lists give a
// Diff of exactly 0.
type PairedFigure struct {
	Figure
	N          int
	A, B       float64
	Diff, SD   float64
	CI95       [2]float64
	VarA, VarB float64 // the variances of A and B over the same games
}

// HalfWidth is half the width of the difference's 95% CI.
func (f *PairedFigure) HalfWidth() float64 { return (f.CI95[1] - f.CI95[0]) / 2 }

// Significant says that the 95% CI of the difference excludes 0.
func (f *PairedFigure) Significant() bool { return f.N > 1 && (f.CI95[0] > 0 || f.CI95[1] < 0) }

// Gain is how many times the variance of the difference is smaller than
// it would be from two unpaired runs of as many games: (VarA + VarB) /
// Var(B − A). It is +Inf when every difference is the same, NaN without
// data.
func (f *PairedFigure) Gain() float64 {
	if f.N < 2 {
		return math.NaN()
	}
	return (f.VarA + f.VarB) / (f.SD * f.SD)
}

// PairSums holds the integer sums of one figure over paired games, from
// which PairedFigure is computed; sums of disjoint games add up.
type PairSums struct {
	n, a, b, a2, b2, d2 int64
}

// Games is the number of games where both lists had the figure.
func (s *PairSums) Games() int { return int(s.n) }

// Add adds the sums of other games.
func (s *PairSums) Add(o *PairSums) { s.add(o) }

// Figure computes the figure f from the sums.
func (s *PairSums) Figure(f Figure) PairedFigure { return s.figure(f) }

func (s *PairSums) add(o *PairSums) {
	s.n += o.n
	s.a += o.a
	s.b += o.b
	s.a2 += o.a2
	s.b2 += o.b2
	s.d2 += o.d2
}

func (s *PairSums) figure(f Figure) PairedFigure {
	p := PairedFigure{Figure: f, N: int(s.n)}
	if s.n == 0 {
		nan := math.NaN()
		p.A, p.B, p.Diff, p.SD, p.CI95 = nan, nan, nan, nan, [2]float64{nan, nan}
		return p
	}
	n := float64(s.n)
	p.A, p.B = float64(s.a)/n, float64(s.b)/n
	d := s.b - s.a
	p.Diff = float64(d) / n
	variance := func(sum, sum2 int64) float64 {
		if s.n < 2 {
			return 0
		}
		return math.Max(0, (float64(sum2)-float64(sum)*float64(sum)/n)/(n-1))
	}
	p.VarA, p.VarB = variance(s.a, s.a2), variance(s.b, s.b2)
	p.SD = math.Sqrt(variance(d, s.d2))
	h := 1.96 * p.SD / math.Sqrt(n)
	p.CI95 = [2]float64{p.Diff - h, p.Diff + h}
	return p
}

// RunPaired plays games 0 to cfg.Games-1 of both lists: game i of each
// draws from the stream (cfg.Seed, i), so the two see the same shuffles
// of the cards they share (see KeyedShuffle), and each figure is weighed
// game by game. cfg.Precision stops the run between chunks once the 95%
// CI of the first figure's difference is narrower than ± Precision. As
// Run, the result is the same for any number of workers.
func RunPaired(a, b Side, figs []Figure, cfg Config) (*Paired, error) {
	total, games, precise, err := PlayPaired(a, b, figs, cfg)
	if err != nil {
		return nil, err
	}
	return PairedFrom(total, figs, games, precise)
}

// PlayPaired is RunPaired's engine: it returns the sums of each figure,
// the number of games played and whether Precision stopped the run.
func PlayPaired(a, b Side, figs []Figure, cfg Config) (sums []PairSums, games int, precise bool, err error) {
	if cfg.Games <= 0 {
		return nil, 0, false, errors.New("engine: Games must be positive")
	}
	if a.Spec.MaxTurns <= 0 || b.Spec.MaxTurns <= 0 {
		return nil, 0, false, errors.New("engine: Spec.MaxTurns must be positive")
	}
	if len(figs) == 0 {
		return nil, 0, false, errors.New("engine: no figure to compare")
	}
	if cfg.Precision < 0 || math.IsNaN(cfg.Precision) || cfg.First < 0 {
		return nil, 0, false, fmt.Errorf("engine: Precision %v must not be negative, nor First %d", cfg.Precision, cfg.First)
	}
	nf := len(figs)
	total := make([]PairSums, nf)
	cr := chunkRun[[]PairSums]{Games: cfg.Games, Workers: cfg.Workers, Context: cfg.Context,
		NewBuffer: func() []PairSums { return make([]PairSums, nf) },
		NewWorker: func() func([]PairSums, int, int, context.Context) bool {
			ga, gb := a.NewGame(), b.NewGame()
			ra, rb := newRecord(&a.Spec), newRecord(&b.Spec)
			src := rand.NewPCG(0, 0)
			rng := rand.New(src)
			figs, seed, first := figs, cfg.Seed, uint64(cfg.First) // the worker's own copies
			return func(sums []PairSums, lo, hi int, ctx context.Context) bool {
				clear(sums)
				for i := lo; i < hi; i++ {
					if cancelled(ctx, i) {
						return false
					}
					src.Seed(seed, first+uint64(i))
					ra.begin()
					oa := ga.Play(rng, ra)
					ra.end(oa)
					src.Seed(seed, first+uint64(i))
					rb.begin()
					ob := gb.Play(rng, rb)
					rb.end(ob)
					for f := range figs {
						va, okA := figs[f].Value(oa, ra)
						vb, okB := figs[f].Value(ob, rb)
						if okA && okB {
							s := &sums[f]
							s.n++
							s.a += va
							s.b += vb
							s.a2 += va * va
							s.b2 += vb * vb
							s.d2 += (vb - va) * (vb - va)
						}
					}
				}
				return true
			}
		},
		Merge: func(sums []PairSums, done int) bool {
			for f := range total {
				total[f].add(&sums[f])
			}
			games = done
			if cfg.Progress != nil {
				cfg.Progress(games, cfg.Games)
			}
			if cfg.Precision > 0 && games < cfg.Games && total[0].n >= MinPrecisionGames {
				if f := total[0].figure(figs[0]); f.HalfWidth() < cfg.Precision {
					precise = true
					return true
				}
			}
			return false
		}}
	if err := cr.run(); err != nil {
		return nil, 0, false, err
	}
	return total, games, precise, nil
}
