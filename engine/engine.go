package engine

import (
	"fmt"
	"math"
	"strings"

	"github.com/deckwright/deckwright/cardsdb"
)

// Engine is one game's playtest engine as a value: what the runner and
// the command line need to play a deck of the game and report on it,
// without knowing the game. Each game's package declares one (seeker.Engine,
// arkhtide.Engine); engine/games lists them all in one place.
type Engine struct {
	// ID is the game's id in the card database: "seeker-chronicles".
	ID string
	// Name is what a person calls the engine's game: "Seeker Chronicles".
	Name string
	// Doc says in a sentence what the engine plays.
	Doc string
	// Unit is what a turn of the report counts: "turn", "round".
	Unit string
	// Policies are the policies that can play your side, the default
	// first.
	Policies []Option
	// ModeName is what the game calls its modes: "mode", "opponent".
	ModeName string
	// Modes are the ways a game can be played (whom you play against),
	// the default first.
	Modes []Option
	// Settings are the game's own settings beyond its mode, its policy
	// and MaxTurns (Seeker Chronicles' difficulty, Arkhtide's versus
	// deck), declared as values: a front end builds its flags, completion
	// and checks from AllSettings, and refuses the settings of other
	// games.
	Settings []Setting
	// DefaultMaxTurns is the longest game when Setup.MaxTurns is 0.
	DefaultMaxTurns int
	// CheckEffects reads the effects of a deck's cards and reports those
	// the engine cannot read, so that a validator can warn of them.
	CheckEffects func(*cardsdb.Deck) error
	// Compile compiles a legal deck of the game for the setup. A setup
	// that does not fit the game gives a *SetupError; a deck the engine
	// cannot play, any other error.
	Compile func(deck *cardsdb.Deck, s Setup) (*Play, error)
}

// Option is a named choice, a policy or a mode, with what it does.
type Option struct {
	Name, Doc string
}

// Setup says how to play a deck: the mode, the policy, and the game's own
// settings (each engine reads those its Settings name).
type Setup struct {
	Mode   string // "" for the default
	Policy string // "" for the default
	// MaxTurns stops a game not over after this many turns; 0 for the
	// engine's default.
	MaxTurns int
	// Values holds the engine's own ChoiceSetting settings given, by
	// name ("difficulty": "apprentice"); a setting not given is absent.
	Values map[string]string
	// Versus is the deck of the engine's DeckSetting, and VersusName how
	// it was given: Arkhtide's passive opponent.
	Versus     *cardsdb.Deck
	VersusName string
}

// SetupError says that a setting does not fit the game: Setting names it
// ("mode", "policy"...), and Msg is the whole message, which starts with
// "--" and the setting, as a command line names it.
type SetupError struct {
	Setting string
	Msg     string
}

// Error returns the message.
func (e *SetupError) Error() string { return e.Msg }

// Play is a deck compiled for one setup: how to play it and what its
// report shows, declared as data.
type Play struct {
	// Spec sizes the runner's tables.
	Spec Spec
	// NewGame makes a game with the setup's policy (one per worker).
	NewGame func() Game
	// Policy and Mode are the setup's, defaults filled in.
	Policy, Mode string
	// ModeText says whom the deck plays against: "goldfish".
	ModeText string
	// ModeJSON is a struct whose JSON fields say how games are played
	// ({"mode": "goldfish"}): the reports write them among their own
	// (JoinObjects).
	ModeJSON any
	// Report gives the game's own part of a run's report.
	Report func(s *Summary) Report
	// Figures are the per-game measures that compare, tune and optimize
	// weigh, the first the main one.
	Figures []Figure
	// NotSimulated and Provisional are the cards whose text is not played
	// and those whose values are ours.
	NotSimulated []NotSimulated
	Provisional  []Provisional
}

// Report is a game's own part of a run's report, as data that a front
// end prints.
type Report struct {
	// Rows are lines of the summary table: a label, then cells.
	Rows [][]string
	// JSON is a struct of the game's own figures, whose JSON fields the
	// report writes among its own (JoinObjects).
	JSON any
	// Tables are the tables printed after the histogram.
	Tables []Table
	// CardTables are the per-card tables.
	CardTables []CardTable
	// Summary is a few lines for a short summary (deckwright build).
	Summary []string
}

// Table is a table of text: a header, rows, and a legend under it.
type Table struct {
	Header []string
	Rows   [][]string
	Legend string
}

// CardTable selects what a per-card table shows: the cards (indices into
// Summary.Cards), the events (indices into Summary.Events), whether the
// opening-hand columns are shown, and a legend that says what each column
// counts. Key is its name in JSON ("cards") and Title the heading of its
// first column ("card").
type CardTable struct {
	Key, Title string
	Cards      []int
	Events     []int
	Opening    bool
	// NotApplicable[e] lists the cards (indices into Summary.Cards) for
	// which event e (an index into Summary.Events) cannot happen: the
	// table shows "-" and JSON null rather than 0.
	NotApplicable map[int][]int
	Legend        []string
}

// Figure is one per-game measure, which a paired comparison weighs game
// by game: the win, the win turn, Arkhtide's Quintessence by Round 2.
type Figure struct {
	// Key is its JSON name: "win_turn".
	Key string
	// Name is what a person reads: "win turn".
	Name string
	// Unit names what it counts, singular: "turn", "Quintessence".
	Unit string
	// Percent shows the figure as a share (a 0 or 1 per game).
	Percent bool
	// Lower says that less is better.
	Lower bool
	// More and Less say what B does when its figure is higher or lower
	// than A's, around the amount (%s): "wins %s later", "wins %s sooner".
	More, Less string
	// Value is the figure of one game, from its outcome and its record;
	// ok is false when the game has none (a lost game has no win turn).
	Value func(o Outcome, g *Record) (v int64, ok bool)
}

// WinRate is the figure every game has: 1 for a won game, else 0.
var WinRate = Figure{Key: "win_rate", Name: "win rate", Percent: true,
	More: "wins %s more often", Less: "wins %s less often",
	Value: func(o Outcome, _ *Record) (int64, bool) {
		if o.Won && !o.Unfinished {
			return 1, true
		}
		return 0, true
	}}

// WinTurn is the turn of a won game (none for a game not won); unit is
// what a turn is called.
func WinTurn(unit string) Figure {
	return Figure{Key: "win_" + unit, Name: "win " + unit, Unit: unit, Lower: true,
		More: "wins %s later", Less: "wins %s sooner",
		Value: func(o Outcome, _ *Record) (int64, bool) {
			if o.Won && !o.Unfinished {
				return int64(o.Turns), true
			}
			return 0, false
		}}
}

// Num rounds a figure to 4 decimals for JSON; NaN (no data) is null.
func Num(x float64) any {
	if math.IsNaN(x) || math.IsInf(x, 0) {
		return nil
	}
	return math.Round(x*1e4) / 1e4
}

// Pct writes a share as a percentage, "-" for NaN (no data).
func Pct(x float64) string {
	if math.IsNaN(x) {
		return "-"
	}
	return fmt.Sprintf("%.1f%%", 100*x)
}

// F2 writes a figure with 2 decimals, "-" for NaN (no data).
func F2(x float64) string {
	if math.IsNaN(x) {
		return "-"
	}
	return fmt.Sprintf("%.2f", x)
}

// TurnText writes a percentile turn, "-" without data.
func TurnText(has bool, turn int) string {
	if !has {
		return "-"
	}
	return fmt.Sprint(turn)
}

// OptionNames lists the names of options.
func OptionNames(os []Option) []string {
	var out []string
	for _, o := range os {
		out = append(out, o.Name)
	}
	return out
}

// Pick returns the named option's name (the first for ""), or a
// *SetupError naming setting that lists the names.
func Pick(setting string, os []Option, name string) (string, error) {
	if name == "" && len(os) > 0 {
		return os[0].Name, nil
	}
	for _, o := range os {
		if o.Name == name {
			return name, nil
		}
	}
	many := setting + "s"
	if strings.HasSuffix(setting, "y") {
		many = strings.TrimSuffix(setting, "y") + "ies"
	}
	return "", &SetupError{setting, fmt.Sprintf("--%s: unknown %s %q; the %s are %s", setting, setting, name, many, strings.Join(OptionNames(os), ", "))}
}

// Options lists a Policies' names and docs.
func (ps Policies[P]) Options() []Option {
	var out []Option
	for _, p := range ps {
		out = append(out, Option{p.Name, p.Doc})
	}
	return out
}

// Applies says whether event e can happen to card c in the table.
func (t *CardTable) Applies(e, c int) bool {
	for _, x := range t.NotApplicable[e] {
		if x == c {
			return false
		}
	}
	return true
}
