package arkhtide

// regroupCost is what the best Regroup of the hand costs with all the
// Arkhé.
func (p *Planner) regroupCost(m *Match) int {
	p.knapsack(m, 0, ArkhePool, true)
	n := 0
	for i := 0; i < p.nr; i++ {
		n += m.Cost(You, p.regroup[i])
	}
	return n
}

// planRegroup chooses the Units to Invoke into the Safe Zone.
func (p *Planner) planRegroup(m *Match, budget int) {
	p.candidates(m)
	p.knapsack(m, 0, budget, true)
}

func (p *Planner) regroupMove(m *Match) Move {
	y := &m.S.Side[You]
	for i := 0; i < p.nr; i++ {
		c := p.regroup[i]
		if c == NoCard {
			continue
		}
		p.regroup[i] = NoCard
		if h := y.Hand.Index(c); h >= 0 {
			mv := Move{Kind: MoveInvoke, Index: h, Zone: ZoneSafe}
			if m.Legal(mv) == nil {
				return mv
			}
		}
	}
	if mv, ok := caskBinding(m, true); ok {
		return mv
	}
	return Pass
}
