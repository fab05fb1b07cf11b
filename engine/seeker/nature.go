package seeker

// This file holds the single-player match against Nature: its setup,
// Nature's main phase, its advance rule, its reaction to your advance and
// the decisions the difficulty takes for it.

// playNature plays a match against Nature. "Prepare as for a standard
// game, assuming that your opponent goes first. Nature picks one Bane for
// each of your Guardians such that their domains match. Nature summons
// one Bane in the first channel [...]. Then, it shuffles the other two
// Banes into the stack. Nature puts the top card of the stack into its
// memory. Nature draws 2 cards and goes first."
func (m *Match) playNature() {
	m.reset()
	d := m.Deck
	if m.tr != nil {
		m.tr.Line(0, "Setup (against Nature, "+m.Opts.Difficulty.String()+" mode; Nature goes first)")
	}
	m.setupYou(true)
	n := &m.S.Side[Opponent]
	n.Chan[0] = Channel{Card: d.Banes[0], Active: true, Base: m.card(d.Banes[0]).Power}
	st := &m.S.Side[You].Stack
	st.Push(d.Banes[1])
	st.Push(d.Banes[2])
	m.keyed(st, shuffleBanes)
	if m.tr != nil {
		m.logf("Nature picks the Banes %s, %s and %s; %s appears in channel 1 (opposite %s); the other two are shuffled into the stack (%d cards).", m.name(d.Banes[0]), m.name(d.Banes[1]), m.name(d.Banes[2]), m.name(d.Banes[0]), m.guardianName(You, 0), st.N)
	}
	m.put(Opponent, 1)
	m.draw(Opponent, 2)
	for t := 1; t <= m.Opts.MaxTurns && !m.S.Over; t++ {
		m.S.Turn = t
		m.turn(Opponent)
		if m.S.Over {
			break
		}
		m.turn(You)
	}
	if !m.S.Over {
		// Out of turns: the rulebook's win needs an empty stack, so the
		// match is unfinished, neither won nor lost.
		m.S.Over, m.S.Unfinished = true, true
		if m.tr != nil {
			m.logf("No end within %d turns: the match is unfinished (progress piles: yours %d, Nature's %d; the stack still holds %d cards).", m.Opts.MaxTurns, m.S.Side[You].Progress.N, m.S.Side[Opponent].Progress.N, m.S.Side[You].Stack.N)
		}
	}
}

// natureMain is Nature's main phase. "1. Playing: Nature plays the module
// on top of the link pile into the right side of the memory. If the link
// pile is empty, the hyperlink pile is used instead. 2. Linking/
// Hyperlinking: Nature performs the following two actions in a loop,
// until no action can be taken: i. Links the leftmost module if possible;
// ii. Hyperlinks the top hyperlinkable module. Nature links or hyperlinks
// to any of the least powerful Banes. Costs are paid by tapping modules
// from right to left."
func (m *Match) natureMain() {
	n := &m.S.Side[Opponent]
	var c uint8
	from := ""
	switch {
	case n.LinkPile.N > 0:
		c, from = n.LinkPile.Pop(), "link pile"
	case n.HyperPile.N > 0:
		c, from = n.HyperPile.Pop(), "hyperlink pile"
	}
	if from != "" {
		n.addMemory(c, false)
		n.Played = true
		if m.tr != nil {
			m.logf("Nature plays %s (top of its %s) into the right side of its memory.", m.name(c), from)
		}
	}
	for !m.S.Over {
		acted := false
		// i. the leftmost module, if it can be linked: untapped ("tapped
		// modules cannot be linked"), with a link cost, and paid by the
		// other untapped modules. If not, step i is not possible; Nature
		// never moves on to the next module.
		if n.NMem > 0 && !n.Memory[0].Tapped {
			c := n.Memory[0].Card
			card := m.card(c)
			if card.Linkable() {
				free := n.Untapped() - 1
				cost, x := card.LinkCost, 0
				if card.LinkX {
					x = m.natureX(free)
					cost = x
				}
				if cost <= free {
					m.payRightToLeft(cost, 0)
					n.removeMemory(0)
					m.link(Opponent, c, m.leastBane(), x, viaLink, cost)
					acted = true
				}
			}
		}
		if m.S.Over {
			return
		}
		// ii. the top of the hyperlink pile
		if n.HyperPile.N > 0 {
			c := n.HyperPile.Top()
			card := m.card(c)
			free := n.Untapped()
			cost, x := card.HyperCost, 0
			if card.HyperX {
				x = m.natureX(free)
				cost = x
			}
			if cost <= free {
				m.payRightToLeft(cost, -1)
				n.HyperPile.Pop()
				m.link(Opponent, c, m.leastBane(), x, viaHyperlink, cost)
				acted = true
			}
		}
		if !acted {
			return
		}
	}
}

// payRightToLeft taps cost untapped modules of Nature from the right,
// leaving slot skip alone.
func (m *Match) payRightToLeft(cost, skip int) {
	n := &m.S.Side[Opponent]
	for i := n.NMem - 1; i >= 0 && cost > 0; i-- {
		if i == skip || n.Memory[i].Tapped {
			continue
		}
		n.Memory[i].Tapped = true
		cost--
		if m.tr != nil {
			m.tr.tap("Nature", m.name(n.Memory[i].Card))
		}
	}
	if m.tr != nil {
		m.tr.flush()
	}
}

// natureX is the X Nature pays for a cost of X out of free resources: all
// of them against you (Seeker), none (Apprentice).
func (m *Match) natureX(free int) int {
	if m.Opts.Difficulty == Seeker {
		return max(free, 0)
	}
	return 0
}

// leastBane returns the channel of one of the least powerful Banes. Among
// equals the difficulty chooses: Seeker the Bane that ends furthest above
// its opposing Guardian (Nature advances sooner), Apprentice the one
// facing your most powerful Guardian.
func (m *Match) leastBane() int {
	n := &m.S.Side[Opponent]
	best, bestP, bestD := -1, 0, 0
	for i := range n.Chan {
		if !n.Chan[i].Active {
			continue
		}
		p := n.Chan[i].Power()
		d := p - m.S.opposing(Opponent, i)
		if m.Opts.Difficulty == Apprentice {
			d = -d
		}
		if best < 0 || p < bestP || p == bestP && d > bestD {
			best, bestP, bestD = i, p, d
		}
	}
	if best < 0 {
		return 0
	}
	return best
}

// natureKeeps is the size of Nature's new progress pile after its
// special event on the discard pile ("form a new progress pile with
// number of cards not greater than the original one"), out of avail
// cards: as many as it held against you (Seeker), none for you
// (Apprentice).
func (m *Match) natureKeeps(orig, avail int) int {
	if m.Opts.Difficulty == Apprentice {
		return 0
	}
	return min(orig, avail)
}

// natureAdvances is Nature's advance rule: "If at least one Bane has
// power exceeding that of its opposing Guardian by 3 or more, Nature
// advances and you get to respond."
func (m *Match) natureAdvances() bool {
	n := &m.S.Side[Opponent]
	for i := range n.Chan {
		if n.Chan[i].Active && n.Chan[i].Power()-m.S.opposing(Opponent, i) >= 3 {
			return true
		}
	}
	return false
}

// natureReacts is Nature's reaction to your advance: "If the hyperlink
// pile is not empty, Nature hyperlinks the top module at no cost.
// Otherwise, Nature puts the top card of the stack into its memory, then
// links it at no cost." (To the Bane that has the least power.)
func (m *Match) natureReacts() {
	n := &m.S.Side[Opponent]
	if n.HyperPile.N > 0 {
		c := n.HyperPile.Pop()
		if m.tr != nil {
			m.logf("Nature reacts: it hyperlinks the top of its hyperlink pile at no cost.")
		}
		m.link(Opponent, c, m.leastBane(), 0, viaFreeHyper, 0)
		return
	}
	if m.tr != nil {
		m.logf("Nature reacts: its hyperlink pile is empty, so it puts the top card of the stack into its memory and links it at no cost.")
	}
	c, ok := m.take(Opponent)
	if !ok {
		return
	}
	n.addMemory(c, false)
	if m.tr != nil {
		m.logf("Nature puts %s into its memory.", m.name(c))
	}
	m.afterTake(Opponent)
	if m.S.Over || !m.card(c).Linkable() {
		return
	}
	n.removeMemory(n.NMem - 1)
	m.link(Opponent, c, m.leastBane(), 0, viaFree, 0)
}

// natureChoose takes a decision for Nature: in your best interest
// (Apprentice) or in Nature's favour (Seeker). Gravity pulls, unlinks of
// your modules and cards Nature takes are the most powerful against you,
// the least for you; a discard from Nature's hand is the least powerful
// against you. An untap takes, against you, Nature's leftmost tapped
// module (the one step i of its main phase links next, only when it is
// untapped), for you its rightmost (the first it taps again to pay).
func (m *Match) natureChoose(c *Choice) int {
	if c.Kind == ChooseUntap {
		// The options are memory slots, left to right.
		if m.Opts.Difficulty == Seeker {
			return 0
		}
		return c.N - 1
	}
	high := m.Opts.Difficulty == Seeker
	if c.Kind == ChooseDiscard {
		high = !high
	}
	best := 0
	for i := 1; i < c.N; i++ {
		p, b := m.card(c.Card[i]).Power, m.card(c.Card[best]).Power
		if high && p > b || !high && p < b {
			best = i
		}
	}
	return best
}
