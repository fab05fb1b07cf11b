// Package enginetest is the scenario-test runner that every game's engine
// shares: scenario files in testdata played by the game's own reader and
// compared with golden files (rewritten with DECKWRIGHT_UPDATE=1), golden traces of
// whole games for a fixed seed, and the invariants every game keeps
// (cards are never lost or duplicated).
//
// A game's scenario test is a few lines:
//
//	func TestScenarios(t *testing.T) {
//		enginetest.Scenarios(t, "testdata/scenarios", func(t *testing.T, file, text string) []byte {
//			sc := &scenario{t: t, file: file}
//			return sc.run(text) // the game's words, with its own "> expect" checks
//		})
//	}
//
// and the invariant one, for one compiled deck:
//
//	enginetest.Conserved(t, play.NewGame, 2000)
//
// or for bundled decks in every mode with every policy of the engine:
//
//	enginetest.ConservedEngine(t, Engine, []string{"arkhtide/three-factions"}, 300)
package enginetest
