package arkhtide

import (
	"fmt"
	"io"
	"math/rand/v2"
	"strings"

	"github.com/deckwright/deckwright/engine"
)

// Opposition is who sits across the table (Options.Opponent).
type Opposition uint8

// The opponents.
const (
	// Empty: no opposing presence at all. Only your Realm and the Neutral
	// Realm are in play; a Realm where you have any Soul is yours.
	Empty Opposition = iota + 1
	// Passive: an opposing Seeker with a Realm Deck of its own. Each Round
	// it reveals the top Realm of its Realm Deck, moves its Seeker onto it
	// and never acts again: it Invokes nothing, always passes and never
	// reacts. It harvests its Realm unless you bring more Soul there, and
	// it can be Struck.
	Passive
)

// String returns the opponent's name.
func (o Opposition) String() string {
	switch o {
	case Empty:
		return "empty"
	case Passive:
		return "passive"
	}
	return "?"
}

// OpponentNames lists the opponents, the default first.
func OpponentNames() []string { return []string{"empty", "passive"} }

// ParseOpponent reads an opponent's name.
func ParseOpponent(s string) (Opposition, error) {
	switch s {
	case "empty":
		return Empty, nil
	case "passive":
		return Passive, nil
	}
	return 0, fmt.Errorf("unknown opponent %q; the opponents are %s", s, strings.Join(OpponentNames(), ", "))
}

// Options say what kind of game to play.
type Options struct {
	Opponent Opposition // default Empty
	// Versus is the deck whose Seeker and Realm Deck the passive opponent
	// plays; nil: your own (a mirror match).
	Versus *Deck
	// MaxRounds ends a game that lasts longer, not won (default 20).
	MaxRounds int
}

// DefaultMaxRounds is the longest game when Options.MaxRounds is 0.
const DefaultMaxRounds = 20

func (o Options) withDefaults() Options {
	if o.MaxRounds <= 0 {
		o.MaxRounds = DefaultMaxRounds
	}
	if o.Opponent == 0 {
		o.Opponent = Empty
	}
	return o
}

// The per-card events a Match reports (Spec.Events). Realm cards have
// only seen, picked and harvested.
const (
	EventDrawn     = iota // drawn into your hand (mulligan and Seek too)
	EventInvoked          // Invoked
	EventExtracted        // Extracted (Units)
	EventDiscarded        // discarded (Resource Phase, costs, effects)
	EventDead             // in your hand when the game ended
	EventSeen             // a Realm among the top 3 you looked at
	EventPicked           // a Realm you chose
	EventHarvested        // one of your Realms (or the Neutral Realm) you harvested
)

// The milestones (Spec.Milestones), each at the Round it happened.
const (
	MilestoneQuintessence = iota // you won by Quintessence
	MilestoneWillpower           // you won by bringing the opposing Willpower to 0
	MilestoneDefeat              // you lost
	MilestoneTie                 // a True Tie
	MilestoneDeckOut             // your Main Deck ran out
)

// The tallies (Spec.Tallies): totals per game, then RoundTallies groups
// of five per Round (see Rounds).
const (
	TallyRounds               = iota // Rounds played
	TallyQuintessence                // your Quintessence at the end
	TallyArkheSpent                  // Arkhé paid to Invoke cards
	TallySoul                        // your Soul on the Realms when each Harvest Phase began, summed
	TallyWillpowerNonInnate          // Willpower lost to Invoking non-Innate cards
	TallyWillpowerOther              // Willpower lost otherwise (costs, Metamorphosis, Realms)
	TallyMulligan                    // cards put on the bottom by mulligans
	TallyOpponentQuintessence        // the opponent's Quintessence at the end
	TallyOpponentWillpower           // Willpower the opponent lost
	TallyRealmTaken                  // times you harvested the opponent's Realm
	TallyRealmDenied                 // times the opponent's Realm was tied (removed unharvested)
	tallyRoundBase                   // first per-Round tally
)

// The per-Round tallies: for Round r (1 to RoundTallies) tally
// tallyRoundBase + 5*(r-1) + k.
const (
	RoundPlayed = iota
	RoundQuintessence
	RoundArkhe
	RoundSoul
	RoundWillpower
	roundFields
)

// RoundTallies is the number of Rounds with tallies of their own; later
// Rounds count toward the totals only.
const RoundTallies = 8

// RoundTally returns the index of the tally of field k (RoundPlayed ...)
// of Round r.
func RoundTally(r, k int) int { return tallyRoundBase + roundFields*(r-1) + k }

// Match plays games of one deck with one policy. It keeps its state
// between games to reuse memory; it implements engine.Game.
type Match struct {
	S    State
	Deck *Deck
	Opts Options
	// Illegal counts the moves the policy tried that were not legal (each
	// ends the phase it was tried in).
	Illegal int

	pol    Policy
	rng    *rand.Rand
	rec    *engine.Record
	tr     *engine.Tracer
	cards  []Card // Deck.Cards, then the Versus deck's Seeker and Realms
	oppSk  uint8
	oppRlm []uint8
	choice Choice
	keys   []uint64 // the cards' keys for the keyed shuffles
	gkey   uint64   // this game's key for the keyed shuffles
	// deal the Main Deck, the Realm Deck and the opponent's Realm Deck in
	// a game's keyed order
	dealMain, dealRealms, dealOpp *engine.Dealer
	look                          [MaxPile]uint8
	serial                        uint64 // counts games, for policies' plans
	// harvesting defers the end of the game to the end of the Harvest
	// Phase ("fully resolve the Harvest Phase before determining the
	// winner").
	harvesting bool
	// this Round's figures, and the game's
	rq, ra, rs, rw        int
	willInnate, willOther int
	arkheSpent, soulSum   int
	oppWillLost           int
	taken, denied         int
	deckOut               bool
}

// NewMatch returns a Match of d played by policy p for you.
func NewMatch(d *Deck, opts Options, p Policy) *Match {
	opts = opts.withDefaults()
	m := &Match{Deck: d, Opts: opts, pol: p, cards: d.Cards, oppSk: d.Seeker, oppRlm: d.Realms}
	if v := opts.Versus; v != nil && v != d {
		m.cards = append(append([]Card(nil), d.Cards...), v.Cards[v.Seeker])
		m.oppSk = uint8(len(m.cards) - 1)
		m.oppRlm = nil
		for _, r := range v.Realms {
			m.cards = append(m.cards, v.Cards[r])
			m.oppRlm = append(m.oppRlm, uint8(len(m.cards)-1))
		}
	}
	m.keys = engine.CardKeys(len(m.cards), func(i int) string { return m.cards[i].Name })
	m.dealMain = engine.NewDealer(d.MainDeck, m.keys)
	m.dealRealms = engine.NewDealer(d.Realms, m.keys)
	m.dealOpp = engine.NewDealer(m.oppRlm, m.keys)
	return m
}

// Policy returns the policy playing for you.
func (m *Match) Policy() Policy { return m.pol }

// Trace makes the match write every step to w in words (nil: off).
func (m *Match) Trace(w io.Writer) {
	if w == nil {
		m.tr = nil
		return
	}
	m.tr = engine.NewTracer(w)
}

// Rand returns the match's random generator.
func (m *Match) Rand() *rand.Rand { return m.rng }

// Card returns the compiled card of an id.
func (m *Match) Card(c uint8) *Card { return &m.cards[c] }

// Spec returns what the games of d report, for engine.Run: the Main Deck
// cards and the Realms (Deck.Reported), the events, milestones and
// tallies above, and MaxTurns the most Rounds.
func Spec(d *Deck, opts Options) engine.Spec {
	opts = opts.withDefaults()
	s := engine.Spec{
		Events:     []string{"drawn", "invoked", "extracted", "discarded", "dead", "seen", "picked", "harvested"},
		Milestones: []string{"Quintessence victory", "Willpower victory", "defeat", "true tie", "Main Deck empty"},
		Tallies: []string{"rounds", "quintessence", "arkhé spent", "soul on realms", "willpower for non-innate cards",
			"willpower for other costs", "mulligan", "opponent quintessence", "opponent willpower lost",
			"opponent realm taken", "opponent realm denied"},
		MaxTurns: opts.MaxRounds,
	}
	for i := 0; i < d.Reported; i++ {
		s.Cards = append(s.Cards, d.Cards[i].Name)
	}
	for r := 1; r <= RoundTallies; r++ {
		p := fmt.Sprintf("round %d ", r)
		s.Tallies = append(s.Tallies, p+"played", p+"quintessence", p+"arkhé spent", p+"soul on realms", p+"willpower paid")
	}
	return s
}

// RoundStats is what happened in one Round, over the games that played
// it.
type RoundStats struct {
	Round int
	// Share is the share of all games that played the Round.
	Share float64
	// Means over the games that played the Round: Quintessence gained,
	// Arkhé paid to Invoke cards, your Soul on the Realms when the Harvest
	// Phase began, Willpower lost.
	Quintessence, Arkhe, Soul, Willpower float64
}

// Rounds returns the per-Round figures of a summary of a run of Spec's
// games, for the Rounds any game played (at most RoundTallies).
func Rounds(s *engine.Summary) []RoundStats {
	var out []RoundStats
	for r := 1; r <= RoundTallies; r++ {
		i := RoundTally(r, RoundPlayed)
		if i+roundFields > len(s.Tallies) {
			break
		}
		played := s.Tallies[i].Mean
		if !(played > 0) {
			break
		}
		f := func(k int) float64 { return s.Tallies[RoundTally(r, k)].Mean / played }
		out = append(out, RoundStats{Round: r, Share: played, Quintessence: f(RoundQuintessence), Arkhe: f(RoundArkhe), Soul: f(RoundSoul), Willpower: f(RoundWillpower)})
	}
	return out
}

// PerRound returns the means per Round over all games and Rounds:
// Quintessence gained, Arkhé paid to Invoke cards, Soul on the Realms at
// Harvest, Willpower lost to non-Innate cards and to other costs.
func PerRound(s *engine.Summary) (quint, arkhe, soul, willNonInnate, willOther float64) {
	r := s.Tallies[TallyRounds].Mean
	f := func(t int) float64 { return s.Tallies[t].Mean / r }
	return f(TallyQuintessence), f(TallyArkheSpent), f(TallySoul), f(TallyWillpowerNonInnate), f(TallyWillpowerOther)
}

// Play plays one game, drawing randomness from rng and reporting to rec
// (which may be nil).
func (m *Match) Play(rng *rand.Rand, rec *engine.Record) engine.Outcome {
	m.rng, m.rec = rng, rec
	m.gkey = engine.GameKey(rng)
	m.setup()
	for !m.S.Over {
		if m.S.Round >= m.Opts.MaxRounds {
			m.S.Over, m.S.End = true, EndRounds
			if m.tr != nil {
				m.tr.Line(0, fmt.Sprintf("No winner within %d Rounds.", m.Opts.MaxRounds))
			}
			break
		}
		m.round()
	}
	m.finish()
	return engine.Outcome{Won: m.S.Won, Turns: m.S.Round, Unfinished: m.S.End == EndRounds}
}

func (m *Match) finish() {
	if m.rec == nil {
		return
	}
	s := &m.S
	for _, c := range s.Side[You].Hand.Cards() {
		m.count(EventDead, c)
	}
	r := m.rec
	r.Tally(TallyRounds, s.Round)
	r.Tally(TallyQuintessence, s.Side[You].Quint)
	r.Tally(TallyArkheSpent, m.arkheSpent)
	r.Tally(TallySoul, m.soulSum)
	r.Tally(TallyWillpowerNonInnate, m.willInnate)
	r.Tally(TallyWillpowerOther, m.willOther)
	r.Tally(TallyMulligan, s.Mulligans)
	r.Tally(TallyOpponentQuintessence, s.Side[Opponent].Quint)
	r.Tally(TallyOpponentWillpower, m.oppWillLost)
	r.Tally(TallyRealmTaken, m.taken)
	r.Tally(TallyRealmDenied, m.denied)
	switch {
	case s.Tie:
		r.Milestone(MilestoneTie, s.Round)
	case s.Won && s.End == EndWillpower:
		r.Milestone(MilestoneWillpower, s.Round)
	case s.Won:
		r.Milestone(MilestoneQuintessence, s.Round)
	case s.End != EndRounds:
		r.Milestone(MilestoneDefeat, s.Round)
	}
}

// endRound reports the Round's tallies.
func (m *Match) endRound() {
	if m.rec != nil && m.S.Round <= RoundTallies {
		r := m.S.Round
		m.rec.Tally(RoundTally(r, RoundPlayed), 1)
		m.rec.Tally(RoundTally(r, RoundQuintessence), m.rq)
		m.rec.Tally(RoundTally(r, RoundArkhe), m.ra)
		m.rec.Tally(RoundTally(r, RoundSoul), m.rs)
		m.rec.Tally(RoundTally(r, RoundWillpower), m.rw)
	}
	m.rq, m.ra, m.rs, m.rw = 0, 0, 0, 0
}

// count reports a per-card event of one of your cards.
func (m *Match) count(ev int, c uint8) {
	if m.rec != nil && int(c) < m.Deck.Reported {
		m.rec.Count(ev, int(c))
	}
}

// name returns a card's name.
func (m *Match) name(c uint8) string { return m.cards[c].Name }

// The keyed shuffles of a game (engine.KeyedShuffle): your Main Deck,
// your Realm Deck, the opponent's Realm Deck.
const (
	shuffleMain = iota + 1
	shuffleRealms
	shuffleOppRealms
)

// deal puts a deck into p in the keyed order of the game and tag
// (engine.KeyedShuffle): the cards that two decks share lie in the same
// relative order in game i of a seed.
func (m *Match) deal(d *engine.Dealer, p *Pile, tag uint64) { d.Deal(p, m.gkey, tag) }
