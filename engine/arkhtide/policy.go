package arkhtide

import "github.com/deckwright/deckwright/engine"

// Policy plays your side of a game. The Match asks it what to discard and
// to mulligan in the Resource Phase, which Realm to reveal and which side
// of each Realm applies to you, for moves in the Preparation, Combat and
// Regroup Phases (it checks each with Legal before it applies it; Pass
// ends your part of a phase), and for the choices abilities ask for. A
// Policy may keep state between calls; a Match uses one Policy at a time.
type Policy interface {
	// Name is the name the CLI knows the policy by.
	Name() string
	// Discard returns the hand positions (bit i: position i) to discard
	// before drawing up to 6 in the Resource Phase.
	Discard(m *Match) uint64
	// Mulligan returns up to 3 hand positions (a bit set) to put on the
	// bottom of the Main Deck and draw again.
	Mulligan(m *Match) uint64
	// Realm picks one of the top cards of the Realm Deck (top[0] was on
	// top) and returns which of the others go to the bottom (bit j:
	// top[j]); the rest go back on top in their order.
	Realm(m *Match, top []uint8) (pick int, bottom uint8)
	// Side returns the side (0: a, 1: b) of Realm card c whose abilities
	// apply to you.
	Side(m *Match, c uint8) uint8
	// First returns who acts first in the Preparation Phase (You or
	// Opponent). It is asked only when your revealed Realm has the higher
	// Initiative: "The player whose revealed Realm has the highest
	// Initiative value chooses which player will act first" (Realm Phase,
	// step 16).
	First(m *Match) int
	// Next returns your next move (m.S.Phase is the phase).
	Next(m *Match) Move
	// Choose picks one of the options of c (0 to c.N-1).
	Choose(m *Match, c *Choice) int
}

// ChoiceKind is what an effect asks to choose.
type ChoiceKind uint8

// The choices.
const (
	// ChooseSeek: a card to draw among those looked at (Card).
	ChooseSeek ChoiceKind = iota + 1
	// ChooseDiscard: a card of the hand to discard (Index: hand
	// positions).
	ChooseDiscard
	// ChooseAlly: an allied Unit on the Realm (Index: unit indices) to
	// ready (Action ActReadyAlly), to give Soul (ActAllySoul) or to
	// exhaust for a cost (any other Action).
	ChooseAlly
	// ChooseTarget: an enemy to attack (Index: unit indices, SeekerIndex
	// for the Seeker).
	ChooseTarget
	// ChooseRecover: a Binding of the Chronicle to return to hand (Index:
	// places in the Chronicle).
	ChooseRecover
)

// Choice is a decision an ability asks for: N options, each a place
// (Index) holding a card (Card).
type Choice = engine.Choice[ChoiceKind, ActionKind]

var policies = engine.Policies[Policy]{
	{Name: "greedy", Doc: "puts the Seeker where it wins a Realm alone, then Invokes the Units worth the most Quintessence per Arkhé onto the Realms that still need Soul; in Combat Assists while something in hand could use the Arkhé (else Strikes the opposing Seeker), plays the Feats and Ambush Units that draw, refresh or score; in Regroup Invokes Units into the Safe Zone with what is left; takes the Realm worth the most Quintessence", New: func() Policy { return &Greedy{} }},
	{Name: "planner", Doc: "plans each Round's Arkhé: tries every set of Units for the Realms with the Assists they bring, the Feats and the Units kept for Regroup, and places them to win the most Quintessence this Round (everything on a Round that can reach 13), counting next Round's Units; contests a held Realm only when it pays; takes Realms by Quintessence and side, keeping good ones on top; mulligans and discards cards it cannot use", New: func() Policy { return &Planner{} }},
}

// PolicyNames lists the policies, the default first.
func PolicyNames() []string { return policies.Names() }

// NewPolicy returns a new policy by name.
func NewPolicy(name string) (Policy, error) { return policies.Make(name) }

// The heuristics both policies share.

// actFirst is the choice of both policies when their Realm has the higher
// Initiative: you act first. Against the engine's opponents waiting
// teaches nothing (the passive opponent's Preparation is known in advance:
// its Seeker moves onto its own Realm, then it is Prepared, and the
// planner already counts that Seeker), while the first Turn keeps the
// chance to be Prepared first, which starts the Combat Phase and chooses
// the order in which the Realms are evaluated in the Harvest.
func actFirst(*Match) int { return You }

// extractValue is the Quintessence a Unit card brings when Extracted (0
// with Sorrow: it is never Extracted).
func extractValue(c *Card) int {
	if !c.IsUnit() || c.Keywords.Has(Sorrow) {
		return 0
	}
	v := 1
	if c.Keywords.Has(Collector) {
		v++
	}
	return v
}

// abilityValue scores what an ability brings, in tenths of a
// Quintessence, for the side's situation (willpower: what is left).
func abilityValue(ab *Ability, willpower int) int {
	v := 0
	for i := range ab.Actions {
		a := &ab.Actions[i]
		switch a.Kind {
		case ActDraw:
			v += 6 * a.N
		case ActSeek:
			v += 6*a.M + a.N
		case ActRefresh:
			v += 8 * a.N
		case ActRefreshPerAlly:
			v += 8 * min(a.M, 2*a.N)
		case ActQuintessence:
			v += 10 * a.N
		case ActLoseWillpower:
			v -= willCost(a.N, willpower)
		case ActRegainWillpower:
			v += 3 * a.N
		case ActDrain:
			v += 4 * a.N
		case ActManifest:
			v += 10
		case ActSoul, ActAllySoul:
			v += 2 * a.N
		case ActReadyAlly, ActReadyMe:
			v += 7
		case ActAttack:
			v += 3
		case ActDiscard:
			v -= 5 * a.N
		case ActRecoverBinding:
			v += 4
		}
	}
	v -= willCost(ab.Willpower, willpower) + 5*ab.Discard
	return v
}

// willCost is what losing n Willpower is worth, in tenths of a
// Quintessence: cheap while Willpower is high, prohibitive near 0.
func willCost(n, willpower int) int {
	if n <= 0 {
		return 0
	}
	if willpower-n <= 1 {
		return 1000
	}
	if willpower-n <= 4 {
		return 20 * n
	}
	return 6 * n
}

// featValue scores Invoking a Feat for its effect (its "invoke"
// abilities), in tenths of a Quintessence.
func featValue(c *Card, willpower int) int {
	v := 0
	for i := range c.Text.Abilities {
		if c.Text.Abilities[i].Trigger == TrigInvoke {
			v += abilityValue(&c.Text.Abilities[i], willpower)
		}
	}
	if !c.Innate {
		v -= willCost(1, willpower)
	}
	return v
}

// cardValue scores a card in hand, for discards, mulligans and Seek, in
// tenths of a Quintessence: what it is worth Invoked, less its cost.
func cardValue(m *Match, c uint8) int {
	card := m.Card(c)
	w := m.S.Side[You].Willpower
	switch card.Kind {
	case KindUnit:
		v := 10*extractValue(card) + 3*card.Soul + 14 - 3*card.Cost
		for i := range card.Text.Abilities {
			if ab := &card.Text.Abilities[i]; ab.Trigger != TrigCombatInvoke || card.Keywords.Has(Ambush) {
				v += max(abilityValue(ab, w), 0) / 2
			}
		}
		if card.Keywords.Has(Metamorphosis) {
			v -= 4
		}
		if card.Keywords.Has(Ambush) {
			v += 4
		}
		if !card.Innate {
			v -= willCost(1, w)
		}
		return v
	case KindFeat:
		return featValue(card, w) - 4*card.Cost
	case KindBinding:
		if card.BindTo == BindEnemy {
			return -20
		}
		v := 4*card.SoulMod - 3*card.Cost
		if card.Keywords.Has(Cask) {
			v += 10
		}
		if !card.Innate {
			v -= willCost(1, w)
		}
		return v
	}
	return 0
}

// useless reports whether a card in hand can never do anything for you
// against the engine's opponents: a Binding for enemy Units, a Feat or
// Binding that does nothing, a Unit too dear.
func useless(m *Match, c uint8) bool {
	card := m.Card(c)
	switch card.Kind {
	case KindBinding:
		return card.BindTo == BindEnemy || cardValue(m, c) < 0 && card.SoulMod <= 0 && !card.Keywords.Has(Cask)
	case KindFeat:
		return featValue(card, m.S.Side[You].Willpower) <= 0
	case KindUnit:
		return card.Cost > ArkhePool
	}
	return false
}

// sideValue scores a side of a Realm for you, in tenths of a
// Quintessence.
func sideValue(t *Text, willpower int) int {
	v := 0
	for i := range t.Abilities {
		ab := &t.Abilities[i]
		a := abilityValue(ab, willpower)
		switch ab.Trigger {
		case TrigHarvest, TrigSeekerArrives:
			// Avoidable: the Seeker stays away.
			a /= 4
		case TrigAllyDies:
			a /= 4
		}
		v += a
	}
	v += 10*t.FirstExtract + 15*t.UnitsSoul
	if t.UnitsHave.Has(Sorrow) {
		v -= 40
	}
	return v
}

// bestSide picks the better side of a Realm for you.
func bestSide(m *Match, c uint8) uint8 {
	card := m.Card(c)
	w := m.S.Side[You].Willpower
	if sideValue(&card.Sides[1], w) > sideValue(&card.Sides[0], w) {
		return 1
	}
	return 0
}

// seekerAvoids reports whether your Seeker should keep off the Realm in
// slot z (its side makes the Seeker lose Willpower there).
func seekerAvoids(m *Match, z int) bool {
	t := m.realmText(z, You)
	for i := range t.Abilities {
		ab := &t.Abilities[i]
		switch ab.Trigger {
		case TrigSeekerArrives:
			return true
		case TrigHarvest:
			for j := range ab.Actions {
				if ab.Actions[j].IfSeekerHere && ab.Actions[j].Kind == ActLoseWillpower {
					return true
				}
			}
		}
	}
	return false
}

// defaultChoose answers choices for you: Seek takes the best card;
// discards the worst; allies: to ready, the first exhausted, to exhaust,
// one that has Acted or is worth least, to give Soul, the first; attacks
// the enemy Seeker first; recovers the first Binding.
func defaultChoose(m *Match, c *Choice) int {
	best, bs := 0, 0
	for i := 0; i < c.N; i++ {
		var s int
		switch c.Kind {
		case ChooseSeek:
			s = cardValue(m, c.Card[i])
		case ChooseDiscard:
			s = -cardValue(m, c.Card[i])
		case ChooseTarget:
			if c.Index[i] == SeekerIndex {
				s = 100
			}
		case ChooseRecover:
			s = cardValue(m, c.Card[i])
		case ChooseAlly:
			if c.Action != ActReadyAlly && c.Action != ActAllySoul && m.Keywords(You, c.Index[i]).Has(Severed) {
				s = 1 // exhausting a Severed Unit loses no Assist
			}
		}
		if i == 0 || s > bs {
			best, bs = i, s
		}
	}
	return best
}

// oppSoul returns the opponent's Soul on the Realm in slot z, counting
// the passive opponent's Seeker on its Realm before it has moved there in
// the Preparation Phase.
func oppSoul(m *Match, z int) int {
	s := &m.S
	o := &s.Side[Opponent]
	n := m.RealmSoul(Opponent, z)
	if o.Present && o.Seeker.Zone == ZoneSafe && s.Phase == PhasePreparation && m.Opts.Opponent == Passive {
		if m.passiveRealm() == z {
			n += m.Soul(Opponent, SeekerIndex)
		}
	}
	return n
}

// realmNeed returns the Soul you need on the Realm in slot z to harvest
// it (the opponent's Soul there plus 1), and what harvesting it is worth
// in tenths of a Quintessence (its Quintessence, and as much again when
// it keeps the opponent from harvesting it).
func realmNeed(m *Match, z int) (need, worth int) {
	os := oppSoul(m, z)
	q := m.Card(m.S.Realms[z].Card).Quintessence
	worth = 10 * q
	if os > 0 {
		worth += 5 * q
	}
	return os + 1, worth
}
