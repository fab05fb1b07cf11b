package games

import (
	"github.com/deckwright/deckwright/cardsdb"
	"github.com/deckwright/deckwright/engine"
	"github.com/deckwright/deckwright/engine/arkhtide"
	"github.com/deckwright/deckwright/engine/generic"
	"github.com/deckwright/deckwright/engine/seeker"
)

// All lists the engines written for a game.
var All = []*engine.Engine{seeker.Engine, arkhtide.Engine}

// Lookup returns the engine written for a game id, or nil.
func Lookup(id string) *engine.Engine {
	for _, e := range All {
		if e.ID == id {
			return e
		}
	}
	return nil
}

// Kinds lists every kind of engine, to describe them (flags, completion,
// help): the engines written for a game, then the engine of playtest
// blocks.
func Kinds() []*engine.Engine { return append(append([]*engine.Engine{}, All...), generic.Engine) }

// For returns the playtest engine of a game: the one written for it, else
// the engine of its game.yaml's playtest block (engine/generic), else nil.
func For(g *cardsdb.Game) *engine.Engine {
	if g == nil {
		return nil
	}
	if e := Lookup(g.ID); e != nil {
		return e
	}
	return generic.For(g)
}
