package cli

import (
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/deckwright/deckwright/engine"
	"github.com/deckwright/deckwright/engine/games"
)

// engineSettings holds the flags of the engines' settings (--mode,
// --opponent, --difficulty, --versus, --policy...), built from what every
// engine declares (engine.Engine.AllSettings), so that an engine with a
// new setting needs no change here. --mode also names whatever a game
// calls its mode (Arkhtide: the opponent).
type engineSettings struct {
	vals    map[string]*string
	changed map[string]bool
}

// register adds a flag for each setting of every engine to f.
func (s *engineSettings) register(f *pflag.FlagSet) {
	s.vals = map[string]*string{}
	for _, m := range engine.MergeSettings(games.Kinds()) {
		v := new(string)
		s.vals[m.Name] = v
		help := m.Help
		if m.Kind == engine.ChoiceSetting {
			help += " (default: the game's first)"
		}
		if m.Name == "mode" {
			help += "; for any game, whatever it calls its mode (Arkhtide: the opponent)"
		}
		f.StringVar(v, m.Name, "", help)
	}
}

// seen notes the flags given on the command line.
func (s *engineSettings) seen(cmd *cobra.Command) {
	s.changed = map[string]bool{}
	cmd.Flags().Visit(func(f *pflag.Flag) { s.changed[f.Name] = true })
}

// given returns the value of a setting's flag and whether it was given.
func (s *engineSettings) given(name string) (string, bool) {
	if !s.changed[name] || s.vals[name] == nil {
		return "", false
	}
	return *s.vals[name], true
}

// setup turns the settings given into a Setup for engine e of the game
// called game: a flag of a setting e does not declare is refused, a
// value not among a setting's values too (usage errors); the deck of a
// deck setting is returned for the caller to open.
func (s *engineSettings) setup(e *engine.Engine, game string) (setup engine.Setup, deck string, err error) {
	for name := range s.vals {
		if _, ok := s.given(name); ok && name != "mode" && e.Setting(name) == nil {
			return setup, "", usageError("--%s is not for %s decks (see deckwright goldfish --help)", name, game)
		}
	}
	if _, ok := s.given(e.ModeName); ok && e.ModeName != "mode" && s.changed["mode"] {
		return setup, "", usageError("--mode and --%s name the same setting of %s decks; give one", e.ModeName, game)
	}
	for _, st := range e.AllSettings() {
		v, ok := s.given(st.Name)
		if st.Name == e.ModeName && !ok {
			v, ok = s.given("mode")
		}
		if !ok {
			continue
		}
		if err := st.Check(v); err != nil {
			return setup, "", usageError("%v", err)
		}
		switch {
		case st.Name == e.ModeName:
			setup.Mode = v
		case st.Name == "policy":
			setup.Policy = v
		case st.Kind == engine.DeckSetting:
			deck = v
		default:
			if setup.Values == nil {
				setup.Values = map[string]string{}
			}
			setup.Values[st.Name] = v
		}
	}
	return setup, deck, nil
}

// completeSettings completes the flags of the engines' settings with
// their values.
func completeSettings(flags map[string]cobra.CompletionFunc, decks cobra.CompletionFunc) {
	for _, m := range engine.MergeSettings(games.Kinds()) {
		switch m.Kind {
		case engine.DeckSetting:
			flags[m.Name] = decks
		default:
			flags[m.Name] = cobra.FixedCompletions(m.Values, cobra.ShellCompDirectiveNoFileComp)
		}
	}
}
