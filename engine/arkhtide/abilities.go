package arkhtide

import (
	"strconv"

	"github.com/deckwright/deckwright/engine"
)

// This file resolves abilities: the reactions a card in play fires, the
// actions of an ability, and the choices they ask for.

// ctx is what an ability resolves with: its side, the card in play that
// is "me" (a unit index, SeekerIndex or noUnit) and the slot of "my
// Realm" (-1: none).
type ctx struct {
	side int
	unit int
	zone int
	card uint8 // the card whose ability it is, for the trace
	used bool  // a player used it (the trace said so already)
}

// fireUnit resolves side's Unit i's (or Seeker's) reactions with the
// trigger, and those of its Bindings ("assist" on a Binding: when the
// bound Unit Assists). Each is used at most once a Round.
func (m *Match) fireUnit(side, i int, tr Trigger) {
	if !m.reacts(side) {
		return
	}
	sd := &m.S.Side[side]
	u := sd.unit(i)
	t := &m.cards[u.Card].Text
	for a := range t.Abilities {
		if t.Abilities[a].Trigger == tr && u.Used&(1<<a) == 0 {
			u.Used |= 1 << a
			m.resolve(ctx{side: side, unit: i, zone: int(u.Zone), card: u.Card}, &t.Abilities[a])
			if !sd.validUnit(i) || m.S.Over {
				return
			}
			u = sd.unit(i)
		}
	}
	for b := 0; b < int(u.NBound); b++ {
		bt := &m.cards[u.Bound[b].Card].Text
		for a := range bt.Abilities {
			if bt.Abilities[a].Trigger == tr && u.Bound[b].Used&(1<<a) == 0 {
				u.Bound[b].Used |= 1 << a
				m.resolve(ctx{side: side, unit: i, zone: int(u.Zone), card: u.Bound[b].Card}, &bt.Abilities[a])
				if !sd.validUnit(i) || m.S.Over {
					return
				}
				u = sd.unit(i)
			}
		}
	}
}

// fireRealm resolves the reactions with the trigger of the side of the
// Realm in slot z that applies to side, if side is present on it.
func (m *Match) fireRealm(side, z int, tr Trigger) {
	if !m.reacts(side) || z < 0 || z >= m.S.NRealms || !m.Present(side, z) {
		return
	}
	r := &m.S.Realms[z]
	t := m.realmText(z, side)
	for a := range t.Abilities {
		if t.Abilities[a].Trigger == tr && r.Used[side]&(1<<a) == 0 {
			r.Used[side] |= 1 << a
			m.resolve(ctx{side: side, unit: noUnit, zone: z, card: r.Card}, &t.Abilities[a])
		}
	}
}

// fireInvoke resolves the abilities of a card just Invoked: "invoke", and
// "combat invoke" during the Combat Phase.
func (m *Match) fireInvoke(x ctx, c uint8) {
	t := &m.cards[c].Text
	for a := range t.Abilities {
		tr := t.Abilities[a].Trigger
		if tr == TrigInvoke || tr == TrigCombatInvoke && m.S.Phase == PhaseCombat {
			m.resolve(x, &t.Abilities[a])
			if m.S.Over {
				return
			}
		}
	}
}

// me returns the card in play that is "me" for the ability, or nil.
func (m *Match) me(x ctx) *Unit {
	if x.unit == noUnit || !m.S.Side[x.side].validUnit(x.unit) {
		return nil
	}
	return m.S.Side[x.side].unit(x.unit)
}

// resolve carries out an ability's actions (its costs are paid already).
func (m *Match) resolve(x ctx, ab *Ability) {
	if m.tr != nil && !x.used {
		m.logf("%s: %s.", m.name(x.card), m.describe(ab))
	}
	sd := &m.S.Side[x.side]
	for ai := range ab.Actions {
		if m.S.Over {
			return
		}
		a := &ab.Actions[ai]
		if a.IfSeekerHere && (x.zone < 0 || int(sd.Seeker.Zone) != x.zone) {
			if m.tr != nil {
				m.logf("(%s is not here: nothing happens.)", m.name(sd.Seeker.Card))
			}
			continue
		}
		switch a.Kind {
		case ActDraw:
			m.draw(x.side, a.N)
		case ActSeek:
			m.seek(x.side, a.N, a.M, x.card)
		case ActRefresh:
			k := m.refresh(x.side, a.N)
			if m.tr != nil {
				m.logf("%s %s %d Arkhé (%d ready).", m.who(x.side), verb(x.side, "refresh", "refreshes"), k, sd.Arkhe)
			}
		case ActRefreshPerAlly:
			n := 0
			if x.zone >= 0 {
				for i := 0; i < sd.NUnits; i++ {
					if int(sd.Units[i].Zone) == x.zone {
						n++
					}
				}
			}
			k := m.refresh(x.side, min(n*a.N, a.M))
			if m.tr != nil {
				m.logf("%s %s: %s %s %d Arkhé (%d ready).", engine.Capital(engine.Plural(n, "1 allied Unit", strconv.Itoa(n)+" allied Units")), engine.Plural(n, "is there", "are there"), m.who(x.side), verb(x.side, "refresh", "refreshes"), k, sd.Arkhe)
			}
		case ActQuintessence:
			if m.tr != nil {
				m.logf("%s %s %d Quintessence (%d).", m.who(x.side), verb(x.side, "gain", "gains"), a.N, sd.Quint+a.N)
			}
			m.gainQuintessence(x.side, a.N)
		case ActLoseWillpower:
			m.loseWillpower(x.side, a.N, false)
		case ActRegainWillpower:
			sd.Willpower += a.N
			if m.tr != nil {
				m.logf("%s %s %d Willpower (%d).", m.who(x.side), verb(x.side, "regain", "regains"), a.N, sd.Willpower)
			}
		case ActDrain:
			if m.drainable(x.side, x.zone) {
				m.loseWillpower(1-x.side, a.N, false)
			} else if m.tr != nil {
				m.logf("(No enemy Seeker on a Nearby Realm.)")
			}
		case ActManifest:
			m.manifest(x.side, a.Card, x.zone)
		case ActSoul:
			if u := m.me(x); u != nil {
				u.SoulRound += int8(a.N)
			}
		case ActAllySoul:
			if i := m.chooseAlly(x, ActAllySoul); i >= 0 {
				sd.Units[i].SoulRound += int8(a.N)
				if m.tr != nil {
					m.logf("%s gets +%d Soul until the end of the Round.", m.name(sd.Units[i].Card), a.N)
				}
			}
		case ActReadyAlly:
			if i := m.chooseAlly(x, ActReadyAlly); i >= 0 {
				sd.Units[i].Ready = true
				if m.tr != nil {
					m.logf("%s is ready again.", m.name(sd.Units[i].Card))
				}
			}
		case ActReadyMe:
			if u := m.me(x); u != nil {
				u.Ready = true
			}
		case ActAttack:
			m.abilityAttack(x, a)
		case ActDiscard:
			for k := 0; k < a.N && sd.Hand.N > 0; k++ {
				i := m.chooseHand(x.side, ChooseDiscard, x.card)
				c := m.discardAt(x.side, i)
				if m.tr != nil {
					m.logf("%s %s %s.", m.who(x.side), verb(x.side, "discard", "discards"), m.name(c))
				}
			}
		case ActRecoverBinding:
			m.recoverBinding(x.side, x.card)
		}
	}
}

// drainable reports whether an enemy Seeker stands on a Realm Nearby the
// Realm in slot z (your Seeker's when z is -1): another Realm.
func (m *Match) drainable(side, z int) bool {
	if z < 0 {
		z = int(m.S.Side[side].Seeker.Zone)
	}
	od := &m.S.Side[1-side]
	return od.Present && od.Seeker.Zone >= 0 && z >= 0 && int(od.Seeker.Zone) != z
}

// manifest puts a Unit token of side onto the Realm in slot z ("Manifest:
// play it without paying its cost"), within the limits of Unique Units.
func (m *Match) manifest(side int, c uint8, z int) {
	sd := &m.S.Side[side]
	if z < 0 || z >= m.S.NRealms || !m.mayField(side, c) {
		if m.tr != nil {
			m.logf("(%s cannot be Manifested.)", m.name(c))
		}
		return
	}
	sd.Units[sd.NUnits] = Unit{Card: c, Zone: int8(z), Ready: true}
	sd.NUnits++
	if m.tr != nil {
		m.logf("%s %s %s on %s.", m.who(side), verb(side, "manifest", "manifests"), m.name(c), m.realmName(z))
	}
}

// seek: "Look at the top X cards of your Main Deck. Choose Y of them and
// draw those cards. Place the remaining cards on the bottom of your Main
// Deck in any order" (here: in the order they were).
func (m *Match) seek(side, x, y int, src uint8) {
	sd := &m.S.Side[side]
	n := min(x, sd.Deck.N)
	var look [MaxAmount]uint8
	for k := 0; k < n; k++ {
		look[k] = sd.Deck.Pop()
	}
	if m.tr != nil {
		m.logf("%s %s at %s.", m.who(side), verb(side, "look", "looks"), m.namesOf(look[:n]))
	}
	rest := n
	for k := 0; k < y && rest > 0; k++ {
		c := m.choice.Reset(ChooseSeek, src)
		for j := 0; j < rest; j++ {
			c.Add(j, look[j])
		}
		j := m.ask(side)
		card := look[j]
		copy(look[j:rest-1], look[j+1:rest])
		rest--
		sd.Hand.Push(card)
		if side == You {
			m.count(EventDrawn, card)
		}
		if m.tr != nil {
			m.logf("%s %s %s.", m.who(side), verb(side, "draw", "draws"), m.name(card))
		}
	}
	m.noteDeckOut(side)
	for j := rest - 1; j >= 0; j-- {
		sd.Deck.Bottom(look[j])
	}
	if m.tr != nil && rest > 0 {
		m.logf("%s %s on the bottom of %s Main Deck.", engine.Capital(m.namesOf(look[:rest])), engine.Plural(rest, "goes", "go"), m.their(side))
	}
}

// recoverBinding returns a Binding of side's Chronicle to its hand.
func (m *Match) recoverBinding(side int, src uint8) {
	sd := &m.S.Side[side]
	c := m.choice.Reset(ChooseRecover, src)
	for i, card := range sd.Chronicle.Cards() {
		if m.cards[card].Kind == KindBinding {
			c.Add(i, card)
		}
	}
	if c.N == 0 {
		if m.tr != nil {
			m.logf("(No Binding in %s Chronicle.)", m.their(side))
		}
		return
	}
	j := m.ask(side)
	card := sd.Chronicle.Remove(c.Index[j])
	sd.Hand.Push(card)
	if m.tr != nil {
		m.logf("%s %s %s from %s Chronicle to %s hand.", m.who(side), verb(side, "return", "returns"), m.name(card), m.their(side), m.their(side))
	}
}

// abilityAttack resolves "attack melee|ranged N": I perform the Attack at
// an enemy in range, chosen by the policy.
func (m *Match) abilityAttack(x ctx, a *Action) {
	u := m.me(x)
	if u == nil || u.Zone < 0 {
		return
	}
	c := m.targets(x.side, u.Zone, a.Ranged, x.card)
	if c.N == 0 {
		if m.tr != nil {
			m.logf("(No enemy in range.)")
		}
		return
	}
	j := m.ask(x.side)
	t := c.Index[j]
	reaping := 0
	if card := &m.cards[u.Card]; card.Keywords.Has(Reaping) && card.KeywordRanged == a.Ranged {
		reaping = card.Reaping
	}
	if m.tr != nil {
		m.logf("%s performs a %s %d on %s.", m.unitName(x.side, u), attackWord(a.Ranged), a.N, m.unitName(1-x.side, m.S.Side[1-x.side].unit(t)))
	}
	m.attack(x.side, x.unit, t, a.N, a.Ranged, a.Lethal, reaping)
}

// targets fills the choice with the enemies an attack from zone z may
// reach.
func (m *Match) targets(side int, z int8, ranged bool, src uint8) *Choice {
	c := m.choice.Reset(ChooseTarget, src)
	od := &m.S.Side[1-side]
	if !od.Present {
		return c
	}
	if inRange(z, od.Seeker.Zone, ranged) {
		c.Add(SeekerIndex, od.Seeker.Card)
	}
	for j := 0; j < od.NUnits; j++ {
		if inRange(z, od.Units[j].Zone, ranged) {
			c.Add(j, od.Units[j].Card)
		}
	}
	return c
}

// allyOptions fills the choice with side's Units on the Realm in slot z
// that an action may pick: exhausted ones for ready ally, ready ones for
// exhaust ally (ActDiscard stands for that cost), any for ally soul.
func (m *Match) allyOptions(side, z int, kind ActionKind, src uint8) *Choice {
	c := m.choice.Reset(ChooseAlly, src)
	c.Action = kind
	sd := &m.S.Side[side]
	if z < 0 {
		return c
	}
	for i := 0; i < sd.NUnits; i++ {
		u := &sd.Units[i]
		if int(u.Zone) != z {
			continue
		}
		switch {
		case kind == ActReadyAlly && u.Ready, kind == exhaustAlly && !u.Ready:
			continue
		}
		c.Add(i, u.Card)
	}
	return c
}

// exhaustAlly stands for the cost "exhaust ally" in a ChooseAlly choice.
const exhaustAlly ActionKind = 255

// chooseAlly picks an allied Unit for an action, or -1 when there is none.
func (m *Match) chooseAlly(x ctx, kind ActionKind) int {
	c := m.allyOptions(x.side, x.zone, kind, x.card)
	if c.N == 0 {
		if m.tr != nil {
			m.logf("(No allied Unit to choose.)")
		}
		return -1
	}
	return c.Index[m.ask(x.side)]
}

// chooseHand asks for a card of side's hand.
func (m *Match) chooseHand(side int, k ChoiceKind, src uint8) int {
	sd := &m.S.Side[side]
	c := m.choice.Reset(k, src)
	for i, card := range sd.Hand.Cards() {
		c.Add(i, card)
	}
	return c.Index[m.ask(side)]
}

// ask asks side's policy for the choice in m.choice; an answer out of
// range counts as illegal and picks the first option.
func (m *Match) ask(side int) int {
	c := &m.choice
	if side != You || m.pol == nil {
		return 0
	}
	j := m.pol.Choose(m, c)
	if j < 0 || j >= c.N {
		m.Illegal++
		if m.tr != nil {
			m.logf("(illegal choice %d of %d by %s; the first is taken)", j, c.N, m.pol.Name())
		}
		return 0
	}
	return j
}
