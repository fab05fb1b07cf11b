package arkhtide

import (
	"fmt"
	"strconv"

	"github.com/deckwright/deckwright/engine"
)

// This file holds the setup and the six phases of a Round: "Resource —
// Realm — Preparation — Combat — Harvest — Regroup".

// maxMoves bounds the moves of one phase, against a policy that never
// ends it.
const maxMoves = 200

// setup: "Each player sets their starting Willpower to 13 [...] places 9
// Arkhé [...] places their Seeker into their Safe Zone [...] places their
// Main Deck and Realm Deck to the side". Both decks are shuffled.
func (m *Match) setup() {
	m.S = State{Phase: PhaseSetup}
	m.Illegal = 0
	m.serial++
	m.harvesting, m.deckOut = false, false
	m.rq, m.ra, m.rs, m.rw = 0, 0, 0, 0
	m.willInnate, m.willOther, m.arkheSpent, m.soulSum, m.oppWillLost = 0, 0, 0, 0, 0
	m.taken, m.denied = 0, 0
	d := m.Deck
	y := &m.S.Side[You]
	y.Present = true
	m.deal(m.dealMain, &y.Deck, shuffleMain)
	m.deal(m.dealRealms, &y.RealmDeck, shuffleRealms)
	y.Seeker = Unit{Card: d.Seeker, Zone: ZoneSafe, Ready: true}
	y.Willpower = StartingWillpower
	y.Realm = -1
	o := &m.S.Side[Opponent]
	o.Realm = -1
	o.Seeker = Unit{Card: m.oppSk, Zone: ZoneNone}
	if m.Opts.Opponent == Passive {
		o.Present = true
		o.Seeker.Zone, o.Seeker.Ready = ZoneSafe, true
		o.Willpower = StartingWillpower
		m.deal(m.dealOpp, &o.RealmDeck, shuffleOppRealms)
	}
	if m.tr != nil {
		m.tr.Line(0, "Setup ("+m.Opts.Opponent.String()+" opponent)")
		m.logf("You play %s (%d Willpower) and shuffle your Main Deck (%d cards) and your Realm Deck (%d Realms).", m.name(d.Seeker), y.Willpower, y.Deck.N, y.RealmDeck.N)
		if o.Present {
			m.logf("The opponent plays %s (%d Willpower) with a Realm Deck of %d Realms; it never acts.", m.name(m.oppSk), o.Willpower, o.RealmDeck.N)
		} else {
			m.logf("No one opposes you.")
		}
	}
}

// round plays one Round.
func (m *Match) round() {
	s := &m.S
	s.Round++
	if m.tr != nil {
		m.tr.Line(0, "Round "+strconv.Itoa(s.Round))
	}
	m.resourcePhase()
	m.realmPhase()
	m.preparationPhase()
	if !s.Over {
		m.combatPhase()
	}
	if !s.Over {
		m.harvestPhase()
	}
	if !s.Over {
		m.regroupPhase()
	}
	m.endRound()
}

// resourcePhase: "Refresh Arkhé. Ready cards. [...] Before drawing,
// players may Discard any number of cards remaining in their hand from
// the previous Round. Each player then draws cards from their Main Deck
// until they have 6 cards in hand. Mulligan: Each player may place up to 3
// cards from their hand on the bottom of their Main Deck, then draw the
// same number of cards."
func (m *Match) resourcePhase() {
	s := &m.S
	s.Phase = PhaseResource
	if m.tr != nil {
		m.tr.Line(1, s.Phase.String())
	}
	for side := range s.Side {
		sd := &s.Side[side]
		if !sd.Present {
			continue
		}
		sd.Arkhe = ArkhePool
		readied := 0
		for i := -1; i < sd.NUnits; i++ {
			u := sd.unit(i)
			if u.Zone == ZoneSafe && !u.Ready {
				readied++
			}
			if u.Zone == ZoneSafe {
				u.Ready = true
			}
			u.Used, u.Moved, u.Fresh, u.SoulRound = 0, false, false, 0
			for b := 0; b < int(u.NBound); b++ {
				u.Bound[b].Used = 0
			}
		}
		if m.tr != nil && side == You {
			ready := ""
			if readied > 0 {
				ready = engine.Plural(readied, " and ready 1 card", " and ready "+strconv.Itoa(readied)+" cards") + " in your Safe Zone"
			}
			m.logf("You refresh your Arkhé (%d ready)%s.", sd.Arkhe, ready)
		}
	}
	y := &s.Side[You]
	if y.Hand.N > 0 {
		set := m.pol.Discard(m)
		for i := y.Hand.N - 1; i >= 0; i-- {
			if set&(1<<uint(i)) != 0 {
				c := m.discardAt(You, i)
				if m.tr != nil {
					m.logf("You discard %s.", m.name(c))
				}
			}
		}
	}
	m.draw(You, HandSize-y.Hand.N)
	set := m.pol.Mulligan(m)
	n := 0
	for i := y.Hand.N - 1; i >= 0 && n < 3; i-- {
		if set&(1<<uint(i)) != 0 {
			n++
		}
	}
	if set != 0 && n > 0 {
		var put [3]uint8
		k := 0
		for i := y.Hand.N - 1; i >= 0 && k < n; i-- {
			if set&(1<<uint(i)) != 0 {
				put[k] = y.Hand.Remove(i)
				k++
			}
		}
		if bits := popcount(set); bits > 3 {
			m.Illegal++
			if m.tr != nil {
				m.logf("(illegal mulligan of %d cards by %s; 3 are put back)", bits, m.pol.Name())
			}
		}
		for j := k - 1; j >= 0; j-- {
			y.Deck.Bottom(put[j])
		}
		s.Mulligans += k
		if m.tr != nil {
			m.logf("Mulligan: you put %s on the bottom of your Main Deck.", m.namesOf(put[:k]))
		}
		m.draw(You, k)
	}
	if s.Round == 1 && m.rec != nil {
		for _, c := range y.Hand.Cards() {
			if int(c) < m.Deck.Main {
				m.rec.Opening(int(c))
			}
		}
	}
	if m.tr != nil {
		m.logf("Your hand: %s.", m.namesOf(y.Hand.Cards()))
	}
}

func popcount(x uint64) int {
	n := 0
	for ; x != 0; x &= x - 1 {
		n++
	}
	return n
}

// realmPhase: each player looks at the top 3 cards of their Realm Deck,
// chooses 1 and returns the others on the top or the bottom; the chosen
// Realms are revealed; the player with the higher Initiative chooses who
// acts first in the Preparation Phase (you: your policy's First; the
// passive opponent chooses to act first; equal: a random draw); the
// Neutral Realm is placed between them.
func (m *Match) realmPhase() {
	s := &m.S
	s.Phase = PhaseRealm
	if m.tr != nil {
		m.tr.Line(1, s.Phase.String())
	}
	s.NRealms = 0
	y, o := &s.Side[You], &s.Side[Opponent]
	y.Realm, o.Realm = -1, -1
	if y.RealmDeck.N > 0 {
		k := min(3, y.RealmDeck.N)
		for j := 0; j < k; j++ {
			m.look[j] = y.RealmDeck.Pop()
			m.count(EventSeen, m.look[j])
		}
		pick, bottom := m.pol.Realm(m, m.look[:k])
		if pick < 0 || pick >= k {
			m.Illegal++
			if m.tr != nil {
				m.logf("(illegal Realm choice %d by %s; the first is taken)", pick, m.pol.Name())
			}
			pick = 0
		}
		c := m.look[pick]
		m.count(EventPicked, c)
		// Return the others: those for the top in their order (the first
		// looked at on top), the others on the bottom.
		for j := k - 1; j >= 0; j-- {
			if j != pick && bottom&(1<<uint(j)) == 0 {
				y.RealmDeck.Push(m.look[j])
			}
		}
		for j := 0; j < k; j++ {
			if j != pick && bottom&(1<<uint(j)) != 0 {
				y.RealmDeck.Bottom(m.look[j])
			}
		}
		y.Realm = m.addRealm(c, You)
		if m.tr != nil {
			m.logf("You look at %s and choose %s.%s", m.namesOf(m.look[:k]), m.realmNote(c), m.returnNote(k, pick, bottom))
		}
	} else if m.tr != nil {
		m.logf("Your Realm Deck is empty: you reveal no Realm.")
	}
	if o.Present && o.RealmDeck.N > 0 {
		c := o.RealmDeck.Pop()
		o.Realm = m.addRealm(c, Opponent)
		if m.tr != nil {
			m.logf("The opponent reveals %s.", m.realmNote(c))
		}
	}
	if n := m.Deck.Neutral; n != NoCard {
		z := m.addRealm(n, -1)
		if m.tr != nil {
			m.logf("%s is the Neutral Realm (%d Quintessence).", m.realmName(z), m.cards[n].Quintessence)
		}
	}
	// The sides of the Realms: yours by your policy, the opponent's side a.
	for z := 0; z < s.NRealms; z++ {
		r := &s.Realms[z]
		if r.Owner == -1 {
			continue
		}
		if sd := m.pol.Side(m, r.Card); sd <= 1 {
			r.Side[You] = sd
		} else {
			m.Illegal++
		}
		if m.tr != nil && m.hasSides(r.Card) {
			m.logf("You take side %s of %s: %s", "ab"[r.Side[You]:r.Side[You]+1], m.name(r.Card), m.sideText(r.Card, r.Side[You]))
		}
	}
	// Initiative.
	s.First = You
	if o.Present {
		yi, oi := -1, -1
		if y.Realm >= 0 {
			yi = m.cards[s.Realms[y.Realm].Card].Initiative
		}
		if o.Realm >= 0 {
			oi = m.cards[s.Realms[o.Realm].Card].Initiative
		}
		how := "a random draw, Initiative being equal"
		switch {
		case yi > oi:
			s.First = m.pol.First(m)
			if s.First != You && s.First != Opponent {
				m.Illegal++
				if m.tr != nil {
					m.logf("(illegal choice of the first player %d by %s; you act first)", s.First, m.pol.Name())
				}
				s.First = You
			}
			how = "your choice, with the higher Initiative"
		case oi > yi:
			// The passive opponent chooses to take the first Turn.
			s.First = Opponent
			how = "the opponent's choice, with the higher Initiative"
		default:
			s.First = m.rng.IntN(2)
		}
		if m.tr != nil {
			m.logf("Initiative %s vs %s: %s %s first (%s).", initNote(yi), initNote(oi), m.who(s.First), verb(s.First, "act", "acts"), how)
		}
	}
}

func initNote(i int) string {
	if i < 0 {
		return "none"
	}
	return strconv.Itoa(i)
}

// addRealm puts a Realm into play and returns its slot.
func (m *Match) addRealm(c uint8, owner int) int {
	s := &m.S
	z := s.NRealms
	s.Realms[z] = RealmSlot{Card: c, Owner: owner}
	s.NRealms++
	return z
}

// preparationPhase: players alternate Turns, each Invoking a Unit,
// moving a card from the Safe Zone, Invoking a Binding, or becoming
// Prepared (only with the Seeker on a Realm); the first Prepared starts
// the Combat Phase.
func (m *Match) preparationPhase() {
	s := &m.S
	s.Phase = PhasePreparation
	if m.tr != nil {
		m.tr.Line(1, s.Phase.String())
	}
	y, o := &s.Side[You], &s.Side[Opponent]
	y.Prepared, o.Prepared = false, !o.Present
	s.Starter = -1
	actor := s.First
	for k := 0; k < maxMoves && !s.Over && (!y.Prepared || !o.Prepared); k++ {
		s.Actor = actor
		if actor == Opponent {
			if !o.Prepared {
				m.passiveTurn()
				if o.Prepared && s.Starter < 0 {
					s.Starter = Opponent
				}
			}
		} else if !y.Prepared {
			if s.NRealms == 0 {
				y.Prepared = true
			} else {
				m.move(m.pol.Next(m), true)
			}
			if y.Prepared && s.Starter < 0 {
				s.Starter = You
			}
		}
		actor = 1 - actor
	}
	if !y.Prepared && !s.Over {
		// The policy never got Prepared: the Seeker goes to the first
		// Realm that will have it, and you are Prepared.
		m.Illegal++
		if y.Seeker.Zone < 0 && s.NRealms > 0 {
			y.Seeker.Zone = 0
		}
		y.Prepared = true
	}
	if s.Starter < 0 {
		s.Starter = You
	}
}

// passiveTurn is the passive opponent's Turn of the Preparation Phase:
// its Seeker moves onto its Realm (the Neutral Realm when it has none),
// then it is Prepared.
func (m *Match) passiveTurn() {
	s := &m.S
	o := &s.Side[Opponent]
	if z := m.passiveRealm(); o.Seeker.Zone == ZoneSafe && z >= 0 {
		o.Seeker.Zone = int8(z)
		o.Seeker.Moved = true
		if m.tr != nil {
			m.logf("The opponent's %s moves from its Safe Zone to %s.", m.name(o.Seeker.Card), m.realmName(z))
		}
		return
	}
	o.Prepared = true
	if m.tr != nil {
		m.logf("The opponent is Prepared.")
	}
}

// passiveRealm returns the slot of the Realm the passive opponent's
// Seeker stands on: its own, else the Neutral Realm, else -1.
func (m *Match) passiveRealm() int {
	s := &m.S
	if z := s.Side[Opponent].Realm; z >= 0 {
		return z
	}
	for z := 0; z < s.NRealms; z++ {
		if s.Realms[z].Owner == -1 {
			return z
		}
	}
	return -1
}

// move lets the policy's move be checked and applied; an illegal move is
// counted and, when end is set, ends your part of the phase (in the
// Preparation Phase by being Prepared). It reports whether a move was
// made.
func (m *Match) move(mv Move, end bool) bool {
	if err := m.Legal(mv); err != nil {
		m.Illegal++
		if m.tr != nil {
			m.logf("(illegal move %+v by %s: %v)", mv, m.pol.Name(), err)
		}
		if end && m.S.Phase == PhasePreparation {
			y := &m.S.Side[You]
			if y.Seeker.Zone < 0 && m.S.NRealms > 0 {
				y.Seeker.Zone = 0
			}
			y.Prepared = true
		}
		return false
	}
	m.Apply(mv)
	return true
}

// combatPhase: players alternate Turns from the one who was Prepared
// first; a Turn is one Slow Action (Acting, Invoking a card, a Slow
// ability) and any number of Fast ones; the phase ends when a player
// passes and the other passes right after. The opponent always passes,
// so it ends at your first pass. "If a Player performed a Fast Action
// [...] but no Slow Actions in their own Turn, that Player can't Pass in
// this Turn": the Turn then ends without a pass.
func (m *Match) combatPhase() {
	s := &m.S
	s.Phase = PhaseCombat
	s.Actor = You
	if m.tr != nil {
		m.tr.Line(1, s.Phase.String())
		if s.Side[Opponent].Present {
			if s.Starter == Opponent {
				m.logf("The opponent was Prepared first and starts; it passes every Turn.")
			} else {
				m.logf("You were Prepared first and start; the opponent passes every Turn.")
			}
		}
	}
	y := &s.Side[You]
	y.Fast, y.Slow = false, false
	for k := 0; k < maxMoves && !s.Over; k++ {
		mv := m.pol.Next(m)
		if mv.Kind == MovePass {
			if y.Fast && !y.Slow {
				if m.tr != nil {
					m.logf("(You used only Fast actions this Turn: it ends without a pass.)")
				}
				y.Fast = false
				continue
			}
			if m.tr != nil {
				m.logf("You pass; the Combat Phase ends.")
			}
			return
		}
		if err := m.Legal(mv); err != nil {
			m.Illegal++
			if m.tr != nil {
				m.logf("(illegal move %+v by %s: %v; the Combat Phase ends)", mv, m.pol.Name(), err)
			}
			return
		}
		if m.slow(mv) {
			m.Apply(mv)
			y.Fast, y.Slow = false, false // the Turn ends; the opponent passes
		} else {
			m.Apply(mv)
			y.Fast = true
		}
	}
}

// harvestPhase: "Evaluate Realms": the highest total Soul harvests each
// Realm, a tie removes it; "Extract Units": every Unit on a Realm that is
// not Critically Wounded is Extracted for 1 Quintessence (the others die);
// Seekers return to the Safe Zone. The end of the game waits for the
// whole phase.
func (m *Match) harvestPhase() {
	s := &m.S
	s.Phase = PhaseHarvest
	if m.tr != nil {
		m.tr.Line(1, s.Phase.String())
	}
	m.harvesting = true
	// "When the Harvest Phase begins".
	for side := range s.Side {
		sd := &s.Side[side]
		if !sd.Present {
			continue
		}
		if sd.Seeker.Zone >= 0 {
			m.fireUnit(side, SeekerIndex, TrigHarvest)
		}
		for i := 0; i < sd.NUnits; i++ {
			if sd.Units[i].Zone >= 0 {
				m.fireUnit(side, i, TrigHarvest)
			}
		}
		for z := 0; z < s.NRealms; z++ {
			m.fireRealm(side, z, TrigHarvest)
		}
	}
	soul := 0
	for z := 0; z < s.NRealms; z++ {
		soul += m.RealmSoul(You, z)
	}
	m.rs += soul
	m.soulSum += soul
	// Evaluate the Realms.
	for z := 0; z < s.NRealms; z++ {
		r := &s.Realms[z]
		ys, os := m.RealmSoul(You, z), m.RealmSoul(Opponent, z)
		q := m.cards[r.Card].Quintessence
		switch {
		case ys > os:
			s.Side[You].Harvested.TryPush(r.Card)
			if r.Owner == Opponent {
				m.taken++ // the opponent's card: not one of your Realms
			} else {
				m.count(EventHarvested, r.Card)
			}
			if m.tr != nil {
				m.logf("%s: your Soul %d vs %d: you harvest it for %d Quintessence; you have %d.", m.realmName(z), ys, os, q, s.Side[You].Quint+q)
			}
			m.gainQuintessence(You, q)
		case os > ys:
			s.Side[Opponent].Harvested.TryPush(r.Card)
			if m.tr != nil {
				m.logf("%s: your Soul %d vs %d: the opponent harvests it for %d Quintessence; it has %d.", m.realmName(z), ys, os, q, s.Side[Opponent].Quint+q)
			}
			m.gainQuintessence(Opponent, q)
		default:
			if r.Owner == Opponent {
				m.denied++
			}
			if m.tr != nil {
				m.logf("%s: Soul %d vs %d, a tie: it is not harvested and is removed from play.", m.realmName(z), ys, os)
			}
		}
	}
	// Extract the Units.
	for side := range s.Side {
		if s.Side[side].Present {
			m.extract(side)
		}
	}
	for side := range s.Side {
		sd := &s.Side[side]
		if sd.Present && sd.Seeker.Zone >= 0 {
			sd.Seeker.Zone = ZoneSafe
		}
	}
	if m.tr != nil {
		note := fmt.Sprintf("You have %d Quintessence and %d Willpower", s.Side[You].Quint, s.Side[You].Willpower)
		if s.Side[Opponent].Present {
			note += fmt.Sprintf("; the opponent %d and %d", s.Side[Opponent].Quint, s.Side[Opponent].Willpower)
		}
		m.logf("Seekers return to their Safe Zones. %s.", note)
	}
	s.NRealms = 0
	m.harvesting = false
	m.decide()
}

// extract Extracts side's Units on Realms. The Critically Wounded die
// first (so that a token their death Manifests is Extracted with the
// others); every other Unit on a Realm is Extracted for 1 Quintessence,
// +1 with Collector, +1 for each Binding with Cask (more with "cask +N"),
// and the first from a Realm whose side says "first extract +N" N more.
func (m *Match) extract(side int) {
	sd := &m.S.Side[side]
	for i := sd.NUnits - 1; i >= 0; i-- {
		if i < sd.NUnits && sd.Units[i].Zone >= 0 && m.Critical(side, i) {
			if m.tr != nil {
				m.logf("%s is Critically Wounded: it is not Extracted.", m.unitName(side, &sd.Units[i]))
			}
			m.kill(side, i)
		}
	}
	caskBonus := m.Cask(side)
	n := 0
	for i := 0; i < sd.NUnits; {
		u := sd.Units[i]
		if u.Zone < 0 {
			i++
			continue
		}
		card := &m.cards[u.Card]
		q, collector, casks, first := 1, false, 0, 0
		if m.Keywords(side, i).Has(Collector) {
			q++
			collector = true
		}
		for b := 0; b < int(u.NBound); b++ {
			bc := u.Bound[b].Card
			if m.cards[bc].Keywords.Has(Cask) {
				q += 1 + caskBonus
				casks++
				sd.Gone.Push(bc)
			} else {
				sd.Chronicle.Push(bc)
			}
		}
		r := &m.S.Realms[u.Zone]
		if fe := m.realmText(int(u.Zone), side).FirstExtract; fe > 0 && !r.Extracted[side] {
			r.Extracted[side] = true
			q += fe
			first = fe
		}
		if card.Kind != KindToken {
			sd.Gone.Push(u.Card)
		}
		if side == You {
			m.count(EventExtracted, u.Card)
		}
		if m.tr != nil {
			m.logf("%s %s %s for %s; %s %d.", m.who(side), verb(side, "extract", "extracts"), m.unitName(side, &u), m.extractNote(q, collector, casks, caskBonus, first), verb(side, "you have", "it has"), sd.Quint+q)
		}
		m.gainQuintessence(side, q)
		sd.removeUnit(i)
		n++
		if !m.reacts(side) {
			continue
		}
		t := &card.Text
		for a := range t.Abilities {
			if t.Abilities[a].Trigger == TrigExtract {
				m.resolve(ctx{side: side, unit: noUnit, zone: int(u.Zone), card: u.Card}, &t.Abilities[a])
			}
		}
	}
	if n > 0 {
		m.fireUnit(side, SeekerIndex, TrigUnitsExtracted)
		for i := 0; i < sd.NUnits; i++ {
			m.fireUnit(side, i, TrigUnitsExtracted)
		}
	}
}

// extractNote says what an Extraction is worth: "5 Quintessence (1,
// Collector +1, Cask +2, first from the Realm +1)".
func (m *Match) extractNote(q int, collector bool, casks, caskBonus, first int) string {
	s := engine.Plural(q, "1 Quintessence", strconv.Itoa(q)+" Quintessence")
	if q == 1 {
		return s
	}
	s += " (1"
	if collector {
		s += ", Collector +1"
	}
	if casks > 0 {
		s += ", " + engine.Plural(casks, "Cask", strconv.Itoa(casks)+" Casks") + " +" + strconv.Itoa(casks*(1+caskBonus))
	}
	if first > 0 {
		s += ", first from the Realm +" + strconv.Itoa(first)
	}
	return s + ")"
}

// Cask returns the additional Quintessence side's Bindings with Cask
// provide ("cask +N" on cards in play).
func (m *Match) Cask(side int) int {
	sd := &m.S.Side[side]
	n := m.cards[sd.Seeker.Card].Text.Cask
	for i := 0; i < sd.NUnits; i++ {
		n += m.cards[sd.Units[i].Card].Text.Cask
	}
	return n
}

// regroupPhase: players alternate Turns from the one who started the
// Combat Phase, Invoking Units into their Safe Zone and Bindings, or
// passing; no abilities but Omni ones. The opponent always passes, so it
// ends at your first pass.
func (m *Match) regroupPhase() {
	s := &m.S
	s.Phase = PhaseRegroup
	s.Actor = You
	if m.tr != nil {
		m.tr.Line(1, fmt.Sprintf("%s (%d Arkhé ready)", s.Phase, s.Side[You].Arkhe))
	}
	for k := 0; k < maxMoves && !s.Over; k++ {
		mv := m.pol.Next(m)
		if mv.Kind == MovePass {
			if m.tr != nil {
				m.logf("You pass; the Round ends.")
			}
			return
		}
		if !m.move(mv, true) {
			return
		}
	}
}
