package generic

import "github.com/deckwright/deckwright/engine"

// Planner plays the best set of cards for this turn's resources and the
// next turn's, found exactly by dynamic programming over the hand (a
// knapsack with two budgets: each card is played now, kept for the next
// turn, or kept), and plans again after each card it plays.
type Planner struct {
	// best[b1][b2] is the best value of the cards seen so far, with b1
	// of this turn's and b2 of the next turn's resources spent; from
	// records for each card which of the three it went to, to read the
	// plan back.
	best [maxBudget + 1][maxBudget + 1]int32
	from [engine.MaxPile][maxBudget + 1][maxBudget + 1]uint8
	win  winFinder
	// items are the cards of the hand worth planning (the first
	// engine.MaxPile of them)
	items [engine.MaxPile]item
}

// item is a card of the hand the planner weighs: its hand position, its
// values played now and next turn, and its costs.
type item struct {
	k            int
	now, next    int32
	cost1, cost2 int
	// gainer marks a card that gives more than it costs: now is the value
	// of not playing it, cost1 its surplus.
	gainer bool
}

// maxBudget bounds the resources a plan counts: a budget above it plans
// as maxBudget (the cards of a hand rarely cost more in all).
const maxBudget = 24

// scale is the fixed point of the planner's values: the mean worths of a
// card and a resource are fractions.
const scale = 16

// Name is "planner".
func (*Planner) Name() string { return "planner" }

// Discard picks the card worth least by greedy's worth (see
// discardLeast).
func (*Planner) Discard(m *Match) int { return discardLeast(m, worth) }

// Main plays the turn, then buys as greedy does.
func (p *Planner) Main(m *Match) {
	playLand(m)
	s := &m.S
	for !s.Over() {
		i := p.next(m)
		if i < 0 || !m.PlayCard(i) {
			break
		}
	}
	greedyBuy(m)
}

// values returns what a card is worth played now and played next turn, in
// 1/scale points.
// A card that discards costs the cards it makes you discard: the least
// worth of the rest of the hand, each. The resources a card gives this
// turn are weighed by the plan (they let it pay for more), not here.
func values(m *Match, k int, c *Card) (now, next int32) {
	d := m.Deck
	left, need := m.TurnsLeft(), m.Need()
	pts, each, draw, _, ramp, dmg := sums(m, c)
	turns := func(l int) int {
		if c.Duration > 0 {
			return min(l, c.Duration)
		}
		return l
	}
	extra := float64(draw)*d.CardWorth + float64(ramp*min(left, 1))*d.PerResource + float64(min(m.NeedDamage(), dmg)+pieceWorth(m, c))
	if c.Discard > 0 {
		extra -= float64(c.Discard * leastOther(m, k))
	}
	if c.Cards > 0 {
		extra += float64(m.fetchable(c)) // a card searched for: a point, as greedy weighs it
	}
	now = int32(scale*(float64(min(need, pts+each*turns(left)))+extra) + 0.5)
	if left == 0 {
		return now, 0
	}
	next = int32(scale*(float64(min(need, pts+each*turns(left-1)))+extra)+0.5) - 1 // now is better, all else equal
	return now, next
}

// next returns the hand position of the card to play now, or -1.
func (p *Planner) next(m *Match) int {
	s := &m.S
	if i := p.win.find(m); i >= 0 {
		return i
	}
	nextBudget := m.nextBudget()
	if m.Deck.Rules.ResourceCards > 0 && (!s.LandPlayed || m.handHasLand()) {
		nextBudget++ // a resource card to play next turn
	}
	// the cards worth playing, and the budgets they can use
	n, sum1, sum2, gain := 0, 0, 0, 0
	for k := 0; k < s.Hand.N && n < len(p.items); k++ {
		c := m.Card(s.Hand.Card[k])
		if c.Resource || !c.Playable() {
			continue
		}
		vNow, vNext := values(m, k, c)
		if !m.CanPlay(k) {
			vNow = 0 // cannot be paid now
		}
		if c.Gain > c.Cost && vNow > -scale*100 {
			// A card that gives more than it costs is planned as played,
			// its surplus added to the budget; the plan may take it back
			// (an item that costs the surplus and is worth what playing
			// the card is worth less, a little: a card kept is a card).
			surplus := c.Gain - c.Cost
			p.items[n] = item{k: k, now: 1 - vNow, cost1: surplus, gainer: true}
			gain += surplus
			sum1 += surplus
			n++
			continue
		}
		if vNow <= 0 && vNext <= 0 {
			continue
		}
		p.items[n] = item{k: k, now: vNow, next: vNext, cost1: max(0, c.Cost-c.Gain), cost2: c.Cost}
		sum1 += p.items[n].cost1
		sum2 += c.Cost
		n++
	}
	if n == 0 {
		return -1
	}
	b1 := min(s.Budget+gain, maxBudget, sum1)
	b2 := min(nextBudget, maxBudget, sum2)
	for x := 0; x <= b1; x++ {
		for y := 0; y <= b2; y++ {
			p.best[x][y] = 0
		}
	}
	for j := 0; j < n; j++ {
		it := &p.items[j]
		f := &p.from[j]
		// go down so that each card is used once (0/1 knapsack)
		for x := b1; x >= 0; x-- {
			for y := b2; y >= 0; y-- {
				v := p.best[x][y]
				choice := uint8(0)
				if (it.now > 0 || it.gainer) && x >= it.cost1 {
					if w := p.best[x-it.cost1][y] + it.now; w > v {
						v, choice = w, 1
					}
				}
				if it.next > 0 && y >= it.cost2 {
					if w := p.best[x][y-it.cost2] + it.next; w > v {
						v, choice = w, 2
					}
				}
				p.best[x][y] = v
				f[x][y] = choice
			}
		}
	}
	// read the plan back from the full budgets, and pick among the cards
	// played now: first those that give resources, then those that draw,
	// then the most valuable
	x, y := b1, b2
	pick, rank := -1, -1
	for j := n - 1; j >= 0; j-- {
		it := &p.items[j]
		c := m.Card(s.Hand.Card[it.k])
		ch := p.from[j][x][y]
		if it.gainer {
			if ch == 1 {
				x -= it.cost1 // taken back: not played
			} else if m.CanPlay(it.k) {
				pick, rank = it.k, 4 // played first, for its resources
			}
			continue
		}
		switch ch {
		case 1:
			x -= it.cost1
			r := 1
			switch {
			case c.Gain > 0:
				r = 3
			case c.Draw > 0:
				r = 2
			}
			if r >= rank {
				pick, rank = it.k, r
			}
		case 2:
			y -= it.cost2
		}
	}
	return pick
}

// handHasLand reports whether the hand holds a resource card.
func (m *Match) handHasLand() bool {
	for _, c := range m.S.Hand.Cards() {
		if m.Card(c).Resource {
			return true
		}
	}
	return false
}

// nextBudget returns what the next turn will have to spend on costs, as
// far as the cards in play tell: its resources of the kinds that pay
// costs, its ramp and resource cards in play, within each kind's cap.
func (m *Match) nextBudget() int {
	s, r := &m.S, m.Deck.Rules
	b := 0
	for k := range m.Deck.Kinds {
		rk := &r.Resources[k]
		if !rk.PaysCost {
			continue
		}
		n := rk.PerTurn
		if rk.Grows {
			n *= s.Turn + 1
		}
		n += s.Ramp[k] + s.LandGives[k]
		if rk.Max > 0 {
			n = min(n, rk.Max)
		}
		b += n
	}
	for _, f := range s.LandFlex[:s.NLandFlex] {
		if m.paysMask(f.mask) {
			b += f.n
		}
	}
	return b
}
