package seeker

// Greedy is the simple policy. Each main phase it plays the card of its
// hand that is worst to hyperlink (a module without hyperlink cost, the
// most powerful first), then links and hyperlinks the most powerful
// modules the resources pay for, linking from memory only beyond 3
// modules (its resources). It always advances; against Nature, when it
// makes 3 progress points or more. It mulligans a hand without a card it
// can link or hyperlink for 1 or less, and responds to Nature's advance
// by hyperlinking what its untapped modules pay for. A cost of X gets
// the resources left over.
type Greedy struct {
	ex     executor
	cands  [2 * MaxPile]gcand
	chosen [2 * MaxPile]action
}

// gcand is a candidate link or hyperlink of Greedy, sorted by key: power,
// then the lighter first.
type gcand struct {
	key    int32
	weight int16
	card   uint8
	hyper  bool
}

// GreedyReserve is the number of modules Greedy keeps in memory.
const GreedyReserve = 3

// Name implements Policy.
func (g *Greedy) Name() string { return "greedy" }

// Mulligan implements Policy.
func (g *Greedy) Mulligan(m *Match) bool {
	for _, c := range m.S.Side[You].Hand.Cards() {
		card := m.card(c)
		if card.Linkable() && card.LinkCost <= 1 || card.Hyperlinkable() && card.HyperCost <= 1 {
			return false
		}
	}
	return true
}

// Advance implements Policy.
func (g *Greedy) Advance(m *Match) bool {
	if m.S.Mode == Nature {
		return m.S.ProgressPoints(You) >= 3
	}
	return true
}

// Choose implements Policy.
func (g *Greedy) Choose(m *Match, c *Choice) int { return defaultChoose(m, c) }

// Next implements Policy.
func (g *Greedy) Next(m *Match) Move {
	if g.ex.stale(m) {
		g.plan(m)
	}
	return g.ex.step(m)
}

func (g *Greedy) plan(m *Match) {
	e := &g.ex
	e.begin(m)
	if m.S.Phase == PhaseRespond {
		e.planResponse(m)
		return
	}
	sd := &m.S.Side[m.S.Actor]
	// The play: the card worst to hyperlink.
	best, bestScore := -1, 0
	for i, c := range sd.Hand.Cards() {
		card := m.card(c)
		var s int
		if !card.Hyperlinkable() {
			s = 1000 + card.Power*8 - max(card.LinkCost, 0)
		} else {
			s = 500 + card.HyperCost - card.Power
		}
		if best < 0 || s > bestScore {
			best, bestScore = i, s
		}
	}
	played := -1
	if best >= 0 && !sd.Played {
		played = int(sd.Hand.Card[best])
		e.play = played
	}
	budget := sd.Pool + sd.Untapped()
	mem := sd.NMem
	n := 0
	for i := 0; i < sd.NMem; i++ {
		if !sd.Memory[i].Tapped {
			n = g.addLink(m, n, sd.Memory[i].Card)
		}
	}
	skip := played
	if played >= 0 {
		budget++
		mem++
		n = g.addLink(m, n, uint8(played))
	}
	for _, c := range sd.Hand.Cards() {
		if int(c) == skip {
			skip = -1
			continue
		}
		card := &m.Deck.Cards[c]
		if card.HyperCost >= 0 && (card.Power > 0 || card.HyperX) && m.domainOK(m.S.Actor, card) {
			w := card.HyperCost
			if card.HyperX {
				w = 0
			}
			g.cands[n] = gcand{key: int32(card.Power)<<8 - int32(w), weight: int16(w), card: c, hyper: true}
			n++
		}
	}
	// Insertion sort, most powerful first (stable).
	cs := g.cands[:n]
	for i := 1; i < len(cs); i++ {
		for j := i; j > 0 && cs[j].key > cs[j-1].key; j-- {
			cs[j], cs[j-1] = cs[j-1], cs[j]
		}
	}
	k := 0
	spare := mem - GreedyReserve
	for _, c := range cs {
		w := int(c.weight)
		if w > budget || !c.hyper && spare <= 0 {
			continue
		}
		budget -= w
		if !c.hyper {
			spare--
		}
		g.chosen[k] = action{card: c.card, hyper: c.hyper}
		k++
	}
	// What is left pays the X of the first cost of X.
	for j := 0; j < k && budget > 0; j++ {
		c := &m.Deck.Cards[g.chosen[j].card]
		if g.chosen[j].hyper && c.HyperX || !g.chosen[j].hyper && c.LinkX {
			g.chosen[j].x = budget
			budget = 0
		}
	}
	e.order(m, g.chosen[:k])
}

func (g *Greedy) addLink(m *Match, n int, c uint8) int {
	card := &m.Deck.Cards[c]
	if card.LinkCost >= 0 && (card.Power > 0 || card.LinkX) && m.domainOK(m.S.Actor, card) {
		w := card.LinkCost + 1
		if card.LinkX {
			w = 1
		}
		g.cands[n] = gcand{key: int32(card.Power)<<8 - int32(w), weight: int16(w), card: c}
		n++
	}
	return n
}
