package search

import (
	"errors"
	"fmt"
	"math"
	"math/bits"
	"math/rand/v2"
	"sort"

	"github.com/deckwright/deckwright/cardsdb"
	"github.com/deckwright/deckwright/engine"
)

// MinGames is the fewest paired games a candidate plays in a round.
const MinGames = 50

// Value is a card's value in a deck: Gain is the mean gain of the legal
// swaps that cut one copy of it (Swaps of them), each candidate of the
// pool weighing the same, and GainCI its 95% interval; a card worth
// keeping has a negative Gain (cutting it loses), a card to cut a
// positive one. Best is the swap that cuts it with the best estimate
// among those that went furthest in the race.
type Value struct {
	Card   *cardsdb.Card
	Gain   float64
	GainCI [2]float64
	Best   *Estimate
	Swaps  int
}

// Tuning is what Tune found: every swap raced, furthest in the race
// first and best first within a round, and the value of each card of the
// deck, most valuable first.
type Tuning struct {
	Swaps  []*Estimate
	Values []Value
	// Legal is the number of legal swaps from the deck; more than
	// len(Swaps) when the budget could not race them all, and a sample
	// raced (Sampled).
	Legal   int
	Sampled bool
}

// Tune races every legal swap from p.Base by successive halving: each
// round plays every swap still in the race on new games, keeps the
// better half and doubles the games of the next round, so that clearly
// bad swaps are dropped after few games and close ones get more. budget
// is the most paired games in all (0: no bound). When it cannot give every
// legal swap MinGames games, a sample of budget/MinGames swaps is raced,
// drawn from p.Seed, an equal share for each card of the deck (one at
// least): each card's value is then the mean over a sample of its
// replacements, and the work and the memory follow the budget, not the
// pool (a 20,000-card pool makes hundreds of thousands of legal swaps).
// It returns every swap raced and the value of each card of the deck, most
// valuable first (the card whose cuts lose most ranks first; the one whose
// cuts gain most, last).
func Tune(p *Problem, budget int) (*Tuning, error) {
	t, err := NewTuneRace(p, budget)
	if err != nil {
		return nil, err
	}
	for {
		_, first, n, ok := t.Round()
		if !ok {
			break
		}
		if err := t.ev.extend(t.rc.race, first, n); err != nil {
			return nil, err
		}
		t.rc.played()
	}
	return t.Result()
}

// TuneRace is Tune a round at a time, so that each round's games can be
// played apart, by shards on other machines: Round says which round comes
// next and on which games, PlayPart plays a part of those games for every
// swap still in the race and returns their sums, AddRound adds the sums of
// the whole round (the parts added up) and goes on to the next, and
// Result gives what Tune gives. The sums are integers over disjoint games,
// so a race played in parts ends exactly as Tune's.
type TuneRace struct {
	ev  *evaluator
	res *Tuning
	all []*Estimate
	rc  *racer
}

// NewTuneRace sets up Tune's race of the legal swaps from p.Base with a
// budget of paired games (see Tune).
func NewTuneRace(p *Problem, budget int) (*TuneRace, error) {
	ev, err := newEvaluator(p)
	if err != nil {
		return nil, err
	}
	swaps := p.Swaps(p.Base)
	if len(swaps) == 0 {
		return nil, errors.New("no legal swap: no card of the pool can replace a card of the deck")
	}
	res := &Tuning{Legal: len(swaps)}
	if budget > 0 && len(swaps) > budget/MinGames {
		swaps, res.Sampled = sampleSwaps(swaps, budget/MinGames, p.Seed), true
	}
	all := make([]*Estimate, len(swaps))
	for i, s := range swaps {
		all[i] = &Estimate{Swaps: []Swap{s}, from: p.Base}
	}
	rounds := bits.Len(uint(len(all)-1)) + 1
	n := MinGames
	if budget > 0 {
		n = max(MinGames, budget/(rounds*len(all)))
	}
	return &TuneRace{ev: ev, res: res, all: all, rc: newRacer(ev, all, n, budget)}, nil
}

// Round returns the next round (from 1) and its games, first to
// first+n-1, and ok false once the race is over.
func (t *TuneRace) Round() (round, first, n int, ok bool) {
	if !t.rc.next(nil) {
		return t.rc.round, t.rc.first, 0, false
	}
	return t.rc.round + 1, t.rc.first, t.rc.n, true
}

// Racing is the number of swaps the next round plays.
func (t *TuneRace) Racing() int { return len(t.rc.race) }

// PlayPart plays games first+lo to first+lo+count-1 of the next round
// (Round) for every swap in the race, and returns their sums: one list
// per swap, in the race's order, one PairSums per figure.
func (t *TuneRace) PlayPart(lo, count int) ([][]engine.PairSums, error) {
	_, first, n, ok := t.Round()
	if !ok {
		return nil, errors.New("search: the race is over")
	}
	if lo < 0 || count < 0 || lo+count > n {
		return nil, fmt.Errorf("search: games %d to %d of a round of %d", lo, lo+count, n)
	}
	return t.ev.extendSums(t.rc.race, first+lo, count)
}

// AddRound adds the sums of the whole next round, one list per swap in the
// race's order (PlayPart's, added up over the parts), and ends the round.
// Sums of more games than the round played are refused.
func (t *TuneRace) AddRound(sums [][]engine.PairSums) error {
	_, _, n, ok := t.Round()
	if !ok {
		return errors.New("search: the race is over")
	}
	if err := checkRoundSums(sums, len(t.rc.race), len(t.ev.figs), n); err != nil {
		return err
	}
	for i, e := range t.rc.race {
		if err := e.add(sums[i]); err != nil {
			return err
		}
	}
	t.rc.played()
	return nil
}

// Result is Tune's result, once the race is over (Round's ok false).
func (t *TuneRace) Result() (*Tuning, error) {
	if _, _, _, ok := t.Round(); ok {
		return nil, errors.New("search: the race is not over")
	}
	all, res := t.all, t.res
	var values []Value
	at := map[*cardsdb.Card]int{}
	for _, e := range all { // furthest first, then best: the first seen is Best
		out := e.Swaps[0].Out
		i, ok := at[out]
		if !ok {
			at[out] = len(values)
			values = append(values, Value{Card: out, Best: e})
			i = len(values) - 1
		}
		values[i].Swaps++
		values[i].Gain += e.Gain
		h := (e.GainCI[1] - e.GainCI[0]) / 2
		values[i].GainCI[1] += h * h // the sum of squared half-widths, for now
	}
	for i := range values {
		v := &values[i]
		k := float64(v.Swaps)
		v.Gain /= k
		h := math.Sqrt(v.GainCI[1]) / k
		v.GainCI = [2]float64{v.Gain - h, v.Gain + h}
	}
	sort.SliceStable(values, func(i, j int) bool { return values[i].Gain < values[j].Gain })
	res.Swaps, res.Values = all, values
	return res, nil
}

// sampleSwaps draws about keep of swaps from seed: the swaps of each card
// cut, in their order, shuffled, and taken in turn, one from each card, so
// that every card gets an equal share (one at least, however small keep
// is). The swaps kept stay in their order.
func sampleSwaps(swaps []Swap, keep int, seed uint64) []Swap {
	rng := rand.New(rand.NewPCG(seed, 0x74756e65)) // "tune"
	var cards [][]int                              // indexes into swaps, by card cut
	at := map[*cardsdb.Card]int{}
	for i, s := range swaps {
		k, ok := at[s.Out]
		if !ok {
			k = len(cards)
			at[s.Out] = k
			cards = append(cards, nil)
		}
		cards[k] = append(cards[k], i)
	}
	for _, c := range cards {
		rng.Shuffle(len(c), func(i, j int) { c[i], c[j] = c[j], c[i] })
	}
	keep = max(keep, len(cards))
	var picked []int
	for round := 0; len(picked) < keep; round++ {
		took := false
		for _, c := range cards {
			if round < len(c) && len(picked) < keep {
				picked = append(picked, c[round])
				took = true
			}
		}
		if !took {
			break
		}
	}
	sort.Ints(picked)
	out := make([]Swap, len(picked))
	for i, k := range picked {
		out[i] = swaps[k]
	}
	return out
}

// racer is the state of a race between its rounds (successive halving
// over es: each round plays every estimate still in the race on n new
// games, the same for all, keeps the better half and doubles n, until one
// is left, the next round would pass budget paired games, 0 no bound, or
// a stop says so, checked between rounds; it leaves es sorted, furthest in
// the race first, best first within a round): the estimates still in it,
// the next round's games (first to first+n-1), the games spent and the
// rounds played.
type racer struct {
	ev                   *evaluator
	es, race             []*Estimate
	first, n             int
	budget, spent, round int
	over                 bool
}

func newRacer(ev *evaluator, es []*Estimate, n, budget int) *racer {
	return &racer{ev: ev, es: es, race: append([]*Estimate(nil), es...), n: n, budget: budget}
}

// next reports whether another round is to be played: not after the
// last, nor when it would pass the budget or stop says so.
func (r *racer) next(stop func() bool) bool {
	if r.over {
		return false
	}
	if r.round >= 1 && (r.budget > 0 && r.spent+r.n*len(r.race) > r.budget || stop != nil && stop()) {
		r.finish()
		return false
	}
	return true
}

// played ends a round whose games are in the race's sums: it ranks the
// race and keeps the better half for the next round, of twice the games.
func (r *racer) played() {
	r.round++
	r.spent += r.n * len(r.race)
	for _, e := range r.race {
		e.update(r.ev.figs[0])
		e.Round = r.round
	}
	if p := r.ev.p; p.Progress != nil && r.budget > 0 {
		p.Progress(r.spent, r.budget)
	}
	r.first += r.n
	rank(r.race)
	if len(r.race) == 1 {
		r.finish()
		return
	}
	r.race = r.race[:(len(r.race)+1)/2]
	r.n *= 2
}

// finish ends the race and sorts its estimates: furthest in the race
// first, best first within a round.
func (r *racer) finish() {
	r.over = true
	sort.SliceStable(r.es, func(i, j int) bool {
		if r.es[i].Round != r.es[j].Round {
			return r.es[i].Round > r.es[j].Round
		}
		return r.es[i].Gain > r.es[j].Gain
	})
}

// checkRoundSums checks the sums of a round of n games: one list per
// candidate of the round (want of them), one sums per figure, of n games
// at most.
func checkRoundSums(sums [][]engine.PairSums, want, figs, n int) error {
	if len(sums) != want {
		return fmt.Errorf("search: sums of %d swaps, want %d", len(sums), want)
	}
	for i := range sums {
		if len(sums[i]) != figs {
			return fmt.Errorf("search: sums of %d figures, want %d", len(sums[i]), figs)
		}
		for k := range sums[i] {
			if g := sums[i][k].Games(); g > n {
				return fmt.Errorf("search: sums of %d games, in a round of %d", g, n)
			}
		}
	}
	return nil
}
