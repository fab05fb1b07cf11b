package seeker

import "github.com/deckwright/deckwright/engine"

// MaxPile is the most cards a pile may hold: a 48-card stack, 3 G-modules
// and Banes fit.
const MaxPile = engine.MaxPile

// Pile is an ordered pile of card ids; the top is the last.
type Pile = engine.Pile

// Slot is a module in memory.
type Slot struct {
	Card   uint8
	Tapped bool
}

// Link is a linked module: the card, the channel of the Guardian (or
// Bane) it is linked to, the X paid for it, and whether it was
// hyperlinked.
type Link struct {
	Card  uint8
	Chan  uint8
	X     uint8
	Hyper bool
}

// Channel is one side of a channel of the testing grounds: a Guardian (or
// a Bane) with the power of its linked modules.
type Channel struct {
	Card   uint8 // the Guardian or Bane
	Active bool  // in play (a Guardian activated, a Bane summoned)
	Base   int   // printed power plus the base power of its linked modules
	Mod    int   // modifiers until end of turn
}

// Power returns the channel's power with its modifiers.
func (c *Channel) Power() int { return c.Base + c.Mod }

// Side is one player's part of the testing grounds. In the match against
// Nature the stack and the discard pile are shared: they are Side[0]'s.
type Side struct {
	Hand     Pile
	Memory   [MaxPile]Slot // left to right
	NMem     int
	Links    [MaxPile]Link // in the order they were linked
	NLinks   int
	Chan     [3]Channel
	Pool     int  // resources produced and not yet used this turn
	Played   bool // a module was played this turn
	Stack    Pile
	Discard  Pile
	Empties  int  // times the stack has been empty
	Progress Pile // the progress pile (the match against Nature)
	// Nature's hand: the link pile and the hyperlink pile.
	LinkPile  Pile
	HyperPile Pile
}

// Mode is the kind of match.
type Mode uint8

// The modes.
const (
	// Goldfish: your opponent never links, hyperlinks or responds; its
	// first Guardian stays in play at its printed power.
	Goldfish Mode = iota + 1
	// Nature: the single-player match against Nature.
	Nature
	// Duel: two Seekers; the opponent only responds to your advances,
	// with its own policy (used by the rulebook scenarios).
	Duel
)

func (m Mode) String() string {
	switch m {
	case Goldfish:
		return "goldfish"
	case Nature:
		return "nature"
	case Duel:
		return "duel"
	}
	return "?"
}

// Phase is the step of a turn.
type Phase uint8

// The phases, and the response to an advance.
const (
	PhaseSetup Phase = iota
	PhaseStart
	PhaseMain
	PhaseRespond // the opponent's response during an advance
	PhaseAdvance
	PhaseEnd
)

// You and Opponent index State.Side. In the match against Nature the
// opponent is Nature.
const (
	You      = 0
	Opponent = 1
)

// State is the whole state of a match: plain values, copied by assignment.
type State struct {
	Mode   Mode
	Side   [2]Side
	Turn   int   // your turn number (in Nature mode: the round)
	Active int   // whose turn it is
	Actor  int   // who makes the next move (the responder during a response)
	Phase  Phase // the phase of the active player's turn
	Over   bool
	Won    bool // you won
	// Unfinished is set when Options.MaxTurns stopped the match before
	// its rules ended it: neither won nor lost.
	Unfinished bool
	// Mulligan is set when you took your mulligan.
	Mulligan bool
	// Online is the turn each of your Guardians came into play.
	Online [3]int
}

// shared reports whether the stack and discard are shared.
func (s *State) shared() bool { return s.Mode == Nature }

// StackOf returns the stack a side draws from.
func (s *State) StackOf(side int) *Pile {
	if s.shared() {
		return &s.Side[You].Stack
	}
	return &s.Side[side].Stack
}

// DiscardOf returns the discard pile a side's cards go to.
func (s *State) DiscardOf(side int) *Pile {
	if s.shared() {
		return &s.Side[You].Discard
	}
	return &s.Side[side].Discard
}

// Active channels: a side's Guardians (or Banes) in play.
func (sd *Side) activeCount() int {
	n := 0
	for i := range sd.Chan {
		if sd.Chan[i].Active {
			n++
		}
	}
	return n
}

// lastActive returns the channel of the last Guardian activated, or -1.
func (sd *Side) lastActive() int {
	for i := 2; i >= 0; i-- {
		if sd.Chan[i].Active {
			return i
		}
	}
	return -1
}

// Untapped counts the untapped modules in memory.
func (sd *Side) Untapped() int {
	n := 0
	for i := 0; i < sd.NMem; i++ {
		if !sd.Memory[i].Tapped {
			n++
		}
	}
	return n
}

func (sd *Side) addMemory(c uint8, tapped bool) {
	sd.Memory[sd.NMem] = Slot{c, tapped}
	sd.NMem++
}

func (sd *Side) removeMemory(i int) uint8 {
	c := sd.Memory[i].Card
	copy(sd.Memory[i:sd.NMem-1], sd.Memory[i+1:sd.NMem])
	sd.NMem--
	return c
}

func (sd *Side) removeLink(i int) Link {
	l := sd.Links[i]
	copy(sd.Links[i:sd.NLinks-1], sd.Links[i+1:sd.NLinks])
	sd.NLinks--
	return l
}

// opposing returns the power opposing channel ch of side: the other
// side's Guardian or Bane in the same channel, 0 when there is none.
func (s *State) opposing(side, ch int) int {
	o := &s.Side[1-side].Chan[ch]
	if !o.Active {
		return 0
	}
	return o.Power()
}

// ProgressPoints returns the progress side would make advancing now: for
// each of its Guardians (or Banes) in play with power greater than the
// opposing one, the difference.
func (s *State) ProgressPoints(side int) int {
	p := 0
	for i := range s.Side[side].Chan {
		c := &s.Side[side].Chan[i]
		if !c.Active {
			continue
		}
		if d := c.Power() - s.opposing(side, i); d > 0 {
			p += d
		}
	}
	return p
}
