package report

import (
	"bytes"
	"encoding/json"

	"github.com/deckwright/deckwright/engine"
)

// Goldfish is deckwright goldfish --json: a run of one deck by its game's
// playtest engine. It marshals to the command's JSON, its keys in order;
// the page reads the same values (Summary, Play) to draw its charts.
type Goldfish struct {
	// Deck is how the deck was given (a file, GAME/NAME, a saved deck's
	// name); Name is the deck's own name and Game its game's id.
	Deck, Name, Game string
	// Broken counts the deck-building problems of a draft played with
	// --force (0: a legal deck).
	Broken int
	// Seed and Precision are the run's: game i draws from the stream
	// (Seed, i); Precision is the target width of the win turn's CI (0:
	// none).
	Seed      uint64
	Precision float64
	// Unit is what a turn counts ("turn", "round"), Policy the policy
	// that played.
	Unit, Policy string
	Play         *engine.Play
	Summary      *engine.Summary
}

// MarshalJSON writes the report as goldfish --json prints it.
func (g *Goldfish) MarshalJSON() ([]byte, error) { return g.Report().MarshalJSON() }

// Report is the typed report: what goldfish --json writes, and what the
// table and the page read.
func (g *Goldfish) Report() *GoldfishReport {
	s, spec := g.Summary, g.Play.Spec
	rep := g.Play.Report(s)
	r := &GoldfishReport{
		GoldfishHead: GoldfishHead{Deck: g.Deck, Name: g.Name, Game: g.Game, Games: s.Games, Seed: g.Seed},
		Mode:         g.Play.ModeJSON,
		GoldfishFigures: GoldfishFigures{Policy: g.Policy, TurnUnit: g.Unit, MaxTurns: spec.MaxTurns,
			Precision: Precision{Target: engine.Number(g.Precision), Reached: s.Precision},
			Won:       s.Won, Lost: s.Lost, Unfinished: s.Unfinished,
			WinRate: engine.Number(s.WinRate), WinRateCI95: engine.CI95(s.WinRateCI95), WinRateCIMethod: "wilson",
			LossRate: engine.Number(s.LossRate), UnfinishedRate: engine.Number(s.UnfinishedRate),
			Turns: TurnsJSON{Mean: engine.Number(s.Turns.Mean), SD: engine.Number(s.Turns.SD), CI95: engine.CI95(s.Turns.CI95),
				Median: engine.TurnOf(s.Turns, s.Turns.Median), P10: engine.TurnOf(s.Turns, s.Turns.P10), P90: engine.TurnOf(s.Turns, s.Turns.P90),
				Histogram: []HistBin{}},
			Length: LengthJSON{Mean: engine.Number(s.Length.Mean), Median: engine.TurnOf(s.Length, s.Length.Median)},
		},
		EngineFigures: rep.JSON,
		GoldfishNotes: GoldfishNotes{NotSimulated: g.Play.NotSimulated, Provisional: g.Play.Provisional},
	}
	if g.Broken > 0 {
		r.Forced = &Forced{RuleProblems: g.Broken}
	}
	for _, b := range s.Turns.Histogram {
		r.Turns.Histogram = append(r.Turns.Histogram, HistBin{Turn: b.Turn, Games: b.Games, WonBy: engine.Number(b.Cumulative)})
	}
	for _, t := range rep.CardTables {
		r.CardTables = append(r.CardTables, CardTableJSON{Key: t.Key, Cards: CardList(s, t)})
	}
	if r.NotSimulated == nil {
		r.NotSimulated = []engine.NotSimulated{}
	}
	if r.Provisional == nil {
		r.Provisional = []engine.Provisional{}
	}
	return r
}

// GoldfishReport is the report of a goldfish run, as goldfish --json
// writes it: its own fields in order, with the engine's (Mode,
// EngineFigures) and the card tables among them.
type GoldfishReport struct {
	GoldfishHead
	// Mode is the engine's Play.ModeJSON: how the games were played.
	Mode any
	GoldfishFigures
	// EngineFigures is the engine's Report.JSON: the game's own figures.
	EngineFigures any
	// CardTables are the per-card tables, each under its key ("cards").
	CardTables []CardTableJSON
	GoldfishNotes
}

// MarshalJSON writes the fields in goldfish --json's order.
func (r GoldfishReport) MarshalJSON() ([]byte, error) {
	return engine.JoinObjects(r.GoldfishHead, r.Mode, r.GoldfishFigures, r.EngineFigures, cardTables(r.CardTables), r.GoldfishNotes)
}

// GoldfishHead is what deck was played, how many games and the seed.
type GoldfishHead struct {
	Deck string `json:"deck"`
	Name string `json:"name"`
	Game string `json:"game"`
	// Forced is set for a draft that breaks the rules, played with
	// --force.
	Forced *Forced `json:"forced,omitempty"`
	Games  int     `json:"games"`
	Seed   uint64  `json:"seed"`
}

// Forced says how many deck-building problems a draft played with --force
// has.
type Forced struct {
	RuleProblems int `json:"rule_problems"`
}

// GoldfishFigures are the figures every engine's report has.
type GoldfishFigures struct {
	Policy          string          `json:"policy"`
	TurnUnit        string          `json:"turn_unit"`
	MaxTurns        int             `json:"max_turns"`
	Precision       Precision       `json:"precision"`
	Won             int             `json:"won"`
	Lost            int             `json:"lost"`
	Unfinished      int             `json:"unfinished"`
	WinRate         engine.Number   `json:"win_rate"`
	WinRateCI95     engine.Interval `json:"win_rate_ci95"`
	WinRateCIMethod string          `json:"win_rate_ci_method"`
	LossRate        engine.Number   `json:"loss_rate"`
	UnfinishedRate  engine.Number   `json:"unfinished_rate"`
	Turns           TurnsJSON       `json:"turns"`
	Length          LengthJSON      `json:"length"`
}

// Precision is a run's --precision: the target half-width of the main
// figure's 95% CI (0: none) and whether the run stopped on it.
type Precision struct {
	Target  engine.Number `json:"target"`
	Reached bool          `json:"reached"`
}

// TurnsJSON is the distribution of the win turn over won games.
type TurnsJSON struct {
	Mean      engine.Number   `json:"mean"`
	SD        engine.Number   `json:"sd"`
	CI95      engine.Interval `json:"ci95"`
	Median    engine.Turn     `json:"median"`
	P10       engine.Turn     `json:"p10"`
	P90       engine.Turn     `json:"p90"`
	Histogram []HistBin       `json:"histogram"`
}

// HistBin is one turn of the win-turn histogram: the games won on it and
// the share of all games won by it.
type HistBin struct {
	Turn  int           `json:"turn"`
	Games int           `json:"games"`
	WonBy engine.Number `json:"won_by"`
}

// LengthJSON is the length of every game.
type LengthJSON struct {
	Mean   engine.Number `json:"mean"`
	Median engine.Turn   `json:"median"`
}

// GoldfishNotes are the cards whose text is not played and those whose
// values are ours.
type GoldfishNotes struct {
	NotSimulated []engine.NotSimulated `json:"not_simulated"`
	Provisional  []engine.Provisional  `json:"provisional"`
}

// CardTableJSON is one per-card table: its key and a row per card.
type CardTableJSON struct {
	Key   string
	Cards []CardRow
}

// cardTables writes card tables as one object, a key per table.
type cardTables []CardTableJSON

func (ts cardTables) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	b.WriteByte('{')
	for i, t := range ts {
		if i > 0 {
			b.WriteByte(',')
		}
		writeField(&b, t.Key, t.Cards)
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

// writeField writes "key":value; a value that cannot be written is null.
func writeField(b *bytes.Buffer, key string, v any) {
	k, _ := json.Marshal(key)
	b.Write(k)
	b.WriteByte(':')
	data, err := json.Marshal(v)
	if err != nil {
		data = []byte("null")
	}
	b.Write(data)
}

// CardRow is one card of a per-card table: its name, each event per game
// on average, in the table's order (Applies false where the event cannot
// happen to the card: null in JSON), and with the opening columns the
// games with it in the opening hand and the win turns with and without.
type CardRow struct {
	Name    string
	Events  []EventCell
	Opening *OpeningCells
}

// EventCell is one event of a CardRow.
type EventCell struct {
	Event   string
	PerGame engine.Number
	Applies bool
}

// OpeningCells are the opening-hand columns of a CardRow.
type OpeningCells struct {
	Games                        int
	WinTurnOpening, WinTurnOther engine.Number
}

// Columns are the row's JSON keys, in order.
func (r CardRow) Columns() []string {
	cols := []string{"name"}
	for _, e := range r.Events {
		cols = append(cols, e.Event)
	}
	if r.Opening != nil {
		cols = append(cols, "opening_hand_games", "win_turn_opening", "win_turn_other")
	}
	return cols
}

// Values are the row's JSON values, in the order of Columns: a string,
// figures rounded as JSON writes them (engine.Num), nil for no data.
func (r CardRow) Values() []any {
	vals := []any{r.Name}
	for _, e := range r.Events {
		if !e.Applies {
			vals = append(vals, nil)
			continue
		}
		vals = append(vals, engine.Num(float64(e.PerGame)))
	}
	if o := r.Opening; o != nil {
		vals = append(vals, o.Games, engine.Num(float64(o.WinTurnOpening)), engine.Num(float64(o.WinTurnOther)))
	}
	return vals
}

// MarshalJSON writes the row as an object, its keys in Columns' order.
func (r CardRow) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	b.WriteByte('{')
	vals := r.Values()
	for i, c := range r.Columns() {
		if i > 0 {
			b.WriteByte(',')
		}
		writeField(&b, c, vals[i])
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

// CardList is a card table's rows: one per card, its events per game
// (not applying where the event cannot happen to the card), and with the
// opening columns the win turns.
func CardList(s *engine.Summary, t engine.CardTable) []CardRow {
	cards := []CardRow{}
	for _, i := range t.Cards {
		c := s.Cards[i]
		row := CardRow{Name: c.Name}
		for _, e := range t.Events {
			row.Events = append(row.Events, EventCell{Event: s.Events[e], PerGame: engine.Number(c.PerGame[e]), Applies: t.Applies(e, i)})
		}
		if t.Opening {
			row.Opening = &OpeningCells{Games: c.OpeningGames, WinTurnOpening: engine.Number(c.WinTurnOpening), WinTurnOther: engine.Number(c.WinTurnOther)}
		}
		cards = append(cards, row)
	}
	return cards
}
