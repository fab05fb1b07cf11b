package seeker

import "github.com/deckwright/deckwright/engine"

// Policy plays your side of a match. The Match asks it for a mulligan
// decision, for moves in your main phase and in your responses to the
// opponent's advances (it checks each with Legal before it applies it),
// whether to advance, and for the choices abilities ask for. A Policy may
// keep state between calls; a Match uses one Policy at a time.
type Policy interface {
	// Name is the name the CLI knows the policy by.
	Name() string
	// Mulligan reports whether to reshuffle the opening hand and draw a
	// new one.
	Mulligan(m *Match) bool
	// Next returns the next move of the actor (m.S.Actor) in the main
	// phase (m.S.Phase == PhaseMain) or a response (PhaseRespond); End
	// ends the phase.
	Next(m *Match) Move
	// Advance reports whether to advance this turn.
	Advance(m *Match) bool
	// Choose picks one of the options of c (0 to c.N-1).
	Choose(m *Match, c *Choice) int
}

// ChoiceKind is what an ability asks to choose.
type ChoiceKind uint8

// The choices.
const (
	// ChoosePull: the module Gravity untaps and links (Index: memory
	// slots).
	ChoosePull ChoiceKind = iota + 1
	// ChooseUntap: a tapped module to untap (memory slots).
	ChooseUntap
	// ChooseUnlink: an opposing module to unlink (the opponent's links).
	ChooseUnlink
	// ChooseRecover: a card to put into hand (places in the discard
	// pile, or in the shuffled pile of Nature's special event).
	ChooseRecover
	// ChooseDiscard: a card of the hand to discard (hand positions, or
	// places in Nature's shuffled hand).
	ChooseDiscard
)

// Choice is a decision an ability asks for: N options, each a place
// (Index) holding a card (Card).
type Choice = engine.Choice[ChoiceKind, uint8]

var policies = engine.Policies[Policy]{
	{Name: "greedy", Doc: "plays the best module for memory, then links and hyperlinks the most powerful modules it can pay for, keeping 3 modules in memory; always advances (against Nature: with 3 or more progress points)", New: func() Policy { return &Greedy{} }},
	{Name: "planner", Doc: "searches every play and, for each, the best set of links and hyperlinks for the resources (an exact knapsack over a turn evaluation that weighs power by the turns left against keeping modules as resources); mulligans below-average hands; against Nature advances only when a progress card survives Nature's reaction", New: func() Policy { return &Planner{} }},
}

// PolicyNames lists the policies, the default first.
func PolicyNames() []string { return policies.Names() }

// NewPolicy returns a new policy by name.
func NewPolicy(name string) (Policy, error) { return policies.Make(name) }

// action is one planned link or hyperlink.
type action struct {
	card  uint8
	hyper bool
	x     int
}

// executor turns a plan (a play, then links and hyperlinks) into moves,
// tapping modules for resources as they are needed, from the right,
// never one a later link needs.
type executor struct {
	serial uint64
	turn   int
	phase  Phase
	active int
	play   int // card id to play, -1: none
	acts   [2 * MaxPile]action
	n      int
	next   int
}

// stale reports whether the plan is not for this phase.
func (e *executor) stale(m *Match) bool {
	return e.serial != m.serial || e.turn != m.S.Turn || e.phase != m.S.Phase || e.active != m.S.Active
}

func (e *executor) begin(m *Match) {
	e.serial, e.turn, e.phase, e.active = m.serial, m.S.Turn, m.S.Phase, m.S.Active
	e.play, e.n, e.next = -1, 0, 0
}

// order adds the chosen actions: plain modules first (most powerful
// first), then Gravity (to pull modules tapped for resources), then
// Entropy (to count every link).
func (e *executor) order(m *Match, chosen []action) {
	for pass := 0; pass < 3; pass++ {
		for _, a := range chosen {
			c := m.card(a.card)
			p := 0
			switch {
			case c.Has(Entropy):
				p = 2
			case c.Has(Gravity):
				p = 1
			}
			if p == pass {
				e.acts[e.n] = a
				e.n++
			}
		}
	}
}

// step returns the next move of the plan.
func (e *executor) step(m *Match) Move {
	s := &m.S
	sd := &s.Side[s.Actor]
	if e.play >= 0 {
		c := uint8(e.play)
		e.play = -1
		if i := sd.Hand.Index(c); i >= 0 && !sd.Played && s.Phase == PhaseMain {
			return Move{Kind: MovePlay, Index: i}
		}
	}
	for e.next < e.n {
		a := e.acts[e.next]
		card := m.card(a.card)
		idx, cost := -1, 0
		if a.hyper {
			idx = sd.Hand.Index(a.card)
			cost = card.HyperCost
			if card.HyperX {
				cost = a.x
			}
		} else {
			for i := 0; i < sd.NMem; i++ {
				if sd.Memory[i].Card == a.card && !sd.Memory[i].Tapped {
					idx = i
					break
				}
			}
			cost = card.LinkCost
			if card.LinkX {
				cost = a.x
			}
		}
		if idx < 0 || !m.domainOK(s.Actor, card) {
			e.next++
			continue
		}
		if sd.Pool < cost {
			skip := -1
			if !a.hyper {
				skip = idx
			}
			if t := e.tapSlot(m, sd, skip); t >= 0 {
				return Move{Kind: MoveTap, Index: t}
			}
			e.next++ // cannot pay: drop it
			continue
		}
		e.next++
		x := 0
		if card.LinkX && !a.hyper || card.HyperX && a.hyper {
			x = a.x
		}
		mv := Move{Kind: MoveLink, Index: idx, Chan: linkTarget(m, s.Actor), X: x}
		if a.hyper {
			mv.Kind = MoveHyperlink
		}
		return mv
	}
	return End
}

// tapSlot picks the rightmost untapped module that no later planned link
// needs, or -1.
func (e *executor) tapSlot(m *Match, sd *Side, skip int) int {
	for i := sd.NMem - 1; i >= 0; i-- {
		sl := sd.Memory[i]
		if i == skip || sl.Tapped {
			continue
		}
		need := 0
		for _, a := range e.acts[e.next:e.n] {
			if !a.hyper && a.card == sl.Card {
				need++
			}
		}
		if need == 0 {
			return i
		}
		have := 0
		for j := 0; j < sd.NMem; j++ {
			if sd.Memory[j].Card == sl.Card && !sd.Memory[j].Tapped {
				have++
			}
		}
		if have > need {
			return i
		}
	}
	return -1
}

// linkTarget picks the Guardian to link to: the last activated one while
// it is below base power 7 and another Guardian waits (activation);
// against Nature otherwise the channel where the Bane is furthest above
// your Guardian; else the last activated.
func linkTarget(m *Match, side int) int {
	sd := &m.S.Side[side]
	last := sd.lastActive()
	if last < 0 {
		return 0
	}
	if side != You || m.S.Mode != Nature || last < 2 && sd.Chan[last].Base < 7 {
		return last
	}
	best, bestD := last, 0
	for i := range sd.Chan {
		if !sd.Chan[i].Active {
			continue
		}
		if d := m.S.opposing(side, i) - sd.Chan[i].Power(); d > bestD {
			best, bestD = i, d
		}
	}
	return best
}

// planResponse plans a response to Nature's advance: hyperlink the most
// powerful cards of the hand that the untapped modules pay for.
func (e *executor) planResponse(m *Match) {
	sd := &m.S.Side[m.S.Actor]
	budget := sd.Pool + sd.Untapped()
	var tmp [MaxPile]action
	n := 0
	for _, c := range sd.Hand.Cards() {
		card := m.card(c)
		if card.Hyperlinkable() && !card.HyperX && m.domainOK(m.S.Actor, card) {
			tmp[n] = action{card: c, hyper: true}
			n++
		}
	}
	isort(tmp[:n], func(x, y action) bool {
		a, b := m.card(x.card), m.card(y.card)
		if a.Power != b.Power {
			return a.Power > b.Power
		}
		return a.HyperCost < b.HyperCost
	})
	var chosen [MaxPile]action
	k := 0
	for _, a := range tmp[:n] {
		if c := m.card(a.card); c.Power > 0 && c.HyperCost <= budget {
			budget -= c.HyperCost
			chosen[k] = a
			k++
		}
	}
	e.order(m, chosen[:k])
}

// defaultChoose answers ability choices for you: Gravity pulls the most
// powerful module (a tapped one among equals: it has paid already);
// unlink and recover take the most powerful card; discard the least
// powerful; untap the first.
func defaultChoose(m *Match, c *Choice) int {
	best := 0
	score := func(i int) int {
		card := m.card(c.Card[i])
		switch c.Kind {
		case ChoosePull:
			s := card.Power * 4
			if m.S.Side[You].Memory[c.Index[i]].Tapped {
				s += 2
			}
			return s
		case ChooseDiscard:
			return -card.Power
		case ChooseUntap:
			return 0
		}
		return card.Power
	}
	bs := score(0)
	for i := 1; i < c.N; i++ {
		if s := score(i); s > bs {
			best, bs = i, s
		}
	}
	return best
}

// isort sorts a short slice stably without allocating.
func isort[T any](a []T, less func(x, y T) bool) {
	for i := 1; i < len(a); i++ {
		for j := i; j > 0 && less(a[j], a[j-1]); j-- {
			a[j], a[j-1] = a[j-1], a[j]
		}
	}
}
