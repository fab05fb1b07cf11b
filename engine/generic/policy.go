package generic

import (
	"fmt"
	"math/bits"

	"github.com/deckwright/deckwright/cardsdb"
	"github.com/deckwright/deckwright/engine"
)

var policies = engine.Policies[Policy]{
	{Name: "greedy", Doc: "plays its resource cards, takes a win this turn when some set of cards gives one, else plays again and again the card it can pay for with the most worth per resource (points when played, plus points each turn times the turns left, at most the points still needed; each card drawn or fetched, resource and ramp counts as a point); buys the card worth most, the dearest on a tie", New: func() Policy { return &Greedy{} }},
	{Name: "planner", Doc: "plays its resource cards, then the best set of cards for the turn's resources and the next turn's, an exact knapsack over the hand: a card is weighed by the points it scores by the end of the game (at most those still needed), a card drawn by the deck's mean points per card, a resource of ramp by its mean points per resource; plays first the cards that give resources or draw, and plans again after each card; wins this turn when some set of cards can; buys as greedy does", New: func() Policy { return &Planner{} }},
}

// PolicyNames lists the built-in policies, the default first.
func PolicyNames() []string { return policies.Names() }

// NewPolicy returns a new built-in policy by name.
func NewPolicy(name string) (Policy, error) { return policies.Make(name) }

// policyOptions lists the policies of a game: the built-in ones, then its
// bots.
func policyOptions(pt *cardsdb.Playtest) []engine.Option {
	out := policies.Options()
	for _, b := range pt.Bots {
		doc := b.Doc
		if doc == "" {
			doc = "the game's own bot: its buy and play rules, in order, the first that holds and can be paid; greedy for the rest"
		}
		out = append(out, engine.Option{Name: b.Name, Doc: doc})
	}
	return out
}

// PolicyFor returns a new policy of a deck by name: a built-in one or
// one of the game's bots.
func PolicyFor(d *Deck, name string) (Policy, error) {
	for i := range d.Bots {
		if d.Bots[i].Name == name {
			return &BotPolicy{Bot: &d.Bots[i]}, nil
		}
	}
	p, err := policies.Make(name)
	if err != nil {
		return nil, fmt.Errorf("unknown policy %q", name)
	}
	return p, nil
}

// sums returns what a card's effects amount to now: its sums, or, for a
// card whose effects count cards or have conditions, the amounts they
// have in this state.
func sums(m *Match, c *Card) (pts, each, draw, gain, ramp, dmg int) {
	if !c.Dynamic {
		return c.Points, c.EachPts, c.Draw, c.Gain, c.Ramp, c.Damage
	}
	r := m.Deck.Rules
	for i := range c.Effects {
		e := &c.Effects[i]
		if e.EachTurn {
			continue
		}
		n := m.Amount(e)
		switch e.Verb {
		case cardsdb.EffectPoints:
			pts += n
		case cardsdb.EffectDraw:
			draw += n
		case cardsdb.EffectResource:
			if r.Resources[e.Kind].PaysCost {
				gain += n
			}
		case cardsdb.EffectRamp:
			ramp += n
		case cardsdb.EffectDamage:
			dmg += n
		}
	}
	for i := range c.Lasting {
		e := &c.Lasting[i]
		n := m.Amount(e)
		switch e.Verb {
		case cardsdb.EffectPoints:
			each += n
		case cardsdb.EffectDraw:
			draw += n
		case cardsdb.EffectResource:
			ramp += n
		case cardsdb.EffectDamage:
			dmg += n
		}
	}
	return
}

// worth is what greedy weighs a card by, in points: its points (those
// each turn counted for the turns left, or for the turns they last), at
// most the points still needed, and its damage, at most the damage still
// needed, plus a point for each card it draws or fetches, each resource
// it gives (this turn or every turn) and each life it gains against a
// clock.
func worth(m *Match, c *Card) int {
	left := m.TurnsLeft()
	pts, each, draw, gain, ramp, dmg := sums(m, c)
	turns := left
	if c.Duration > 0 {
		turns = min(left, c.Duration)
	}
	w := min(m.Need(), pts+each*turns) + min(m.NeedDamage(), dmg)
	w += draw + gain + ramp*min(left, 1) + pieceWorth(m, c)
	if c.Cards > 0 {
		w += m.fetchable(c)
	}
	if m.Deck.Rules.Lose.Clock.Damage > 0 {
		w += c.Life
	}
	return w
}

// pieceWorth is a point for each piece of the win a card is that is not
// in play yet.
func pieceWorth(m *Match, c *Card) int {
	if c.Pieces == 0 {
		return 0
	}
	return bits.OnesCount32(c.Pieces &^ m.S.Pieces)
}

// doesNothing reports whether playing a card of worth w gains nothing.
func doesNothing(c *Card, w int) bool { return w <= 0 && c.inert }

// inert reports whether a card scores, deals, gains, draws, ramps, gains
// cards, trashes, scries and stays nothing (its worth aside).
func inert(c *Card) bool {
	return c.Points+c.EachPts+c.Damage+c.Life == 0 && c.Gain <= c.Cost && c.Draw == 0 && c.Ramp == 0 &&
		c.Gained == 0 && c.Trash == 0 && c.Scry == 0 && c.Pieces == 0 && !c.Permanent
}

// leastOther is the least worth of a card of the hand other than the one
// at position k: what a discard costs.
func leastOther(m *Match, k int) int {
	s := &m.S
	least, found := 0, false
	for i := 0; i < s.Hand.N; i++ {
		if i == k {
			continue
		}
		if w := worth(m, m.Card(s.Hand.Card[i])); !found || w < least {
			least, found = w, true
		}
	}
	return max(least, 0)
}

// playLand plays the first resource cards of the hand, as many as the
// turn may.
func playLand(m *Match) {
	s := &m.S
	for i := 0; i < s.Hand.N && !s.LandPlayed && !s.Over(); {
		if m.Card(s.Hand.Card[i]).Resource && m.PlayLand(i) {
			continue
		}
		i++
	}
}

// discardLeast returns the hand position of the card worth least by w:
// a resource card is worth a point a turn left (at most the points
// needed) while the hand holds no other, nothing beyond. Ties go to the
// card drawn earliest (the lowest hand position).
func discardLeast(m *Match, w func(*Match, *Card) int) int {
	s := &m.S
	best, bestW := 0, 1<<30
	lands := 0
	for i := 0; i < s.Hand.N; i++ {
		c := m.Card(s.Hand.Card[i])
		v := 0
		if c.Resource {
			if lands == 0 {
				v = min(m.TurnsLeft(), m.Need())
			}
			lands++
		} else {
			v = w(m, c)
		}
		if v < bestW {
			best, bestW = i, v
		}
	}
	return best
}

// Greedy plays its resource cards, takes a win available this turn, then
// plays the affordable card with the most worth per resource until it
// can pay for none, then buys.
type Greedy struct {
	win winFinder
}

// Name is "greedy".
func (*Greedy) Name() string { return "greedy" }

// Main plays the turn.
func (g *Greedy) Main(m *Match) {
	playLand(m)
	greedyPlay(m, &g.win)
	greedyBuy(m)
}

// greedyPlay plays cards as greedy does until it can pay for none: the
// money first (playMoney), then the card greedyPick picks, again and
// again, or a set that wins this turn.
func greedyPlay(m *Match, win *winFinder) {
	s := &m.S
	if m.Deck.Buys {
		playMoney(m)
	}
	for !s.Over() {
		i, pts, dmg := greedyPick(m)
		if need, nd := m.Need(), m.NeedDamage(); need > 0 && pts >= need || nd > 0 && dmg >= nd {
			// the cards could win this turn: play a set that does
			if w := win.find(m); w >= 0 {
				i = w
			}
		}
		if i < 0 || !m.PlayCard(i) {
			return
		}
	}
}

// greedyPick returns the hand position of the card greedy plays next, or
// -1: the card with the most worth per resource (worth×cost' > w'×cost,
// a cost of 0 counting as ½), a card that makes you discard losing, for
// each card, what greedy values least in the rest of the hand
// (leastKeep); ties go to the card drawn earliest. It also returns the
// points and the damage of the cards it can play (with no discard), which
// say whether a win this turn is worth looking for.
func greedyPick(m *Match) (best, pts, dmg int) {
	s := &m.S
	best = -1
	var bw, bc int // the best's worth and cost: compare bw/bc as bw*c > w*bc
	m.stamp++      // the worths of this pick, by card id (a hand holds copies)
	for i := 0; i < s.Hand.N; i++ {
		id := s.Hand.Card[i]
		c := m.Card(id)
		if !m.CanPlay(i) {
			continue
		}
		if c.Discard == 0 {
			pts += c.Points
			dmg += c.Damage
			if c.Dynamic {
				pts, dmg = pts+99, dmg+99 // counted when a win is looked for
			}
		}
		// a cost of 0 counts as ½: compare worth/cost with costs doubled
		if m.wstamp[id] != m.stamp {
			m.wstamp[id], m.wcache[id] = m.stamp, worth(m, c)
		}
		w, cost := m.wcache[id], max(2*c.Cost, 1)
		if c.Discard > 0 {
			w -= c.Discard * leastKeep(m, i)
		}
		if doesNothing(c, w) {
			continue // a card that does nothing for you
		}
		if best < 0 || w*bc > bw*cost {
			best, bw, bc = i, w, cost
		}
	}
	return best, pts, dmg
}

// buyWorth is what greedy weighs a card to buy by: its victory points
// (at most the points still needed) plus its worth when played.
func buyWorth(m *Match, c *Card) int {
	w := min(m.Need(), c.Victory)
	if c.Playable() || c.Resource {
		w += worth(m, c)
	}
	return w
}

// playMoney plays, before buying, every card that gives more to spend
// than it costs and makes you lose no card (the treasures).
func playMoney(m *Match) {
	s := &m.S
	for i := 0; i < s.Hand.N && !s.Over(); {
		c := m.Card(s.Hand.Card[i])
		if c.Gain > c.Cost && c.Discard == 0 && c.Trash == 0 && m.PlayCard(i) {
			continue
		}
		i++
	}
}

// greedyBuy plays the treasures (playMoney), then buys, again and again, the card worth most by buyWorth (the
// dearest on a tie, then the first offered), while one worth more than
// nothing can be paid.
func greedyBuy(m *Match) {
	if !m.Deck.Buys {
		return
	}
	playMoney(m)
	for !m.S.Over() {
		best, bw := -1, 0
		var bm bool
		var bi int
		m.Offers(nil, func(id uint8, market bool, i int) {
			c := m.Card(id)
			w := buyWorth(m, c)
			if w <= 0 {
				return
			}
			if best < 0 || w > bw || w == bw && c.BuyCost > m.Card(uint8(best)).BuyCost {
				best, bw, bm, bi = int(id), w, market, i
			}
		})
		if best < 0 || !m.Buy(uint8(best), bm, bi) {
			return
		}
	}
}

// Discard picks the card greedy values least (see keepValue).
func (*Greedy) Discard(m *Match) int { return discardGreedy(m, -1) }

// keepValue is what greedy values keeping a card by, in 1/scale points:
// its worth when the next turn can pay for it (its cost at most
// nextBudget), else its worth times nextBudget over its cost (the share
// of it the next turn can pay for); a resource card is worth a point a
// turn left (at most the points needed) while the hand holds no other
// (lands counts those seen before it), nothing beyond.
func keepValue(m *Match, c *Card, next int, lands *int) int {
	if c.Resource {
		*lands++
		if *lands == 1 {
			return scale * min(m.TurnsLeft(), m.Need()+m.NeedDamage())
		}
		return 0
	}
	w := scale * worth(m, c)
	if c.Cost > next && w > 0 {
		return w * next / c.Cost
	}
	return w
}

// discardGreedy returns the hand position of the card greedy values least
// by keepValue, other than position skip; ties go to the card drawn
// earliest (the lowest hand position).
func discardGreedy(m *Match, skip int) int {
	s := &m.S
	best, bv := -1, 0
	lands := 0
	next := m.nextBudget()
	for i := 0; i < s.Hand.N; i++ {
		v := keepValue(m, m.Card(s.Hand.Card[i]), next, &lands)
		if i != skip && (best < 0 || v < bv) {
			best, bv = i, v
		}
	}
	return max(best, 0)
}

// leastKeep is what greedy loses to a discard by the card at hand
// position k: the least keepValue of the rest of the hand, in points
// (rounded down; never below 0).
func leastKeep(m *Match, k int) int {
	s := &m.S
	least, found, lands := 0, false, 0
	next := m.nextBudget()
	for i := 0; i < s.Hand.N; i++ {
		v := keepValue(m, m.Card(s.Hand.Card[i]), next, &lands)
		if i != k && (!found || v < least) {
			least, found = v, true
		}
	}
	return max(least, 0) / scale
}

// winFinder finds a set of cards of the hand whose points (or damage)
// win this turn: a knapsack over the cards' points for the budget.
type winFinder struct {
	pts  [maxBudget + 1]int32
	take []([maxBudget + 1]bool)
	val  []int32
}

// value is what a card gives toward the goal when played now.
func (w *winFinder) value(m *Match, c *Card, damage bool) int {
	if c.Dynamic {
		p, _, _, _, _, d := sums(m, c)
		if damage {
			return d
		}
		return p
	}
	if damage {
		return c.Damage
	}
	return c.Points
}

// find returns the position of a card of a set of cards that wins this
// turn, or -1. It counts the points and the damage that cards give when
// played, each toward its own goal: the set must reach one of them.
func (w *winFinder) find(m *Match) int {
	s := &m.S
	if len(w.take) < len(s.Hand.Card) {
		w.take = make([][maxBudget + 1]bool, len(s.Hand.Card))
		w.val = make([]int32, len(s.Hand.Card))
	}
	if i := w.findBy(m, m.Need(), false); i >= 0 {
		return i
	}
	if s.Over() {
		return -1
	}
	return w.findBy(m, m.NeedDamage(), true)
}

func (w *winFinder) findBy(m *Match, need int, damage bool) int {
	s := &m.S
	if need <= 0 {
		return -1
	}
	// the points of the cards that can be played, and the most of them
	// the budget can pay: most turns cannot win, and say so cheaply
	n, total, cost := 0, 0, 0
	for k := 0; k < s.Hand.N; k++ {
		c := m.Card(s.Hand.Card[k])
		v := w.value(m, c, damage)
		if v == 0 || c.Discard > 0 || !m.CanPlay(k) {
			w.val[k] = 0
			continue
		}
		w.val[k] = int32(v)
		n++
		total += v
		cost += c.Cost
	}
	if total < need {
		return -1
	}
	if cost <= s.Budget {
		// every card can be paid: play the first
		for k := 0; k < s.Hand.N; k++ {
			if w.val[k] > 0 {
				return k
			}
		}
	}
	b := min(s.Budget, maxBudget)
	for x := 0; x <= b; x++ {
		w.pts[x] = 0
	}
	for k := 0; k < s.Hand.N; k++ {
		w.take[k] = [maxBudget + 1]bool{}
		v := w.val[k]
		if v == 0 {
			continue
		}
		c := m.Card(s.Hand.Card[k])
		for x := b; x >= c.Cost; x-- {
			if v := w.pts[x-c.Cost] + v; v > w.pts[x] {
				w.pts[x], w.take[k][x] = v, true
			}
		}
	}
	if w.pts[b] < int32(need) {
		return -1
	}
	// a set wins: read it back and play its first card
	pick := -1
	for k, x := s.Hand.N-1, b; k >= 0; k-- {
		if w.take[k][x] {
			pick = k
			x -= m.Card(s.Hand.Card[k]).Cost
		}
	}
	return pick
}

// BotPolicy plays a game's own bot: its play rules, then greedy's plays;
// its buy rules.
type BotPolicy struct {
	Bot *CompiledBot
	win winFinder
}

// CompiledBot is a bot of the game compiled for a deck.
type CompiledBot struct {
	Name      string
	Buy, Play []Rule
}

// Rule is a bot's rule compiled: the cards it names, and its conditions.
type Rule struct {
	Cards Mask
	Conds []Cond
	Text  string
}

// Cond is a bot's condition compiled.
type Cond struct {
	cardsdb.BotCond
	Cards Mask
}

// Name is the bot's.
func (b *BotPolicy) Name() string { return b.Bot.Name }

// Discard picks as greedy does.
func (b *BotPolicy) Discard(m *Match) int { return discardGreedy(m, -1) }

// Main plays the resource cards, then the first card of the first play
// rule that holds and can be paid, again and again, then greedy's plays;
// then buys the card of the first buy rule that holds and can be paid
// (the dearest of the rule's cards on the offer, the first offered on a
// tie), again and again.
func (b *BotPolicy) Main(m *Match) {
	playLand(m)
	s := &m.S
	for !s.Over() {
		played := false
		for ri := range b.Bot.Play {
			r := &b.Bot.Play[ri]
			if !holds(m, r) {
				continue
			}
			for i := 0; i < s.Hand.N; i++ {
				if r.Cards.Has(s.Hand.Card[i]) && m.CanPlay(i) && m.PlayCard(i) {
					played = true
					break
				}
			}
			if played {
				break
			}
		}
		if !played {
			break
		}
	}
	greedyPlay(m, &b.win)
	if len(b.Bot.Buy) == 0 {
		greedyBuy(m)
		return
	}
	for !s.Over() {
		bought := false
		for ri := range b.Bot.Buy {
			r := &b.Bot.Buy[ri]
			if !holds(m, r) {
				continue
			}
			best, bm, bi := -1, false, 0
			m.Offers(&r.Cards, func(id uint8, market bool, i int) {
				if best < 0 || m.Card(id).BuyCost > m.Card(uint8(best)).BuyCost {
					best, bm, bi = int(id), market, i
				}
			})
			if best >= 0 && m.Buy(uint8(best), bm, bi) {
				bought = true
				break
			}
		}
		if !bought {
			return
		}
	}
}

// holds reports whether every condition of a rule holds.
func holds(m *Match, r *Rule) bool {
	for i := range r.Conds {
		c := &r.Conds[i]
		if !c.Holds(condValue(m, c)) {
			return false
		}
	}
	return true
}

// condValue measures what a condition compares.
func condValue(m *Match, c *Cond) int {
	s := &m.S
	switch c.What {
	case cardsdb.CondTurn:
		return s.Turn
	case cardsdb.CondPoints:
		return s.Points
	case cardsdb.CondHand:
		return s.Hand.Count(&c.Cards)
	case cardsdb.CondSupply:
		n := s.Market.Count(&c.Cards) + s.MarketDeck.Count(&c.Cards)
		for _, id := range m.Deck.SupplyIDs {
			if c.Cards.Has(id) {
				n += s.Supply[id]
			}
		}
		return n
	case cardsdb.CondOwned:
		n := 0
		for _, p := range [...]*Pile{&s.Deck, &s.Hand, &s.InPlay, &s.Played, &s.Discard} {
			n += p.Count(&c.Cards)
		}
		return n
	case cardsdb.CondMoney:
		n := 0
		for _, p := range [...]*Pile{&s.Deck, &s.Hand, &s.InPlay, &s.Played, &s.Discard} {
			for _, id := range p.Cards() {
				card := m.Card(id)
				n += card.Gain
				for k := range m.Deck.Kinds {
					if m.Deck.Rules.Resources[k].PaysCost {
						n += card.Gives[k]
					}
				}
			}
		}
		return n
	}
	return 0
}

// compileBots compiles the game's bots for a deck: their cards as sets
// of the deck's card ids.
func compileBots(g *cardsdb.Game, pt *cardsdb.Playtest, cards []*cardsdb.Card) ([]CompiledBot, cardsdb.ErrorList) {
	var out []CompiledBot
	var errs cardsdb.ErrorList
	mask := func(r cardsdb.Ref, at cardsdb.Pos, text string) Mask {
		var m Mask
		r, err := r.Resolve(g)
		if err != nil {
			errs.Add(at, "bot rule %q: %v", text, err)
			return m
		}
		for i, c := range cards {
			if r.Matches(c) {
				m.add(uint8(i))
			}
		}
		return m
	}
	rules := func(rs []cardsdb.BotRule) []Rule {
		var out []Rule
		for _, r := range rs {
			cr := Rule{Cards: mask(r.Card, r.Pos, r.Text), Text: r.Text}
			for _, c := range r.Conds {
				cc := Cond{BotCond: c}
				if c.What == cardsdb.CondSupply || c.What == cardsdb.CondOwned || c.What == cardsdb.CondHand {
					cc.Cards = mask(c.Ref, r.Pos, r.Text)
				}
				cr.Conds = append(cr.Conds, cc)
			}
			out = append(out, cr)
		}
		return out
	}
	for _, b := range pt.Bots {
		out = append(out, CompiledBot{Name: b.Name, Buy: rules(b.Buy), Play: rules(b.Play)})
	}
	return out, errs
}
