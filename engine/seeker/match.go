package seeker

import (
	"fmt"
	"io"
	"math/rand/v2"

	"github.com/deckwright/deckwright/engine"
)

// Difficulty decides Nature's choices in the match against Nature: "For
// each decision, you can either make it in your best interest (Apprentice
// mode) or you can make it in favor of Nature (Seeker mode)."
type Difficulty uint8

// The difficulties.
const (
	Apprentice Difficulty = iota + 1
	Seeker
)

func (d Difficulty) String() string {
	switch d {
	case Apprentice:
		return "apprentice"
	case Seeker:
		return "seeker"
	}
	return "?"
}

// Options say what kind of match to play.
type Options struct {
	Mode       Mode
	Difficulty Difficulty // the match against Nature; default Seeker
	// MaxTurns stops a match that lasts longer: it is unfinished, neither
	// won nor lost (default 50).
	MaxTurns int
}

// DefaultMaxTurns is the longest match when Options.MaxTurns is 0.
const DefaultMaxTurns = 50

// The per-card events, milestones and tallies a Match reports.
const (
	EventDrawn = iota
	EventPlayed
	EventLinked
	EventHyperlinked
	EventDead
)

// The tallies.
const (
	TallyMulligan = iota
	TallyYourPile
	TallyNaturePile
)

// Match plays matches of one deck with one policy. It keeps its state
// between matches to reuse memory; it implements engine.Game.
type Match struct {
	S    State
	Deck *Deck
	Opts Options
	// Illegal counts the moves the policies tried that were not legal
	// (each ends the phase it was tried in).
	Illegal int

	pol    [2]Policy
	rng    *rand.Rand
	rec    *engine.Record
	tr     *tracer
	choice Choice
	keys   []uint64       // the cards' keys for the keyed shuffles
	stack  *engine.Dealer // deals the stack in a match's keyed order
	gkey   uint64         // this match's key for the keyed shuffles
	tmp    Pile           // Nature's special events
	quiet  bool           // setup draws are not recorded
	serial uint64         // counts matches, for policies' plans
	// blocked notes the Guardians whose activation rule C held back, so
	// the trace says it once.
	blocked uint8
}

// NewMatch returns a Match of d played by policy p for you.
func NewMatch(d *Deck, opts Options, p Policy) *Match {
	if opts.MaxTurns <= 0 {
		opts.MaxTurns = DefaultMaxTurns
	}
	if opts.Difficulty == 0 {
		opts.Difficulty = Seeker
	}
	if opts.Mode == 0 {
		opts.Mode = Goldfish
	}
	keys := engine.CardKeys(len(d.Cards), func(i int) string { return d.Cards[i].Name })
	return &Match{Deck: d, Opts: opts, pol: [2]Policy{p, nil}, keys: keys, stack: engine.NewDealer(d.Stack, keys)}
}

// SetOpponent gives the opponent of a Duel a policy for its responses.
func (m *Match) SetOpponent(p Policy) { m.pol[Opponent] = p }

// Policy returns the policy playing for you.
func (m *Match) Policy() Policy { return m.pol[You] }

// Trace makes the match write every step to w in words (nil: off).
func (m *Match) Trace(w io.Writer) {
	if w == nil {
		m.tr = nil
		return
	}
	m.tr = newTracer(w)
}

// Rand returns the match's random generator.
func (m *Match) Rand() *rand.Rand { return m.rng }

// Spec returns what the matches of d in mode report, for engine.Run.
func Spec(d *Deck, opts Options) engine.Spec {
	if opts.MaxTurns <= 0 {
		opts.MaxTurns = DefaultMaxTurns
	}
	s := engine.Spec{
		Events:   []string{"drawn", "played", "linked", "hyperlinked", "dead"},
		Tallies:  []string{"mulligan"},
		MaxTurns: opts.MaxTurns,
	}
	for i := 0; i < d.Modules; i++ {
		s.Cards = append(s.Cards, d.Cards[i].Name)
	}
	for i := 1; i < 3; i++ {
		s.Milestones = append(s.Milestones, fmt.Sprintf("%s (%s) online", d.Cards[d.Guardians[i]].Name, stageName(i+1)))
	}
	if opts.Mode == Nature {
		s.Tallies = append(s.Tallies, "your progress pile", "Nature's progress pile")
	}
	return s
}

func stageName(s int) string {
	switch s {
	case 1:
		return "I"
	case 2:
		return "II"
	case 3:
		return "III"
	}
	return "?"
}

// Play plays one match, drawing randomness from rng and reporting to rec
// (which may be nil).
func (m *Match) Play(rng *rand.Rand, rec *engine.Record) engine.Outcome {
	m.rng, m.rec = rng, rec
	m.gkey = engine.GameKey(rng)
	switch m.Opts.Mode {
	case Nature:
		m.playNature()
	default:
		m.playGoldfish()
	}
	m.finish()
	return engine.Outcome{Won: m.S.Won, Turns: m.S.Turn, Unfinished: m.S.Unfinished}
}

func (m *Match) finish() {
	if m.rec == nil {
		return
	}
	h := &m.S.Side[You].Hand
	for _, c := range h.Cards() {
		m.count(EventDead, c)
	}
	if m.S.Mulligan {
		m.rec.Tally(TallyMulligan, 1)
	}
	if m.Opts.Mode == Nature {
		m.rec.Tally(TallyYourPile, m.S.Side[You].Progress.N)
		m.rec.Tally(TallyNaturePile, m.S.Side[Opponent].Progress.N)
	}
}

func (m *Match) count(ev int, c uint8) {
	if m.rec != nil && int(c) < m.Deck.Modules {
		m.rec.Count(ev, int(c))
	}
}

// card returns the compiled card of an id.
func (m *Match) card(c uint8) *Card { return &m.Deck.Cards[c] }

// name returns a card's name.
func (m *Match) name(c uint8) string { return m.Deck.Cards[c].Name }

// The keyed shuffles of a match (engine.KeyedShuffle): the opening
// shuffle of your stack, the stack after a mulligan, the stack with
// Nature's two Banes.
const (
	shuffleOpening = iota + 1
	shuffleMulligan
	shuffleBanes
)

// keyed shuffles a pile for common random numbers: the cards that two
// decks share lie in the same relative order in game i of a seed.
func (m *Match) keyed(p *Pile, tag uint64) { engine.KeyedShuffle(p, m.gkey, tag, m.keys) }

// dealStack puts the whole stack into p in the keyed order of the match
// and tag: the order keyed gives it, faster.
func (m *Match) dealStack(p *Pile, tag uint64) { m.stack.Deal(p, m.gkey, tag) }

// shuffle shuffles a pile with the match's generator: Fisher-Yates, each
// random 64-bit number giving two 32-bit halves, each bounded by
// multiply-and-shift (a bias below 2^-26 for piles of at most 64 cards).
func (m *Match) shuffle(p *Pile) {
	var r uint64
	half := false
	for i := p.N - 1; i > 0; i-- {
		if !half {
			r = m.rng.Uint64()
		} else {
			r >>= 32
		}
		half = !half
		j := int((r & 0xffffffff) * uint64(i+1) >> 32)
		p.Card[i], p.Card[j] = p.Card[j], p.Card[i]
	}
}
