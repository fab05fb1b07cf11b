package search

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"sort"
	"sync"
	"sync/atomic"

	"github.com/deckwright/deckwright/cardsdb"
	"github.com/deckwright/deckwright/engine"
)

// Swap cuts one copy of Out and adds one copy of In, in Out's section.
type Swap struct {
	Out, In *cardsdb.Card
}

// String writes the swap: "-1 Space Probe +1 Dud Beacon".
func (s Swap) String() string { return "-1 " + s.Out.Name + " +1 " + s.In.Name }

// Apply returns a copy of d with the swap made: one copy of Out fewer
// (its entry gone at 0) and one more of In, in the section Out was in
// (never a playtest's supply or market). d is unchanged.
func Apply(d *cardsdb.Deck, s Swap) *cardsdb.Deck {
	nd := *d
	nd.Cards = nil
	applyInto(&nd, d, s)
	return &nd
}

// applyInto makes dst d with the swap made, as Apply does, reusing
// dst.Cards' array: Swaps checks hundreds of thousands of swaps of a big
// pool with one list.
func applyInto(dst, d *cardsdb.Deck, s Swap) {
	cards := dst.Cards[:0]
	*dst = *d
	if cap(cards) < len(d.Cards)+1 {
		cards = make([]cardsdb.DeckCard, 0, len(d.Cards)+1)
	}
	var sec *cardsdb.Section
	for _, dc := range d.Cards {
		if dc.Card == s.Out && sec == nil && !dc.Companion && !supplied(d.Game, dc.Section) {
			sec = dc.Section
			if dc.Count--; dc.Count == 0 {
				continue
			}
		}
		cards = append(cards, dc)
	}
	dst.Cards = cards
	for i := range cards {
		if dc := &cards[i]; dc.Card == s.In && dc.Section == sec && !dc.Companion {
			dc.Count++
			return
		}
	}
	dst.Cards = append(cards, cardsdb.DeckCard{Card: s.In, Count: 1, Section: sec, Written: s.In.Name})
}

// Problem is what a search works on.
type Problem struct {
	// Base is the deck to improve (legal).
	Base *cardsdb.Deck
	// Pool holds the cards that may come in.
	Pool []*cardsdb.Card
	// Keep names cards never cut (optimize --keep).
	Keep map[*cardsdb.Card]bool
	// Legal says whether a list keeps the game's rules. It must not keep
	// the list it is given: Swaps gives it the same one, swap after swap.
	Legal func(*cardsdb.Deck) bool
	// Compile compiles a deck for the engine and setup of the search.
	Compile func(*cardsdb.Deck) (*engine.Play, error)
	// Figure is the figure weighed: an index into the engine's
	// Play.Figures (0, the default, its main one).
	Figure int
	// Seed is the seed of every game; Workers the goroutines (0: one per
	// CPU); Context stops the search.
	Seed    uint64
	Workers int
	Context context.Context
	// Progress, if set, is told what the search did so far.
	Progress func(done, total int)
}

// Swaps returns the legal swaps from d: for each card of d (once, not
// kept), each card of the pool that can replace one copy of it. The
// cards of a playtest's supply and market are what the game buys from,
// not the list being tuned: they are never cut.
func (p *Problem) Swaps(d *cardsdb.Deck) []Swap {
	var out []Swap
	seen := map[*cardsdb.Card]bool{}
	var scratch cardsdb.Deck
	for _, dc := range d.Cards {
		if dc.Companion || seen[dc.Card] || p.Keep[dc.Card] || supplied(d.Game, dc.Section) {
			continue
		}
		seen[dc.Card] = true
		for _, in := range p.Pool {
			if in == dc.Card {
				continue
			}
			s := Swap{dc.Card, in}
			applyInto(&scratch, d, s)
			if p.Legal(&scratch) {
				out = append(out, s)
			}
		}
	}
	return out
}

// gain is how much better B is than A on the figure: −diff when less is
// better.
func gain(f *engine.PairedFigure) float64 {
	if f.Lower {
		return -f.Diff
	}
	return f.Diff
}

// Estimate is the paired estimate of a candidate list against the base:
// Figure is B − A on the engine's main figure, Gain the improvement (the
// difference, its sign turned so that more is better), and GainCI its
// interval.
type Estimate struct {
	Swaps  []Swap
	Figure engine.PairedFigure
	Gain   float64
	GainCI [2]float64
	// Games is the number of paired games; Round the racing round the
	// swap got to (Tune).
	Games, Round int

	sums []engine.PairSums
	// from is the list the swaps are made to (the list is built when
	// it is compiled, and the compiled list let go once it has played:
	// a race of many swaps holds no copy of a list per swap)
	from *cardsdb.Deck
}

// List returns the candidate list: from with the swaps made, in order.
func (e *Estimate) List() *cardsdb.Deck {
	d := e.from
	for _, s := range e.Swaps {
		d = Apply(d, s)
	}
	return d
}

func (e *Estimate) update(f engine.Figure) {
	e.Figure = e.sums[0].Figure(f)
	e.Gain = gain(&e.Figure)
	e.Games = e.sums[0].Games()
	lo, hi := e.Figure.CI95[0], e.Figure.CI95[1]
	if f.Lower {
		lo, hi = -hi, -lo
	}
	e.GainCI = [2]float64{lo, hi}
}

// evaluator plays candidates against the base.
type evaluator struct {
	p     *Problem
	base  *engine.Play
	figs  []engine.Figure
	games int // paired games played, for Progress
}

func newEvaluator(p *Problem) (*evaluator, error) {
	if p.Legal == nil || p.Compile == nil || p.Base == nil {
		return nil, errors.New("search: a Problem needs Base, Legal and Compile")
	}
	base, err := p.Compile(p.Base)
	if err != nil {
		return nil, err
	}
	if p.Figure < 0 || p.Figure >= len(base.Figures) {
		return nil, fmt.Errorf("search: figure %d of %d", p.Figure, len(base.Figures))
	}
	return &evaluator{p: p, base: base, figs: base.Figures[p.Figure : p.Figure+1]}, nil
}

func (ev *evaluator) ctx() context.Context {
	if ev.p.Context != nil {
		return ev.p.Context
	}
	return context.Background()
}

// extend plays games first to first+n-1 of each estimate and adds them to
// its sums. The work is cut into pieces (an estimate's games, or a part of
// them when the estimates are fewer than the workers, as in the last
// rounds of a race) that the workers take in turn, so that every worker
// is busy until the round ends. The sums are of integers over disjoint
// games, so the result does not depend on the number of workers.
//
// A candidate list is compiled when it plays and let go once it has
// played: an estimate that is one piece is compiled in its piece, so the
// lists compiled at once are as many as the workers, however many swaps
// race (a pool of 20,000 cards made hundreds of thousands, held together:
// over 8 GB); estimates cut into pieces, few, are compiled first and
// shared by their pieces.
func (ev *evaluator) extend(es []*Estimate, first, n int) error {
	sums, err := ev.extendSums(es, first, n)
	if err != nil {
		return err
	}
	for i, e := range es {
		if err := e.add(sums[i]); err != nil {
			return err
		}
		e.update(ev.figs[0])
	}
	ev.games += n * len(es)
	return nil
}

// add adds the sums of more games to the estimate's.
func (e *Estimate) add(sums []engine.PairSums) error {
	if e.sums == nil {
		e.sums = make([]engine.PairSums, len(sums))
	}
	if len(sums) != len(e.sums) {
		return fmt.Errorf("search: sums of %d figures, want %d", len(sums), len(e.sums))
	}
	for k := range sums {
		if err := e.sums[k].AddChecked(&sums[k]); err != nil {
			return err
		}
	}
	return nil
}

// extendSums plays games first to first+n-1 of each estimate, as extend
// does, and returns their sums (one list per estimate) without adding
// them: a shard's part of a round.
func (ev *evaluator) extendSums(es []*Estimate, first, n int) ([][]engine.PairSums, error) {
	out := make([][]engine.PairSums, len(es))
	for i := range out {
		out[i] = make([]engine.PairSums, len(ev.figs))
	}
	if n <= 0 || len(es) == 0 {
		return out, nil
	}
	workers := ev.p.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	// pieces of at least minPiece games, at least 4 per worker in all
	piece := n
	if parts := 4 * workers; len(es) < parts {
		per := (parts + len(es) - 1) / len(es)
		piece = max(minPiece, (n+per-1)/per)
	}
	compile := func(e *Estimate) (*engine.Play, error) {
		pl, err := ev.p.Compile(e.List())
		if err != nil {
			return nil, fmt.Errorf("%v: %w", e.Swaps, err)
		}
		return pl, nil
	}
	plays := make([]*engine.Play, len(es)) // for estimates cut into pieces
	if piece < n {
		if err := ev.each(workers, len(es), func(i int) (err error) {
			plays[i], err = compile(es[i])
			return err
		}); err != nil {
			return nil, err
		}
	}
	type job struct {
		i        int // the estimate, es[i]
		first, n int
	}
	var jobs []job
	for i := range es {
		for lo := 0; lo < n; lo += piece {
			jobs = append(jobs, job{i, first + lo, min(piece, n-lo)})
		}
	}
	var mu sync.Mutex
	err := ev.each(workers, len(jobs), func(k int) error {
		j := jobs[k]
		e, pl := es[j.i], plays[j.i]
		if pl == nil {
			var err error
			if pl, err = compile(e); err != nil {
				return err
			}
		}
		sums, _, _, err := engine.PlayPaired(
			engine.Side{Spec: ev.base.Spec, NewGame: ev.base.NewGame},
			engine.Side{Spec: pl.Spec, NewGame: pl.NewGame},
			ev.figs, engine.Config{Games: j.n, First: j.first, Seed: ev.p.Seed, Workers: 1, Context: ev.ctx()})
		if err != nil {
			return err
		}
		mu.Lock()
		defer mu.Unlock()
		for k := range sums {
			out[j.i][k].Add(&sums[k])
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// minPiece is the fewest games a piece of extend's work plays: fewer, and
// starting the piece costs more than its games.
const minPiece = 250

// each calls do(0) to do(n-1) on workers goroutines, each taking the next
// index in turn, and returns the errors. After an error the indices left
// are skipped.
func (ev *evaluator) each(workers, n int, do func(i int) error) error {
	var next atomic.Int64
	var failed atomic.Bool
	errs := make([]error, workers)
	var wg sync.WaitGroup
	for w := range min(workers, n) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for !failed.Load() {
				i := int(next.Add(1) - 1)
				if i >= n {
					return
				}
				if err := do(i); err != nil {
					errs[w] = err
					failed.Store(true)
				}
			}
		}()
	}
	wg.Wait()
	return errors.Join(errs...)
}

// rank sorts estimates by gain, best first; ties keep their order.
func rank(es []*Estimate) {
	sort.SliceStable(es, func(i, j int) bool { return es[i].Gain > es[j].Gain })
}

// supplied reports whether s is the supply or the market section of the
// game's playtest block.
func supplied(g *cardsdb.Game, s *cardsdb.Section) bool {
	if g == nil {
		return false
	}
	pt := g.Playtest
	return pt != nil && s != nil && s.ID != "" && (s.ID == pt.Supply || s.ID == pt.Market)
}
