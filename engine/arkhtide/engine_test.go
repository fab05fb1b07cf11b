package arkhtide

import (
	"testing"

	"github.com/deckwright/deckwright/cardsdb"
	"github.com/deckwright/deckwright/engine"
	"github.com/deckwright/deckwright/engine/enginetest"
)

// TestConserved plays bundled decks in every mode with every policy
// through Engine and checks that no card of yours is ever lost or
// duplicated.
func TestConserved(t *testing.T) {
	db := loadDB(t)
	for _, name := range []string{"ember-covenant-mono", "three-factions"} {
		list, err := db.BundledDeck("arkhtide/" + name)
		if err != nil {
			t.Fatal(err)
		}
		g, _ := db.Game(list.Game)
		deck, err := cardsdb.Resolve(g, list)
		if err != nil {
			t.Fatal(err)
		}
		for _, mode := range Engine.Modes {
			for _, pol := range Engine.Policies {
				t.Run(name+"-"+mode.Name+"-"+pol.Name, func(t *testing.T) {
					p, err := Engine.Compile(deck, engine.Setup{Mode: mode.Name, Policy: pol.Name})
					if err != nil {
						t.Fatal(err)
					}
					enginetest.Conserved(t, p.NewGame, 300)
				})
			}
		}
	}
}
