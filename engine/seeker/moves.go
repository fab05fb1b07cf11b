package seeker

import "errors"

// MoveKind is what a move does.
type MoveKind uint8

// The moves a player makes in the main phase, and (all but Play) in a
// response to the opponent's advance.
const (
	// MoveEnd ends the main phase (or the response).
	MoveEnd MoveKind = iota
	// MoveTap taps the untapped module in memory slot Index for 1
	// resource.
	MoveTap
	// MovePlay plays the card at hand position Index into memory,
	// untapped; at most one play per turn.
	MovePlay
	// MoveLink links the untapped module in memory slot Index to the
	// Guardian of channel Chan, paying its link cost (X for a cost of X).
	MoveLink
	// MoveHyperlink hyperlinks the card at hand position Index to the
	// Guardian of channel Chan, paying its hyperlink cost.
	MoveHyperlink
)

// Move is one move of the actor (State.Actor).
type Move struct {
	Kind  MoveKind
	Index int
	Chan  int
	X     int
}

// End is the move that ends a phase.
var End = Move{Kind: MoveEnd}

// Why a move is not legal.
var (
	ErrPhase            = errors.New("no such move in this phase")
	ErrNoModule         = errors.New("no module in that memory slot")
	ErrTapped           = errors.New("the module is tapped (tapped modules cannot be linked or tapped)")
	ErrNoCard           = errors.New("no card at that hand position")
	ErrPlayed           = errors.New("a module was played this turn already (play up to 1 module)")
	ErrNotLinkable      = errors.New("the module has no link cost")
	ErrNotHyperlinkable = errors.New("the module has no hyperlink cost (not hyperlinkable)")
	ErrDomain           = errors.New("no active Guardian matches the module's domain (rule D)")
	ErrChannel          = errors.New("no active Guardian in that channel")
	ErrCost             = errors.New("not enough resources to pay the cost")
	ErrX                = errors.New("the X of a cost must be from 0 to 99, and 0 unless the cost is X")
	ErrOver             = errors.New("the match is over")
)

// Legal reports why the actor may not make mv now, or nil when it may.
func (m *Match) Legal(mv Move) error {
	s := &m.S
	if s.Over {
		return ErrOver
	}
	if s.Phase != PhaseMain && s.Phase != PhaseRespond {
		return ErrPhase
	}
	sd := &s.Side[s.Actor]
	switch mv.Kind {
	case MoveEnd:
		return nil
	case MoveTap:
		if mv.Index < 0 || mv.Index >= sd.NMem {
			return ErrNoModule
		}
		if sd.Memory[mv.Index].Tapped {
			return ErrTapped
		}
		return nil
	case MovePlay:
		if s.Phase != PhaseMain || s.Actor != s.Active {
			return ErrPhase
		}
		if sd.Played {
			return ErrPlayed
		}
		if mv.Index < 0 || mv.Index >= sd.Hand.N {
			return ErrNoCard
		}
		return nil
	case MoveLink:
		if mv.Index < 0 || mv.Index >= sd.NMem {
			return ErrNoModule
		}
		if sd.Memory[mv.Index].Tapped {
			return ErrTapped
		}
		c := m.card(sd.Memory[mv.Index].Card)
		if !c.Linkable() {
			return ErrNotLinkable
		}
		return m.linkCheck(sd, c, mv, c.LinkCost, c.LinkX)
	case MoveHyperlink:
		if mv.Index < 0 || mv.Index >= sd.Hand.N {
			return ErrNoCard
		}
		c := m.card(sd.Hand.Card[mv.Index])
		if !c.Hyperlinkable() {
			return ErrNotHyperlinkable
		}
		return m.linkCheck(sd, c, mv, c.HyperCost, c.HyperX)
	}
	return ErrPhase
}

func (m *Match) linkCheck(sd *Side, c *Card, mv Move, cost int, x bool) error {
	if mv.Chan < 0 || mv.Chan > 2 || !sd.Chan[mv.Chan].Active {
		return ErrChannel
	}
	if !m.domainOK(m.S.Actor, c) {
		return ErrDomain
	}
	if mv.X < 0 || mv.X > 99 || mv.X > 0 && !x {
		return ErrX
	}
	if x {
		cost = mv.X
	}
	if cost > sd.Pool {
		return ErrCost
	}
	return nil
}

// Apply makes a legal move for the actor and resolves what follows from
// it (activation, abilities). Call Legal first.
func (m *Match) Apply(mv Move) {
	s := &m.S
	side := s.Actor
	sd := &s.Side[side]
	switch mv.Kind {
	case MoveTap:
		sd.Memory[mv.Index].Tapped = true
		sd.Pool++
		if m.tr != nil {
			m.tr.tap(m.who(side), m.name(sd.Memory[mv.Index].Card))
		}
	case MovePlay:
		c := sd.Hand.Remove(mv.Index)
		sd.addMemory(c, false)
		sd.Played = true
		if side == You {
			m.count(EventPlayed, c)
		}
		if m.tr != nil {
			m.logf("%s %s %s into %s memory.", m.who(side), verb(side, "play", "plays"), m.name(c), m.their(side))
		}
		m.checkActivation(side)
	case MoveLink:
		c := sd.Memory[mv.Index].Card
		card := m.card(c)
		cost, x := card.LinkCost, 0
		if card.LinkX {
			cost, x = mv.X, mv.X
		}
		sd.Pool -= cost
		sd.removeMemory(mv.Index)
		m.link(side, c, mv.Chan, x, viaLink, cost)
	case MoveHyperlink:
		c := sd.Hand.Remove(mv.Index)
		card := m.card(c)
		cost, x := card.HyperCost, 0
		if card.HyperX {
			cost, x = mv.X, mv.X
		}
		sd.Pool -= cost
		m.link(side, c, mv.Chan, x, viaHyperlink, cost)
	}
}

// domainOK is rule D: "You can only link and hyperlink modules of a
// domain that matches one of your active Guardians" (Logic matches all).
// Nature has no Guardians; its procedure links what it can.
func (m *Match) domainOK(side int, c *Card) bool {
	if m.S.Mode == Nature && side == Opponent {
		return true
	}
	sd := &m.S.Side[side]
	for i := range sd.Chan {
		if sd.Chan[i].Active && matches(c, m.card(sd.Chan[i].Card)) {
			return true
		}
	}
	return false
}

// LegalMoves appends every legal move of the actor to dst (links and
// hyperlinks to every active channel, X from 0 to the pool) and returns
// it. Policies may use it; the engine's own policies build their moves.
func (m *Match) LegalMoves(dst []Move) []Move {
	dst = append(dst, End)
	sd := &m.S.Side[m.S.Actor]
	try := func(mv Move) {
		if m.Legal(mv) == nil {
			dst = append(dst, mv)
		}
	}
	for i := 0; i < sd.NMem; i++ {
		try(Move{Kind: MoveTap, Index: i})
	}
	for i := 0; i < sd.Hand.N; i++ {
		try(Move{Kind: MovePlay, Index: i})
	}
	for ch := 0; ch < 3; ch++ {
		for i := 0; i < sd.NMem; i++ {
			for x := 0; x <= sd.Pool; x++ {
				try(Move{Kind: MoveLink, Index: i, Chan: ch, X: x})
			}
		}
		for i := 0; i < sd.Hand.N; i++ {
			for x := 0; x <= sd.Pool; x++ {
				try(Move{Kind: MoveHyperlink, Index: i, Chan: ch, X: x})
			}
		}
	}
	return dst
}
