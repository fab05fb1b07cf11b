// Package games lists deckwright's playtest engines, one per game, in one
// place: the command line and the benchmarks find a game's engine here.
// Adding a game's engine is adding its package's Engine to All (see
// engine's package doc).
//
//	e := games.Lookup("arkhtide")
//	play, err := e.Compile(deck, engine.Setup{Mode: "passive"})
package games

import (
	"github.com/deckwright/deckwright/engine"
	"github.com/deckwright/deckwright/engine/arkhtide"
	"github.com/deckwright/deckwright/engine/seeker"
)

// All lists the engines.
var All = []*engine.Engine{seeker.Engine, arkhtide.Engine}

// Lookup returns the engine of a game id, or nil.
func Lookup(id string) *engine.Engine {
	for _, e := range All {
		if e.ID == id {
			return e
		}
	}
	return nil
}
