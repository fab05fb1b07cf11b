package generic

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/deckwright/deckwright/engine"
)

// hypergeomAtLeast is the chance that n cards drawn from a deck of N
// holding K marked cards hold at least k of them.
func hypergeomAtLeast(N, K, n, k int) float64 {
	lchoose := func(a, b int) float64 {
		if b < 0 || b > a {
			return math.Inf(-1)
		}
		x, _ := math.Lgamma(float64(a + 1))
		y, _ := math.Lgamma(float64(b + 1))
		z, _ := math.Lgamma(float64(a - b + 1))
		return x - y - z
	}
	p := 0.0
	for i := k; i <= min(n, K); i++ {
		p += math.Exp(lchoose(K, i) + lchoose(N-K, n-i) - lchoose(N, n))
	}
	return p
}

// run plays games of a compiled deck with a policy and returns the
// summary.
func run(t *testing.T, d *Deck, policy string, games int) *engine.Summary {
	t.Helper()
	maxTurns := d.Rules.MaxTurns
	s, err := engine.Run(Spec(d, maxTurns), engine.Config{Games: games, Seed: 7}, func() engine.Game {
		p, _ := NewPolicy(policy)
		return NewMatch(d, p, maxTurns)
	})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// TestHypergeometric: Sparks cost 0 and score 1, blanks do nothing; the
// hand is 5 and a turn draws 1 (the first too); 5 points win. Every Spark
// drawn is played on its turn, so the game is won on turn t when the first
// 5+t cards hold 5 Sparks: P(won by t) = P(Hypergeometric(40, 10, 5+t)
// >= 5). The engine's share won by each turn and its mean win turn must
// match within their 99.9% intervals, with either policy.
func TestHypergeometric(t *testing.T) {
	g := protoGame(t, "{win_points: 5, max_turns: 40, resource_per_turn: 0}", `
  - {name: Spark, type: spell, cost: 0, effects: ["points 1"]}
  - {name: Blank, type: spell, cost: 0}
`)
	const N, K, games = 40, 10, 100_000
	for _, policy := range PolicyNames() {
		t.Run(policy, func(t *testing.T) {
			d, _ := compile(t, protoDeck(t, g, "10 Spark, 30 Blank"), policy)
			s := run(t, d, policy, games)
			if s.Won != games {
				t.Fatalf("won %d of %d games; every game has 10 Sparks by turn 35", s.Won, games)
			}
			byTurn := map[int]float64{}
			for _, b := range s.Turns.Histogram {
				byTurn[b.Turn] = b.Cumulative
			}
			mean, last := 0.0, 0.0
			for turn := 1; turn <= 35; turn++ {
				want := hypergeomAtLeast(N, K, 5+turn, 5)
				mean += 1 - hypergeomAtLeast(N, K, 5+turn-1, 5) // P(T >= turn) = P(not won by turn-1)
				got, ok := byTurn[turn]
				if !ok {
					got = last // no game ended on this turn
				}
				last = got
				tol := 3.3*math.Sqrt(want*(1-want)/games) + 1e-9
				if math.Abs(got-want) > tol {
					t.Errorf("won by turn %d: %.5f, want %.5f ± %.5f", turn, got, want, tol)
				}
			}
			if h := 3.3 / 1.96 * s.Turns.HalfWidth(); math.Abs(s.Turns.Mean-mean) > h {
				t.Errorf("mean win turn %.4f, want %.4f ± %.4f", s.Turns.Mean, mean, h)
			}
			t.Logf("%s: mean win turn %.4f (exact %.4f), won by turn 3: %.4f (exact %.4f)", policy, s.Turns.Mean, mean, byTurn[3], hypergeomAtLeast(N, K, 8, 5))
		})
	}
}

// simulateCoins is an independent simulation of TestResources's game: a
// shuffled deck of coins (cost 1, 1 point) and blanks, a hand of 5 and
// draws a turn, turn t has t to spend, and as many coins as that are
// played. It returns the win turn of each of n games (0: not won).
func simulateCoins(coins, blanks, draws, win, maxTurns, n int, seed uint64) []int {
	rng := rand.New(rand.NewPCG(seed, 99))
	deck := make([]bool, coins+blanks)
	out := make([]int, n)
	for g := range out {
		for i := range deck {
			deck[i] = i < coins
		}
		rng.Shuffle(len(deck), func(i, j int) { deck[i], deck[j] = deck[j], deck[i] })
		drawn, hand, points := 5, 0, 0
		for _, c := range deck[:5] {
			if c {
				hand++
			}
		}
		for turn := 1; turn <= maxTurns; turn++ {
			for range draws {
				if drawn < len(deck) {
					if deck[drawn] {
						hand++
					}
					drawn++
				}
			}
			play := min(hand, turn)
			hand -= play
			if points += play; points >= win {
				out[g] = turn
				break
			}
		}
	}
	return out
}

// TestResources: coins cost 1 and score 1, a turn draws 2, turn t has t
// resources, 9 points win (both the cards and the resources bind: turn 4 is the first that can win): the engine's win turns against simulateCoins's, in mean and
// in the share won by each turn, within 99.9% intervals of the difference
// of two samples.
func TestResources(t *testing.T) {
	g := protoGame(t, "{win_points: 9, max_turns: 40, draw_per_turn: 2}", `
  - {name: Coin, type: spell, cost: 1, effects: ["points 1"]}
  - {name: Blank, type: spell, cost: 0}
`)
	const games = 100_000
	sim := simulateCoins(24, 16, 2, 9, 40, games, 3)
	simBy := make([]float64, 41)
	var sum, sum2 float64
	for _, w := range sim {
		if w == 0 {
			t.Fatal("the simulation left a game unwon")
		}
		for turn := w; turn <= 40; turn++ {
			simBy[turn]++
		}
		sum += float64(w)
		sum2 += float64(w * w)
	}
	simMean := sum / games
	simSD := math.Sqrt((sum2 - sum*sum/games) / (games - 1))
	for _, policy := range PolicyNames() {
		t.Run(policy, func(t *testing.T) {
			d, _ := compile(t, protoDeck(t, g, "24 Coin, 16 Blank"), policy)
			s := run(t, d, policy, games)
			se := math.Sqrt(s.Turns.SD*s.Turns.SD/float64(s.Turns.N) + simSD*simSD/games)
			if math.Abs(s.Turns.Mean-simMean) > 3.3*se {
				t.Errorf("mean win turn %.4f, the simulation's %.4f (± %.4f)", s.Turns.Mean, simMean, 3.3*se)
			}
			last := 0.0
			byTurn := map[int]float64{}
			for _, b := range s.Turns.Histogram {
				byTurn[b.Turn] = b.Cumulative
			}
			for turn := 1; turn <= 40; turn++ {
				got, ok := byTurn[turn]
				if !ok {
					got = last
				}
				last = got
				want := simBy[turn] / games
				tol := 3.3*math.Sqrt(2*want*(1-want)/games) + 1e-9
				if math.Abs(got-want) > tol {
					t.Errorf("won by turn %d: %.5f, the simulation %.5f ± %.5f", turn, got, want, tol)
				}
			}
			t.Logf("%s: mean win turn %.4f, simulation %.4f", policy, s.Turns.Mean, simMean)
		})
	}
}
