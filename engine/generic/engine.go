package generic

import (
	"fmt"
	"strings"

	"github.com/deckwright/deckwright/cardsdb"
	"github.com/deckwright/deckwright/engine"
)

// modes are the ways to play: a goldfish only.
var modes = []engine.Option{
	{Name: "goldfish", Doc: "the game's playtest block: draw, spend the turn's resources, score points until they reach win_points; no opponent"},
}

// Engine is the engine of any game's playtest block, as a front end
// describes it (its settings); For gives the engine of one game.
var Engine = &engine.Engine{
	Name:            "a playtest block",
	Doc:             "any game whose game.yaml has a playtest block: a goldfish game as the block declares it",
	Unit:            "turn",
	ModeName:        "mode",
	Modes:           modes,
	Policies:        policies.Options(),
	DefaultMaxTurns: 30,
	CheckEffects:    CheckEffects,
	Compile:         compileSetup,
}

// For returns the playtest engine of a game with a playtest block, or nil
// for a game without one.
func For(g *cardsdb.Game) *engine.Engine {
	if g == nil || g.Playtest == nil {
		return nil
	}
	e := *Engine
	e.ID, e.Name = g.ID, g.Name
	e.Doc = g.Name + ": a goldfish game as its game.yaml's playtest block declares it"
	e.DefaultMaxTurns = g.Playtest.MaxTurns
	e.Policies = policyOptions(g.Playtest)
	return &e
}

// compileSetup compiles a deck for a setup: Engine.Compile.
func compileSetup(deck *cardsdb.Deck, s engine.Setup) (*engine.Play, error) {
	mode, err := engine.Pick("mode", modes, s.Mode)
	if err != nil {
		return nil, err
	}
	if deck.Game.Playtest == nil {
		return nil, fmt.Errorf("%s has no playtest block", deck.Game.Name)
	}
	pol, err := engine.Pick("policy", policyOptions(deck.Game.Playtest), s.Policy)
	if err != nil {
		return nil, err
	}
	d, err := Compile(deck)
	if err != nil {
		return nil, err
	}
	maxTurns := s.MaxTurns
	if maxTurns <= 0 {
		maxTurns = d.Rules.MaxTurns
	}
	p := &engine.Play{
		Spec:         Spec(d, maxTurns),
		NewGame:      func() engine.Game { pp, _ := PolicyFor(d, pol); return NewMatch(d, pp, maxTurns) },
		Policy:       pol,
		Mode:         mode,
		ModeText:     modeText(d.Rules),
		ModeJSON:     ModeJSON{Mode: mode, WinPoints: d.Rules.WinPoints},
		Figures:      []engine.Figure{engine.WinTurn("turn"), engine.WinRate, pointsBy(3, TallyPointsBy3), pointsBy(5, TallyPointsBy5)},
		NotSimulated: d.NotSimulated,
		Provisional:  d.Provisional,
	}
	p.Report = func(s *engine.Summary) engine.Report { return report(d, s) }
	return p, nil
}

// ModeJSON is how a playtest block's games are played, in a report's
// JSON: the mode and the points that win.
type ModeJSON struct {
	Mode      string `json:"mode"`
	WinPoints int    `json:"win_points"`
}

// Figures are a playtest block's own figures in a report's JSON, means
// per game.
type Figures struct {
	Mulligans        engine.Number `json:"mulligans"`
	Points           engine.Number `json:"points"`
	ResourcesUnspent engine.Number `json:"resources_unspent"`
}

// pointsBy is the figure: the points scored by the end of turn t (the
// game's points when it was won earlier).
func pointsBy(t, tally int) engine.Figure {
	return engine.Figure{Key: fmt.Sprintf("points_by_turn_%d", t), Name: fmt.Sprintf("points by turn %d", t), Unit: "point",
		More: fmt.Sprintf("scores %%s more by turn %d", t), Less: fmt.Sprintf("scores %%s fewer by turn %d", t),
		Value: func(_ engine.Outcome, g *engine.Record) (int64, bool) { return g.GameTally(tally), true }}
}

// report is a run's report: mulligans, points, unspent resources, and the
// per-card table.
func report(d *Deck, s *engine.Summary) engine.Report {
	var r engine.Report
	mul, pts, left := s.Tallies[TallyMulligans], s.Tallies[TallyPoints], s.Tallies[TallyResourcesLeft]
	r.Rows = [][]string{
		{"points", "mean " + engine.F2(pts.Mean) + " at the end", fmt.Sprintf("%d to win", d.Rules.WinPoints)},
		{"resources unspent", "mean " + engine.F2(left.Mean) + " a game"},
	}
	if d.Rules.Mulligan.Times > 0 {
		r.Rows = append(r.Rows, []string{"mulligans", "mean " + engine.F2(mul.Mean) + " a game"})
	}
	r.JSON = Figures{Mulligans: engine.Number(mul.Mean), Points: engine.Number(pts.Mean), ResourcesUnspent: engine.Number(left.Mean)}
	t := engine.CardTable{Key: "cards", Title: "card", Opening: true}
	for i := range s.Cards {
		t.Cards = append(t.Cards, i)
	}
	for e := range s.Events {
		t.Events = append(t.Events, e)
	}
	t.Legend = []string{
		"per game on average, over all games:",
		"drawn: put into your hand from your deck (the opening hand included); played: paid for and resolved (a resource card: put into play);",
		"discarded: by a discard effect or the hand limit; dead: in hand at the end;",
		"in opening: share of games with the card in the opening hand; win turn if opening / if not: the mean win turn of won games with and without it",
	}
	r.CardTables = []engine.CardTable{t}
	r.Summary = []string{fmt.Sprintf("%s points at the end on average (%d to win)", engine.F2(pts.Mean), d.Rules.WinPoints)}
	return r
}

// modeText says what the goldfish plays to: "goldfish to 20 points".
func modeText(r *cardsdb.Playtest) string {
	var goals []string
	if r.WinPoints > 0 {
		goals = append(goals, fmt.Sprintf("%d points", r.WinPoints))
	}
	if r.Win.Damage > 0 {
		goals = append(goals, fmt.Sprintf("%d damage", r.Win.Damage))
	}
	if len(r.Win.Pieces) > 0 {
		goals = append(goals, "every piece in play")
	}
	if r.Win.Survive > 0 {
		goals = append(goals, fmt.Sprintf("surviving %d turns", r.Win.Survive))
	}
	t := "goldfish to " + strings.Join(goals, " or ")
	if c := r.Lose.Clock; c.Damage > 0 {
		t += fmt.Sprintf(", against a clock of %d damage a turn from turn %d (%d life)", c.Damage, c.FromTurn, c.Life)
	}
	return t
}
