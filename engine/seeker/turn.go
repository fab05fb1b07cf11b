package seeker

import (
	"strconv"

	"github.com/deckwright/deckwright/engine"
)

// This file holds the setup and the four phases of a turn: starting
// (upkeep), main, advance, end.

// maxMoves bounds the moves of one phase, against a policy that never
// ends it.
const maxMoves = 400

// setupYou prepares your side: "Put your first Guardian in play, then put
// their stage-I G-module in your memory. Set aside your two additional
// Guardians and G-modules face down. Shuffle your stack [...] Draw 2
// cards from your stack. Mulligan — Now you may once reshuffle your hand
// into your stack and draw a new opening hand. If you don't start this
// match, draw one additional card now!"
func (m *Match) setupYou(second bool) {
	d := m.Deck
	sd := &m.S.Side[You]
	for i := range 3 {
		sd.Chan[i] = Channel{Card: d.Guardians[i], Active: i == 0}
	}
	sd.Chan[0].Base = m.card(d.Guardians[0]).Power
	sd.addMemory(d.GModules[0], false)
	m.dealStack(&sd.Stack, shuffleOpening)
	if m.tr != nil {
		m.logf("%s is in play; %s is in your memory. You shuffle your stack (%d cards).", m.name(d.Guardians[0]), m.name(d.GModules[0]), sd.Stack.N)
	}
	m.quiet = true
	m.draw(You, 2)
	if m.tr != nil {
		m.logf("You draw 2: %s.", m.handNames(You))
	}
	if m.pol[You].Mulligan(m) {
		for sd.Hand.N > 0 {
			sd.Stack.Push(sd.Hand.Pop())
		}
		m.dealStack(&sd.Stack, shuffleMulligan) // the whole stack again
		m.draw(You, 2)
		m.S.Mulligan = true
		if m.tr != nil {
			m.logf("Mulligan: you shuffle your hand into your stack and draw 2: %s.", m.handNames(You))
		}
	} else if m.tr != nil {
		m.logf("You keep your hand.")
	}
	if second {
		m.draw(You, 1)
		if m.tr != nil {
			m.logf("You do not start: you draw one additional card, %s.", m.name(sd.Hand.Top()))
		}
	}
	m.quiet = false
	for _, c := range sd.Hand.Cards() {
		m.count(EventDrawn, c)
		if m.rec != nil && int(c) < d.Modules {
			m.rec.Opening(int(c))
		}
	}
}

// reset empties the state for a new match.
func (m *Match) reset() {
	m.S = State{Mode: m.Opts.Mode, Phase: PhaseSetup}
	m.Illegal = 0
	m.blocked = 0
	m.serial++
	if m.tr != nil {
		m.tr.pending = m.tr.pending[:0]
	}
}

// playGoldfish plays a match against the goldfish: you start; your
// opponent's first Guardian stays in play at its printed power and it
// never does anything else.
func (m *Match) playGoldfish() {
	m.reset()
	if m.tr != nil {
		m.tr.Line(0, "Setup (goldfish; you start)")
	}
	m.setupYou(false)
	o := &m.S.Side[Opponent]
	o.Chan[0] = Channel{Card: m.Deck.Guardians[0], Active: true, Base: m.card(m.Deck.Guardians[0]).Power}
	for t := 1; t <= m.Opts.MaxTurns && !m.S.Over; t++ {
		m.S.Turn = t
		m.turn(You)
	}
	if !m.S.Over {
		m.S.Over, m.S.Unfinished = true, true
		if m.tr != nil {
			m.logf("No win within %d turns: the match is unfinished.", m.Opts.MaxTurns)
		}
	}
}

// turn plays one turn of side.
func (m *Match) turn(side int) {
	s := &m.S
	s.Active, s.Actor = side, side
	if m.tr != nil {
		if side == You {
			m.tr.Line(0, "Turn "+strconv.Itoa(s.Turn))
		} else {
			m.tr.Line(0, "Nature's turn "+strconv.Itoa(s.Turn))
		}
	}
	m.startingPhase(side)
	if s.Over {
		return
	}
	s.Phase = PhaseMain
	if m.tr != nil {
		m.tr.Line(1, "Main phase")
	}
	if s.Mode == Nature && side == Opponent {
		m.natureMain()
	} else {
		m.moves(side)
	}
	if s.Over {
		return
	}
	s.Phase, s.Actor = PhaseAdvance, side
	adv := false
	if s.Mode == Nature && side == Opponent {
		adv = m.natureAdvances()
	} else {
		adv = m.pol[side].Advance(m)
	}
	if adv {
		if m.tr != nil {
			m.tr.Line(1, "Advance phase")
		}
		m.advance(side)
	} else if m.tr != nil {
		m.tr.Line(1, "Advance phase: "+m.who(side)+" "+verb(side, "do", "does")+" not advance.")
	}
	if s.Over {
		return
	}
	m.endPhase()
}

// startingPhase is the upkeep: "Draw 1 card from your stack. Untap all
// modules in your memory."
func (m *Match) startingPhase(side int) {
	s := &m.S
	s.Phase = PhaseStart
	sd := &s.Side[side]
	sd.Played = false
	if m.tr != nil {
		m.tr.Line(1, "Starting phase")
	}
	m.draw(side, 1)
	if s.Over {
		return
	}
	n := 0
	for i := 0; i < sd.NMem; i++ {
		if sd.Memory[i].Tapped {
			sd.Memory[i].Tapped = false
			n++
		}
	}
	if m.tr != nil && n > 0 {
		m.logf("%s %s %s.", m.who(side), verb(side, "untap", "untaps"), engine.Plural(n, "1 module", strconv.Itoa(n)+" modules"))
	}
}

// moves lets side's policy make moves until it ends the phase, and
// returns how many it made.
func (m *Match) moves(side int) int {
	s := &m.S
	p := m.pol[side]
	k := 0
	for ; k < maxMoves && !s.Over; k++ {
		mv := p.Next(m)
		if mv.Kind == MoveEnd {
			break
		}
		if err := m.Legal(mv); err != nil {
			m.Illegal++
			if m.tr != nil {
				m.logf("(illegal move %+v by %s: %v; the phase ends)", mv, p.Name(), err)
			}
			break
		}
		m.Apply(mv)
	}
	if m.tr != nil {
		m.tr.flush()
	}
	return k
}

// advance is the advance phase of side: "1. Your opponent can respond by
// linking or hyperlinking any number of modules. 2. Each of your
// advancing Guardians with power greater than their opposing Guardian
// makes progress points equal to the difference in power. 3. For every
// progress point, put the top card of your stack into your discard pile."
func (m *Match) advance(side int) {
	s := &m.S
	other := 1 - side
	switch {
	case s.Mode == Nature && other == Opponent:
		m.natureReacts()
	case s.Mode == Nature || s.Mode == Duel && m.pol[other] != nil:
		m.respond(other)
	}
	if s.Over {
		return
	}
	s.Actor = side
	if m.tr != nil {
		m.logf("%s %s: %s.", m.who(side), verb(side, "advance", "advances"), m.channelsNote(side))
	}
	m.progress(side, s.ProgressPoints(side))
}

// respond lets side respond to an advance with links and hyperlinks.
func (m *Match) respond(side int) {
	s := &m.S
	if m.pol[side] == nil {
		return
	}
	s.Phase, s.Actor = PhaseRespond, side
	if m.tr != nil {
		m.logf("%s may respond.", engine.Capital(m.who(side)))
	}
	if n := m.moves(side); n == 0 && m.tr != nil {
		m.logf("%s %s not respond.", engine.Capital(m.who(side)), verb(side, "do", "does"))
	}
	s.Phase = PhaseAdvance
}

// endPhase: "Deplete all resources that were not used. Terminate all
// effects that last until end of turn."
func (m *Match) endPhase() {
	s := &m.S
	s.Phase = PhaseEnd
	if m.tr != nil {
		if p := s.Side[s.Active].Pool; p > 0 {
			m.tr.Line(1, "End phase: "+engine.Plural(p, "1 unused resource depletes", strconv.Itoa(p)+" unused resources deplete")+".")
		} else {
			m.tr.Line(1, "End phase.")
		}
	}
	for i := range s.Side {
		sd := &s.Side[i]
		sd.Pool = 0
		for j := range sd.Chan {
			sd.Chan[j].Mod = 0
		}
	}
}
