package generic

import (
	"math"
	"testing"

	"github.com/deckwright/deckwright/engine"
)

// ruleMatch is a match of a game whose cards each show one effect, for
// the rule tests; lands are resource cards.
func ruleMatch(t *testing.T, block string) *Match {
	t.Helper()
	g := protoGame(t, block, `
  - {name: Land, type: land}
  - {name: Torch, type: spell, cost: 2, effects: ["points 1 each turn"]}
  - {name: Seed, type: spell, cost: 1, effects: ["ramp 2"]}
  - {name: Flare, type: spell, cost: 1, effects: ["resource 3"]}
  - {name: Loot, type: spell, cost: 0, effects: ["draw 2", "discard 1"]}
  - {name: Coin, type: spell, cost: 1, effects: ["points 1"]}
  - {name: Blank, type: spell, cost: 0}
`)
	d, p := compile(t, protoDeck(t, g, "4 Land, 4 Torch, 4 Seed, 4 Flare, 4 Loot, 4 Coin, 16 Blank"), "greedy")
	m := NewMatch(d, p, 0)
	m.S.reset()
	return m
}

// hand puts the named cards into the hand, and the rest of the deck into
// the deck with the named cards on top (the last drawn first).
func hand(m *Match, names []string, top ...string) {
	id := func(n string) uint8 {
		for i, c := range m.Deck.Cards {
			if c.Name == n {
				return uint8(i)
			}
		}
		panic(n)
	}
	m.S.Hand.N, m.S.Deck.N = 0, 0
	for _, n := range names {
		m.S.Hand.Push(id(n))
	}
	for i := len(top) - 1; i >= 0; i-- {
		m.S.Deck.Push(id(top[i]))
	}
}

func indexOf(m *Match, name string) int {
	for i, c := range m.S.Hand.Cards() {
		if m.Card(c).Name == name {
			return i
		}
	}
	return -1
}

func TestRules(t *testing.T) {
	t.Run("resources grow with the turn and ramp", func(t *testing.T) {
		m := ruleMatch(t, "{resource_per_turn: 2}")
		hand(m, []string{"Seed"}, "Blank", "Blank", "Blank")
		m.upkeep(3)
		if m.S.Budget != 6 {
			t.Fatalf("turn 3 of 2 a turn: %d to spend, want 6", m.S.Budget)
		}
		if !m.PlayCard(indexOf(m, "Seed")) || m.S.Budget != 5 {
			t.Fatalf("after Seed (cost 1): %d left, want 5", m.S.Budget)
		}
		m.upkeep(4)
		if m.S.Budget != 10 {
			t.Errorf("turn 4 after ramp 2: %d to spend, want 8+2", m.S.Budget)
		}
	})
	t.Run("resource N is for this turn only", func(t *testing.T) {
		m := ruleMatch(t, "{}")
		hand(m, []string{"Flare"}, "Blank", "Blank")
		m.upkeep(1)
		m.PlayCard(0)
		if m.S.Budget != 3 {
			t.Fatalf("1 - 1 + 3 = %d", m.S.Budget)
		}
		m.upkeep(2)
		if m.S.Budget != 2 {
			t.Errorf("turn 2: %d to spend, want 2", m.S.Budget)
		}
	})
	t.Run("points each turn score from the next turn while in play", func(t *testing.T) {
		m := ruleMatch(t, "{}")
		hand(m, []string{"Torch"}, "Blank", "Blank", "Blank")
		m.upkeep(2)
		m.PlayCard(0)
		if m.S.Points != 0 || m.S.InPlay.N != 1 {
			t.Fatalf("after Torch: %d points, %d in play; want 0 and 1", m.S.Points, m.S.InPlay.N)
		}
		m.upkeep(3)
		m.upkeep(4)
		if m.S.Points != 2 {
			t.Errorf("two upkeeps later: %d points, want 2", m.S.Points)
		}
	})
	t.Run("a resource card gives 1 now and every turn, once a turn", func(t *testing.T) {
		m := ruleMatch(t, "{resource_per_turn: 0, resource_types: [land]}")
		hand(m, []string{"Land", "Land"}, "Blank", "Blank")
		m.upkeep(1)
		if !m.PlayLand(0) || m.S.Budget != 1 {
			t.Fatalf("after a Land: %d to spend, want 1", m.S.Budget)
		}
		if m.PlayLand(0) {
			t.Fatal("a second resource card in one turn was played")
		}
		if m.PlayCard(0) {
			t.Fatal("a resource card was played as a card")
		}
		m.upkeep(2)
		if m.S.Budget != 1 || !m.PlayLand(0) || m.S.Budget != 2 {
			t.Errorf("turn 2 with a Land in play, then another: %d to spend, want 2", m.S.Budget)
		}
	})
	t.Run("draw then discard, in the order written", func(t *testing.T) {
		m := ruleMatch(t, "{}")
		hand(m, []string{"Loot", "Coin"}, "Blank", "Torch")
		m.upkeep(1) // draws Blank
		m.PlayCard(indexOf(m, "Loot"))
		// drew Torch (and nothing: the deck is empty), then discarded
		// the card worth least: the Blank
		if m.S.Hand.N != 2 || m.S.Discard.N+m.S.Played.N != 2 || indexOf(m, "Torch") < 0 || indexOf(m, "Coin") < 0 {
			t.Errorf("hand %v, discard %d; want Coin and Torch, Loot and the Blank discarded", m.names(&m.S.Hand), m.S.Discard.N)
		}
	})
	t.Run("the hand limit discards at the end of the turn", func(t *testing.T) {
		m := ruleMatch(t, "{hand_limit: 2}")
		hand(m, []string{"Coin", "Blank", "Torch", "Blank"})
		m.endTurn()
		if m.S.Hand.N != 2 || indexOf(m, "Blank") >= 0 {
			t.Errorf("hand %v, want the two cards worth most", m.names(&m.S.Hand))
		}
	})
	t.Run("a win ends the game at once", func(t *testing.T) {
		m := ruleMatch(t, "{win_points: 1}")
		hand(m, []string{"Coin", "Coin"}, "Blank")
		m.upkeep(1)
		m.PlayCard(0)
		if !m.S.Won || m.PlayCard(0) {
			t.Errorf("won %v; a card was played after the win", m.S.Won)
		}
	})
	t.Run("draw_first_turn false skips turn 1's draw", func(t *testing.T) {
		m := ruleMatch(t, "{draw_first_turn: false, draw_per_turn: 2}")
		hand(m, nil, "Blank", "Blank", "Blank", "Blank")
		m.upkeep(1)
		if m.S.Hand.N != 0 {
			t.Fatalf("turn 1 drew %d", m.S.Hand.N)
		}
		m.upkeep(2)
		if m.S.Hand.N != 2 {
			t.Errorf("turn 2 drew %d, want 2", m.S.Hand.N)
		}
	})
}

// TestMulligan: a hand without 2 resource cards is redrawn, at most
// times times, each time with fewer cards fewer; the share of games that
// mulligan matches the chance that the first 5 cards hold fewer than 2
// Lands (4 of 40: hypergeometric).
func TestMulligan(t *testing.T) {
	m := ruleMatch(t, "{resource_types: [land], mulligan: {times: 2, min_resources: 2, fewer: 1}}")
	rec := engine.NewRecord(&engine.Spec{Cards: []string{"x"}, Tallies: []string{"mulligans", "points", "left", "by3", "by5"}, MaxTurns: 30})
	const games = 20000
	first, sizes := 0, map[int]int{}
	for i := range games {
		m.S.reset()
		m.rec = rec
		m.gkey = engine.GameKey(engine.Stream(1, i))
		m.setup()
		if m.S.Mulligans > 0 {
			first++
		}
		sizes[m.S.Hand.N+10*m.S.Mulligans]++
		if m.S.Mulligans > 2 {
			t.Fatalf("%d mulligans, at most 2", m.S.Mulligans)
		}
	}
	for k, n := range sizes {
		if hand, mul := k%10, k/10; hand != 5-mul {
			t.Errorf("%d hands of %d cards after %d mulligans, want %d cards", n, hand, mul, 5-mul)
		}
	}
	want := 1 - hypergeomAtLeast(40, 4, 5, 2)
	got := float64(first) / games
	if tol := 3.3 * math.Sqrt(want*(1-want)/games); math.Abs(got-want) > tol {
		t.Errorf("mulligan in %.4f of games, want %.4f", got, want)
	}
}

// TestMulliganCheapCost: a card costing exactly cheap_cost counts as
// cheap, one costing more does not, and a resource card never does
// (whatever it costs).
func TestMulliganCheapCost(t *testing.T) {
	m := ruleMatch(t, "{resource_types: [land], mulligan: {times: 1, min_cheap: 1, cheap_cost: 1}}")
	for _, tt := range []struct {
		top    []string
		redraw bool
	}{
		{[]string{"Coin", "Torch", "Torch", "Torch", "Land"}, false}, // Coin costs 1: cheap
		{[]string{"Torch", "Torch", "Torch", "Torch", "Land"}, true}, // Torch costs 2
		{[]string{"Land", "Land", "Land", "Land", "Land"}, true},     // a Land costs 0 but is a resource
		{[]string{"Torch", "Torch", "Blank", "Torch", "Torch"}, false},
	} {
		hand(m, nil, tt.top...)
		if got := m.redraw(5); got != tt.redraw {
			t.Errorf("%v: redraw %v, want %v", tt.top, got, tt.redraw)
		}
	}
}
