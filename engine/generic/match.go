package generic

import (
	"io"
	"math/rand/v2"

	"github.com/deckwright/deckwright/cardsdb"
	"github.com/deckwright/deckwright/engine"
)

// Pile is a pile of card ids.
type Pile = engine.Pile

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

// State is a goldfish game in progress: your piles and counters.
type State struct {
	Turn   int
	Points int
	// Deck is the pile you draw from (the top is the last card), Hand your
	// hand, InPlay the cards that stay in play (resource cards and cards
	// that score each turn), Discard the rest once played or discarded.
	Deck, Hand, InPlay, Discard Pile
	// Budget is what is left to spend this turn.
	Budget int
	// Lands counts the resource cards in play, Ramp the resource every
	// turn gains from ramp effects, Each the points your cards in play
	// score at the start of each turn.
	Lands, Ramp, Each int
	// LandPlayed says that this turn's resource card is played.
	LandPlayed bool
	Mulligans  int
	Won        bool
}

// Policy plays your side: Main plays the cards of a turn (with
// Match.PlayLand and Match.PlayCard, each checked before it is applied),
// and Discard picks the card of the hand to discard.
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
	deal  *engine.Dealer
	gkey  uint64
	quiet bool // the opening draws before a mulligan are not recorded
}

// NewMatch returns a Match of d played by p, stopped after maxTurns (0:
// the playtest block's max_turns).
func NewMatch(d *Deck, p Policy, maxTurns int) *Match {
	if maxTurns <= 0 {
		maxTurns = d.Rules.MaxTurns
	}
	keys := engine.CardKeys(len(d.Cards), func(i int) string { return d.Cards[i].Name })
	return &Match{Deck: d, MaxTurns: maxTurns, pol: p, keys: keys, deal: engine.NewDealer(d.Stack, keys)}
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
// mulligan.
const shuffleOpening = 1

// Play plays one game, drawing randomness from rng and reporting to rec
// (which may be nil).
func (m *Match) Play(rng *rand.Rand, rec *engine.Record) engine.Outcome {
	m.rec = rec
	m.gkey = engine.GameKey(rng)
	m.S = State{}
	m.setup()
	unspent, by3, by5 := 0, -1, -1
	for t := 1; t <= m.MaxTurns && !m.S.Won; t++ {
		m.upkeep(t)
		if !m.S.Won {
			m.pol.Main(m)
		}
		if !m.S.Won {
			unspent += m.S.Budget
			m.endTurn()
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
	if m.tr != nil && !m.S.Won {
		m.tr.Line(0, "Not won after "+cardsdb.Plural(m.MaxTurns, "turn")+", with "+cardsdb.Plural(m.S.Points, "point")+".")
	}
	if m.S.Won {
		return engine.Outcome{Won: true, Turns: m.S.Turn}
	}
	return engine.Outcome{Turns: m.MaxTurns, Unfinished: true}
}

// setup deals the opening hand and applies the mulligan rule.
func (m *Match) setup() {
	r := m.Deck.Rules
	mu := &r.Mulligan
	for k := 0; ; k++ {
		s := &m.S
		m.deal.Deal(&s.Deck, m.gkey, uint64(shuffleOpening+k))
		s.Hand.N = 0
		n := r.OpeningHand - k*mu.Fewer
		last := k >= mu.Times || !m.redraw(n)
		m.quiet = !last
		for range n {
			m.draw()
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
}

// redraw reports whether the n cards on top of the deck make a hand the
// mulligan rule redraws.
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
	return "fewer than " + cardsdb.Plural(mu.MinCheap, "card") + " costing " + engine.Itoa(mu.CheapCost) + " or less; shuffled back and drawn again"
}

// upkeep starts turn t: points of the cards in play, the draw, the
// resources.
func (m *Match) upkeep(t int) {
	s, r := &m.S, m.Deck.Rules
	s.Turn = t
	s.LandPlayed = false
	s.Budget = t*r.ResourcePerTurn + s.Ramp + s.Lands
	if m.tr != nil {
		m.tr.Line(0, "Turn "+engine.Itoa(t)+": "+cardsdb.Plural(s.Budget, "resource")+" to spend, "+cardsdb.Plural(s.Points, "point")+".")
	}
	if s.Each > 0 {
		m.score(s.Each, "cards in play")
		if s.Won {
			return
		}
	}
	if t > 1 || r.DrawFirstTurn {
		for range r.DrawPerTurn {
			m.draw()
		}
	}
}

// endTurn discards down to the hand limit.
func (m *Match) endTurn() {
	lim := m.Deck.Rules.HandLimit
	for lim > 0 && m.S.Hand.N > lim {
		m.discard("hand limit")
	}
}

// draw draws the top card of the deck, if any.
func (m *Match) draw() {
	s := &m.S
	if s.Deck.N == 0 {
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

func (m *Match) count(ev int, c uint8) {
	if m.rec != nil {
		m.rec.Count(ev, int(c))
	}
}

// score adds points and ends the game won once they reach the goal.
func (m *Match) score(n int, from string) {
	s := &m.S
	s.Points += n
	if m.tr != nil {
		m.tr.Logf("%s from %s: %d of %d", cardsdb.Plural(n, "point"), from, s.Points, m.Deck.Rules.WinPoints)
	}
	if s.Points >= m.Deck.Rules.WinPoints {
		s.Won = true
		if m.tr != nil {
			m.tr.Logf("won on turn %d", s.Turn)
		}
	}
}

// Need returns the points still needed to win.
func (m *Match) Need() int { return max(0, m.Deck.Rules.WinPoints-m.S.Points) }

// TurnsLeft returns the turns after this one.
func (m *Match) TurnsLeft() int { return max(0, m.MaxTurns-m.S.Turn) }

// Card returns the compiled card of an id.
func (m *Match) Card(id uint8) *Card { return &m.Deck.Cards[id] }

// CanPlayLand reports whether the card at hand position i can be put into
// play as this turn's resource card.
func (m *Match) CanPlayLand(i int) bool {
	s := &m.S
	return !s.Won && i >= 0 && i < s.Hand.N && m.Card(s.Hand.Card[i]).Resource && !s.LandPlayed
}

// PlayLand puts the resource card at hand position i into play; it
// reports whether the move was legal.
func (m *Match) PlayLand(i int) bool {
	if !m.CanPlayLand(i) {
		return false
	}
	s := &m.S
	c := s.Hand.Remove(i)
	s.LandPlayed = true
	s.Lands++
	s.Budget++
	s.InPlay.Push(c)
	m.count(EventPlayed, c)
	if m.tr != nil {
		m.tr.Logf("plays %s (resource card): %s to spend", m.Card(c).Name, cardsdb.Plural(s.Budget, "resource"))
	}
	m.resolve(c)
	return true
}

// CanPlay reports whether the card at hand position i can be played: it
// is no resource card and its cost is paid.
func (m *Match) CanPlay(i int) bool {
	s := &m.S
	if s.Won || i < 0 || i >= s.Hand.N {
		return false
	}
	c := m.Card(s.Hand.Card[i])
	return !c.Resource && c.Cost <= s.Budget
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
	s.Budget -= c.Cost
	if c.Stays() {
		s.InPlay.Push(id)
	} else {
		s.Discard.Push(id)
	}
	m.count(EventPlayed, id)
	if m.tr != nil {
		m.tr.Logf("plays %s (cost %d): %s left", c.Name, c.Cost, cardsdb.Plural(s.Budget, "resource"))
	}
	m.resolve(id)
	return true
}

// resolve applies a played card's effects in order; a win stops them.
func (m *Match) resolve(id uint8) {
	s := &m.S
	c := m.Card(id)
	for _, e := range c.Effects {
		if s.Won {
			return
		}
		switch e.Verb {
		case cardsdb.EffectPoints:
			m.score(e.N, c.Name)
		case cardsdb.EffectPointsEachTurn:
			s.Each += e.N
			if m.tr != nil {
				m.tr.Logf("%s scores %d at the start of each turn from now on (%d in all)", c.Name, e.N, s.Each)
			}
		case cardsdb.EffectDraw:
			for range e.N {
				m.draw()
			}
		case cardsdb.EffectResource:
			s.Budget += e.N
			if m.tr != nil {
				m.tr.Logf("%s gives %d to spend this turn: %s left", c.Name, e.N, cardsdb.Plural(s.Budget, "resource"))
			}
		case cardsdb.EffectRamp:
			s.Ramp += e.N
			if m.tr != nil {
				m.tr.Logf("%s gives %d more to spend every later turn", c.Name, e.N)
			}
		case cardsdb.EffectDiscard:
			for range e.N {
				m.discard(c.Name)
			}
		}
	}
}

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

// Dealt returns the cards a game starts with: the deck, one id per card.
func (m *Match) Dealt() []uint8 { return m.Deck.Stack }

// Held appends to dst the cards wherever they are now: deck, hand, in
// play, discard pile. A game must hold exactly the cards it was dealt
// (enginetest checks it).
func (m *Match) Held(dst []uint8) []uint8 {
	s := &m.S
	for _, p := range []*Pile{&s.Deck, &s.Hand, &s.InPlay, &s.Discard} {
		dst = append(dst, p.Cards()...)
	}
	return dst
}
