package generic

import (
	"io"
	"math/rand/v2"
	"strconv"
	"strings"

	"github.com/deckwright/deckwright/cardsdb"
	"github.com/deckwright/deckwright/engine"
)

// The per-card events a Match reports.
const (
	EventDrawn = iota
	EventPlayed
	EventDiscarded
	EventDead
)

// The tallies a Match reports.
const (
	TallyMulligans = iota
	TallyPoints
	TallyResourcesLeft
	TallyPointsBy3 // the points at the end of turn 3 (or of a game won sooner)
	TallyPointsBy5
)

// Pile is an ordered pile of card ids; the top is the last. Its room is
// made once for a match (as many as the game's cards), so that a game
// costs no allocation, whatever the size of the deck.
type Pile struct {
	N    int
	Card []uint8
}

func newPile(room int) Pile { return Pile{Card: make([]uint8, room)} }

// Push puts c on top.
func (p *Pile) Push(c uint8) {
	p.Card[p.N] = c
	p.N++
}

// Pop takes the top card; the pile must not be empty.
func (p *Pile) Pop() uint8 {
	p.N--
	return p.Card[p.N]
}

// Remove takes out the card at i, keeping the order of the others.
func (p *Pile) Remove(i int) uint8 {
	c := p.Card[i]
	copy(p.Card[i:p.N-1], p.Card[i+1:p.N])
	p.N--
	return c
}

// Bottom puts c at the bottom.
func (p *Pile) Bottom(c uint8) {
	copy(p.Card[1:p.N+1], p.Card[:p.N])
	p.Card[0] = c
	p.N++
}

// Cards returns the pile, bottom first.
func (p *Pile) Cards() []uint8 { return p.Card[:p.N] }

// Count returns how many cards of the set the pile holds.
func (p *Pile) Count(m *Mask) int {
	n := 0
	for _, x := range p.Card[:p.N] {
		if m.Has(x) {
			n++
		}
	}
	return n
}

// flex is a resource of a choice of kinds left to spend this turn.
type flex struct {
	mask uint8
	n    int
}

// State is a goldfish game in progress: your piles and counters.
type State struct {
	Turn   int
	Points int
	// Damage is the damage dealt to the opponent, Life yours against a
	// clock.
	Damage, Life int
	// Deck is the pile you draw from (the top is the last card), Hand your
	// hand, InPlay the cards that stay in play (resource cards, permanents
	// and cards with effects each turn), Played the other cards played
	// this turn (discarded at its end), Discard your discard pile, Trash
	// the cards that left the game; Market the market row and MarketDeck
	// what refills it.
	Deck, Hand, InPlay, Played, Discard, Trash, Market, MarketDeck Pile
	// Left[i] is the turns left to the lasting effects of InPlay's card i
	// (0: while in play).
	Left []int
	// Supply[id] is the copies of card id left in the supply.
	Supply []int
	// Pool is what is left to spend this turn, by kind; Flex the
	// resources of a choice of kinds left (resource cards that give one of
	// several); Budget what can pay a cost field in all (Spendable).
	Pool  [K]int
	Flex  [8]flex
	NFlex int
	// Budget is what is left to spend this turn in the kinds that pay
	// costs, kept up to date.
	Budget int
	// LandGives is what the resource cards in play give every turn, by
	// kind, and LandFlex their choices; Ramp what ramp effects give.
	LandGives, Ramp [K]int
	LandFlex        [8]flex
	NLandFlex       int
	// Lands counts the resource cards in play, Each the points your cards
	// in play score at the start of each turn, Lasting the cards in play
	// with other effects each turn.
	Lands, Each, Lasting int
	// LandPlayed counts this turn's resource cards played (LandPlayed is
	// true once the turn may play none more), CardsPlayed its other cards.
	Lands1      int
	LandPlayed  bool
	CardsPlayed int
	// Pieces holds the pieces of the win in play (a bit each).
	Pieces     uint32
	Mulligans  int
	Reshuffles int
	Won, Lost  bool
}

// Over reports whether the game is over.
func (s *State) Over() bool { return s.Won || s.Lost }

// Policy plays your side: Main plays the cards of a turn (with
// Match.PlayLand and Match.PlayCard, each checked before it is applied)
// and buys (Match.Buy), and Discard picks the card of the hand to
// discard.
type Policy interface {
	Name() string
	Main(m *Match)
	Discard(m *Match) int
}

// Match plays goldfish games of one deck with one policy. It keeps its
// state between games to reuse memory; it implements engine.Game.
type Match struct {
	S        State
	Deck     *Deck
	MaxTurns int

	pol   Policy
	rec   *engine.Record
	tr    *engine.Tracer
	keys  []uint64
	deck  []uint64 // the copy keys of Deck.Stack, by place
	ck    []uint64 // scratch copy keys
	buf   []uint64 // scratch for SortKeyed
	gkey  uint64
	quiet bool // the opening draws before a mulligan are not recorded
	// greedy's worths of one pick, by card id, valid when wstamp is stamp
	wcache [256]int
	wstamp [256]uint32
	stamp  uint32
	fast   bool // one kind of resource, no choices, no limit of cards a turn
}

// NewMatch returns a Match of d played by p, stopped after maxTurns (0:
// the playtest block's max_turns).
func NewMatch(d *Deck, p Policy, maxTurns int) *Match {
	if maxTurns <= 0 {
		maxTurns = d.Rules.MaxTurns
	}
	keys := engine.CardKeys(len(d.Cards), func(i int) string { return d.Cards[i].Name })
	room := len(d.Stack) + len(d.Market)
	for _, n := range d.Supply {
		room += n
	}
	m := &Match{Deck: d, MaxTurns: maxTurns, pol: p, keys: keys, ck: make([]uint64, room), buf: make([]uint64, 2*room)}
	m.deck = copyKeys(d.Stack, keys, nil)
	m.fast = d.Simple && d.Rules.CardsPerTurn == 0
	s := &m.S
	for _, p := range []*Pile{&s.Deck, &s.Hand, &s.InPlay, &s.Played, &s.Discard, &s.Trash, &s.Market, &s.MarketDeck} {
		*p = newPile(room)
	}
	s.Left = make([]int, room)
	s.Supply = make([]int, len(d.Cards))
	return m
}

// copyKeys returns the copy key of each place of cards.
func copyKeys(cards []uint8, keys []uint64, dst []uint64) []uint64 {
	var copies [256]int
	dst = dst[:0]
	for _, c := range cards {
		dst = append(dst, engine.CopyKey(keys[c], copies[c]))
		copies[c]++
	}
	return dst
}

// Trace makes the match write every step to w in words (nil: off).
func (m *Match) Trace(w io.Writer) {
	if w == nil {
		m.tr = nil
		return
	}
	m.tr = engine.NewTracer(w)
}

// Spec returns what the games of d report, for engine.Run.
func Spec(d *Deck, maxTurns int) engine.Spec {
	s := engine.Spec{
		Events:   []string{"drawn", "played", "discarded", "dead"},
		Tallies:  []string{"mulligans", "points", "resources unspent", "points by turn 3", "points by turn 5"},
		MaxTurns: maxTurns,
	}
	for _, c := range d.Cards {
		s.Cards = append(s.Cards, c.Name)
	}
	return s
}

// The keyed shuffles of a game: the opening shuffle, then one per
// mulligan; the market's; each reshuffle of the discard pile.
const (
	shuffleOpening   = 1
	shuffleMarket    = 1 << 20
	shuffleReshuffle = 1 << 21
)

// reset empties the state for a new game, keeping the piles' room.
func (s *State) reset() {
	keep := *s
	*s = State{}
	for _, p := range [...]struct{ dst, src *Pile }{{&s.Deck, &keep.Deck}, {&s.Hand, &keep.Hand}, {&s.InPlay, &keep.InPlay},
		{&s.Played, &keep.Played}, {&s.Discard, &keep.Discard}, {&s.Trash, &keep.Trash}, {&s.Market, &keep.Market}, {&s.MarketDeck, &keep.MarketDeck}} {
		p.dst.Card = p.src.Card
	}
	s.Left, s.Supply = keep.Left, keep.Supply
}

// Play plays one game, drawing randomness from rng and reporting to rec
// (which may be nil).
func (m *Match) Play(rng *rand.Rand, rec *engine.Record) engine.Outcome {
	m.rec = rec
	m.gkey = engine.GameKey(rng)
	m.S.reset()
	m.setup()
	r := m.Deck.Rules
	unspent, by3, by5 := 0, -1, -1
	for t := 1; t <= m.MaxTurns && !m.S.Over(); t++ {
		m.upkeep(t)
		if !m.S.Over() {
			m.pol.Main(m)
		}
		if !m.S.Over() {
			unspent += m.S.Budget
			m.endTurn()
		}
		if !m.S.Over() && r.Win.Survive > 0 && t >= r.Win.Survive {
			m.S.Won = true
			if m.tr != nil {
				m.tr.Logf("survived %s: won", cardsdb.Plural(t, "turn"))
			}
		}
		switch t {
		case 3:
			by3 = m.S.Points
		case 5:
			by5 = m.S.Points
		}
	}
	if by3 < 0 {
		by3 = m.S.Points
	}
	if by5 < 0 {
		by5 = m.S.Points
	}
	if rec != nil {
		for _, c := range m.S.Hand.Cards() {
			rec.Count(EventDead, int(c))
		}
		rec.Tally(TallyMulligans, m.S.Mulligans)
		rec.Tally(TallyPoints, m.S.Points)
		rec.Tally(TallyResourcesLeft, unspent)
		rec.Tally(TallyPointsBy3, by3)
		rec.Tally(TallyPointsBy5, by5)
	}
	switch {
	case m.S.Won:
		return engine.Outcome{Won: true, Turns: m.S.Turn}
	case m.S.Lost:
		return engine.Outcome{Turns: m.S.Turn}
	}
	if m.tr != nil {
		m.tr.Line(0, "Not won after "+cardsdb.Plural(m.MaxTurns, "turn")+", with "+cardsdb.Plural(m.S.Points, "point")+".")
	}
	return engine.Outcome{Turns: m.MaxTurns, Unfinished: true}
}

// deal puts the starting deck into the deck in the keyed order of tag.
func (m *Match) deal(tag uint64) {
	s := &m.S
	s.Deck.N = copy(s.Deck.Card, m.Deck.Stack)
	m.buf = engine.SortKeyed(s.Deck.Card[:s.Deck.N], m.deck, m.gkey, tag, m.buf)
}

// shuffle puts pile p in the keyed order of tag.
func (m *Match) shuffle(p *Pile, tag uint64) {
	m.ck = copyKeys(p.Cards(), m.keys, m.ck)
	m.buf = engine.SortKeyed(p.Cards(), m.ck, m.gkey, tag, m.buf)
}

// setup deals the opening hand and applies the mulligan rule, and lays
// out the supply and the market.
func (m *Match) setup() {
	r := m.Deck.Rules
	mu := &r.Mulligan
	s := &m.S
	if r.Lose.Clock.Damage > 0 {
		s.Life = r.Lose.Clock.Life
	}
	if m.Deck.Buys {
		copy(s.Supply, m.Deck.Supply)
		s.MarketDeck.N = copy(s.MarketDeck.Card, m.Deck.Market)
		if s.MarketDeck.N > 0 {
			m.shuffle(&s.MarketDeck, shuffleMarket)
			for s.Market.N < r.MarketSize && s.MarketDeck.N > 0 {
				s.Market.Push(s.MarketDeck.Pop())
			}
		}
	}
	for _, id := range m.Deck.Stack {
		s.Points += m.Deck.Cards[id].Victory
	}
	for k := 0; ; k++ {
		m.deal(uint64(shuffleOpening + k))
		s.Hand.N = 0
		n := r.OpeningHand
		if !mu.London {
			n -= k * mu.Fewer
		}
		last := k >= mu.Times || !m.redraw(n)
		m.quiet = !last
		for range n {
			m.draw()
		}
		if last && mu.London && k > 0 {
			// London: the hand is drawn whole, then as many cards as
			// mulligans go to the bottom, the least useful first
			for range k {
				i := m.pol.Discard(m)
				c := s.Hand.Remove(i)
				s.Deck.Bottom(c)
				if m.tr != nil {
					m.tr.Logf("puts %s at the bottom of the deck (London mulligan)", m.Card(c).Name)
				}
			}
		}
		if m.tr != nil {
			m.tr.Line(0, "Opening hand: "+m.names(&s.Hand)+".")
		}
		if last {
			break
		}
		s.Mulligans++
		if m.tr != nil {
			m.tr.Logf("mulligan %d: %s", s.Mulligans, m.mulliganReason())
		}
	}
	m.quiet = false
	if m.rec != nil {
		for _, c := range m.S.Hand.Cards() {
			m.rec.Opening(int(c))
		}
	}
	if m.tr != nil && m.Deck.Rules.Market != "" {
		m.tr.Line(0, "Market: "+m.names(&s.Market)+".")
	}
}

// redraw reports whether the n cards on top of the deck make a hand the
// mulligan rule redraws. A resource card is never cheap.
func (m *Match) redraw(n int) bool {
	d := &m.S.Deck
	lands, cheap := 0, 0
	for i := 0; i < n && i < d.N; i++ {
		c := &m.Deck.Cards[d.Card[d.N-1-i]]
		if c.Resource {
			lands++
		} else if c.Cost <= m.Deck.Rules.Mulligan.CheapCost {
			cheap++
		}
	}
	mu := &m.Deck.Rules.Mulligan
	return lands < mu.MinResources || mu.MaxResources > 0 && lands > mu.MaxResources || cheap < mu.MinCheap
}

func (m *Match) mulliganReason() string {
	mu := &m.Deck.Rules.Mulligan
	lands, cheap := 0, 0
	for _, id := range m.S.Hand.Cards() {
		c := &m.Deck.Cards[id]
		if c.Resource {
			lands++
		} else if c.Cost <= mu.CheapCost {
			cheap++
		}
	}
	switch {
	case lands < mu.MinResources:
		return "fewer than " + cardsdb.Plural(mu.MinResources, "resource card") + "; shuffled back and drawn again"
	case mu.MaxResources > 0 && lands > mu.MaxResources:
		return "more than " + cardsdb.Plural(mu.MaxResources, "resource card") + "; shuffled back and drawn again"
	}
	return "fewer than " + cardsdb.Plural(mu.MinCheap, "card") + " costing " + strconv.Itoa(mu.CheapCost) + " or less; shuffled back and drawn again"
}

// upkeep starts turn t: the resources, the effects each turn of the cards
// in play, the draw.
func (m *Match) upkeep(t int) {
	s, r := &m.S, m.Deck.Rules
	s.Turn = t
	s.LandPlayed = r.ResourceCards == 0
	s.Lands1, s.CardsPlayed = 0, 0
	for k := range m.Deck.Kinds {
		rk := &r.Resources[k]
		n := rk.PerTurn
		if rk.Grows {
			n *= t
		}
		n += s.Ramp[k] + s.LandGives[k]
		if rk.Max > 0 {
			n = min(n, rk.Max)
		}
		s.Pool[k] = n
	}
	s.NFlex = copy(s.Flex[:], s.LandFlex[:s.NLandFlex])
	m.budget()
	if m.tr != nil {
		m.tr.Line(0, "Turn "+strconv.Itoa(t)+": "+m.poolText()+" to spend, "+cardsdb.Plural(s.Points, "point")+".")
	}
	if s.Each > 0 {
		m.score(s.Each, "cards in play")
		if s.Over() {
			return
		}
	}
	if s.Lasting > 0 {
		m.lasting()
		if s.Over() {
			return
		}
	}
	if t > 1 || r.DrawFirstTurn {
		for range r.DrawPerTurn {
			m.draw()
		}
	}
}

// lasting resolves the effects each turn of the cards in play, in the
// order they came into play, and ends those whose turns are over.
func (m *Match) lasting() {
	s := &m.S
	for i := 0; i < s.InPlay.N && !s.Over(); i++ {
		id := s.InPlay.Card[i]
		c := m.Card(id)
		if len(c.Lasting) == 0 {
			continue
		}
		for j := range c.Lasting {
			if s.Over() {
				return
			}
			m.apply(id, &c.Lasting[j], true)
		}
		if s.Left[i] > 0 {
			if s.Left[i]--; s.Left[i] == 0 {
				m.leavePlay(i)
				i--
				if m.tr != nil {
					m.tr.Logf("%s's effects end: it goes to the discard pile", c.Name)
				}
			}
		}
	}
}

// leavePlay moves InPlay's card i to the discard pile.
func (m *Match) leavePlay(i int) {
	s := &m.S
	id := s.InPlay.Remove(i)
	copy(s.Left[i:s.InPlay.N], s.Left[i+1:s.InPlay.N+1])
	c := m.Card(id)
	s.Discard.Push(id)
	if len(c.Lasting) > 0 {
		s.Lasting--
	}
	s.Each -= c.Each
	m.pieces()
}

// budget recomputes Budget: the pool and choices that pay costs.
func (m *Match) budget() {
	s := &m.S
	if m.Deck.Simple {
		s.Budget = s.Pool[0]
		return
	}
	r := m.Deck.Rules
	b := 0
	for k := range m.Deck.Kinds {
		if r.Resources[k].PaysCost {
			b += s.Pool[k]
		}
	}
	for _, f := range s.Flex[:s.NFlex] {
		if m.paysMask(f.mask) {
			b += f.n
		}
	}
	s.Budget = b
}

func (m *Match) paysMask(mask uint8) bool {
	for k := range m.Deck.Kinds {
		if mask&(1<<k) != 0 && m.Deck.Rules.Resources[k].PaysCost {
			return true
		}
	}
	return false
}

// poolText says what a turn has to spend.
func (m *Match) poolText() string {
	s := &m.S
	if m.Deck.Kinds == 1 && s.NFlex == 0 {
		return cardsdb.Plural(s.Pool[0], m.Deck.Rules.KindName(0))
	}
	var parts []string
	for k := range m.Deck.Kinds {
		if s.Pool[k] > 0 {
			parts = append(parts, strconv.Itoa(s.Pool[k])+" "+m.Deck.Rules.KindName(k))
		}
	}
	for _, f := range s.Flex[:s.NFlex] {
		var names []string
		for k := range m.Deck.Kinds {
			if f.mask&(1<<k) != 0 {
				names = append(names, m.Deck.Rules.KindName(k))
			}
		}
		parts = append(parts, strconv.Itoa(f.n)+" "+strings.Join(names, " or "))
	}
	if len(parts) == 0 {
		return "nothing"
	}
	return strings.Join(parts, ", ")
}

// CanPay reports whether the pool pays p.
func (m *Match) CanPay(p *Price) bool {
	s := &m.S
	if m.Deck.Simple {
		return p.Generic+p.Kind[0] <= s.Pool[0]
	}
	if s.NFlex == 0 {
		// no choices: each kind pays its part, the paying kinds what is
		// left of them the generic part
		left := 0
		r := m.Deck.Rules
		for k := range m.Deck.Kinds {
			if p.Kind[k] > s.Pool[k] {
				return false
			}
			if r.Resources[k].PaysCost {
				left += s.Pool[k] - p.Kind[k]
			}
		}
		return p.Generic <= left
	}
	pool, fl, nf := s.Pool, s.Flex, s.NFlex
	return m.pay(p, &pool, &fl, nf)
}

// pay takes p from the pool and choices given, and reports whether they
// paid it (they are changed either way). The parts of one kind are paid
// from that kind, then from the choices that offer it (those with the
// fewest kinds first); the generic part from the kinds that pay costs,
// the one with the most left first (the first declared on a tie), then
// from the choices.
func (m *Match) pay(p *Price, pool *[K]int, fl *[8]flex, nf int) bool {
	r := m.Deck.Rules
	if p.Only {
		for k := range m.Deck.Kinds {
			need := p.Kind[k]
			if need == 0 {
				continue
			}
			take := min(need, pool[k])
			pool[k] -= take
			need -= take
			for need > 0 {
				best := -1
				for j := range nf {
					if fl[j].n > 0 && fl[j].mask&(1<<k) != 0 && (best < 0 || bitsOf(fl[j].mask) < bitsOf(fl[best].mask)) {
						best = j
					}
				}
				if best < 0 {
					return false
				}
				take := min(need, fl[best].n)
				fl[best].n -= take
				need -= take
			}
		}
	}
	need := p.Generic
	for need > 0 {
		best := -1
		for k := range m.Deck.Kinds {
			if r.Resources[k].PaysCost && pool[k] > 0 && (best < 0 || pool[k] > pool[best]) {
				best = k
			}
		}
		if best < 0 {
			break
		}
		pool[best]--
		need--
	}
	for j := 0; j < nf && need > 0; j++ {
		if fl[j].n > 0 && m.paysMask(fl[j].mask) {
			take := min(need, fl[j].n)
			fl[j].n -= take
			need -= take
		}
	}
	return need == 0
}

// spend pays p from this turn's pool; it must be payable.
func (m *Match) spend(p *Price) {
	s := &m.S
	if m.Deck.Simple {
		s.Pool[0] -= p.Generic + p.Kind[0]
		s.Budget = s.Pool[0]
		return
	}
	m.pay(p, &s.Pool, &s.Flex, s.NFlex)
	if s.NFlex == 0 {
		// what was paid from the paying kinds: the generic part and their
		// own parts
		r := m.Deck.Rules
		paid := p.Generic
		for k := range m.Deck.Kinds {
			if p.Kind[k] > 0 && r.Resources[k].PaysCost {
				paid += p.Kind[k]
			}
		}
		s.Budget -= paid
		return
	}
	m.budget()
}

// endTurn discards the cards played, the hand when the rules say so, and
// down to the hand limit; the opponent's clock strikes.
func (m *Match) endTurn() {
	s, r := &m.S, m.Deck.Rules
	for _, c := range s.Played.Cards() {
		s.Discard.Push(c)
	}
	s.Played.N = 0
	if r.DiscardHand {
		for _, c := range s.Hand.Cards() {
			s.Discard.Push(c)
		}
		if m.tr != nil && s.Hand.N > 0 {
			m.tr.Logf("discards the hand: %s", m.names(&s.Hand))
		}
		s.Hand.N = 0
	}
	lim := r.HandLimit
	for lim > 0 && s.Hand.N > lim {
		m.discard("hand limit")
	}
	if c := r.Lose.Clock; c.Damage > 0 && s.Turn >= c.FromTurn {
		s.Life -= c.Damage
		if m.tr != nil {
			m.tr.Logf("the opponent deals %d damage: %d life left", c.Damage, max(s.Life, 0))
		}
		if s.Life <= 0 {
			m.lose("the opponent's clock")
		}
	}
}

func (m *Match) lose(why string) {
	m.S.Lost = true
	if m.tr != nil {
		m.tr.Logf("lost on turn %d (%s)", m.S.Turn, why)
	}
}

// draw draws the top card of the deck; an empty deck is refilled from
// the discard pile when the rules reshuffle, and loses the game when
// they say decking out loses.
func (m *Match) draw() {
	s := &m.S
	if s.Deck.N == 0 && m.Deck.Rules.Reshuffle && s.Discard.N > 0 {
		s.Deck.N = copy(s.Deck.Card, s.Discard.Cards())
		s.Discard.N = 0
		s.Reshuffles++
		m.shuffle(&s.Deck, uint64(shuffleReshuffle+s.Reshuffles))
		if m.tr != nil && !m.quiet {
			m.tr.Logf("shuffles the discard pile into the deck (%s)", cardsdb.Plural(s.Deck.N, "card"))
		}
	}
	if s.Deck.N == 0 {
		if m.Deck.Rules.Lose.DeckOut && s.Turn > 0 {
			m.lose("no card to draw")
			return
		}
		if m.tr != nil && !m.quiet {
			m.tr.Logf("draws nothing: the deck is empty")
		}
		return
	}
	c := s.Deck.Pop()
	s.Hand.Push(c)
	if !m.quiet {
		m.count(EventDrawn, c)
		if m.tr != nil && s.Turn > 0 {
			m.tr.Logf("draws %s", m.Deck.Cards[c].Name)
		}
	}
}

// discard discards the card of the hand the policy picks.
func (m *Match) discard(why string) {
	s := &m.S
	if s.Hand.N == 0 {
		return
	}
	i := m.pol.Discard(m)
	if i < 0 || i >= s.Hand.N {
		i = 0
	}
	c := s.Hand.Remove(i)
	s.Discard.Push(c)
	m.count(EventDiscarded, c)
	if m.tr != nil {
		m.tr.Logf("discards %s (%s)", m.Deck.Cards[c].Name, why)
	}
}

// trash takes the card of the hand the policy would discard out of the
// game.
func (m *Match) trash(why string) {
	s := &m.S
	if s.Hand.N == 0 {
		return
	}
	i := m.pol.Discard(m)
	if i < 0 || i >= s.Hand.N {
		i = 0
	}
	c := s.Hand.Remove(i)
	s.Trash.Push(c)
	s.Points -= m.Card(c).Victory
	m.count(EventDiscarded, c)
	if m.tr != nil {
		m.tr.Logf("trashes %s (%s)", m.Deck.Cards[c].Name, why)
	}
}

func (m *Match) count(ev int, c uint8) {
	if m.rec != nil {
		m.rec.Count(ev, int(c))
	}
}

// score adds points and ends the game won once they reach the goal.
func (m *Match) score(n int, from string) {
	s, r := &m.S, m.Deck.Rules
	s.Points += n
	if m.tr != nil {
		if r.WinPoints > 0 {
			m.tr.Logf("%s from %s: %d of %d", cardsdb.Plural(n, "point"), from, s.Points, r.WinPoints)
		} else {
			m.tr.Logf("%s from %s: %d", cardsdb.Plural(n, "point"), from, s.Points)
		}
	}
	m.checkPoints()
}

func (m *Match) checkPoints() {
	s, r := &m.S, m.Deck.Rules
	if r.WinPoints > 0 && s.Points >= r.WinPoints && !s.Over() {
		m.win()
	}
}

func (m *Match) win() {
	m.S.Won = true
	if m.tr != nil {
		m.tr.Logf("won on turn %d", m.S.Turn)
	}
}

// Need returns the points still needed to win (0 when points win
// nothing).
func (m *Match) Need() int { return max(0, m.Deck.Rules.WinPoints-m.S.Points) }

// NeedDamage returns the damage still needed to win (0 when damage wins
// nothing).
func (m *Match) NeedDamage() int { return max(0, m.Deck.Rules.Win.Damage-m.S.Damage) }

// TurnsLeft returns the turns after this one.
func (m *Match) TurnsLeft() int { return max(0, m.MaxTurns-m.S.Turn) }

// Card returns the compiled card of an id.
func (m *Match) Card(id uint8) *Card { return &m.Deck.Cards[id] }

// CanPlayLand reports whether the card at hand position i can be put into
// play as this turn's resource card.
func (m *Match) CanPlayLand(i int) bool {
	s := &m.S
	if s.Over() || i < 0 || i >= s.Hand.N || s.LandPlayed {
		return false
	}
	c := m.Card(s.Hand.Card[i])
	return c.Resource && (c.Cost == 0 || m.CanPay(&c.Play))
}

// PlayLand puts the resource card at hand position i into play, paying
// its cost; it reports whether the move was legal.
func (m *Match) PlayLand(i int) bool {
	if !m.CanPlayLand(i) {
		return false
	}
	s, r := &m.S, m.Deck.Rules
	id := s.Hand.Remove(i)
	c := m.Card(id)
	if c.Cost > 0 {
		m.spend(&c.Play)
	}
	s.Lands1++
	s.LandPlayed = s.Lands1 >= r.ResourceCards
	s.Lands++
	for k := range m.Deck.Kinds {
		if g := c.Gives[k]; g > 0 {
			s.LandGives[k] += g
			s.Pool[k] += g
			if mx := r.Resources[k].Max; mx > 0 {
				s.Pool[k] = min(s.Pool[k], mx)
			}
		}
	}
	if c.GivesOr != 0 {
		addFlex(&s.LandFlex, &s.NLandFlex, c.GivesOr)
		addFlex(&s.Flex, &s.NFlex, c.GivesOr)
	}
	m.budget()
	m.enterPlay(id)
	m.count(EventPlayed, id)
	if m.tr != nil {
		m.tr.Logf("plays %s (resource card): %s to spend", c.Name, m.poolText())
	}
	m.resolve(id)
	return true
}

// addFlex adds one resource of a choice of kinds.
func addFlex(fl *[8]flex, n *int, mask uint8) {
	for j := range *n {
		if fl[j].mask == mask {
			fl[j].n++
			return
		}
	}
	if *n < len(fl) {
		fl[*n] = flex{mask, 1}
		*n++
	}
}

// enterPlay puts a card into play.
func (m *Match) enterPlay(id uint8) {
	s := &m.S
	c := m.Card(id)
	s.Left[s.InPlay.N] = c.Duration
	s.InPlay.Push(id)
	s.Each += c.Each
	if len(c.Lasting) > 0 {
		s.Lasting++
	}
	if c.Pieces != 0 {
		m.pieces()
	}
}

// pieces recomputes the pieces of the win in play, and wins when every
// one is.
func (m *Match) pieces() {
	s := &m.S
	if m.Deck.Pieces == 0 {
		return
	}
	var have uint32
	for _, id := range s.InPlay.Cards() {
		have |= m.Card(id).Pieces
	}
	s.Pieces = have
	if have == m.Deck.Pieces && !s.Over() {
		if m.tr != nil {
			m.tr.Logf("every piece of the win is in play")
		}
		m.win()
	}
}

// CanPlay reports whether the card at hand position i can be played: it
// is no resource card, its price is paid, and the turn may play another
// card.
func (m *Match) CanPlay(i int) bool {
	s := &m.S
	if s.Over() || i < 0 || i >= s.Hand.N {
		return false
	}
	c := m.Card(s.Hand.Card[i])
	if c.noPlay {
		return false
	}
	if m.fast {
		return c.Cost <= s.Pool[0]
	}
	if lim := m.Deck.Rules.CardsPerTurn; lim > 0 && s.CardsPlayed >= lim {
		return false
	}
	if m.Deck.Simple {
		return c.Cost <= s.Pool[0]
	}
	return m.CanPay(&c.Play)
}

// PlayCard plays the card at hand position i: pays its cost and resolves
// its effects in order. It reports whether the move was legal.
func (m *Match) PlayCard(i int) bool {
	if !m.CanPlay(i) {
		return false
	}
	s := &m.S
	id := s.Hand.Remove(i)
	c := m.Card(id)
	m.spend(&c.Play)
	s.CardsPlayed++
	if c.Stays() {
		m.enterPlay(id)
	} else {
		s.Played.Push(id)
	}
	m.count(EventPlayed, id)
	if m.tr != nil {
		m.tr.Logf("plays %s (cost %s): %s left", c.Name, m.priceText(&c.Play), m.leftText())
	}
	m.resolve(id)
	return true
}

// priceText writes a price: "2" with one kind of resource, else its
// parts by kind ("4 coin, 1 buy"; the part any paying kind pays is named
// by the paying kind when only one pays, "any" otherwise).
func (m *Match) priceText(p *Price) string {
	if m.Deck.Kinds == 1 {
		return strconv.Itoa(p.Total())
	}
	r := m.Deck.Rules
	var parts []string
	if p.Generic > 0 || !p.Only {
		name, n := "any", 0
		for k := range m.Deck.Kinds {
			if r.Resources[k].PaysCost {
				name = r.KindName(k)
				n++
			}
		}
		if n > 1 {
			name = "any"
		}
		parts = append(parts, strconv.Itoa(p.Generic)+" "+name)
	}
	for k := range m.Deck.Kinds {
		if p.Kind[k] > 0 {
			parts = append(parts, strconv.Itoa(p.Kind[k])+" "+r.KindName(k))
		}
	}
	return strings.Join(parts, ", ")
}

func (m *Match) leftText() string {
	if m.Deck.Kinds == 1 && m.S.NFlex == 0 {
		return cardsdb.Plural(m.S.Pool[0], m.Deck.Rules.KindName(0))
	}
	return m.poolText()
}

// CanBuy reports whether card id can be bought: from the supply (market
// false) or the market row's place i.
func (m *Match) CanBuy(id uint8, market bool, i int) bool {
	s := &m.S
	if s.Over() || !m.Deck.Buys {
		return false
	}
	if market {
		if i < 0 || i >= s.Market.N || s.Market.Card[i] != id {
			return false
		}
	} else if int(id) >= len(s.Supply) || s.Supply[id] == 0 {
		return false
	}
	return m.CanPay(&m.Card(id).Buy)
}

// Buy buys card id from the supply or the market row's place i, paying
// its price, into where the rules put bought cards; it reports whether
// the move was legal.
func (m *Match) Buy(id uint8, market bool, i int) bool {
	if !m.CanBuy(id, market, i) {
		return false
	}
	c := m.Card(id)
	m.spend(&c.Buy)
	if m.tr != nil {
		m.tr.Logf("buys %s (cost %s): %s left", c.Name, m.priceText(&c.Buy), m.leftText())
	}
	m.take(id, market, i, m.Deck.Rules.BuyTo)
	return true
}

// take moves card id from the supply or market row into zone z.
func (m *Match) take(id uint8, market bool, i int, z cardsdb.Zone) {
	s := &m.S
	if market {
		s.Market.Remove(i)
		if s.MarketDeck.N > 0 {
			// the row is refilled in the same place
			s.Market.N++
			copy(s.Market.Card[i+1:s.Market.N], s.Market.Card[i:s.Market.N-1])
			s.Market.Card[i] = s.MarketDeck.Pop()
			if m.tr != nil {
				m.tr.Logf("the market shows %s", m.Card(s.Market.Card[i]).Name)
			}
		}
	} else {
		s.Supply[id]--
	}
	switch z {
	case cardsdb.ZoneHand:
		s.Hand.Push(id)
	case cardsdb.ZoneDeck:
		s.Deck.Push(id)
	default:
		s.Discard.Push(id)
	}
	if v := m.Card(id).Victory; v > 0 {
		s.Points += v
		if m.tr != nil {
			m.tr.Logf("%s is worth %s: %d in all", m.Card(id).Name, cardsdb.Plural(v, "point"), s.Points)
		}
		m.checkPoints()
	}
}

// Offers calls f for every card of the set (nil: any card) that can be
// bought now: the supply's piles in list order, then the market row from
// its first place.
func (m *Match) Offers(of *Mask, f func(id uint8, market bool, i int)) {
	s := &m.S
	for _, id := range m.Deck.SupplyIDs {
		if s.Supply[id] > 0 && (of == nil || of.Has(id)) && m.CanPay(&m.Card(id).Buy) {
			f(id, false, -1)
		}
	}
	for i := 0; i < s.Market.N; i++ {
		id := s.Market.Card[i]
		if (of == nil || of.Has(id)) && m.CanPay(&m.Card(id).Buy) {
			f(id, true, i)
		}
	}
}

// resolve applies a played card's effects in order; a won or lost game
// stops them.
func (m *Match) resolve(id uint8) {
	c := m.Card(id)
	for i := range c.Effects {
		if m.S.Over() {
			return
		}
		m.apply(id, &c.Effects[i], false)
	}
}

// Amount returns what effect e of a card amounts to now: its N times the
// cards it counts, or 0 when its condition does not hold.
func (m *Match) Amount(e *Eff) int {
	n := max(e.N, 1) // gain, tutor and recover take one card
	if e.IfN > 0 && m.zone(e.IfZone).Count(&e.IfSet) < e.IfN {
		return 0
	}
	if e.Per {
		return n * m.zone(e.PerZone).Count(&e.PerSet)
	}
	return n
}

// fetchable counts the cards a card's tutor, recover and gain-to-hand
// effects would bring to the hand now (a card each that finds one).
func (m *Match) fetchable(c *Card) int {
	s := &m.S
	n := 0
	for i := range c.Effects {
		e := &c.Effects[i]
		var found bool
		switch {
		case e.Verb == cardsdb.EffectTutor:
			found = s.Deck.Count(&e.RefSet) > 0
		case e.Verb == cardsdb.EffectRecover:
			found = s.Discard.Count(&e.RefSet) > 0
		case e.Verb == cardsdb.EffectGain && e.To == cardsdb.ZoneHand:
			for _, id := range m.Deck.SupplyIDs {
				found = found || s.Supply[id] > 0 && e.RefSet.Has(id)
			}
			found = found || s.Market.Count(&e.RefSet) > 0
		}
		if found && (e.IfN == 0 || m.Amount(e) > 0) {
			n++
		}
	}
	return n
}

func (m *Match) zone(z cardsdb.Zone) *Pile {
	s := &m.S
	switch z {
	case cardsdb.ZoneHand:
		return &s.Hand
	case cardsdb.ZoneDiscard:
		return &s.Discard
	case cardsdb.ZoneDeck:
		return &s.Deck
	}
	return &s.InPlay
}

// apply resolves one effect of card id: when it is played, or at the
// start of a turn for an effect each turn (upkeep).
func (m *Match) apply(id uint8, e *Eff, upkeep bool) {
	s := &m.S
	c := m.Card(id)
	if e.EachTurn && !upkeep {
		if m.tr != nil {
			if e.Verb == cardsdb.EffectPoints && e.Turns == 0 && !e.Per && e.IfN == 0 {
				m.tr.Logf("%s scores %d at the start of each turn from now on (%d in all)", c.Name, e.N, s.Each)
			} else {
				m.tr.Logf("%s: %q from the next turn on", c.Name, e.String())
			}
		}
		return
	}
	n := e.N
	if e.Per || e.IfN > 0 {
		if n = m.Amount(e); n == 0 {
			if m.tr != nil {
				m.tr.Logf("%s: %q does nothing now", c.Name, e.String())
			}
			return
		}
	}
	switch e.Verb {
	case cardsdb.EffectPoints:
		m.score(n, c.Name)
	case cardsdb.EffectDraw:
		for range n {
			m.draw()
		}
	case cardsdb.EffectResource:
		s.Pool[e.Kind] += n
		if m.Deck.Rules.Resources[e.Kind].PaysCost {
			s.Budget += n
		}
		if m.tr != nil {
			m.tr.Logf("%s gives %d to spend this turn: %s left", c.Name, n, m.leftText())
		}
	case cardsdb.EffectRamp:
		s.Ramp[e.Kind] += n
		if m.tr != nil {
			m.tr.Logf("%s gives %d more to spend every later turn", c.Name, n)
		}
	case cardsdb.EffectDiscard:
		for range n {
			m.discard(c.Name)
		}
	case cardsdb.EffectTrash:
		for range n {
			m.trash(c.Name)
		}
	case cardsdb.EffectDamage:
		s.Damage += n
		if m.tr != nil {
			m.tr.Logf("%s deals %d damage: %d of %d", c.Name, n, s.Damage, m.Deck.Rules.Win.Damage)
		}
		if w := m.Deck.Rules.Win.Damage; w > 0 && s.Damage >= w {
			m.win()
		}
	case cardsdb.EffectLife:
		s.Life += n
		if m.tr != nil {
			m.tr.Logf("%s gives %d life: %d", c.Name, n, s.Life)
		}
	case cardsdb.EffectScry:
		m.scry(n, c.Name)
	case cardsdb.EffectTutor:
		m.fetch(&s.Deck, &e.RefSet, n, c.Name, "from the deck")
	case cardsdb.EffectRecover:
		m.fetch(&s.Discard, &e.RefSet, n, c.Name, "from the discard pile")
	case cardsdb.EffectGain:
		m.gain(&e.RefSet, e.To, c.Name)
	}
}

// fetch puts into your hand the card of the set nearest the top of p.
func (m *Match) fetch(p *Pile, ref *Mask, _ int, from, where string) {
	s := &m.S
	for i := p.N - 1; i >= 0; i-- {
		if ref.Has(p.Card[i]) {
			id := p.Remove(i)
			s.Hand.Push(id)
			if m.tr != nil {
				m.tr.Logf("%s puts %s into the hand %s", from, m.Card(id).Name, where)
			}
			return
		}
	}
	if m.tr != nil {
		m.tr.Logf("%s finds no card %s", from, where)
	}
}

// gain takes a card of the set from the supply (the most expensive, the
// first listed on a tie), else from the market row (likewise), free.
func (m *Match) gain(ref *Mask, to cardsdb.Zone, from string) {
	s := &m.S
	best, market, at := -1, false, -1
	for _, id := range m.Deck.SupplyIDs {
		if s.Supply[id] > 0 && ref.Has(id) && (best < 0 || m.Card(id).BuyCost > m.Card(uint8(best)).BuyCost) {
			best = int(id)
		}
	}
	if best < 0 {
		for i := 0; i < s.Market.N; i++ {
			id := s.Market.Card[i]
			if ref.Has(id) && (best < 0 || m.Card(id).BuyCost > m.Card(uint8(best)).BuyCost) {
				best, market, at = int(id), true, i
			}
		}
	}
	if best < 0 {
		if m.tr != nil {
			m.tr.Logf("%s gains nothing: no such card is left", from)
		}
		return
	}
	if m.tr != nil {
		m.tr.Logf("%s gains %s", from, m.Card(uint8(best)).Name)
	}
	m.take(uint8(best), market, at, to)
}

// scry looks at the top n cards and puts at the bottom those worth
// nothing now by greedy's measure, keeping the order of the others.
func (m *Match) scry(n int, from string) {
	s := &m.S
	n = min(n, s.Deck.N)
	for j := 0; j < n; j++ {
		i := s.Deck.N - 1 - j
		c := m.Card(s.Deck.Card[i])
		if !c.Resource && worth(m, c) <= 0 || c.Resource && m.landsAhead() {
			id := s.Deck.Remove(i)
			s.Deck.Bottom(id)
			j-- // the cards above moved down
			n--
			if m.tr != nil {
				m.tr.Logf("%s puts %s at the bottom of the deck", from, c.Name)
			}
		}
	}
}

// landsAhead reports whether the hand holds a resource card for the next
// turn already.
func (m *Match) landsAhead() bool { return m.handHasLand() }

// names lists a pile's cards by name, bottom first.
func (m *Match) names(p *Pile) string {
	if p.N == 0 {
		return "none"
	}
	out := ""
	for i, c := range p.Cards() {
		if i > 0 {
			out += ", "
		}
		out += m.Card(c).Name
	}
	return out
}

// Dealt returns the cards a game starts with: the deck, the supply and
// the market, one id per card.
func (m *Match) Dealt() []uint8 {
	out := append([]uint8(nil), m.Deck.Stack...)
	out = append(out, m.Deck.Market...)
	for _, id := range m.Deck.SupplyIDs {
		for range m.Deck.Supply[id] {
			out = append(out, id)
		}
	}
	return out
}

// Held appends to dst the cards wherever they are now: deck, hand, in
// play, played, discard pile, trash, market and supply. A game must hold
// exactly the cards it was dealt (enginetest checks it).
func (m *Match) Held(dst []uint8) []uint8 {
	s := &m.S
	for _, p := range []*Pile{&s.Deck, &s.Hand, &s.InPlay, &s.Played, &s.Discard, &s.Trash, &s.Market, &s.MarketDeck} {
		dst = append(dst, p.Cards()...)
	}
	for _, id := range m.Deck.SupplyIDs {
		for range s.Supply[id] {
			dst = append(dst, id)
		}
	}
	return dst
}
