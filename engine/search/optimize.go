package search

import (
	"errors"
	"fmt"
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
	o, err := newOptimizeRace(p, b, games, check)
	if err != nil {
		return nil, err
	}
	for {
		_, first, n, ok := o.Round()
		if !ok {
			break
		}
		if err := o.ev.extend(o.playing(), first, n); err != nil {
			if o.final == nil && o.ev.ctx().Err() != nil {
				// stopped: the climb ends where it is, the check runs
				if err := o.abandon(); err != nil {
					return nil, err
				}
				continue
			}
			return nil, err
		}
		if err := o.played(); err != nil {
			return nil, err
		}
	}
	return o.Result()
}

// OptimizeRace is Optimize a round at a time, as TuneRace is Tune, so that
// each round's games can be played apart, by shards on other machines.
// The rounds are those of every step's race, one after the other (the
// swaps a step races depend on the list the steps before kept), and then
// one round of the final check (Checking), which plays the list found.
// Round says which round comes next and on which games, PlayPart plays a
// part of those games for every list in the round, AddRound adds the sums
// of the whole round and goes on, and Result gives what Optimize gives.
// It needs an Evals budget: a Time budget would make the rounds depend on
// the machine.
type OptimizeRace struct {
	p            *Problem
	b            Budget
	games, check int
	ev           *evaluator
	rng          *rand.Rand
	start        time.Time
	cur          *cardsdb.Deck
	res          *Result
	rc           *racer    // the step's race; nil between steps
	climbed      bool      // the climb is over
	final        *Estimate // the final check, once the climb is over
	over         bool
	rounds       int // rounds played
}

// NewOptimizeRace sets up Optimize's climb from p.Base (see Optimize); b
// must bound the evaluations (Evals) and not the time.
func NewOptimizeRace(p *Problem, b Budget, games, check int) (*OptimizeRace, error) {
	if b.Evals <= 0 || b.Time != 0 {
		return nil, errors.New("search: a climb in rounds needs an Evals budget and no Time")
	}
	return newOptimizeRace(p, b, games, check)
}

func newOptimizeRace(p *Problem, b Budget, games, check int) (*OptimizeRace, error) {
	ev, err := newEvaluator(p)
	if err != nil {
		return nil, err
	}
	o := &OptimizeRace{p: p, b: b, games: games, check: check, ev: ev, start: time.Now(),
		rng: rand.New(rand.NewPCG(p.Seed, 0x6f7074696d697a65)), // "optimize"
		cur: p.Base, res: &Result{SearchGames: games, CheckGames: check}}
	if err := o.advance(); err != nil {
		return nil, err
	}
	return o, nil
}

// timeUp says whether the search is to stop: its time is up, or its
// context done.
func (o *OptimizeRace) timeUp() bool {
	return o.b.Time > 0 && time.Since(o.start) >= o.b.Time || o.ev.ctx().Err() != nil
}

// advance goes on to the next round to play: the step's race's next, the
// next step's first, or the final check; or it ends the climb.
func (o *OptimizeRace) advance() error {
	p, res := o.p, o.res
	for !o.climbed {
		if o.rc != nil {
			if o.rc.next(o.timeUp) {
				return nil
			}
			if err := o.endStep(); err != nil {
				return err
			}
			continue
		}
		if o.timeUp() {
			o.climbed = true
			break
		}
		swaps := p.Swaps(o.cur)
		if len(swaps) == 0 {
			res.Optimum, o.climbed = true, true
			break
		}
		if left := o.b.Evals - res.Evals; o.b.Evals > 0 && len(swaps) > left {
			// The budget cannot race them all: race a sample, drawn from
			// the seed.
			if left < 2 {
				o.climbed = true
				break
			}
			o.rng.Shuffle(len(swaps), func(i, j int) { swaps[i], swaps[j] = swaps[j], swaps[i] })
			swaps = swaps[:left]
		}
		es := make([]*Estimate, len(swaps))
		for i, s := range swaps {
			es[i] = &Estimate{Swaps: []Swap{s}, from: o.cur}
		}
		o.rc = newRacer(o.ev, es, o.games, 0)
	}
	if o.final != nil || o.over {
		return nil
	}
	res.Elapsed = time.Since(o.start)
	res.Found, res.Deck = o.cur, p.Base
	if len(res.Path) == 0 {
		o.over = true
		return nil
	}
	base, err := p.Compile(p.Base)
	if err != nil {
		return err
	}
	o.ev.base = base
	o.final = &Estimate{from: p.Base}
	for _, st := range res.Path {
		o.final.Swaps = append(o.final.Swaps, st.Swap)
	}
	o.ev.p = &Problem{Base: p.Base, Legal: p.Legal, Compile: p.Compile, Seed: p.Seed, Workers: p.Workers, Figure: p.Figure} // no cancel: the check always runs
	return nil
}

// endStep ends a step whose race is over: it keeps the winner, or ends
// the climb.
func (o *OptimizeRace) endStep() error {
	p, res, es := o.p, o.res, o.rc.es
	o.rc = nil
	res.Evals += len(es)
	switch {
	case p.Progress == nil:
	case o.b.Evals > 0:
		p.Progress(res.Evals, o.b.Evals)
	case o.b.Time > 0:
		p.Progress(int(time.Since(o.start)/time.Second), int(o.b.Time/time.Second))
	}
	win := es[0]
	if win.GainCI[0] <= 0 || !win.Figure.Significant() {
		// no swap improves the list (or none yet, when time ran out
		// during the race)
		res.Optimum, o.climbed = !o.timeUp(), true
		return nil
	}
	res.Path = append(res.Path, Step{Swap: win.Swaps[0], Estimate: win})
	if res.SearchGames < win.Games {
		res.SearchGames = win.Games
	}
	o.cur = win.List()
	var err error
	o.ev.base, err = p.Compile(o.cur)
	return err
}

// abandon ends the climb in the middle of a step's race (the search was
// stopped): the step counts for nothing.
func (o *OptimizeRace) abandon() error {
	o.rc, o.climbed = nil, true
	return o.advance()
}

// playing is the estimates the next round plays.
func (o *OptimizeRace) playing() []*Estimate {
	switch {
	case o.rc != nil:
		return o.rc.race
	case o.final != nil && !o.over:
		return []*Estimate{o.final}
	}
	return nil
}

// played ends a round whose games are in the sums of the estimates it
// played, and goes on to the next.
func (o *OptimizeRace) played() error {
	o.rounds++
	if o.rc != nil {
		o.rc.played()
		return o.advance()
	}
	f := o.final
	f.update(o.ev.figs[0])
	o.res.Check, o.over = f, true
	if f.GainCI[0] > 0 && f.Figure.Significant() && o.p.Legal(o.cur) {
		o.res.Confirmed, o.res.Deck = true, o.cur
	}
	return nil
}

// Round returns the next round (from 1, counted over the whole climb and
// the check) and its games, first to first+n-1, and ok false once the
// climb and the check are over.
func (o *OptimizeRace) Round() (round, first, n int, ok bool) {
	switch {
	case o.rc != nil:
		return o.rounds + 1, o.rc.first, o.rc.n, true
	case o.final != nil && !o.over:
		return o.rounds + 1, CheckFirst, o.check, true
	}
	return o.rounds, 0, 0, false
}

// Step is the step of the climb the next round belongs to (from 1), and
// checking whether it is the final check's round instead.
func (o *OptimizeRace) Step() (step int, checking bool) {
	return len(o.res.Path) + 1, o.rc == nil && o.final != nil && !o.over
}

// Racing is the number of lists the next round plays.
func (o *OptimizeRace) Racing() int { return len(o.playing()) }

// PlayPart plays games first+lo to first+lo+count-1 of the next round
// (Round) for every list in it, and returns their sums: one list per
// candidate, in the round's order, one PairSums per figure.
func (o *OptimizeRace) PlayPart(lo, count int) ([][]engine.PairSums, error) {
	_, first, n, ok := o.Round()
	if !ok {
		return nil, errors.New("search: the climb is over")
	}
	if lo < 0 || count < 0 || lo+count > n {
		return nil, fmt.Errorf("search: games %d to %d of a round of %d", lo, lo+count, n)
	}
	return o.ev.extendSums(o.playing(), first+lo, count)
}

// AddRound adds the sums of the whole next round, one list per candidate
// in the round's order (PlayPart's, added up over the parts), and goes on
// to the next round. Sums of more games than the round played are refused.
func (o *OptimizeRace) AddRound(sums [][]engine.PairSums) error {
	_, _, n, ok := o.Round()
	if !ok {
		return errors.New("search: the climb is over")
	}
	es := o.playing()
	if err := checkRoundSums(sums, len(es), len(o.ev.figs), n); err != nil {
		return err
	}
	for i, e := range es {
		if err := e.add(sums[i]); err != nil {
			return err
		}
	}
	return o.played()
}

// Result is Optimize's result, once the climb and the check are over
// (Round's ok false).
func (o *OptimizeRace) Result() (*Result, error) {
	if !o.over {
		return nil, errors.New("search: the climb is not over")
	}
	return o.res, nil
}
