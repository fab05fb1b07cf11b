package seeker

import "math"

// Planner is the stronger policy. Each main phase it searches every
// choice of play (each different card of the hand, or none) and, for
// each, the best set of links and hyperlinks the resources pay for: an
// exact 0/1 knapsack whose capacity is the resources (untapped modules
// plus unused ones), where a hyperlink weighs its cost and a link from
// memory its cost plus 1 (the module stops producing). A module is worth
// its power times the advances left (estimated from the cards still to
// progress and the power in play) plus what its keywords and effects
// bring; keeping a module in memory is worth PlannerKeep per turn left.
// It mulligans a hand worth less than an average hand of the deck.
// Against Nature it advances only when, after Nature's reaction (known
// when the hyperlink pile is not empty, else the average module of the
// stack), at least 3 progress points remain.
type Planner struct {
	ex    executor
	items [2 * MaxPile]pcand
	best  [2*MaxPile + 2]float64
	take  [2 * MaxPile][2*MaxPile + 2]bool
	pick  [2 * MaxPile]action
	alt   [2 * MaxPile]action

	deck     *Deck
	meanHand float64 // mean opening-hand score of the deck
	meanPow  float64 // mean power of the deck's stack modules
}

// pcand is an item of the Planner's knapsack.
type pcand struct {
	a      action
	weight int     // resources it takes (a linked module also stops producing)
	value  float64 // what it is worth
}

// PlannerKeep is what keeping a module in memory is worth per turn left,
// in power points, and PlannerGrowth the power the planner expects to add
// each turn when it estimates the turns left. Both were tuned on the
// starters (bench/engine): keep 0.55 to 3 and growth 0.5 to 3 were tried.
const (
	PlannerKeep   = 1.5
	PlannerGrowth = 1.0
)

// Name implements Policy.
func (p *Planner) Name() string { return "planner" }

// Choose implements Policy.
func (p *Planner) Choose(m *Match, c *Choice) int { return defaultChoose(m, c) }

func (p *Planner) learn(d *Deck) {
	if p.deck == d {
		return
	}
	p.deck = d
	s, pw := 0.0, 0.0
	for _, c := range d.Stack {
		s += handScore(&d.Cards[c])
		pw += float64(d.Cards[c].Power)
	}
	p.meanHand = 2 * s / float64(len(d.Stack))
	p.meanPow = pw / float64(len(d.Stack))
}

// handScore is how good a card is early: power per resource.
func handScore(c *Card) float64 {
	cost := math.MaxInt
	if c.Linkable() {
		cost = c.LinkCost + 1
	}
	if c.Hyperlinkable() && c.HyperCost < cost {
		cost = c.HyperCost
	}
	if cost == math.MaxInt {
		return 0
	}
	s := float64(c.Power) / float64(1+cost)
	for _, e := range c.Effects {
		if e.Kind == EffectDraw || e.Kind == EffectPut || e.Kind == EffectUntap {
			s += 0.3 * float64(e.N)
		}
	}
	return s
}

// Mulligan implements Policy.
func (p *Planner) Mulligan(m *Match) bool {
	p.learn(m.Deck)
	s := 0.0
	for _, c := range m.S.Side[You].Hand.Cards() {
		s += handScore(m.card(c))
	}
	return s < p.meanHand
}

// Advance implements Policy.
func (p *Planner) Advance(m *Match) bool {
	if m.S.Mode != Nature {
		return true
	}
	p.learn(m.Deck)
	// Nature's reaction lands on its least powerful Bane.
	n := &m.S.Side[Opponent]
	ch := m.leastBane()
	add := p.meanPow
	if n.HyperPile.N > 0 {
		add = float64(m.card(n.HyperPile.Top()).Power)
		if m.card(n.HyperPile.Top()).Has(Duality) {
			add += 2 // and the other Banes too; kept simple
		}
	}
	pts := 0.0
	for i := range m.S.Side[You].Chan {
		c := &m.S.Side[You].Chan[i]
		if !c.Active {
			continue
		}
		opp := float64(m.S.opposing(You, i))
		if i == ch && n.Chan[i].Active {
			opp += add
		}
		if d := float64(c.Power()) - opp; d > 0 {
			pts += d
		}
	}
	return pts >= 3
}

// Next implements Policy.
func (p *Planner) Next(m *Match) Move {
	if p.ex.stale(m) {
		p.plan(m)
	}
	return p.ex.step(m)
}

// turnsLeft estimates the advances left, this one included.
func (p *Planner) turnsLeft(m *Match) float64 {
	s := &m.S
	sd := &s.Side[You]
	if s.Mode == Nature {
		return math.Max(1, float64(s.StackOf(You).N)/2.5)
	}
	need := float64(sd.Stack.N)
	if sd.Empties == 0 {
		need += float64(sd.Stack.N + sd.Discard.N)
	}
	pow := 0.0
	for i := range sd.Chan {
		if sd.Chan[i].Active {
			pow += float64(sd.Chan[i].Base)
		}
	}
	const growth = PlannerGrowth
	// pow*T + growth*T*(T-1)/2 >= need
	a, b := growth/2, pow-growth/2
	t := (-b + math.Sqrt(b*b+4*a*need)) / (2 * a)
	return math.Max(1, math.Ceil(t))
}

// worth is what linking card c brings, with t advances left.
func (p *Planner) worth(m *Match, c *Card, t float64) float64 {
	sd := &m.S.Side[You]
	v := float64(c.Power) * t
	keep := PlannerKeep * (t - 1)
	for _, k := range c.Keywords {
		switch k {
		case Duality:
			v += 2 * float64(sd.activeCount())
		case Entropy:
			v += float64(sd.NLinks + 1)
		case Gravity:
			best := 0.0
			for i := 0; i < sd.NMem; i++ {
				mc := m.card(sd.Memory[i].Card)
				if mc.Linkable() && (mc.LinkX || mc.LinkCost <= c.GravityX) && m.domainOK(You, mc) {
					best = math.Max(best, float64(mc.Power)*t-keep)
				}
			}
			v += best
		}
	}
	card := keep + 1 // a card in hand: a future resource or link
	for _, e := range c.Effects {
		n := float64(e.N)
		switch e.Kind {
		case EffectDraw, EffectRecover:
			v += n * card
		case EffectProgress:
			v += n
		case EffectUntap:
			v += n * 0.8
		case EffectPower:
			v += n
		case EffectPowerAll:
			v += n * float64(sd.activeCount())
		case EffectPut:
			v += n * keep
		case EffectUnlink:
			if m.S.Mode == Nature {
				v += n * 2 * t / 2
			}
		case EffectDiscard:
			if m.S.Mode == Nature {
				v += n
			}
		}
	}
	return v
}

func (p *Planner) plan(m *Match) {
	e := &p.ex
	e.begin(m)
	if m.S.Phase == PhaseRespond {
		e.planResponse(m)
		return
	}
	p.learn(m.Deck)
	sd := &m.S.Side[m.S.Actor]
	t := p.turnsLeft(m)
	keep := PlannerKeep * (t - 1)
	bestV, bestPlay, bestK := math.Inf(-1), -1, 0
	// Each different card of the hand, then no play.
	for i := -1; i < sd.Hand.N; i++ {
		play := -1
		if i >= 0 {
			if sd.Played {
				break
			}
			c := sd.Hand.Card[i]
			if sd.Hand.Index(c) != i {
				continue // a copy already tried
			}
			play = int(c)
		}
		v, k := p.search(m, sd, play, t, keep)
		if play >= 0 {
			v += keep + 1e-3 // a new resource for the turns left; never worse than no play
		}
		if v > bestV+1e-9 {
			bestV, bestPlay, bestK = v, play, k
			copy(p.alt[:k], p.pick[:k])
		}
	}
	e.play = bestPlay
	e.order(m, p.alt[:bestK])
}

// search solves the knapsack of links and hyperlinks for one play and
// leaves the chosen actions in p.pick.
func (p *Planner) search(m *Match, sd *Side, play int, t, keep float64) (float64, int) {
	n := 0
	capacity := sd.Pool
	addMem := func(c uint8) {
		capacity++
		card := m.card(c)
		if !card.Linkable() || !m.domainOK(m.S.Actor, card) {
			return
		}
		w := card.LinkCost + 1
		if card.LinkX {
			w = 1
		}
		v := p.worth(m, card, t) - keep
		if v > 0 {
			p.items[n] = pcand{a: action{card: c}, weight: w, value: v}
			n++
		}
	}
	for i := 0; i < sd.NMem; i++ {
		if !sd.Memory[i].Tapped {
			addMem(sd.Memory[i].Card)
		}
	}
	skip := play
	if play >= 0 {
		addMem(uint8(play))
	}
	for _, c := range sd.Hand.Cards() {
		if int(c) == skip {
			skip = -1
			continue
		}
		card := m.card(c)
		if !card.Hyperlinkable() || !m.domainOK(m.S.Actor, card) {
			continue
		}
		w := card.HyperCost
		if card.HyperX {
			w = 0
		}
		if v := p.worth(m, card, t); v > 0 {
			p.items[n] = pcand{a: action{card: c, hyper: true}, weight: w, value: v}
			n++
		}
	}
	capacity = min(capacity, len(p.best)-1)
	for w := 0; w <= capacity; w++ {
		p.best[w] = 0
	}
	for i := 0; i < n; i++ {
		it := &p.items[i]
		row := &p.take[i]
		for w := capacity; w >= 0; w-- {
			row[w] = false
			if w >= it.weight {
				if v := p.best[w-it.weight] + it.value; v > p.best[w]+1e-9 {
					p.best[w] = v
					row[w] = true
				}
			}
		}
	}
	// Reconstruct.
	k := 0
	w := capacity
	used := 0
	for i := n - 1; i >= 0; i-- {
		if p.take[i][w] {
			p.pick[k] = p.items[i].a
			k++
			w -= p.items[i].weight
			used += p.items[i].weight
		}
	}
	// Spend what is left on a cost of X.
	left := capacity - used
	for j := 0; j < k && left > 0; j++ {
		c := m.card(p.pick[j].card)
		if p.pick[j].hyper && c.HyperX || !p.pick[j].hyper && c.LinkX {
			p.pick[j].x = left
			left = 0
		}
	}
	return p.best[capacity], k
}
