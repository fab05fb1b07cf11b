package search

import (
	"encoding/json"
	"fmt"
	"testing"

	"github.com/deckwright/deckwright/engine"
)

// tuningText is everything a Tuning reports, for comparing two.
func tuningText(res *Tuning) string {
	s := fmt.Sprintf("legal %d sampled %v\n", res.Legal, res.Sampled)
	for _, e := range res.Swaps {
		s += fmt.Sprintf("%v %v %v %v %d %d\n", e.Swaps, e.Figure, e.Gain, e.GainCI, e.Games, e.Round)
	}
	for _, v := range res.Values {
		s += fmt.Sprintf("%s %v %v %d %v\n", v.Card.Name, v.Gain, v.GainCI, v.Swaps, v.Best.Swaps)
	}
	return s
}

// TestTuneRaceInParts plays Tune's race a round at a time, each round cut
// into 1, 2, 3 and 7 parts played by races of their own (as shards on other
// machines would, each replaying the rounds before from their sums), the
// parts' sums written as JSON and added up: the result is Tune's, to the
// bit, with and without a budget that samples the swaps.
func TestTuneRaceInParts(t *testing.T) {
	for _, budget := range []int{20000, 3000} {
		p, _ := problem(t)
		whole, err := Tune(p, budget)
		if err != nil {
			t.Fatal(err)
		}
		want := tuningText(whole)
		for _, n := range []int{1, 2, 3, 7} {
			t.Run(fmt.Sprintf("budget %d in %d parts", budget, n), func(t *testing.T) {
				var rounds [][][]engine.PairSums // the merged sums of each round played
				// replay makes a race and adds the rounds played so far.
				replay := func() *TuneRace {
					p, _ := problem(t)
					tr, err := NewTuneRace(p, budget)
					if err != nil {
						t.Fatal(err)
					}
					for _, r := range rounds {
						if err := tr.AddRound(r); err != nil {
							t.Fatal(err)
						}
					}
					return tr
				}
				for {
					tr := replay()
					_, _, games, ok := tr.Round()
					if !ok {
						got, err := tr.Result()
						if err != nil {
							t.Fatal(err)
						}
						if g := tuningText(got); g != want {
							t.Errorf("in parts:\n%s\nwhole:\n%s", g, want)
						}
						return
					}
					total := make([][]engine.PairSums, tr.Racing())
					for k := range n {
						lo, hi := k*games/n, (k+1)*games/n
						part, err := replay().PlayPart(lo, hi-lo)
						if err != nil {
							t.Fatal(err)
						}
						b, _ := json.Marshal(part)
						var back [][]engine.PairSums
						if err := json.Unmarshal(b, &back); err != nil {
							t.Fatal(err)
						}
						for i := range back {
							if total[i] == nil {
								total[i] = make([]engine.PairSums, len(back[i]))
							}
							for f := range back[i] {
								total[i][f].Add(&back[i][f])
							}
						}
					}
					rounds = append(rounds, total)
				}
			})
		}
	}
}
