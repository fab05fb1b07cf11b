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
