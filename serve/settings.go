package serve

import (
	"github.com/deckwright/deckwright/engine"
	"github.com/deckwright/deckwright/engine/games"
)

// playtestChoice is the playtest page's data: the deck picker, and the
// engines' settings that the form offers, built from what every engine
// declares (engine.Engine.AllSettings), so that a new engine or setting
// needs no change to the page.
type playtestChoice struct {
	deckChoice
	Settings []engine.MergedSetting
}

// formSettings are the settings a form offers: the choices (a deck
// setting, Arkhtide's versus, is the command line's).
func formSettings() []engine.MergedSetting {
	var out []engine.MergedSetting
	for _, m := range engine.MergeSettings(games.Kinds()) {
		if m.Kind == engine.ChoiceSetting {
			out = append(out, m)
		}
	}
	return out
}
