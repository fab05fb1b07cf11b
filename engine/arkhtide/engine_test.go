package arkhtide

import (
	"testing"

	"github.com/deckwright/deckwright/engine/enginetest"
)

// TestConserved plays bundled decks in every mode with every policy
// through Engine and checks that no card of yours is ever lost or
// duplicated.
func TestConserved(t *testing.T) {
	enginetest.ConservedEngine(t, Engine, []string{"arkhtide/ember-covenant-mono", "arkhtide/three-factions"}, 300)
}
