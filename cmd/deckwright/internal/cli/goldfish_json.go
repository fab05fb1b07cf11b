package cli

import (
	"github.com/deckwright/deckwright/engine"
	"github.com/deckwright/deckwright/report"
)

// jsonObject is a JSON object that keeps its keys in order: the engine's,
// which its reports use.
type jsonObject = engine.Object

func ci(c [2]float64) []any { return []any{engine.Num(c[0]), engine.Num(c[1])} }

// goldfishJSON is the report of goldfish --json (package report builds
// it, and the web page answers the same).
func goldfishJSON(p *playtest, s *engine.Summary, opts *goldfishOptions) *report.Goldfish {
	return &report.Goldfish{Deck: p.arg, Name: p.deck.Name(), Game: p.deck.Game.ID, Broken: p.broken, Seed: opts.seed, Precision: opts.precision,
		Unit: p.eng.Unit, Policy: p.policy, Play: p.play, Summary: s}
}
