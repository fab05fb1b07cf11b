package search

import (
	"math/rand/v2"
	"time"

	"github.com/deckwright/deckwright/cardsdb"
	"github.com/deckwright/deckwright/engine"
)

// Budget bounds a search: Evals candidate lists (deterministic), or
// Time (for people; the lists found then depend on the machine's speed).
// Zero fields are no bound; at least one must be set.
type Budget struct {
	Evals int
	Time  time.Duration
}

// CheckFirst is the index of the first game of Optimize's final check:
// the search plays games below it, so the check runs on games the search
// never played.
const CheckFirst = 1 << 40

// Step is one swap the search kept, with its estimate against the list
// before it.
type Step struct {
	Swap     Swap
	Estimate *Estimate
}

// Result is what Optimize found.
type Result struct {
	// Deck is the list returned: the best list found when the final check
	// confirms its gain, else the base deck.
	Deck *cardsdb.Deck
	// Path is the swaps the search kept, in order, from the base deck.
	Path []Step
	// Found is the best list found, whether or not Check confirmed it.
	Found *cardsdb.Deck
	// Check is the final paired check of Found against the base deck, on
	// games CheckFirst to CheckFirst+CheckGames-1, and Confirmed says
	// whether its gain's 95% CI lies above 0.
	Check      *Estimate
	Confirmed  bool
	CheckGames int
	// Elapsed is the time the search took (not the check).
	Elapsed time.Duration
	// Evals is the number of candidate lists evaluated; SearchGames the
	// most games a candidate played (games 0 to SearchGames-1).
	Evals, SearchGames int
	// Optimum says that no legal swap of the list found improved it.
	Optimum bool
}

// Optimize climbs from p.Base swap by swap. Each step races every legal
// swap of the current list (a sample drawn from p.Seed when the Evals
// budget left is smaller) (successive halving, as Tune, paired against
// the current list on games below CheckFirst, games each in the first
// round) and keeps the winner when its gain's 95% CI lies above 0; the
// search stops at the budget or when no swap improves the list. Then it checks the best
// list found against the base deck on check fresh games (from
// CheckFirst), and returns it only when that check confirms the gain.
// Every list it returns or keeps on its path is legal (p.Legal). For a
// given seed and an Evals budget the result is always the same.
func Optimize(p *Problem, b Budget, games, check int) (*Result, error) {
	ev, err := newEvaluator(p)
	if err != nil {
		return nil, err
	}
	start := time.Now()
	timeUp := func() bool {
		return b.Time > 0 && time.Since(start) >= b.Time || ev.ctx().Err() != nil
	}
	rng := rand.New(rand.NewPCG(p.Seed, 0x6f7074696d697a65)) // "optimize"
	cur := p.Base
	res := &Result{SearchGames: games, CheckGames: check}
	for !timeUp() {
		swaps := p.Swaps(cur)
		if len(swaps) == 0 {
			res.Optimum = true
			break
		}
		if left := b.Evals - res.Evals; b.Evals > 0 && len(swaps) > left {
			// The budget cannot race them all: race a sample, drawn from
			// the seed.
			if left < 2 {
				break
			}
			rng.Shuffle(len(swaps), func(i, j int) { swaps[i], swaps[j] = swaps[j], swaps[i] })
			swaps = swaps[:left]
		}
		es := make([]*Estimate, len(swaps))
		for i, s := range swaps {
			es[i] = &Estimate{Swaps: []Swap{s}, from: cur}
		}
		if err := ev.race(es, games, 0, timeUp); err != nil {
			if ev.ctx().Err() != nil {
				break
			}
			return nil, err
		}
		res.Evals += len(es)
		switch {
		case p.Progress == nil:
		case b.Evals > 0:
			p.Progress(res.Evals, b.Evals)
		case b.Time > 0:
			p.Progress(int(time.Since(start)/time.Second), int(b.Time/time.Second))
		}
		win := es[0]
		if win.GainCI[0] <= 0 || !win.Figure.Significant() {
			// no swap improves the list (or none yet, when time ran out
			// during the race)
			res.Optimum = !timeUp()
			break
		}
		res.Path = append(res.Path, Step{Swap: win.Swaps[0], Estimate: win})
		if res.SearchGames < win.Games {
			res.SearchGames = win.Games
		}
		cur = win.List()
		if ev.base, err = p.Compile(cur); err != nil {
			return nil, err
		}
	}
	res.Elapsed = time.Since(start)
	res.Found, res.Deck = cur, p.Base
	if len(res.Path) == 0 {
		return res, nil
	}
	base, err := p.Compile(p.Base)
	if err != nil {
		return nil, err
	}
	ev.base = base
	final := &Estimate{from: p.Base}
	for _, st := range res.Path {
		final.Swaps = append(final.Swaps, st.Swap)
	}
	ev.p = &Problem{Base: p.Base, Legal: p.Legal, Compile: p.Compile, Seed: p.Seed, Workers: p.Workers, Figure: p.Figure} // no cancel: the check always runs
	if err := ev.extendWide(final, CheckFirst, check); err != nil {
		return nil, err
	}
	res.Check = final
	if final.GainCI[0] > 0 && final.Figure.Significant() && p.Legal(cur) {
		res.Confirmed, res.Deck = true, cur
	}
	return res, nil
}

// extendWide plays one estimate's games on every worker.
func (ev *evaluator) extendWide(e *Estimate, first, n int) error {
	pl, err := ev.p.Compile(e.List())
	if err != nil {
		return err
	}
	sums, _, _, err := engine.PlayPaired(
		engine.Side{Spec: ev.base.Spec, NewGame: ev.base.NewGame},
		engine.Side{Spec: pl.Spec, NewGame: pl.NewGame},
		ev.figs, engine.Config{Games: n, First: first, Seed: ev.p.Seed, Workers: ev.p.Workers})
	if err != nil {
		return err
	}
	e.sums = sums
	e.update(ev.figs[0])
	return nil
}
