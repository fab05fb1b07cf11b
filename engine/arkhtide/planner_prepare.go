package arkhtide

// maxCand bounds the Units of the hand the Planner weighs.
const maxCand = 10

// pcand is a Unit of the hand the Planner may Invoke.
type pcand struct {
	card   uint8
	cost   int
	soul   int
	ext    int  // Quintessence when Extracted
	bonus  int  // its other effects, in tenths of a Quintessence
	ambush bool // may wait for the Combat Phase
	assist bool // may Assist
	carry  int  // worth Invoked in the Regroup Phase
}

// planned is a planned Invocation: a card onto a Realm slot.
type planned struct {
	card uint8
	zone int8
}

// piece is a card with Soul the placement puts on a Realm.
type piece struct {
	soul   int
	seeker bool
	zone   int8
}

// placement places pieces on the Realms: the Seeker, then the Units of
// the Safe Zone, then the Units to Invoke.
type placement struct {
	p       [2*MaxUnits + 1]piece
	n       int
	worth   int // tenths of a Quintessence from the Realms (denying one counts)
	q       int // the Quintessence of the Realms harvested (and first Extractions)
	invoked int // pieces that are Units to Invoke (the last ones)
}

// candidates lists the Units of the hand the Planner may Invoke.
func (p *Planner) candidates(m *Match) {
	y := &m.S.Side[You]
	w := y.Willpower
	p.nc = 0
	for _, c := range y.Hand.Cards() {
		card := m.Card(c)
		if card.Kind != KindUnit || card.Keywords.Has(Metamorphosis) || card.Cost > ArkhePool || !card.Innate && w <= 3 || p.nc == maxCand {
			continue
		}
		pc := pcand{card: c, cost: m.Cost(You, c), soul: card.Soul, ext: extractValue(card), ambush: card.Keywords.Has(Ambush),
			assist: !card.Keywords.Has(Severed)}
		for i := range card.Text.Abilities {
			ab := &card.Text.Abilities[i]
			switch ab.Trigger {
			case TrigInvoke, TrigExtract, TrigAssist:
				pc.bonus += max(abilityValue(ab, w), 0)
			case TrigDie:
				if card.Keywords.Has(Sorrow) {
					pc.bonus += max(abilityValue(ab, w), 0)
				}
			case TrigFast, TrigSlow:
				pc.bonus += max(abilityValue(ab, w), 0) / 2
			}
		}
		if !card.Innate {
			pc.bonus -= willCost(1, w)
		}
		// Invoked in the Regroup Phase it is worth 0.9 of what it brings
		// next Round (and is never worth more than played now).
		pc.carry = (10*pc.ext + pc.bonus) * 9 / 10
		p.cand[p.nc] = pc
		p.nc++
	}
}

// plan chooses the Units for the Realms this Round.
func (p *Planner) plan(m *Match) {
	y := &m.S.Side[You]
	p.candidates(m)
	featNet, featCost := p.featBudget(m)
	// Units already in play on the way to the Realms.
	assist0 := 1 // the Seeker
	for i := 0; i < y.NUnits; i++ {
		if u := &y.Units[i]; u.Zone == ZoneSafe && !u.Moved && !m.Keywords(You, i).Has(Severed) {
			assist0++
		}
	}
	need13 := WinQuintessence - y.Quint
	bestScore, bestSet := -1<<30, -1
	for set := 0; set < 1<<p.nc; set++ {
		if !p.fieldable(m, set) {
			continue
		}
		prep, comb, assist, ext, bonus := 0, 0, assist0, 0, 0
		for k := 0; k < p.nc; k++ {
			if set&(1<<k) == 0 {
				continue
			}
			c := &p.cand[k]
			if c.ambush {
				comb += c.cost
			} else {
				prep += c.cost
			}
			if c.assist {
				assist++
			}
			ext += c.ext
			bonus += c.bonus
		}
		// Ambush Units go in the Preparation Phase while it has the Arkhé.
		if prep > ArkhePool {
			continue
		}
		if move := min(comb, ArkhePool-prep); move > 0 {
			// Approximation: as much of the Ambush cost as fits moves to
			// the Preparation Phase.
			prep += move
			comb -= move
		}
		// What is left for the Regroup: the 9, less what the Preparation,
		// the Ambush Units and the Feats cost, plus the Assists (never more
		// than what was spent) and what the Feats refresh.
		spent := prep + comb + featCost
		left := ArkhePool - spent + min(assist, spent) + featNet + featCost
		if comb > 0 && left < 0 {
			continue
		}
		m.placeInto(&p.tmp, p.cand[:p.nc], set)
		q := p.tmp.worth + 10*ext + bonus
		carry := p.knapsack(m, set, max(left, 0), false)
		score := q + carry
		if need13 <= p.tmp.q+ext {
			score += 100000
		}
		if score > bestScore {
			bestScore, bestSet = score, set
		}
	}
	p.np, p.ncomb = 0, 0
	if bestSet < 0 {
		bestSet = 0
	}
	m.placeInto(&p.pl, p.cand[:p.nc], bestSet)
	// The plan: pieces after the Seeker and the Safe Zone are the set, in
	// candidate order; Ambush ones wait when the Preparation Phase cannot
	// pay them.
	base := p.pl.n - p.pl.invoked
	prep := 0
	for k := 0; k < p.nc; k++ {
		if bestSet&(1<<k) != 0 && !p.cand[k].ambush {
			prep += p.cand[k].cost
		}
	}
	j := base
	for k := 0; k < p.nc; k++ {
		if bestSet&(1<<k) == 0 {
			continue
		}
		c := &p.cand[k]
		pl := planned{card: c.card, zone: p.pl.p[j].zone}
		j++
		if c.ambush && prep+c.cost > ArkhePool {
			p.comb[p.ncomb] = pl
			p.ncomb++
			continue
		}
		if c.ambush {
			prep += c.cost
		}
		p.prep[p.np] = pl
		p.np++
	}
	// Invoke the dearest first, so that the Arkhé left over is small.
	for i := 1; i < p.np; i++ {
		for j := i; j > 0 && m.Card(p.prep[j].card).Cost > m.Card(p.prep[j-1].card).Cost; j-- {
			p.prep[j], p.prep[j-1] = p.prep[j-1], p.prep[j]
		}
	}
}

// fieldable reports whether the set of candidates may all be in play at
// once (Unique Units; One of Many up to 3).
func (p *Planner) fieldable(m *Match, set int) bool {
	for k := 0; k < p.nc; k++ {
		if set&(1<<k) == 0 {
			continue
		}
		c := p.cand[k].card
		n := m.InPlay(You, c)
		for j := 0; j <= k; j++ {
			if set&(1<<j) != 0 && p.cand[j].card == c {
				n++
			}
		}
		lim := 1
		if m.Card(c).OneOfMany {
			lim = 3
		}
		if n > lim {
			return false
		}
	}
	return true
}

// featBudget returns what the Feats worth Invoking give back net of their
// cost, and their cost.
func (p *Planner) featBudget(m *Match) (net, cost int) {
	y := &m.S.Side[You]
	for _, c := range y.Hand.Cards() {
		card := m.Card(c)
		if card.Kind != KindFeat || featValue(card, y.Willpower) <= 0 {
			continue
		}
		cost += card.Cost
		for i := range card.Text.Abilities {
			for _, a := range card.Text.Abilities[i].Actions {
				switch a.Kind {
				case ActRefresh:
					net += a.N
				case ActRefreshPerAlly:
					net += min(a.M, 2*a.N)
				}
			}
		}
		net -= card.Cost
	}
	return net, cost
}

// knapsack returns the most carry value the candidates outside set (and,
// with record, the Units chosen into p.regroup) buy with budget Arkhé.
func (p *Planner) knapsack(m *Match, set, budget int, record bool) int {
	budget = min(budget, len(p.best)-1)
	for b := 0; b <= budget; b++ {
		p.best[b] = 0
	}
	n := 0
	for k := 0; k < p.nc; k++ {
		if set&(1<<k) != 0 || p.cand[k].carry <= 0 {
			continue
		}
		c := &p.cand[k]
		for b := budget; b >= 0; b-- {
			take := b >= c.cost && p.best[b-c.cost]+c.carry > p.best[b]
			if take {
				p.best[b] = p.best[b-c.cost] + c.carry
			}
			if record {
				p.keep[n][b] = take
			}
		}
		p.order[n] = k
		n++
	}
	if record {
		p.nr = 0
		b := budget
		var used [maxCand]bool
		for i := n - 1; i >= 0; i-- {
			if p.keep[i][b] {
				k := p.order[i]
				used[k] = true
				b -= p.cand[k].cost
			}
		}
		for k := 0; k < p.nc; k++ {
			if used[k] {
				p.regroup[p.nr] = p.cand[k].card
				p.nr++
			}
		}
	}
	return p.best[budget]
}

// placeInto places your Seeker, your Units in the Safe Zone and the
// candidates of set on the Realms, and scores the placement.
func (m *Match) placeInto(pl *placement, cand []pcand, set int) {
	s := &m.S
	y := &s.Side[You]
	pl.n, pl.worth, pl.q, pl.invoked = 0, 0, 0, 0
	add := func(soul int, seeker bool) {
		pl.p[pl.n] = piece{soul: soul, seeker: seeker, zone: -1}
		pl.n++
	}
	if y.Seeker.Zone == ZoneSafe && !y.Seeker.Moved || y.Seeker.Zone >= 0 {
		add(m.Soul(You, SeekerIndex), true)
		if y.Seeker.Zone >= 0 {
			pl.p[0].zone = y.Seeker.Zone
		}
	}
	for i := 0; i < y.NUnits; i++ {
		if u := &y.Units[i]; u.Zone == ZoneSafe && !u.Moved && !u.Fresh {
			add(m.Soul(You, i), false)
		}
	}
	for k := range cand {
		if set&(1<<k) != 0 {
			add(cand[k].soul, false)
			pl.invoked++
		}
	}
	if s.NRealms == 0 {
		return
	}
	// The Realms by worth.
	var zs [3]int
	var need, worth [3]int
	var have [3]int
	for z := 0; z < s.NRealms; z++ {
		zs[z] = z
		need[z], worth[z] = realmNeed(m, z)
		have[z] = m.RealmSoul(You, z)
	}
	for i := 1; i < s.NRealms; i++ {
		for j := i; j > 0 && (worth[zs[j]] > worth[zs[j-1]] || worth[zs[j]] == worth[zs[j-1]] && need[zs[j]] < need[zs[j-1]]); j-- {
			zs[j], zs[j-1] = zs[j-1], zs[j]
		}
	}
	soulOn := func(k, z int) int {
		if pl.p[k].seeker {
			return pl.p[k].soul
		}
		return max(pl.p[k].soul+m.realmText(z, You).UnitsSoul, 0)
	}
	fits := func(k, z int) bool {
		return pl.p[k].zone < 0 && !(pl.p[k].seeker && seekerAvoids(m, z)) && !(!pl.p[k].seeker && m.realmText(z, You).UnitsHave.Has(Sorrow))
	}
	won := [3]bool{}
	for _, z := range zs[:s.NRealms] {
		gap := need[z] - have[z]
		if gap <= 0 {
			won[z] = true
			continue
		}
		// The smallest single piece that covers the gap.
		bk := -1
		for k := 0; k < pl.n; k++ {
			if fits(k, z) && soulOn(k, z) >= gap && (bk < 0 || soulOn(k, z) < soulOn(bk, z)) {
				bk = k
			}
		}
		if bk >= 0 {
			pl.p[bk].zone = int8(z)
			have[z] += soulOn(bk, z)
			won[z] = true
			continue
		}
		// Else the largest pieces until it is covered, if they can.
		total := 0
		for k := 0; k < pl.n; k++ {
			if fits(k, z) {
				total += soulOn(k, z)
			}
		}
		if total < gap {
			continue
		}
		for have[z] < need[z] {
			bk = -1
			for k := 0; k < pl.n; k++ {
				if fits(k, z) && soulOn(k, z) > 0 && (bk < 0 || soulOn(k, z) > soulOn(bk, z)) {
					bk = k
				}
			}
			pl.p[bk].zone = int8(z)
			have[z] += soulOn(bk, z)
		}
		won[z] = true
	}
	// A held Realm out of reach: tie it to deny it.
	for z := 0; z < s.NRealms; z++ {
		os := oppSoul(m, z)
		if won[z] || os == 0 {
			continue
		}
		for k := 0; k < pl.n && have[z] < os; k++ {
			if fits(k, z) && soulOn(k, z) > 0 && have[z]+soulOn(k, z) <= os {
				pl.p[k].zone = int8(z)
				have[z] += soulOn(k, z)
			}
		}
	}
	// The rest: the best place to be Extracted from.
	for k := 0; k < pl.n; k++ {
		if pl.p[k].zone >= 0 {
			continue
		}
		best, bs := -1, -1<<30
		for z := 0; z < s.NRealms; z++ {
			if !fits(k, z) {
				continue
			}
			sc := 0
			t := m.realmText(z, You)
			if t.FirstExtract > 0 {
				sc += 10 * t.FirstExtract
			}
			if s.Realms[z].Owner == You {
				sc++
			}
			os := oppSoul(m, z)
			if !won[z] && os > 0 && have[z]+soulOn(k, z) > os {
				sc += 50 // it wins the Realm after all
			}
			if sc > bs {
				best, bs = z, sc
			}
		}
		if best < 0 {
			best = 0
		}
		pl.p[k].zone = int8(best)
		have[best] += soulOn(k, best)
	}
	for z := 0; z < s.NRealms; z++ {
		os := oppSoul(m, z)
		q := m.Card(s.Realms[z].Card).Quintessence
		switch {
		case have[z] > os:
			pl.worth += 10 * q
			pl.q += q
			if os > 0 {
				pl.worth += 5 * q
			}
		case have[z] == os && os > 0:
			pl.worth += 5 * q // denied
		}
		if t := m.realmText(z, You); t.FirstExtract > 0 {
			for k := 0; k < pl.n; k++ {
				if int(pl.p[k].zone) == z && !pl.p[k].seeker {
					pl.worth += 10 * t.FirstExtract
					pl.q += t.FirstExtract
					break
				}
			}
		}
	}
}

// prepare carries out the plan in the Preparation Phase.
func (p *Planner) prepare(m *Match) Move {
	y := &m.S.Side[You]
	if y.Seeker.Zone == ZoneSafe && !y.Seeker.Moved {
		return Move{Kind: MoveMove, Unit: SeekerIndex, Zone: max(int(p.pl.p[0].zone), 0)}
	}
	for i := 0; i < y.NUnits; i++ {
		if u := &y.Units[i]; u.Zone == ZoneSafe && !u.Moved && !u.Fresh {
			return Move{Kind: MoveMove, Unit: i, Zone: p.safeZoneOf(m, i)}
		}
	}
	for n := 0; n < p.np; n++ {
		pl := &p.prep[n]
		if pl.card == NoCard {
			continue
		}
		if h := y.Hand.Index(pl.card); h >= 0 {
			mv := Move{Kind: MoveInvoke, Index: h, Zone: int(pl.zone)}
			pl.card = NoCard
			if m.Legal(mv) == nil {
				return mv
			}
		}
		pl.card = NoCard
	}
	if mv, ok := caskBinding(m, false); ok {
		return mv
	}
	return Pass
}

// safeZoneOf returns the planned Realm of your Unit i in the Safe Zone.
func (p *Planner) safeZoneOf(m *Match, i int) int {
	y := &m.S.Side[You]
	j := 0
	if p.pl.n > 0 && p.pl.p[0].seeker {
		j = 1
	}
	// Units moved since the plan keep their place in it: count every Unit
	// of the Safe Zone at the plan, moved or not, before i.
	for i2 := 0; i2 < i; i2++ {
		if u := &y.Units[i2]; u.Zone == ZoneSafe && !u.Fresh || u.Moved {
			j++
		}
	}
	if j < p.pl.n && p.pl.p[j].zone >= 0 {
		return int(p.pl.p[j].zone)
	}
	return 0
}
