package cli

import (
	"github.com/deckwright/deckwright/engine"
	"github.com/deckwright/deckwright/report"
)

// goldfishJSON is the report of goldfish --json (package report builds it,
// and the web page answers the same).
func goldfishJSON(p *playtest, s *engine.Summary, opts *goldfishOptions) *report.Goldfish {
	return &report.Goldfish{Deck: p.arg, Name: p.deck.Name(), Game: p.deck.Game.ID, Broken: p.broken, Seed: opts.seed, Precision: opts.precision,
		Unit: p.eng.Unit, Policy: p.policy, Play: p.play, Summary: s}
}
