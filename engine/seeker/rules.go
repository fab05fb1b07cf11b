package seeker

import (
	"strconv"

	"github.com/deckwright/deckwright/engine"
)

// This file holds the rules that moves and phases share: taking cards from
// the stack, progress, linking, activation and abilities.

// take takes the top card of side's stack for a draw, a put or a progress
// point. In the match against Nature a Bane taken is summoned and the next
// card taken instead ("You then complete the action as if the Bane had not
// been drawn or revealed"). ok is false when there is no card to take or
// the match ended. The caller places the card, then calls afterTake.
func (m *Match) take(side int) (c uint8, ok bool) {
	st := m.S.StackOf(side)
	for st.N > 0 && !m.S.Over {
		c = st.Pop()
		if m.card(c).Kind != KindBane {
			return c, true
		}
		m.summonBane(c)
		m.afterTake(side)
	}
	return 0, false
}

// afterTake applies what happens when a stack gets empty. Against Nature
// the match ends. Otherwise: "If your stack is empty for the first time,
// shuffle your discard pile and place it back as your new stack. The
// second time your stack is empty, you win the game!"
func (m *Match) afterTake(side int) {
	st := m.S.StackOf(side)
	if st.N > 0 || m.S.Over {
		return
	}
	if m.S.Mode == Nature {
		m.S.Over = true
		y, n := m.S.Side[You].Progress.N, m.S.Side[Opponent].Progress.N
		m.S.Won = y > n
		if m.tr != nil {
			res := "you win"
			if !m.S.Won {
				res = "Nature wins"
			}
			m.logf("The stack is empty: the match ends. Progress piles: yours %d, Nature's %d: %s.", y, n, res)
		}
		return
	}
	sd := &m.S.Side[side]
	sd.Empties++
	if sd.Empties >= 2 {
		m.S.Over = true
		m.S.Won = side == You
		if m.tr != nil {
			m.logf("%s stack is empty for the second time: %s the match on turn %d.", engine.Capital(m.their(side)), verb(side, "you win", "the opponent wins"), m.S.Turn)
		}
		return
	}
	d := m.S.DiscardOf(side)
	*st, *d = *d, Pile{}
	m.shuffle(st)
	if m.tr != nil {
		m.logf("%s stack is empty for the first time: %s %s %s discard pile (%d cards) as %s new stack.", engine.Capital(m.their(side)), m.who(side), verb(side, "shuffle", "shuffles"), m.their(side), st.N, m.their(side))
	}
}

// summonBane puts a Bane where an opposing Guardian would be placed: the
// first free channel of Nature's side.
func (m *Match) summonBane(c uint8) {
	n := &m.S.Side[Opponent]
	for i := range n.Chan {
		if !n.Chan[i].Active {
			n.Chan[i] = Channel{Card: c, Active: true, Base: m.card(c).Power}
			if m.tr != nil {
				m.logf("The Bane %s appears in channel %d, opposite %s.", m.name(c), i+1, m.guardianName(You, i))
			}
			return
		}
	}
	// No free channel (cannot happen with three Banes): the Bane is set
	// aside.
}

// toHand puts a card into side's hand; Nature's hand is its link and
// hyperlink piles: "When a card would be put into Nature's hand, it is
// put on the top of the appropriate pile."
func (m *Match) toHand(side int, c uint8) {
	if m.S.Mode == Nature && side == Opponent {
		if m.card(c).Hyperlinkable() {
			m.S.Side[Opponent].HyperPile.Push(c)
		} else {
			m.S.Side[Opponent].LinkPile.Push(c)
		}
		return
	}
	m.S.Side[side].Hand.Push(c)
}

// draw draws n cards for side.
func (m *Match) draw(side, n int) {
	for k := 0; k < n && !m.S.Over; k++ {
		c, ok := m.take(side)
		if !ok {
			if m.tr != nil && !m.S.Over {
				m.logf("%s stack has no card to draw.", engine.Capital(m.their(side)))
			}
			return
		}
		m.toHand(side, c)
		if side == You && !m.quiet {
			m.count(EventDrawn, c)
		}
		if m.tr != nil && !m.quiet {
			m.logf("%s %s %s%s.", m.who(side), verb(side, "draw", "draws"), m.name(c), m.pileNote(side, c))
		}
		m.afterTake(side)
	}
}

// put puts the top n cards of side's stack into its memory (not a play).
func (m *Match) put(side, n int) {
	for k := 0; k < n && !m.S.Over; k++ {
		c, ok := m.take(side)
		if !ok {
			return
		}
		m.S.Side[side].addMemory(c, false)
		if m.tr != nil {
			m.logf("%s %s %s from the top of the stack into %s memory.", m.who(side), verb(side, "put", "puts"), m.name(c), m.their(side))
		}
		m.afterTake(side)
		m.checkActivation(side)
	}
}

// progress makes pts progress points for side. In a duel: "For every
// progress point, put the top card of your stack into your discard pile."
// Against Nature: "for every 3 progress points, put the top card of the
// stack in the appropriate progress pile"; the rest expire.
func (m *Match) progress(side, pts int) {
	if pts <= 0 || m.S.Over {
		return
	}
	if m.S.Mode == Nature {
		cards := pts / 3
		if m.tr != nil {
			m.logf("%d progress %s: %s to %s progress pile, %d %s.", pts, engine.Plural(pts, "point", "points"), engine.Plural(cards, "1 card", strconv.Itoa(cards)+" cards"), m.their(side), pts%3, engine.Plural(pts%3, "point expires", "points expire"))
		}
		pile := &m.S.Side[side].Progress
		for k := 0; k < cards && !m.S.Over; k++ {
			c, ok := m.take(side)
			if !ok {
				return
			}
			pile.Push(c)
			m.afterTake(side)
		}
		return
	}
	if m.tr != nil {
		m.logf("%d progress %s: %s from %s stack to %s discard pile.", pts, engine.Plural(pts, "point", "points"), engine.Plural(pts, "1 card", strconv.Itoa(pts)+" cards"), m.their(side), m.their(side))
	}
	// No Banes outside the match against Nature: move the cards in bulk,
	// top card first.
	st, d := m.S.StackOf(side), m.S.DiscardOf(side)
	for pts > 0 && !m.S.Over {
		k := min(pts, st.N)
		if k == 0 {
			break
		}
		for j := 0; j < k; j++ {
			d.Card[d.N+j] = st.Card[st.N-1-j]
		}
		d.N += k
		st.N -= k
		pts -= k
		m.afterTake(side)
	}
	if m.tr != nil && !m.S.Over {
		m.logf("(stack %d, discard pile %d)", st.N, d.N)
	}
}

// How a module was linked, for the trace.
const (
	viaLink = iota
	viaHyperlink
	viaFree // Gravity, Nature's reaction: linked at no cost
	viaFreeHyper
)

// link assigns module c to the Guardian (or Bane) of channel ch of side:
// the steps 2 to 4 of "Linking and Hyperlinking" (the cost is paid).
func (m *Match) link(side int, c uint8, ch, x, via, cost int) {
	sd := &m.S.Side[side]
	hyper := via == viaHyperlink || via == viaFreeHyper
	sd.Links[sd.NLinks] = Link{Card: c, Chan: uint8(ch), X: uint8(x), Hyper: hyper}
	sd.NLinks++
	card := m.card(c)
	sd.Chan[ch].Base += card.Power
	if side == You {
		if hyper {
			m.count(EventHyperlinked, c)
		} else {
			m.count(EventLinked, c)
		}
	}
	if m.tr != nil {
		how := verb(side, "link", "links")
		if hyper {
			how = verb(side, "hyperlink", "hyperlinks")
		}
		pay := " for " + strconv.Itoa(cost)
		if via == viaFree || via == viaFreeHyper {
			pay = " at no cost"
		}
		if card.LinkX && !hyper || card.HyperX && hyper {
			pay += " (X=" + strconv.Itoa(x) + ")"
		}
		m.logf("%s %s %s to %s%s: %s.", m.who(side), how, m.name(c), m.guardianName(side, ch), pay, m.powerNote(side, ch))
	}
	m.checkActivation(side)
	m.resolve(side, c, ch, x)
}

// checkActivation activates your next Guardian when it can: "The first
// time your first or second Guardian reaches total power 7 (ignoring
// modifiers), activate your next Guardian", with rule C: "You can
// activate a Guardian if your last activated Guardian has power 7 or more
// and, at the same time, you control a module with a matching domain."
// Only base power counts. (The opponent of a Duel never activates.)
func (m *Match) checkActivation(side int) {
	if side != You {
		return
	}
	sd := &m.S.Side[You]
	for {
		last := sd.lastActive()
		next := last + 1
		if last < 0 || next > 2 || sd.Chan[last].Base < 7 {
			return
		}
		gid := m.Deck.Guardians[next]
		g := m.card(gid)
		if !m.controlsMatching(You, g) {
			if m.tr != nil && m.blocked&(1<<next) == 0 {
				m.blocked |= 1 << next
				m.logf("%s has base power %d, but you control no module matching %s's domain: %s is not activated (rule C).", m.guardianName(You, last), sd.Chan[last].Base, g.Name, g.Name)
			}
			return
		}
		sd.Chan[next] = Channel{Card: gid, Active: true, Base: g.Power}
		gm := m.Deck.GModules[next]
		sd.Hand.Push(gm)
		m.S.Online[next] = m.S.Turn
		if m.rec != nil {
			m.rec.Milestone(next-1, m.S.Turn)
		}
		if m.tr != nil {
			m.logf("%s has base power %d: %s is activated in channel %d; %s goes to your hand.", m.guardianName(You, last), sd.Chan[last].Base, g.Name, next+1, m.name(gm))
		}
	}
}

// controlsMatching reports whether side controls (in memory or linked) a
// module matching the domain of Guardian g.
func (m *Match) controlsMatching(side int, g *Card) bool {
	sd := &m.S.Side[side]
	for i := 0; i < sd.NMem; i++ {
		if matches(m.card(sd.Memory[i].Card), g) {
			return true
		}
	}
	for i := 0; i < sd.NLinks; i++ {
		if matches(m.card(sd.Links[i].Card), g) {
			return true
		}
	}
	return false
}

// resolve resolves the ability of module c just linked to channel ch:
// its keywords in printed order, then its effects in list order.
func (m *Match) resolve(side int, c uint8, ch, x int) {
	card := m.card(c)
	sd := &m.S.Side[side]
	for _, k := range card.Keywords {
		if m.S.Over {
			return
		}
		switch k {
		case Gravity:
			m.gravity(side, ch, card.GravityX, c)
		case Entropy:
			if m.tr != nil {
				m.logf("%s's Entropy: %s %s, progress %d.", card.Name, m.who(side), verb(side, "control "+engine.Plural(sd.NLinks, "1 linked module", strconv.Itoa(sd.NLinks)+" linked modules"), "controls "+engine.Plural(sd.NLinks, "1 linked module", strconv.Itoa(sd.NLinks)+" linked modules")), sd.NLinks)
			}
			m.progress(side, sd.NLinks)
		case Duality:
			for i := range sd.Chan {
				if sd.Chan[i].Active {
					sd.Chan[i].Mod += 2
				}
			}
			if m.tr != nil {
				m.logf("%s's Duality: %s gain +2 power until end of turn (%s).", card.Name, m.guardiansWord(side), m.powersNote(side))
			}
		}
	}
	for _, e := range card.Effects {
		if m.S.Over {
			return
		}
		m.effect(side, c, ch, x, e)
	}
}

// gravity is "Gravity X: Untap and link in this channel at no cost a
// module you control with link cost X or less." The module comes from
// memory, tapped or not; a cost of X counts as 0; rule D applies.
func (m *Match) gravity(side, ch, x int, src uint8) {
	sd := &m.S.Side[side]
	cho := m.choice.Reset(ChoosePull, src)
	for i := 0; i < sd.NMem; i++ {
		c := m.card(sd.Memory[i].Card)
		if c.Linkable() && (c.LinkX || c.LinkCost <= x) && m.domainOK(side, c) {
			cho.Add(i, sd.Memory[i].Card)
		}
	}
	if cho.N == 0 {
		if m.tr != nil {
			m.logf("%s's Gravity %d: no module in %s memory has link cost %d or less.", m.name(src), x, m.their(side), x)
		}
		return
	}
	i := int(cho.Index[m.decide(side, cho)])
	c := sd.removeMemory(i)
	if m.tr != nil {
		m.logf("%s's Gravity %d pulls %s from %s memory.", m.name(src), x, m.name(c), m.their(side))
	}
	m.link(side, c, ch, 0, viaFree, 0)
}

// effect resolves one item of a module's effects.
func (m *Match) effect(side int, src uint8, ch, x int, e Effect) {
	n := e.Amount(x)
	sd := &m.S.Side[side]
	if m.tr != nil {
		m.logf("%s: %s.", m.name(src), e.Describe(x))
	}
	if n <= 0 {
		return
	}
	switch e.Kind {
	case EffectDraw:
		m.draw(side, n)
	case EffectProgress:
		m.progress(side, n)
	case EffectUntap:
		for k := 0; k < n; k++ {
			cho := m.choice.Reset(ChooseUntap, src)
			for i := 0; i < sd.NMem; i++ {
				if sd.Memory[i].Tapped {
					cho.Add(i, sd.Memory[i].Card)
				}
			}
			if cho.N == 0 {
				break
			}
			i := int(cho.Index[m.decide(side, cho)])
			sd.Memory[i].Tapped = false
			if m.tr != nil {
				m.logf("%s %s %s.", m.who(side), verb(side, "untap", "untaps"), m.name(sd.Memory[i].Card))
			}
		}
	case EffectPower:
		sd.Chan[ch].Mod += n
		if m.tr != nil {
			m.logf("(%s)", m.powerNote(side, ch))
		}
	case EffectPowerAll:
		for i := range sd.Chan {
			if sd.Chan[i].Active {
				sd.Chan[i].Mod += n
			}
		}
		if m.tr != nil {
			m.logf("(%s)", m.powersNote(side))
		}
	case EffectUnlink:
		o := &m.S.Side[1-side]
		for k := 0; k < n; k++ {
			cho := m.choice.Reset(ChooseUnlink, src)
			for i := 0; i < o.NLinks; i++ {
				if int(o.Links[i].Chan) == ch {
					cho.Add(i, o.Links[i].Card)
				}
			}
			if cho.N == 0 {
				if m.tr != nil && k == 0 {
					m.logf("No opposing module is linked in channel %d.", ch+1)
				}
				break
			}
			m.unlink(1-side, int(cho.Index[m.decide(side, cho)]))
		}
	case EffectPut:
		m.put(side, n)
	case EffectRecover:
		m.recover(side, src, n)
	case EffectDiscard:
		m.discardFrom(1-side, src, n)
	}
}

// unlink breaks link i of side: "Unlinked modules return to their
// controller's memory tapped." Effects stay; a Guardian already
// activated stays active.
func (m *Match) unlink(side, i int) {
	sd := &m.S.Side[side]
	l := sd.removeLink(i)
	sd.Chan[l.Chan].Base -= m.card(l.Card).Power
	sd.addMemory(l.Card, true)
	if m.tr != nil {
		m.logf("%s is unlinked from %s and returns tapped to %s memory: %s.", m.name(l.Card), m.guardianName(side, int(l.Chan)), m.their(side), m.powerNote(side, int(l.Chan)))
	}
}

// recover puts n cards of side's discard pile into its hand. Against
// Nature this is the special event: "Shuffle the shared discard pile into
// your progress pile, resolve the ability on that new pile, then form a
// new progress pile with number of cards not greater than the original
// one." How many is a decision: your new pile keeps as many cards as it
// can; Nature's as the difficulty says (natureKeeps). The rest go back to
// the discard pile.
func (m *Match) recover(side int, src uint8, n int) {
	d := m.S.DiscardOf(side)
	if m.S.Mode != Nature {
		for k := 0; k < n; k++ {
			cho := m.choice.Reset(ChooseRecover, src)
			for i := 0; i < d.N; i++ {
				cho.Add(i, d.Card[i])
			}
			if cho.N == 0 {
				return
			}
			c := d.Remove(int(cho.Index[m.decide(side, cho)]))
			m.toHand(side, c)
			if m.tr != nil {
				m.logf("%s %s %s from %s discard pile into %s hand.", m.who(side), verb(side, "put", "puts"), m.name(c), m.their(side), m.their(side))
			}
		}
		return
	}
	pp := &m.S.Side[side].Progress
	orig := pp.N
	tmp := &m.tmp
	*tmp = Pile{}
	for _, c := range d.Cards() {
		tmp.Push(c)
	}
	for _, c := range pp.Cards() {
		tmp.Push(c)
	}
	d.N, pp.N = 0, 0
	m.shuffle(tmp)
	if m.tr != nil {
		m.logf("Special event: the discard pile is shuffled into %s progress pile (%d cards).", m.their(side), tmp.N)
	}
	for k := 0; k < n; k++ {
		cho := m.choice.Reset(ChooseRecover, src)
		for i := 0; i < tmp.N; i++ {
			cho.Add(i, tmp.Card[i])
		}
		if cho.N == 0 {
			break
		}
		c := tmp.Remove(int(cho.Index[m.decide(side, cho)]))
		m.toHand(side, c)
		if m.tr != nil {
			m.logf("%s %s %s into %s hand.", m.who(side), verb(side, "put", "puts"), m.name(c), m.their(side))
		}
	}
	keep := min(orig, tmp.N)
	if side == Opponent {
		keep = m.natureKeeps(orig, tmp.N)
	}
	for i := 0; i < tmp.N; i++ {
		if i < keep {
			pp.Push(tmp.Card[i])
		} else {
			d.Push(tmp.Card[i])
		}
	}
	if m.tr != nil {
		m.logf("%s new progress pile holds %s (it held %d); %s to the discard pile.", engine.Capital(m.their(side)), engine.Plural(pp.N, "1 card", strconv.Itoa(pp.N)+" cards"), orig, engine.Plural(tmp.N-keep, "1 card goes", strconv.Itoa(tmp.N-keep)+" cards go"))
	}
}

// discardFrom makes side discard n cards from hand (an opponent's
// effect). Nature's hand is the special event: "Shuffle Nature's two hand
// piles into a temporary pile, resolve the ability on that new pile, then
// redistribute all cards in the appropriate piles at random." The
// goldfish opponent has no hand.
func (m *Match) discardFrom(side int, src uint8, n int) {
	if m.S.Mode == Goldfish && side == Opponent {
		if m.tr != nil {
			m.logf("The goldfish opponent has no hand to discard from.")
		}
		return
	}
	d := m.S.DiscardOf(side)
	sd := &m.S.Side[side]
	if m.S.Mode == Nature && side == Opponent {
		tmp := &m.tmp
		*tmp = Pile{}
		for _, c := range sd.LinkPile.Cards() {
			tmp.Push(c)
		}
		for _, c := range sd.HyperPile.Cards() {
			tmp.Push(c)
		}
		sd.LinkPile.N, sd.HyperPile.N = 0, 0
		m.shuffle(tmp)
		if m.tr != nil {
			m.logf("Special event: Nature's hand piles are shuffled together (%d cards).", tmp.N)
		}
		for k := 0; k < n; k++ {
			cho := m.choice.Reset(ChooseDiscard, src)
			for i := 0; i < tmp.N; i++ {
				cho.Add(i, tmp.Card[i])
			}
			if cho.N == 0 {
				break
			}
			c := tmp.Remove(int(cho.Index[m.decide(side, cho)]))
			d.Push(c)
			if m.tr != nil {
				m.logf("Nature discards %s.", m.name(c))
			}
		}
		m.shuffle(tmp)
		for _, c := range tmp.Cards() {
			m.toHand(Opponent, c)
		}
		if m.tr != nil {
			m.logf("Nature's cards are redistributed at random: link pile %d, hyperlink pile %d.", sd.LinkPile.N, sd.HyperPile.N)
		}
		return
	}
	for k := 0; k < n; k++ {
		cho := m.choice.Reset(ChooseDiscard, src)
		for i := 0; i < sd.Hand.N; i++ {
			cho.Add(i, sd.Hand.Card[i])
		}
		if cho.N == 0 {
			return
		}
		c := sd.Hand.Remove(int(cho.Index[m.decide(side, cho)]))
		d.Push(c)
		if m.tr != nil {
			m.logf("%s %s %s.", m.who(side), verb(side, "discard", "discards"), m.name(c))
		}
	}
}

// decide asks whoever takes a decision of side for an option: your
// policy for you; for Nature, the difficulty; the policy of a Duel's
// opponent, or its first option.
func (m *Match) decide(side int, c *Choice) int {
	var k int
	switch {
	case side == You:
		k = m.pol[You].Choose(m, c)
	case m.S.Mode == Nature:
		k = m.natureChoose(c)
	case m.pol[Opponent] != nil:
		k = m.pol[Opponent].Choose(m, c)
	}
	if k < 0 || k >= c.N {
		k = 0
	}
	return k
}
