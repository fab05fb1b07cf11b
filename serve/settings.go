package serve

import (
	"github.com/deckwright/deckwright/engine"
	"github.com/deckwright/deckwright/engine/games"
)

// playtestChoice is the playtest page's data: the deck picker, and the
// settings that the form offers for the chosen deck's game, built from
// what its engine declares (engine.Engine.AllSettings), so that a new
// engine or setting needs no change to the page, and a Kaizerseat deck is
// offered no Nature or Arkhtide option.
type playtestChoice struct {
	deckChoice
	Settings []engine.MergedSetting
}

// formSettings are the settings a form offers for a game: its engine's
// choices (a deck setting, Arkhtide's versus, is the command line's);
// none for a game without one.
func (s *Server) formSettings(game string) []engine.MergedSetting {
	g, ok := s.cfg.DB.Game(game)
	if !ok {
		return nil
	}
	e := games.For(g)
	if e == nil {
		return nil
	}
	var out []engine.MergedSetting
	for _, m := range engine.MergeSettings([]*engine.Engine{e}) {
		if m.Kind == engine.ChoiceSetting {
			out = append(out, m)
		}
	}
	return out
}
