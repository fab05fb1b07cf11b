package cli

import (
	"github.com/deckwright/deckwright/engine"
)

// jsonObject is a JSON object that keeps its keys in order, and
// jsonField one of its fields: the engine's, which its reports use.
type (
	jsonObject = engine.Object
	jsonField  = engine.Field
)

func ci(c [2]float64) []any { return []any{engine.Num(c[0]), engine.Num(c[1])} }

// turnOrNull is a percentile turn of d, null when d holds no game (no
// game won, a milestone never reached).
func turnOrNull(d engine.Dist, turn int) any {
	if !d.HasData() {
		return nil
	}
	return turn
}

// milestoneMedian is a milestone's median turn, null when no game reached
// it.
func milestoneMedian(m engine.MilestoneStats) any {
	if m.Games == 0 {
		return nil
	}
	return m.Median
}

func goldfishJSON(p *playtest, s *engine.Summary, opts *goldfishOptions) jsonObject {
	spec := p.play.Spec
	rep := p.play.Report(s)
	o := jsonObject{
		{K: "deck", V: p.arg},
		{K: "name", V: p.deck.Name()},
		{K: "game", V: p.deck.Game.ID},
	}
	if p.broken > 0 {
		o = append(o, jsonField{K: "forced", V: jsonObject{{K: "rule_problems", V: p.broken}}})
	}
	o = append(o, jsonField{K: "games", V: s.Games}, jsonField{K: "seed", V: opts.seed})
	o = append(o, p.play.ModeJSON...)
	o = append(o,
		jsonField{K: "policy", V: p.policy},
		jsonField{K: "turn_unit", V: p.eng.Unit},
		jsonField{K: "max_turns", V: spec.MaxTurns},
		jsonField{K: "precision", V: jsonObject{{K: "target", V: engine.Num(opts.precision)}, {K: "reached", V: s.Precision}}},
		jsonField{K: "won", V: s.Won},
		jsonField{K: "lost", V: s.Lost},
		jsonField{K: "unfinished", V: s.Unfinished},
		jsonField{K: "win_rate", V: engine.Num(s.WinRate)},
		jsonField{K: "win_rate_ci95", V: ci(s.WinRateCI95)},
		jsonField{K: "win_rate_ci_method", V: "wilson"},
		jsonField{K: "loss_rate", V: engine.Num(s.LossRate)},
		jsonField{K: "unfinished_rate", V: engine.Num(s.UnfinishedRate)},
	)
	hist := []jsonObject{}
	for _, b := range s.Turns.Histogram {
		hist = append(hist, jsonObject{{K: "turn", V: b.Turn}, {K: "games", V: b.Games}, {K: "won_by", V: engine.Num(b.Cumulative)}})
	}
	o = append(o, jsonField{K: "turns", V: jsonObject{
		{K: "mean", V: engine.Num(s.Turns.Mean)},
		{K: "sd", V: engine.Num(s.Turns.SD)},
		{K: "ci95", V: ci(s.Turns.CI95)},
		{K: "median", V: turnOrNull(s.Turns, s.Turns.Median)},
		{K: "p10", V: turnOrNull(s.Turns, s.Turns.P10)},
		{K: "p90", V: turnOrNull(s.Turns, s.Turns.P90)},
		{K: "histogram", V: hist},
	}})
	o = append(o, jsonField{K: "length", V: jsonObject{{K: "mean", V: engine.Num(s.Length.Mean)}, {K: "median", V: turnOrNull(s.Length, s.Length.Median)}}})
	o = append(o, rep.JSON...)
	for _, t := range rep.CardTables {
		o = append(o, jsonField{K: t.Key, V: jsonCardList(s, t)})
	}
	ns, pv := p.play.NotSimulated, p.play.Provisional
	if ns == nil {
		ns = []engine.NotSimulated{}
	}
	if pv == nil {
		pv = []engine.Provisional{}
	}
	o = append(o, jsonField{K: "not_simulated", V: ns}, jsonField{K: "provisional", V: pv})
	return o
}

// jsonCardList is the JSON of a card table: one object per card, its
// events per game, and with the opening columns the win turns.
func jsonCardList(s *engine.Summary, r engine.CardTable) []jsonObject {
	cards := []jsonObject{}
	for _, i := range r.Cards {
		c := s.Cards[i]
		co := jsonObject{{K: "name", V: c.Name}}
		for _, e := range r.Events {
			if !r.Applies(e, i) {
				co = append(co, jsonField{K: s.Events[e], V: nil})
				continue
			}
			co = append(co, jsonField{K: s.Events[e], V: engine.Num(c.PerGame[e])})
		}
		if r.Opening {
			co = append(co,
				jsonField{K: "opening_hand_games", V: c.OpeningGames},
				jsonField{K: "win_turn_opening", V: engine.Num(c.WinTurnOpening)},
				jsonField{K: "win_turn_other", V: engine.Num(c.WinTurnOther)},
			)
		}
		cards = append(cards, co)
	}
	return cards
}
