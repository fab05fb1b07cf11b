package arkhtide

// combat carries out the plan in the Combat Phase.
func (p *Planner) combat(m *Match) Move {
	s := &m.S
	y, o := &s.Side[You], &s.Side[Opponent]
	w := y.Willpower
	// Bring the opposing Willpower to 0 when the Strikes are there.
	if o.Present && o.Seeker.Zone >= 0 && strikers(m) >= o.Willpower {
		if mv, ok := strike(m); ok {
			return mv
		}
	}
	if mv, ok := plannerAbility(m, w); ok {
		return mv
	}
	for i, c := range y.Hand.Cards() {
		card := m.Card(c)
		if card.Kind != KindFeat || m.Cost(You, c) > y.Arkhe || featValue(card, w) <= 0 {
			continue
		}
		if refreshOnly(card) && y.Arkhe+refreshOf(m, card) > ArkhePool+1 {
			continue // later, when it refreshes more
		}
		return Move{Kind: MoveInvoke, Index: i}
	}
	for n := 0; n < p.ncomb; n++ {
		pl := &p.comb[n]
		if pl.card == NoCard {
			continue
		}
		h := y.Hand.Index(pl.card)
		if h < 0 || !m.mayField(You, pl.card) {
			pl.card = NoCard
			continue
		}
		if m.Cost(You, pl.card) <= y.Arkhe {
			pl.card = NoCard
			return Move{Kind: MoveInvoke, Index: h, Zone: int(pl.zone)}
		}
	}
	// Arkhé still wanted: the planned Ambush Units, the Regroup.
	want := 0
	for n := 0; n < p.ncomb; n++ {
		if pl := &p.comb[n]; pl.card != NoCard {
			want += m.Cost(You, pl.card)
		}
	}
	p.candidates(m)
	want += p.regroupCost(m)
	for _, c := range y.Hand.Cards() {
		if card := m.Card(c); card.Kind == KindFeat && featValue(card, w) > 0 {
			want += card.Cost
		}
	}
	assistFirst := y.Arkhe < want && y.Arkhe < ArkhePool
	if assistFirst {
		// Assist with the cards that cannot Strike the Seeker first.
		for pass := 0; pass < 2; pass++ {
			for i := SeekerIndex; i < y.NUnits; i++ {
				if pass == 0 && canStrike(m, i) {
					continue
				}
				mv := Move{Kind: MoveAssist, Unit: i}
				if m.Legal(mv) == nil {
					return mv
				}
			}
		}
	}
	if mv, ok := strike(m); ok {
		return mv
	}
	for i := SeekerIndex; i < y.NUnits; i++ {
		mv := Move{Kind: MoveAssist, Unit: i}
		if y.Arkhe < ArkhePool && m.Legal(mv) == nil {
			return mv
		}
	}
	return Pass
}

// refreshOf returns what a Feat would refresh now.
func refreshOf(m *Match, card *Card) int {
	y := &m.S.Side[You]
	n := 0
	for i := range card.Text.Abilities {
		for _, a := range card.Text.Abilities[i].Actions {
			switch a.Kind {
			case ActRefresh:
				n += a.N
			case ActRefreshPerAlly:
				k := 0
				for j := 0; j < y.NUnits; j++ {
					if y.Units[j].Zone >= 0 && y.Units[j].Zone == y.Seeker.Zone {
						k++
					}
				}
				n += min(a.M, k*a.N)
			}
		}
	}
	return n
}

// canStrike reports whether your Unit i (or Seeker) could Strike the
// opposing Seeker now.
func canStrike(m *Match, i int) bool {
	for _, r := range [2]bool{false, true} {
		if m.AttackValue(You, i, r) > 0 && m.Legal(Move{Kind: MoveStrike, Unit: i, Target: SeekerIndex, Ranged: r}) == nil {
			return true
		}
	}
	return false
}

// strikers counts your ready cards that could Strike the opposing Seeker.
func strikers(m *Match) int {
	y := &m.S.Side[You]
	n := 0
	for i := SeekerIndex; i < y.NUnits; i++ {
		if canStrike(m, i) {
			n++
		}
	}
	return n
}

// strike returns a Strike at the opposing Seeker, if a card can.
func strike(m *Match) (Move, bool) {
	y := &m.S.Side[You]
	for i := 0; i < y.NUnits; i++ {
		for _, r := range [2]bool{false, true} {
			mv := Move{Kind: MoveStrike, Unit: i, Target: SeekerIndex, Ranged: r}
			if m.AttackValue(You, i, r) > 0 && m.Legal(mv) == nil {
				return mv, true
			}
		}
	}
	for _, r := range [2]bool{false, true} {
		mv := Move{Kind: MoveStrike, Unit: SeekerIndex, Target: SeekerIndex, Ranged: r}
		if m.AttackValue(You, SeekerIndex, r) > 0 && m.Legal(mv) == nil {
			return mv, true
		}
	}
	return Move{}, false
}

// plannerAbility finds an ability worth using, paying Willpower while
// there is some to spare (more than 6 left).
func plannerAbility(m *Match, w int) (Move, bool) {
	if mv, ok := freeAbility(m, w); ok {
		return mv, true
	}
	if w <= 6 {
		return Move{}, false
	}
	s := &m.S
	y := &s.Side[You]
	ok := func(ab *Ability) bool {
		if !ab.Trigger.Activated() || ab.Willpower == 0 || abilityValue(ab, w) <= 0 {
			return false
		}
		for _, a := range ab.Actions {
			if (a.Kind == ActReadyAlly || a.Kind == ActReadyMe) && y.Arkhe >= ArkhePool {
				return false // readying a card to Assist needs spent Arkhé
			}
		}
		return true
	}
	return firstAbility(m, ok)
}
