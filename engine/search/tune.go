package search

import (
	"errors"
	"math"
	"math/bits"
	"math/rand/v2"
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
	if err := ev.race(all, n, budget, nil); err != nil {
		return nil, err
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
