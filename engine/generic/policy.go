package generic

import "github.com/deckwright/deckwright/engine"

var policies = engine.Policies[Policy]{
	{Name: "greedy", Doc: "plays a resource card, then again and again the card it can pay for with the most points per resource (points when played, plus points each turn times the turns left, at most the points still needed; each card drawn, resource and ramp counts as a point)", New: func() Policy { return &Greedy{} }},
	{Name: "planner", Doc: "plays a resource card, then the best set of cards for the turn's resources and the next turn's, an exact knapsack over the hand: a card is weighed by the points it scores by the end of the game (at most those still needed), a card drawn by the deck's mean points per card, a resource of ramp by its mean points per resource; plays first the cards that give resources or draw, and plans again after each card; wins this turn when some set of cards can", New: func() Policy { return &Planner{} }},
}

// PolicyNames lists the policies, the default first.
func PolicyNames() []string { return policies.Names() }

// NewPolicy returns a new policy by name.
func NewPolicy(name string) (Policy, error) { return policies.Make(name) }

// worth is what greedy weighs a card by, in points: its points (those
// each turn counted for the turns left), at most the points still needed,
// plus a point for each card it draws and each resource it gives.
func worth(m *Match, c *Card) int {
	left := m.TurnsLeft()
	w := min(m.Need(), c.Points+c.Each*left)
	return w + c.Draw + c.Gain + c.Ramp*min(left, 1) - c.Discard
}

// leastOther is the least worth of a card of the hand other than the one
// at position k: what a discard costs.
func leastOther(m *Match, k int) int {
	s := &m.S
	least, found := 0, false
	for i := 0; i < s.Hand.N; i++ {
		if i == k {
			continue
		}
		if w := worth(m, m.Card(s.Hand.Card[i])); !found || w < least {
			least, found = w, true
		}
	}
	return max(least, 0)
}

// playLand plays the first resource card of the hand, if the turn has
// none yet.
func playLand(m *Match) {
	s := &m.S
	if s.LandPlayed {
		return
	}
	for i := 0; i < s.Hand.N; i++ {
		if m.Card(s.Hand.Card[i]).Resource {
			m.PlayLand(i)
			return
		}
	}
}

// discardLeast returns the hand position of the card worth least by w:
// a resource card is worth a point a turn left while the hand holds no
// other, nothing beyond.
func discardLeast(m *Match, w func(*Match, *Card) int) int {
	s := &m.S
	best, bestW := 0, 1<<30
	lands := 0
	for i := 0; i < s.Hand.N; i++ {
		c := m.Card(s.Hand.Card[i])
		v := 0
		if c.Resource {
			if lands == 0 {
				v = min(m.TurnsLeft(), m.Need())
			}
			lands++
		} else {
			v = w(m, c)
		}
		if v < bestW {
			best, bestW = i, v
		}
	}
	return best
}

// Greedy plays a resource card, then the affordable card with the most
// points per resource, until it can pay for none.
type Greedy struct{}

// Name is "greedy".
func (*Greedy) Name() string { return "greedy" }

// Main plays the turn.
func (*Greedy) Main(m *Match) {
	playLand(m)
	s := &m.S
	for !s.Won {
		best := -1
		var bw, bc int // the best's worth and cost: compare bw/bc as bw*c > w*bc
		for i := 0; i < s.Hand.N; i++ {
			c := m.Card(s.Hand.Card[i])
			if c.Resource || c.Cost > s.Budget {
				continue
			}
			// a cost of 0 counts as ½: compare worth/cost with costs doubled
			w, cost := worth(m, c), max(2*c.Cost, 1)
			if c.Discard > 0 {
				w -= c.Discard * leastOther(m, i)
			}
			if w <= 0 && c.Points+c.Each == 0 && c.Gain <= c.Cost && c.Draw == 0 && c.Ramp == 0 {
				continue // a card that does nothing for you
			}
			if best < 0 || w*bc > bw*cost {
				best, bw, bc = i, w, cost
			}
		}
		if best < 0 || !m.PlayCard(best) {
			return
		}
	}
}

// Discard picks the card worth least.
func (*Greedy) Discard(m *Match) int { return discardLeast(m, worth) }
