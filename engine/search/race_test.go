package search

import (
	"encoding/json"
	"fmt"
	"testing"
	"time"

	"github.com/deckwright/deckwright/cardsdb"

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

// resultText is everything an Optimize Result reports, for comparing two.
func resultText(res *Result) string {
	s := fmt.Sprintf("evals %d games %d optimum %v confirmed %v check games %d\n", res.Evals, res.SearchGames, res.Optimum, res.Confirmed, res.CheckGames)
	for _, st := range res.Path {
		e := st.Estimate
		s += fmt.Sprintf("%v %v %v %v %v %d %d\n", st.Swap, e.Swaps, e.Figure, e.Gain, e.GainCI, e.Games, e.Round)
	}
	if c := res.Check; c != nil {
		s += fmt.Sprintf("check %v %v %v %v %d\n", c.Swaps, c.Figure, c.Gain, c.GainCI, c.Games)
	}
	for _, d := range []*cardsdb.Deck{res.Deck, res.Found} {
		for _, dc := range d.Cards {
			s += fmt.Sprintf("%d %s; ", dc.Count, dc.Card.Name)
		}
		s += "\n"
	}
	return s
}

// TestOptimizeRaceInParts plays Optimize's climb a round at a time (every
// step's race, then the final check), each round cut into 1, 2, 3 and 7
// parts played by climbs of their own that replay the rounds before from
// their sums, the parts' sums written as JSON and added up: the result is
// Optimize's, to the bit, with a budget that races every swap and one
// that samples them.
func TestOptimizeRaceInParts(t *testing.T) {
	for _, evals := range []int{40, 9} {
		p, _ := problem(t)
		whole, err := Optimize(p, Budget{Evals: evals}, 100, 2000)
		if err != nil {
			t.Fatal(err)
		}
		steps := 1
		if evals >= 40 {
			steps = 2
		}
		if len(whole.Path) < steps || whole.Check == nil {
			t.Fatalf("evals %d: a path of %d steps, check %v; want a climb (of 2 steps on 40 evals), and its check", evals, len(whole.Path), whole.Check != nil)
		}
		want := resultText(whole)
		for _, n := range []int{1, 2, 3, 7} {
			t.Run(fmt.Sprintf("evals %d in %d parts", evals, n), func(t *testing.T) {
				var rounds [][][]engine.PairSums
				replay := func() *OptimizeRace {
					p, _ := problem(t)
					o, err := NewOptimizeRace(p, Budget{Evals: evals}, 100, 2000)
					if err != nil {
						t.Fatal(err)
					}
					for _, r := range rounds {
						if err := o.AddRound(r); err != nil {
							t.Fatal(err)
						}
					}
					return o
				}
				checked := false
				for {
					o := replay()
					_, first, games, ok := o.Round()
					if !ok {
						got, err := o.Result()
						if err != nil {
							t.Fatal(err)
						}
						if g := resultText(got); g != want {
							t.Errorf("in parts:\n%s\nwhole:\n%s", g, want)
						}
						if !checked {
							t.Error("no round of the final check")
						}
						return
					}
					if _, c := o.Step(); c {
						checked = true
						if first != CheckFirst || o.Racing() != 1 {
							t.Errorf("the check's round: games from %d, %d lists; want from %d, 1", first, o.Racing(), CheckFirst)
						}
					}
					total := make([][]engine.PairSums, o.Racing())
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
	p, _ := problem(t)
	if _, err := NewOptimizeRace(p, Budget{Time: time.Second}, 100, 2000); err == nil {
		t.Error("a climb in rounds on a Time budget: no error")
	}
}

// TestOptimizeRaceRefusesBadSums: sums of another number of lists, of more
// games than the round, a round after the climb is over, are refused, and
// there is no result before.
func TestOptimizeRaceRefusesBadSums(t *testing.T) {
	p, _ := problem(t)
	o, err := NewOptimizeRace(p, Budget{Evals: 2}, 100, 200)
	if err != nil {
		t.Fatal(err)
	}
	_, _, n, ok := o.Round()
	if !ok || o.Racing() != 2 {
		t.Fatalf("round 1: ok %v, %d lists; want 2", ok, o.Racing())
	}
	if _, err := o.Result(); err == nil {
		t.Error("a result before the climb is over: no error")
	}
	part, err := o.PlayPart(0, n)
	if err != nil {
		t.Fatal(err)
	}
	if err := o.AddRound(part[:1]); err == nil {
		t.Error("sums of 1 list of 2: no error")
	}
	twice := [][]engine.PairSums{append([]engine.PairSums(nil), part[0]...), append([]engine.PairSums(nil), part[1]...)}
	twice[0][0].Add(&part[0][0])
	if err := o.AddRound(twice); err == nil {
		t.Errorf("sums of %d games in a round of %d: no error", twice[0][0].Games(), n)
	}
	if _, err := o.PlayPart(n-1, 2); err == nil {
		t.Error("a part past the round's games: no error")
	}
	for {
		_, _, n, ok := o.Round()
		if !ok {
			break
		}
		part, err := o.PlayPart(0, n)
		if err != nil {
			t.Fatal(err)
		}
		if err := o.AddRound(part); err != nil {
			t.Fatal(err)
		}
	}
	if err := o.AddRound(part); err == nil {
		t.Error("a round after the climb is over: no error")
	}
	if _, err := o.Result(); err != nil {
		t.Error(err)
	}
}
