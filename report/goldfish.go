package report

import (
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
func (g *Goldfish) MarshalJSON() ([]byte, error) { return g.JSON().MarshalJSON() }

// JSON is the report as an ordered JSON object.
func (g *Goldfish) JSON() engine.Object {
	s, spec := g.Summary, g.Play.Spec
	rep := g.Play.Report(s)
	o := engine.Object{
		{K: "deck", V: g.Deck},
		{K: "name", V: g.Name},
		{K: "game", V: g.Game},
	}
	if g.Broken > 0 {
		o = append(o, engine.Field{K: "forced", V: engine.Object{{K: "rule_problems", V: g.Broken}}})
	}
	o = append(o, engine.Field{K: "games", V: s.Games}, engine.Field{K: "seed", V: g.Seed})
	o = append(o, g.Play.ModeJSON...)
	o = append(o,
		engine.Field{K: "policy", V: g.Policy},
		engine.Field{K: "turn_unit", V: g.Unit},
		engine.Field{K: "max_turns", V: spec.MaxTurns},
		engine.Field{K: "precision", V: engine.Object{{K: "target", V: engine.Num(g.Precision)}, {K: "reached", V: s.Precision}}},
		engine.Field{K: "won", V: s.Won},
		engine.Field{K: "lost", V: s.Lost},
		engine.Field{K: "unfinished", V: s.Unfinished},
		engine.Field{K: "win_rate", V: engine.Num(s.WinRate)},
		engine.Field{K: "win_rate_ci95", V: ci(s.WinRateCI95)},
		engine.Field{K: "win_rate_ci_method", V: "wilson"},
		engine.Field{K: "loss_rate", V: engine.Num(s.LossRate)},
		engine.Field{K: "unfinished_rate", V: engine.Num(s.UnfinishedRate)},
	)
	hist := []engine.Object{}
	for _, b := range s.Turns.Histogram {
		hist = append(hist, engine.Object{{K: "turn", V: b.Turn}, {K: "games", V: b.Games}, {K: "won_by", V: engine.Num(b.Cumulative)}})
	}
	o = append(o, engine.Field{K: "turns", V: engine.Object{
		{K: "mean", V: engine.Num(s.Turns.Mean)},
		{K: "sd", V: engine.Num(s.Turns.SD)},
		{K: "ci95", V: ci(s.Turns.CI95)},
		{K: "median", V: turnOrNull(s.Turns, s.Turns.Median)},
		{K: "p10", V: turnOrNull(s.Turns, s.Turns.P10)},
		{K: "p90", V: turnOrNull(s.Turns, s.Turns.P90)},
		{K: "histogram", V: hist},
	}})
	o = append(o, engine.Field{K: "length", V: engine.Object{{K: "mean", V: engine.Num(s.Length.Mean)}, {K: "median", V: turnOrNull(s.Length, s.Length.Median)}}})
	o = append(o, rep.JSON...)
	for _, t := range rep.CardTables {
		o = append(o, engine.Field{K: t.Key, V: CardList(s, t)})
	}
	ns, pv := g.Play.NotSimulated, g.Play.Provisional
	if ns == nil {
		ns = []engine.NotSimulated{}
	}
	if pv == nil {
		pv = []engine.Provisional{}
	}
	o = append(o, engine.Field{K: "not_simulated", V: ns}, engine.Field{K: "provisional", V: pv})
	return o
}

// CardList is the JSON of a card table: one object per card, its events
// per game (null where the event cannot apply to the card), and with the
// opening columns the win turns.
func CardList(s *engine.Summary, t engine.CardTable) []engine.Object {
	cards := []engine.Object{}
	for _, i := range t.Cards {
		c := s.Cards[i]
		co := engine.Object{{K: "name", V: c.Name}}
		for _, e := range t.Events {
			if !t.Applies(e, i) {
				co = append(co, engine.Field{K: s.Events[e], V: nil})
				continue
			}
			co = append(co, engine.Field{K: s.Events[e], V: engine.Num(c.PerGame[e])})
		}
		if t.Opening {
			co = append(co,
				engine.Field{K: "opening_hand_games", V: c.OpeningGames},
				engine.Field{K: "win_turn_opening", V: engine.Num(c.WinTurnOpening)},
				engine.Field{K: "win_turn_other", V: engine.Num(c.WinTurnOther)},
			)
		}
		cards = append(cards, co)
	}
	return cards
}

func ci(c [2]float64) []any { return []any{engine.Num(c[0]), engine.Num(c[1])} }

// turnOrNull is a percentile turn of d, null when d holds no game (no
// game won, a milestone never reached).
func turnOrNull(d engine.Dist, turn int) any {
	if !d.HasData() {
		return nil
	}
	return turn
}
