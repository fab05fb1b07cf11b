package arkhtide

import (
	"strconv"

	"github.com/deckwright/deckwright/engine"
)

// This file holds the rules the moves and the phases share: the stats of
// cards in play, drawing, Willpower and Quintessence, the end of the game,
// damage and death. abilities.go resolves abilities.

// Halve halves a value, rounding up ("HALVING: When a value is halved,
// divide it by two and round the result up").
func Halve(n int) int { return (n + 1) / 2 }

// realmText returns the side of the Realm in slot z whose abilities apply
// to side.
func (m *Match) realmText(z, side int) *Text {
	r := &m.S.Realms[z]
	return &m.cards[r.Card].Sides[r.Side[side]&1]
}

// Keywords returns the keywords of side's Unit i (or Seeker): printed,
// granted by its Bindings, and given by the Realm it is on.
func (m *Match) Keywords(side, i int) Keywords {
	u := m.S.Side[side].unit(i)
	c := &m.cards[u.Card]
	k := c.Keywords
	for b := 0; b < int(u.NBound); b++ {
		bc := &m.cards[u.Bound[b].Card]
		k |= bc.Keywords &^ Cask // a Binding's own Cask is the Binding's
		k |= bc.Text.Grant
	}
	if i != SeekerIndex && u.Zone >= 0 {
		k |= m.realmText(int(u.Zone), side).UnitsHave
	}
	return k
}

// Soul returns the Soul of side's Unit i (or Seeker) with every modifier
// (never below 0).
func (m *Match) Soul(side, i int) int {
	sd := &m.S.Side[side]
	u := sd.unit(i)
	c := &m.cards[u.Card]
	s := c.Soul + int(u.SoulRound) + c.Text.SoulPerBinding*int(u.NBound)
	for b := 0; b < int(u.NBound); b++ {
		s += m.cards[u.Bound[b].Card].SoulMod
	}
	if i != SeekerIndex && u.Zone >= 0 {
		s += m.realmText(int(u.Zone), side).UnitsSoul
		oath := m.Keywords(side, i).Has(Oath)
		// Other allied cards on the Realm: "other allied Units on my Realm
		// get ..." and "allied Units with Oath on my Realm get ...".
		if sk := &sd.Seeker; sk.Zone == u.Zone {
			t := &m.cards[sk.Card].Text
			s += t.UnitsSoul
			if oath {
				s += t.OathSoul
			}
		}
		for j := 0; j < sd.NUnits; j++ {
			if j == i || sd.Units[j].Zone != u.Zone {
				continue
			}
			t := &m.cards[sd.Units[j].Card].Text
			s += t.UnitsSoul
			if oath {
				s += t.OathSoul
			}
		}
	}
	return max(s, 0)
}

// RealmSoul returns side's total Soul on the Realm in slot z.
func (m *Match) RealmSoul(side, z int) int {
	sd := &m.S.Side[side]
	if !sd.Present {
		return 0
	}
	s := 0
	if int(sd.Seeker.Zone) == z {
		s += m.Soul(side, SeekerIndex)
	}
	for i := 0; i < sd.NUnits; i++ {
		if int(sd.Units[i].Zone) == z {
			s += m.Soul(side, i)
		}
	}
	return s
}

// MaxHealth returns the Health of side's Unit i with its Bindings'
// modifiers.
func (m *Match) MaxHealth(side, i int) int {
	u := m.S.Side[side].unit(i)
	h := m.cards[u.Card].Health
	for b := 0; b < int(u.NBound); b++ {
		h += m.cards[u.Bound[b].Card].HealthMod
	}
	return max(h, 1)
}

// Critical reports whether side's Unit i is Critically Wounded: it has
// less than half of its Health remaining, or Sorrow.
func (m *Match) Critical(side, i int) bool {
	if m.Keywords(side, i).Has(Sorrow) {
		return true
	}
	h := m.MaxHealth(side, i)
	return 2*(h-int(m.S.Side[side].Units[i].Wounds)) < h
}

// AttackValue returns the Melee or Ranged Attack of side's Unit i (or
// Seeker) with its Bindings' modifiers, or NoAttack for ".".
func (m *Match) AttackValue(side, i int, ranged bool) int {
	u := m.S.Side[side].unit(i)
	v := m.cards[u.Card].Attack(ranged)
	if v == NoAttack {
		return NoAttack
	}
	for b := 0; b < int(u.NBound); b++ {
		bc := &m.cards[u.Bound[b].Card]
		if ranged {
			v += bc.RangedMod
		} else {
			v += bc.MeleeMod
		}
	}
	return max(v, 0)
}

// Cost returns what Invoking card c costs side now.
func (m *Match) Cost(side int, c uint8) int {
	card := &m.cards[c]
	cost := card.Cost
	if r := card.Text.CostPerOneOfMany; r > 0 {
		sd := &m.S.Side[side]
		for i := 0; i < sd.NUnits; i++ {
			if m.cards[sd.Units[i].Card].OneOfMany {
				cost -= r
			}
		}
	}
	return max(cost, 0)
}

// InPlay counts side's Units of card c in play.
func (m *Match) InPlay(side int, c uint8) int {
	sd := &m.S.Side[side]
	n := 0
	for i := 0; i < sd.NUnits; i++ {
		if sd.Units[i].Card == c {
			n++
		}
	}
	return n
}

// mayField reports whether side may put one more Unit of card c into
// play: Units are unique, One of Many up to 3 ("Unique Units").
func (m *Match) mayField(side int, c uint8) bool {
	if m.S.Side[side].NUnits >= MaxUnits {
		return false
	}
	lim := 1
	if m.cards[c].OneOfMany {
		lim = 3
	}
	return m.InPlay(side, c) < lim
}

// Present reports whether side has its Seeker or a Unit on the Realm in
// slot z: the Realm's abilities apply to it.
func (m *Match) Present(side, z int) bool {
	sd := &m.S.Side[side]
	if int(sd.Seeker.Zone) == z {
		return true
	}
	for i := 0; i < sd.NUnits; i++ {
		if int(sd.Units[i].Zone) == z {
			return true
		}
	}
	return false
}

// draw draws n cards for side; with no card left nothing happens ("the
// game continues, and that player must proceed with no cards
// remaining"). It returns the number drawn.
func (m *Match) draw(side, n int) int {
	sd := &m.S.Side[side]
	k := 0
	for ; k < n && sd.Deck.N > 0; k++ {
		c := sd.Deck.Pop()
		sd.Hand.Push(c)
		if side == You {
			m.count(EventDrawn, c)
		}
	}
	m.noteDeckOut(side)
	if m.tr != nil && k > 0 {
		h := &sd.Hand
		m.logf("%s %s %s.", m.who(side), verb(side, "draw", "draws"), m.namesOf(h.Card[h.N-k:h.N]))
	}
	if m.tr != nil && k < n {
		m.logf("%s Main Deck is empty: %s.", engine.Capital(m.their(side)), engine.Plural(n-k, "1 card is not drawn", strconv.Itoa(n-k)+" cards are not drawn"))
	}
	return k
}

// noteDeckOut reports the Round your Main Deck ran out.
func (m *Match) noteDeckOut(side int) {
	if side == You && m.S.Side[You].Deck.N == 0 && !m.deckOut && m.S.Phase != PhaseSetup {
		m.deckOut = true
		if m.rec != nil {
			m.rec.Milestone(MilestoneDeckOut, m.S.Round)
		}
	}
}

// discardAt discards the card at hand position i of side.
func (m *Match) discardAt(side, i int) uint8 {
	sd := &m.S.Side[side]
	c := sd.Hand.Remove(i)
	sd.Chronicle.Push(c)
	if side == You {
		m.count(EventDiscarded, c)
	}
	return c
}

// loseWillpower makes side lose n Willpower; innate says it was the cost
// of a non-Innate card.
func (m *Match) loseWillpower(side, n int, nonInnate bool) {
	if n <= 0 {
		return
	}
	sd := &m.S.Side[side]
	sd.Willpower -= n
	if side == You {
		m.rw += n
		if nonInnate {
			m.willInnate += n
		} else {
			m.willOther += n
		}
	} else {
		m.oppWillLost += n
	}
	if m.tr != nil {
		m.logf("%s %s %d Willpower (%d left).", m.who(side), verb(side, "lose", "loses"), n, sd.Willpower)
	}
	m.settle()
}

// gainQuintessence gives side n Quintessence.
func (m *Match) gainQuintessence(side, n int) {
	if n <= 0 {
		return
	}
	m.S.Side[side].Quint += n
	if side == You {
		m.rq += n
	}
	m.settle()
}

// refresh refreshes up to n of side's Arkhé and returns how many.
func (m *Match) refresh(side, n int) int {
	sd := &m.S.Side[side]
	k := min(n, ArkhePool-sd.Arkhe)
	sd.Arkhe += k
	return k
}

// settle ends the game when a side has won: "The game ends immediately
// when any of the following conditions are met" — except during the
// Harvest Phase, which is fully resolved first.
func (m *Match) settle() {
	if m.harvesting || m.S.Over {
		return
	}
	m.decide()
}

// decide applies the victory conditions.
//
// Quintessence: a player with 13 or more wins; when both reach 13 at the
// same time, the one with more Quintessence, then the one with more
// Willpower, else a True Tie. Willpower: a player at 0 or below loses,
// even with 13 Quintessence; when both are at 0 or below, the one with
// more Quintessence wins, else a True Tie.
func (m *Match) decide() {
	s := &m.S
	y, o := &s.Side[You], &s.Side[Opponent]
	yw, ow := y.Willpower <= 0, o.Present && o.Willpower <= 0
	yq, oq := y.Quint >= WinQuintessence, o.Present && o.Quint >= WinQuintessence
	var won, tie bool
	end := EndWillpower
	switch {
	case yw && ow:
		won, tie = y.Quint > o.Quint, y.Quint == o.Quint
	case yw:
	case ow:
		won = true
	case yq && oq:
		end = EndQuintessence
		switch {
		case y.Quint != o.Quint:
			won = y.Quint > o.Quint
		case y.Willpower != o.Willpower:
			won = y.Willpower > o.Willpower
		default:
			tie = true
		}
	case yq:
		end, won = EndQuintessence, true
	case oq:
		end = EndQuintessence
	default:
		return
	}
	s.Over, s.Won, s.Tie, s.End = true, won, tie, end
	if m.tr != nil {
		m.traceEnd()
	}
}

// kill makes side's Unit i die: it and its Bindings go to the Chronicle
// (a token leaves the game), then its "die" and the "ally dies" reactions
// on its Realm happen.
func (m *Match) kill(side, i int) {
	sd := &m.S.Side[side]
	u := sd.Units[i]
	for b := 0; b < int(u.NBound); b++ {
		sd.Chronicle.Push(u.Bound[b].Card)
	}
	if m.cards[u.Card].Kind != KindToken {
		sd.Chronicle.Push(u.Card)
	}
	sd.removeUnit(i)
	if m.tr != nil {
		m.logf("%s dies.", m.unitName(side, &u))
	}
	z := int(u.Zone)
	if !m.reacts(side) {
		return
	}
	// "When I die".
	t := &m.cards[u.Card].Text
	for a := range t.Abilities {
		if t.Abilities[a].Trigger == TrigDie {
			m.resolve(ctx{side: side, unit: noUnit, zone: z, card: u.Card}, &t.Abilities[a])
		}
	}
	if z >= 0 {
		m.allyDies(side, z)
	}
}

// reacts reports whether side's cards react to what happens: the passive
// opponent "never acts", not even with Reactions.
func (m *Match) reacts(side int) bool { return side == You || m.Opts.Opponent != Passive }

// noUnit marks an ability with no card in play as "me".
const noUnit = -3

// allyDies fires "ally dies" reactions of side's cards on the Realm in
// slot z and of the Realm itself.
func (m *Match) allyDies(side, z int) {
	sd := &m.S.Side[side]
	if int(sd.Seeker.Zone) == z {
		m.fireUnit(side, SeekerIndex, TrigAllyDies)
	}
	for j := 0; j < sd.NUnits; j++ {
		if int(sd.Units[j].Zone) == z {
			m.fireUnit(side, j, TrigAllyDies)
		}
	}
	m.fireRealm(side, z, TrigAllyDies)
}

// damage deals n Damage to side's Unit i (or Seeker) and applies the
// Wounds; lethal doubles the Wounds. No one Amplifies or Shields: the
// engine's opponents never deal Damage and never Shield. A Seeker that
// would suffer Wounds loses exactly 1 Willpower; a Unit dies when its
// Wounds reach its Health, unless Cheat Death keeps it alive on 1 Health.
func (m *Match) damage(side, i, n int, lethal bool) {
	w := max(n, 0)
	if lethal {
		w *= 2
	}
	sd := &m.S.Side[side]
	if m.tr != nil {
		what := strconv.Itoa(n) + " Damage"
		if lethal && w > 0 {
			what += " (Lethal: " + strconv.Itoa(w) + " Wounds)"
		}
		m.logf("%s %s %s.", m.unitName(side, sd.unit(i)), verb(side, "suffer", "suffers"), what)
	}
	if w == 0 {
		return
	}
	if i == SeekerIndex {
		m.loseWillpower(side, 1, false)
		return
	}
	u := &sd.Units[i]
	u.Wounds += int8(min(w, 100))
	h := m.MaxHealth(side, i)
	if int(u.Wounds) < h {
		return
	}
	if m.Keywords(side, i).Has(CheatDeath) && u.Ready {
		u.Ready = false
		u.Wounds = int8(h - 1)
		if m.tr != nil {
			m.logf("Cheat Death: %s is exhausted and remains alive on 1 Health.", m.unitName(side, u))
		}
		return
	}
	m.kill(side, i)
}

// attack makes side's Unit i (or Seeker) attack the enemy Unit t (or
// Seeker) for n Damage, with Lethal and Reaping when they belong to the
// attack.
func (m *Match) attack(side, i, t, n int, ranged, lethal bool, reaping int) {
	other := 1 - side
	od := &m.S.Side[other]
	z := od.unit(t).Zone
	m.damage(other, t, n, lethal)
	if reaping <= 0 || m.S.Over && !m.harvesting {
		return
	}
	// Reaping [X]: X Damage to every other enemy on the Defender's Realm.
	if t != SeekerIndex && od.Seeker.Zone == z {
		m.damage(other, SeekerIndex, reaping, false)
	}
	for j := od.NUnits - 1; j >= 0; j-- {
		if j != t && od.Units[j].Zone == z {
			m.damage(other, j, reaping, false)
		}
	}
}

// inRange reports whether side's attacker a (on a Realm) may attack the
// enemy card in zone tz: Melee Attacks reach Close cards (the same Realm),
// Ranged Attacks Nearby ones (another Realm; in a Seeker's Duel every
// Realm is Nearby every other). Cards in a Safe Zone are not targets.
func inRange(az, tz int8, ranged bool) bool {
	if az < 0 || tz < 0 {
		return false
	}
	if ranged {
		return az != tz
	}
	return az == tz
}
