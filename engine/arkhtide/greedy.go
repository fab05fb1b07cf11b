package arkhtide

// Greedy is the simple policy. It decides one move at a time from what it
// sees:
//
//   - Resource Phase: discards and mulligans (up to 3) the cards that can
//     do nothing (Bindings for enemy Units, Feats that do nothing).
//   - Realm Phase: takes the Realm worth the most Quintessence (its side
//     counting a little), returns the others on top; takes the better
//     side of each Realm.
//   - Preparation: moves the Seeker onto the Realm worth most that it
//     wins alone (keeping off Realms that cost it Willpower), moves the
//     Units of the Safe Zone, then Invokes the Units worth the most
//     Quintessence per Arkhé (Extracted for 1, Collector 2; Soul where a
//     Realm still needs it) onto the Realms that still need Soul, then
//     Bindings with Cask; never a Metamorphosis Unit outside Combat.
//   - Combat: uses free Fast and Slow abilities that draw, seek, refresh
//     or Manifest (never paying Willpower), Invokes Feats that do so and
//     Ambush Units, and Acts with every ready card: Assist while
//     something in hand could use the Arkhé, else Strike the opposing
//     Seeker when in range.
//   - Regroup: Invokes the Units worth most per Arkhé into the Safe Zone
//     with what is left.
type Greedy struct{}

// Name implements Policy.
func (g *Greedy) Name() string { return "greedy" }

// Choose implements Policy.
func (g *Greedy) Choose(m *Match, c *Choice) int { return defaultChoose(m, c) }

// Side implements Policy.
func (g *Greedy) Side(m *Match, c uint8) uint8 { return bestSide(m, c) }

// First chooses, with the higher Initiative, to act first (see actFirst).
func (g *Greedy) First(m *Match) int { return actFirst(m) }

// Discard implements Policy.
func (g *Greedy) Discard(m *Match) uint64 {
	var set uint64
	for i, c := range m.S.Side[You].Hand.Cards() {
		if useless(m, c) {
			set |= 1 << uint(i)
		}
	}
	return set
}

// Mulligan implements Policy.
func (g *Greedy) Mulligan(m *Match) uint64 { return worstCards(m, 3, true) }

// worstCards returns up to n hand positions of the lowest-valued cards;
// with onlyUseless, only useless ones.
func worstCards(m *Match, n int, onlyUseless bool) uint64 {
	h := &m.S.Side[You].Hand
	var set uint64
	for k := 0; k < n; k++ {
		best, bv := -1, 0
		for i, c := range h.Cards() {
			if set&(1<<uint(i)) != 0 || onlyUseless && !useless(m, c) {
				continue
			}
			if v := cardValue(m, c); best < 0 || v < bv {
				best, bv = i, v
			}
		}
		if best < 0 {
			break
		}
		set |= 1 << uint(best)
	}
	return set
}

// Realm implements Policy.
func (g *Greedy) Realm(m *Match, top []uint8) (int, uint8) {
	best, bv := 0, 0
	for j, c := range top {
		v := 10*m.Card(c).Quintessence + sideValue(&m.Card(c).Sides[bestSide(m, c)], m.S.Side[You].Willpower)/4
		if j == 0 || v > bv {
			best, bv = j, v
		}
	}
	return best, 0
}

// Next implements Policy.
func (g *Greedy) Next(m *Match) Move {
	switch m.S.Phase {
	case PhasePreparation:
		return g.prepare(m)
	case PhaseCombat:
		return g.combat(m)
	case PhaseRegroup:
		return g.regroup(m)
	}
	return Pass
}

func (g *Greedy) prepare(m *Match) Move {
	y := &m.S.Side[You]
	if y.Seeker.Zone == ZoneSafe && !y.Seeker.Moved {
		return Move{Kind: MoveMove, Unit: SeekerIndex, Zone: seekerZone(m)}
	}
	for i := 0; i < y.NUnits; i++ {
		u := &y.Units[i]
		if u.Zone == ZoneSafe && !u.Moved && !u.Fresh {
			return Move{Kind: MoveMove, Unit: i, Zone: unitZone(m, m.Soul(You, i))}
		}
	}
	// The Unit worth most per Arkhé.
	best, bs := -1, 0
	for i, c := range y.Hand.Cards() {
		card := m.Card(c)
		if card.Kind != KindUnit || card.Keywords.Has(Metamorphosis) || !card.Innate && y.Willpower <= 3 {
			continue
		}
		cost := m.Cost(You, c)
		if cost > y.Arkhe || !m.mayField(You, c) {
			continue
		}
		v := unitWorth(m, card)
		if v <= 0 {
			continue
		}
		if s := v * 16 / (cost + 1); best < 0 || s > bs {
			best, bs = i, s
		}
	}
	if best >= 0 {
		c := y.Hand.Card[best]
		return Move{Kind: MoveInvoke, Index: best, Zone: unitZone(m, m.Card(c).Soul)}
	}
	if mv, ok := caskBinding(m, false); ok {
		return mv
	}
	return Pass
}

// unitWorth is what a Unit card on a Realm brings this Round, in tenths
// of a Quintessence: its Extraction, and Soul while a Realm needs it.
func unitWorth(m *Match, card *Card) int {
	v := 10 * extractValue(card)
	if card.Soul > 0 {
		for z := 0; z < m.S.NRealms; z++ {
			need, worth := realmNeed(m, z)
			if have := m.RealmSoul(You, z); have < need && have+card.Soul >= need {
				v += worth / 2
				break
			}
		}
	}
	for i := range card.Text.Abilities {
		ab := &card.Text.Abilities[i]
		if ab.Trigger == TrigDie && card.Keywords.Has(Sorrow) || ab.Trigger == TrigInvoke {
			v += max(abilityValue(ab, m.S.Side[You].Willpower), 0)
		}
	}
	return v
}

// seekerZone picks the Realm for your Seeker: the one worth most that it
// wins alone, else the one worth most, keeping off Realms that cost it
// Willpower.
func seekerZone(m *Match) int {
	soul := m.Soul(You, SeekerIndex)
	best, bs := 0, -1<<30
	for z := 0; z < m.S.NRealms; z++ {
		need, worth := realmNeed(m, z)
		have := m.RealmSoul(You, z)
		s := worth
		if have >= need {
			s -= 1000 // won already
		} else if have+soul < need {
			s -= 500
		}
		if seekerAvoids(m, z) {
			s -= 2000
		}
		if s > bs {
			best, bs = z, s
		}
	}
	return best
}

// unitZone picks the Realm for a Unit with soul Soul: the Realm worth
// most whose need it completes, else one it helps, else the best place to
// be Extracted from.
func unitZone(m *Match, soul int) int {
	best, bs := 0, -1<<30
	for z := 0; z < m.S.NRealms; z++ {
		need, worth := realmNeed(m, z)
		have := m.RealmSoul(You, z)
		t := m.realmText(z, You)
		s := 0
		switch {
		case soul > 0 && have < need && have+soul >= need:
			s = 1000 + worth
		case soul > 0 && have < need:
			s = 500 + worth - 10*(need-have-soul)
		}
		if t.UnitsHave.Has(Sorrow) {
			s -= 3000
		}
		s += 100*t.UnitsSoul + 50*t.FirstExtract
		if m.S.Realms[z].Owner == You {
			s += 5
		}
		if s > bs {
			best, bs = z, s
		}
	}
	return best
}

// caskBinding finds a Binding with Cask (or, in the Preparation Phase, one
// adding Soul where a Realm needs it) to bind to a Unit on a Realm that
// will be Extracted; safe looks at Units in the Safe Zone instead.
func caskBinding(m *Match, safe bool) (Move, bool) {
	y := &m.S.Side[You]
	for i, c := range y.Hand.Cards() {
		card := m.Card(c)
		if card.Kind != KindBinding || card.BindTo == BindEnemy || m.Cost(You, c) > y.Arkhe || !card.Innate && y.Willpower <= 3 {
			continue
		}
		if !card.Keywords.Has(Cask) {
			continue
		}
		for u := 0; u < y.NUnits; u++ {
			uz := y.Units[u].Zone
			if safe != (uz == ZoneSafe) || !safe && uz < 0 || y.Units[u].NBound >= MaxBound || m.Critical(You, u) {
				continue
			}
			mv := Move{Kind: MoveInvoke, Index: i, Unit: u}
			if m.Legal(mv) == nil {
				return mv, true
			}
		}
	}
	return Move{}, false
}

func (g *Greedy) combat(m *Match) Move {
	y := &m.S.Side[You]
	w := y.Willpower
	// Free abilities.
	if mv, ok := freeAbility(m, w); ok {
		return mv
	}
	// Feats and Ambush Units.
	for i, c := range y.Hand.Cards() {
		card := m.Card(c)
		if m.Cost(You, c) > y.Arkhe {
			continue
		}
		switch {
		case card.Kind == KindFeat && featValue(card, w) > 0 && (card.Innate || w > 3):
			if refreshOnly(card) && y.Arkhe == ArkhePool {
				continue
			}
			return Move{Kind: MoveInvoke, Index: i}
		case card.Kind == KindUnit && card.Keywords.Has(Ambush) && unitWorth(m, card) > 0 && (card.Innate || w > 3) && m.mayField(You, c):
			return Move{Kind: MoveInvoke, Index: i, Zone: unitZone(m, card.Soul)}
		}
	}
	// Act with the ready cards: the Units, then the Seeker.
	want := y.Arkhe < ArkhePool && wantsArkhe(m)
	for i := 0; i < y.NUnits; i++ {
		if mv, ok := act(m, i, want); ok {
			return mv
		}
	}
	if mv, ok := act(m, SeekerIndex, want); ok {
		return mv
	}
	return Pass
}

// refreshOnly reports whether a Feat only refreshes Arkhé.
func refreshOnly(c *Card) bool {
	for i := range c.Text.Abilities {
		for _, a := range c.Text.Abilities[i].Actions {
			if a.Kind != ActRefresh && a.Kind != ActRefreshPerAlly && a.Kind != ActLoseWillpower {
				return false
			}
		}
	}
	return true
}

// freeAbility finds an ability of yours worth using that costs no
// Willpower: of your Realms, Seeker, Units and their Bindings.
func freeAbility(m *Match, w int) (Move, bool) {
	s := &m.S
	y := &s.Side[You]
	ok := func(ab *Ability) bool {
		if !ab.Trigger.Activated() || ab.Willpower > 0 {
			return false
		}
		for _, a := range ab.Actions {
			if (a.Kind == ActRefresh || a.Kind == ActRefreshPerAlly) && y.Arkhe >= ArkhePool {
				return false
			}
		}
		if ab.ExhaustAlly || ab.ExhaustMe {
			// Exhausting a card that could Assist trades an Assist for the
			// same Arkhé: worth it only for more.
			if v := abilityValue(ab, w); v < 10 {
				return false
			}
		}
		return abilityValue(ab, w) > 0
	}
	return firstAbility(m, ok)
}

// firstAbility returns the first legal use of an ability of yours that ok
// accepts: of your Realms, then your Seeker and Units and their Bindings.
func firstAbility(m *Match, ok func(*Ability) bool) (Move, bool) {
	s := &m.S
	y := &s.Side[You]
	for z := 0; z < s.NRealms; z++ {
		t := m.realmText(z, You)
		for a := range t.Abilities {
			if ok(&t.Abilities[a]) {
				mv := Move{Kind: MoveAbility, Src: SrcRealm, Zone: z, Ability: a}
				if m.Legal(mv) == nil {
					return mv, true
				}
			}
		}
	}
	for i := SeekerIndex; i < y.NUnits; i++ {
		u := y.unit(i)
		t := &m.Card(u.Card).Text
		for a := range t.Abilities {
			if ok(&t.Abilities[a]) {
				mv := Move{Kind: MoveAbility, Src: SrcUnit, Unit: i, Ability: a}
				if m.Legal(mv) == nil {
					return mv, true
				}
			}
		}
		for b := 0; b < int(u.NBound); b++ {
			bt := &m.Card(u.Bound[b].Card).Text
			for a := range bt.Abilities {
				if ok(&bt.Abilities[a]) {
					mv := Move{Kind: MoveAbility, Src: SrcBinding, Unit: i, Slot: b, Ability: a}
					if m.Legal(mv) == nil {
						return mv, true
					}
				}
			}
		}
	}
	return Move{}, false
}

// wantsArkhe reports whether something in hand could use more Arkhé this
// Round: a Unit for the Regroup, a Feat worth Invoking, an Ambush Unit.
func wantsArkhe(m *Match) bool {
	y := &m.S.Side[You]
	for _, c := range y.Hand.Cards() {
		card := m.Card(c)
		switch {
		case card.Kind == KindUnit && !card.Keywords.Has(Metamorphosis) && card.Cost <= ArkhePool:
			return true
		case card.Kind == KindFeat && featValue(card, y.Willpower) > 0:
			return true
		case card.Kind == KindBinding && card.Keywords.Has(Cask):
			return true
		}
	}
	return false
}

// act picks a Main Action for your Unit i (or Seeker): Assist when the
// Arkhé is wanted, else Strike the opposing Seeker, else Assist if any
// Arkhé is spent.
func act(m *Match, i int, want bool) (Move, bool) {
	y := &m.S.Side[You]
	if !y.validUnit(i) {
		return Move{}, false
	}
	u := y.unit(i)
	if !u.Ready || u.Zone < 0 {
		return Move{}, false
	}
	assist := Move{Kind: MoveAssist, Unit: i}
	if want && m.Legal(assist) == nil {
		return assist, true
	}
	o := &m.S.Side[Opponent]
	if o.Present && o.Seeker.Zone >= 0 {
		for _, r := range [2]bool{false, true} {
			if v := m.AttackValue(You, i, r); v > 0 {
				st := Move{Kind: MoveStrike, Unit: i, Target: SeekerIndex, Ranged: r}
				if m.Legal(st) == nil {
					return st, true
				}
			}
		}
	}
	if y.Arkhe < ArkhePool && m.Legal(assist) == nil {
		return assist, true
	}
	return Move{}, false
}

func (g *Greedy) regroup(m *Match) Move {
	y := &m.S.Side[You]
	best, bs := -1, 0
	for i, c := range y.Hand.Cards() {
		card := m.Card(c)
		if card.Kind != KindUnit || card.Keywords.Has(Metamorphosis) || !card.Innate && y.Willpower <= 3 {
			continue
		}
		cost := m.Cost(You, c)
		if cost > y.Arkhe || !m.mayField(You, c) {
			continue
		}
		v := 10*extractValue(card) + 3*card.Soul
		if s := v * 16 / (cost + 1); best < 0 || s > bs {
			best, bs = i, s
		}
	}
	if best >= 0 {
		return Move{Kind: MoveInvoke, Index: best, Zone: ZoneSafe}
	}
	if mv, ok := caskBinding(m, true); ok {
		return mv
	}
	return Pass
}
