package cli

import (
	"github.com/deckwright/deckwright/engine"
	"github.com/deckwright/deckwright/report"
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

// goldfishJSON is the report of goldfish --json (package report builds
// it, and the web page answers the same).
func goldfishJSON(p *playtest, s *engine.Summary, opts *goldfishOptions) *report.Goldfish {
	return &report.Goldfish{Deck: p.arg, Name: p.deck.Name(), Game: p.deck.Game.ID, Broken: p.broken, Seed: opts.seed, Precision: opts.precision,
		Unit: p.eng.Unit, Policy: p.policy, Play: p.play, Summary: s}
}
