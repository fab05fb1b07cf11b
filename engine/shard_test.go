package engine

import (
	"encoding/json"
	"fmt"
	"reflect"
	"strings"
	"testing"
)

// shardRange is the games of shard k (from 0) of n in a run of games.
func shardRange(k, n, games int) (first, count int) {
	lo, hi := k*games/n, (k+1)*games/n
	return lo, hi - lo
}

// TestShardsAddUp plays a run whole and in 1, 2, 3 and 7 shards, each
// shard's counts written as JSON and read back: the summaries of the
// shards added must be the summary of the run, to the bit.
func TestShardsAddUp(t *testing.T) {
	spec := raceSpec()
	for _, games := range []int{7, 2500, 25501} {
		whole, err := Run(spec, Config{Games: games, Seed: 9, Workers: 2}, newRace)
		if err != nil {
			t.Fatal(err)
		}
		want := fmt.Sprintf("%#v", whole)
		for _, n := range []int{1, 2, 3, 7} {
			t.Run(fmt.Sprintf("%d games in %d", games, n), func(t *testing.T) {
				total := NewCounts(&spec)
				for k := range n {
					first, count := shardRange(k, n, games)
					c, err := RunCounts(spec, Config{Games: count, First: first, Seed: 9, Workers: 3}, newRace)
					if err != nil {
						t.Fatal(err)
					}
					b, err := json.Marshal(c)
					if err != nil {
						t.Fatal(err)
					}
					var back Counts
					if err := json.Unmarshal(b, &back); err != nil {
						t.Fatal(err)
					}
					if err := back.Check(&spec); err != nil {
						t.Fatal(err)
					}
					if err := total.Add(&back); err != nil {
						t.Fatal(err)
					}
				}
				s, err := total.Summarize(&spec)
				if err != nil {
					t.Fatal(err)
				}
				if got := fmt.Sprintf("%#v", s); got != want {
					t.Errorf("shards give\n%s\nwant\n%s", got, want)
				}
			})
		}
	}
}

// TestPairedShardsAddUp splits a paired run into shards: the sums added
// give the run's figures.
func TestPairedShardsAddUp(t *testing.T) {
	a := Side{Spec: raceSpec(), NewGame: newRace}
	figs := []Figure{WinTurn("turn"), WinRate}
	whole, err := RunPaired(a, a, figs, Config{Games: 5001, Seed: 4})
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range []int{1, 2, 3, 7} {
		total := make([]PairSums, len(figs))
		for k := range n {
			first, count := shardRange(k, n, 5001)
			sums, _, _, err := PlayPaired(a, a, figs, Config{Games: count, First: first, Seed: 4})
			if err != nil {
				t.Fatal(err)
			}
			b, _ := json.Marshal(sums)
			var back []PairSums
			if err := json.Unmarshal(b, &back); err != nil {
				t.Fatal(err)
			}
			for f := range back {
				if err := total[f].AddChecked(&back[f]); err != nil {
					t.Fatal(err)
				}
			}
		}
		got, err := PairedFrom(total, figs, 5001, false)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(fmt.Sprintf("%v", got), fmt.Sprintf("%v", whole)) {
			t.Errorf("%d shards give %v, want %v", n, got, whole)
		}
	}
}

// TestCountsRefused gives Check, Add and Summarize counts no run of the
// spec could give.
func TestCountsRefused(t *testing.T) {
	spec := raceSpec()
	good, err := RunCounts(spec, Config{Games: 100, Seed: 1}, newRace)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		edit func(c *Counts)
		want string
	}{
		{"short table", func(c *Counts) { c.Events = c.Events[1:] }, "events has 9 values, want 10"},
		{"negative", func(c *Counts) { c.OpenWon[2] = -1 }, "open_won[2] is -1"},
		{"more won than games", func(c *Counts) { c.Won = c.Games + 1 }, "do not add up"},
		{"histogram short", func(c *Counts) { c.LenHist[firstNonZero(c.LenHist)]-- }, "len_hist holds 99 games, want 100"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b, _ := json.Marshal(good)
			var c Counts
			json.Unmarshal(b, &c)
			tc.edit(&c)
			if _, err := c.Summarize(&spec); err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("got %v, want %q", err, tc.want)
			}
		})
	}
	big := *good
	big.Games = 1<<63 - 1
	c := *good
	if err := c.Add(&big); err == nil || c.Games != good.Games {
		t.Errorf("an overflowing sum gives %v and %d games", err, c.Games)
	}
	if _, err := RunCounts(spec, Config{Games: 10, Precision: 0.1}, newRace); err == nil {
		t.Error("a shard with Precision ran")
	}
}

func firstNonZero(s []int64) int64 {
	for i, v := range s {
		if v > 0 {
			return int64(i)
		}
	}
	return 0
}
