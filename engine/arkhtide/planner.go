package arkhtide

// Planner is the stronger policy: it plans each Round's Arkhé.
//
// At the start of the Preparation Phase it tries every set of the Units
// in hand to put on the Realms this Round (Ambush Units may wait for the
// Combat Phase and be paid with the Arkhé that Assists refresh). For each
// set it places your Seeker, your Units in the Safe Zone and the set on
// the Realms (the Realms worth most first, each with the fewest Soul that
// win it; a held Realm is contested only when the Soul is there, and tied
// to deny it when winning it is out of reach), counts the Quintessence of
// the Harvest and the Extractions, and what the Arkhé left after the
// Assists buys in the Regroup Phase (an exact knapsack of the remaining
// Units, each worth most of its Quintessence next Round). A set that
// reaches 13 Quintessence this Round beats any other; else the most
// Quintessence now plus 0.9 of what the Regroup keeps. In the Combat Phase
// it Assists only as often as its Feats, Ambush Units and Regroup need the
// Arkhé and Strikes the opposing Seeker with the other cards (with every
// card when that brings its Willpower to 0); it uses abilities that cost
// Willpower while it has Willpower to spare. It takes the Realm worth most
// (its Quintessence and its better side) and keeps the other good ones on
// top of the Realm Deck; it mulligans and discards the cards it cannot
// use. It never Invokes a Metamorphosis Unit.
type Planner struct {
	serial uint64
	round  int
	phase  Phase

	cand  [maxCand]pcand
	nc    int
	pl    placement // the chosen plan's placement
	prep  [maxCand]planned
	np    int
	comb  [maxCand]planned
	ncomb int
	// regroup plan
	regroup [maxCand]uint8
	nr      int
	// scratch
	tmp   placement
	keep  [maxCand + 1][ArkhePool + 2*maxCand + 1]bool
	best  [ArkhePool + 2*maxCand + 1]int
	order [maxCand]int
}

// Name implements Policy.
func (p *Planner) Name() string { return "planner" }

// Choose implements Policy.
func (p *Planner) Choose(m *Match, c *Choice) int { return defaultChoose(m, c) }

// Side implements Policy.
func (p *Planner) Side(m *Match, c uint8) uint8 { return bestSide(m, c) }

// First chooses, with the higher Initiative, to act first (see actFirst).
func (p *Planner) First(m *Match) int { return actFirst(m) }

// plannerUseless adds to useless the cards the Planner never plays.
func plannerUseless(m *Match, c uint8) bool {
	card := m.Card(c)
	return useless(m, c) || card.Kind == KindUnit && card.Keywords.Has(Metamorphosis)
}

// Discard implements Policy.
func (p *Planner) Discard(m *Match) uint64 {
	var set uint64
	for i, c := range m.S.Side[You].Hand.Cards() {
		if plannerUseless(m, c) {
			set |= 1 << uint(i)
		}
	}
	return set
}

// Mulligan implements Policy: the cards it cannot use, then Units that
// cost 5 or more while the hand holds no more than one cheap Unit.
func (p *Planner) Mulligan(m *Match) uint64 {
	h := &m.S.Side[You].Hand
	var set uint64
	n, cheap := 0, 0
	for _, c := range h.Cards() {
		if card := m.Card(c); card.Kind == KindUnit && card.Cost <= 2 && !plannerUseless(m, c) {
			cheap++
		}
	}
	for i, c := range h.Cards() {
		if n < 3 && plannerUseless(m, c) {
			set |= 1 << uint(i)
			n++
		}
	}
	for i, c := range h.Cards() {
		if card := m.Card(c); n < 3 && cheap <= 1 && set&(1<<uint(i)) == 0 && card.Kind == KindUnit && card.Cost >= 5 {
			set |= 1 << uint(i)
			n++
		}
	}
	return set
}

// Realm implements Policy.
func (p *Planner) Realm(m *Match, top []uint8) (int, uint8) {
	w := m.S.Side[You].Willpower
	val := func(c uint8) int {
		card := m.Card(c)
		return 10*card.Quintessence + sideValue(&card.Sides[bestSide(m, c)], w)/2
	}
	best, bv := 0, 0
	for j, c := range top {
		if v := val(c); j == 0 || v > bv {
			best, bv = j, v
		}
	}
	var bottom uint8
	for j, c := range top {
		if j != best && val(c) < 25 {
			bottom |= 1 << uint(j)
		}
	}
	return best, bottom
}

// Next implements Policy.
func (p *Planner) Next(m *Match) Move {
	s := &m.S
	if p.serial != m.serial || p.round != s.Round || p.phase != s.Phase {
		p.serial, p.round, p.phase = m.serial, s.Round, s.Phase
		switch s.Phase {
		case PhasePreparation:
			p.plan(m)
		case PhaseRegroup:
			p.planRegroup(m, m.S.Side[You].Arkhe)
		}
	}
	switch s.Phase {
	case PhasePreparation:
		return p.prepare(m)
	case PhaseCombat:
		return p.combat(m)
	case PhaseRegroup:
		return p.regroupMove(m)
	}
	return Pass
}
