package search

import (
	"errors"
	"math"
	"math/bits"
	"sort"

	"github.com/deckwright/deckwright/cardsdb"
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

// Tune races every legal swap from p.Base by successive halving: each
// round plays every swap still in the race on new games, keeps the
// better half and doubles the games of the next round, so that clearly
// bad swaps are dropped after few games and close ones get more. budget
// is the most paired games in all. It returns every swap's estimate,
// furthest in the race first and best first within a round, and the
// value of each card of the deck, most valuable first (the card whose
// cuts lose most ranks first; the one whose cuts gain most, last).
func Tune(p *Problem, budget int) ([]*Estimate, []Value, error) {
	ev, err := newEvaluator(p)
	if err != nil {
		return nil, nil, err
	}
	swaps := p.Swaps(p.Base)
	if len(swaps) == 0 {
		return nil, nil, errors.New("no legal swap: no card of the pool can replace a card of the deck")
	}
	all := make([]*Estimate, len(swaps))
	for i, s := range swaps {
		all[i] = &Estimate{Swaps: []Swap{s}, deck: Apply(p.Base, s)}
	}
	rounds := bits.Len(uint(len(all)-1)) + 1
	n := max(MinGames, budget/(rounds*len(all)))
	if err := ev.race(all, n, budget, nil); err != nil {
		return nil, nil, err
	}
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
	return all, values, nil
}

// race runs successive halving over es: each round plays every estimate
// still in the race on n new games (the same games for all), keeps the
// better half and doubles n, until one is left, the next round would
// pass budget paired games (0: no bound), or stop says so (checked
// between rounds). It leaves es sorted: furthest in the race first, best
// first within a round.
func (ev *evaluator) race(es []*Estimate, n, budget int, stop func() bool) error {
	race := append([]*Estimate(nil), es...)
	first := 0
	spent := 0
	for r := 1; ; r++ {
		if r > 1 && (budget > 0 && spent+n*len(race) > budget || stop != nil && stop()) {
			break
		}
		if err := ev.extend(race, first, n); err != nil {
			return err
		}
		spent += n * len(race)
		for _, e := range race {
			e.Round = r
		}
		if ev.p.Progress != nil && budget > 0 {
			ev.p.Progress(spent, budget)
		}
		first += n
		rank(race)
		if len(race) == 1 {
			break
		}
		race = race[:(len(race)+1)/2]
		n *= 2
	}
	sort.SliceStable(es, func(i, j int) bool {
		if es[i].Round != es[j].Round {
			return es[i].Round > es[j].Round
		}
		return es[i].Gain > es[j].Gain
	})
	return nil
}
