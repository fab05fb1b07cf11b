package arkhtide

import "github.com/deckwright/deckwright/engine"

// MaxPile is the most cards a pile may hold.
const MaxPile = engine.MaxPile

// Pile is an ordered pile of card ids; the top is the last.
type Pile = engine.Pile

// Zones: a Unit or Seeker is on a Realm (its slot, 0 to State.NRealms-1),
// in its owner's Safe Zone, or (the Seeker of an empty opponent) nowhere.
const (
	ZoneSafe = -1
	ZoneNone = -2
)

// The most Units a side may have in play, and Bindings a card may hold.
const (
	MaxUnits = 24
	MaxBound = 4
)

// Bound is a Binding bound to a Unit or Seeker.
type Bound struct {
	Card uint8
	Used uint8 // its abilities used this Round (bit i: ability i)
}

// Unit is a Unit (or a Unit token) in play, or a side's Seeker.
type Unit struct {
	Card   uint8
	Zone   int8 // a Realm slot, ZoneSafe or ZoneNone
	Ready  bool // not exhausted
	Wounds int8
	// SoulRound is the Soul it gets until the end of the Round.
	SoulRound int8
	Used      uint8 // abilities used this Round (bit i: ability i)
	Moved     bool  // moved from the Safe Zone this Round
	Fresh     bool  // placed into the Safe Zone during this Preparation Phase
	NBound    uint8
	Bound     [MaxBound]Bound
}

// OnRealm reports whether the card is on a Realm.
func (u *Unit) OnRealm() bool { return u.Zone >= 0 }

// Side is one player's part of the game.
type Side struct {
	// Present is false for the empty opponent: no Seeker, no Realm.
	Present   bool
	Deck      Pile // the Main Deck, top last
	Hand      Pile
	Chronicle Pile
	// Gone holds the Units and Cask Bindings Extracted: out of play,
	// counted in the Quintessence.
	Gone      Pile
	RealmDeck Pile
	Harvested Pile // the Realms harvested
	Seeker    Unit
	Units     [MaxUnits]Unit
	NUnits    int
	Arkhe     int // Arkhé ready to spend (at most ArkhePool)
	Quint     int // Quintessence
	Willpower int
	Realm     int // the slot of the Realm revealed this Round, -1 for none
	Prepared  bool
	// Fast and Slow note the Fast and Slow actions taken this Turn.
	Fast, Slow bool
}

// unit returns the Unit at index i, or the Seeker for SeekerIndex.
func (sd *Side) unit(i int) *Unit {
	if i == SeekerIndex {
		return &sd.Seeker
	}
	return &sd.Units[i]
}

// validUnit reports whether i names the Seeker or a Unit in play.
func (sd *Side) validUnit(i int) bool { return i == SeekerIndex || i >= 0 && i < sd.NUnits }

// removeUnit takes the Unit at i out of play, keeping the order of the
// others.
func (sd *Side) removeUnit(i int) {
	copy(sd.Units[i:sd.NUnits-1], sd.Units[i+1:sd.NUnits])
	sd.NUnits--
}

// SeekerIndex is the unit index that names a side's Seeker in a Move.
const SeekerIndex = -1

// ArkhePool is the Arkhé each player has: "Each player begins the Round
// with 9 Arkhé"; refreshing never gives more.
const ArkhePool = 9

// HandSize is the hand a player draws to in the Resource Phase.
const HandSize = 6

// WinQuintessence is the Quintessence that wins.
const WinQuintessence = 13

// RealmSlot is a Realm in play.
type RealmSlot struct {
	Card  uint8
	Owner int // You, Opponent, or -1 for the Neutral Realm
	// Side is the side of the card (0: a, 1: b) each player chose.
	Side [2]uint8
	// Used notes each player's abilities of the Realm used this Round.
	Used [2]uint8
	// Extracted notes that a player's first Unit was Extracted from it.
	Extracted [2]bool
}

// Phase is the step of a Round.
type Phase uint8

// The phases of a Round: "Resource — Realm — Preparation — Combat —
// Harvest — Regroup".
const (
	PhaseSetup Phase = iota
	PhaseResource
	PhaseRealm
	PhasePreparation
	PhaseCombat
	PhaseHarvest
	PhaseRegroup
)

var phaseNames = []string{"Setup", "Resource Phase", "Realm Phase", "Preparation Phase", "Combat Phase", "Harvest Phase", "Regroup Phase"}

// String returns the phase's name.
func (p Phase) String() string {
	if int(p) < len(phaseNames) {
		return phaseNames[p]
	}
	return "?"
}

// You and Opponent index State.Side.
const (
	You      = 0
	Opponent = 1
)

// End is how a game ended.
type End uint8

// The ends of a game.
const (
	NotOver End = iota
	EndQuintessence
	EndWillpower
	EndRounds // no winner within Options.MaxRounds
)

// State is the whole state of a game: plain values, copied by assignment.
type State struct {
	Round int
	Phase Phase
	// Actor is who makes the next move; First who acts first in the
	// Preparation Phase; Starter who was Prepared first and starts the
	// Combat and Regroup Phases.
	Actor, First, Starter int
	Side                  [2]Side
	Realms                [3]RealmSlot
	NRealms               int
	Over                  bool
	Won                   bool // you won
	Tie                   bool // a True Tie
	End                   End
	// Mulligans counts the cards put on the bottom by your mulligans.
	Mulligans int
}

// Realm returns the Realm in slot i.
func (s *State) Realm(i int) *RealmSlot { return &s.Realms[i] }
