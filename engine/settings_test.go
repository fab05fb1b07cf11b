package engine_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/deckwright/deckwright/engine"
	"github.com/deckwright/deckwright/engine/games"
)

// TestEnginesDeclareSettings: every engine declares its mode, its policy
// and its own settings, each documented, with its default among its
// values; a value not among them is refused with the values listed.
func TestEnginesDeclareSettings(t *testing.T) {
	for _, e := range games.Kinds() {
		for _, s := range e.AllSettings() {
			if s.Name == "" || s.Doc == "" {
				t.Errorf("%s: setting %+v has no name or doc", e.Name, s)
			}
			if s.Kind != engine.ChoiceSetting {
				continue
			}
			if !slices.Contains(s.ValueNames(), s.Default) {
				t.Errorf("%s: --%s defaults to %q, not one of %v", e.Name, s.Name, s.Default, s.ValueNames())
			}
			if err := s.Check(s.Default); err != nil {
				t.Errorf("%s: --%s %s: %v", e.Name, s.Name, s.Default, err)
			}
			err := s.Check("no-such-value")
			if err == nil || !strings.Contains(err.Error(), strings.Join(s.ValueNames(), ", ")) {
				t.Errorf("%s: --%s no-such-value: %v", e.Name, s.Name, err)
			}
		}
	}
}

func TestMergeSettings(t *testing.T) {
	got := map[string]engine.MergedSetting{}
	for _, m := range engine.MergeSettings(games.Kinds()) {
		got[m.Name] = m
	}
	for name, want := range map[string]string{
		"mode":       "Seeker Chronicles: goldfish or nature; a playtest block: goldfish",
		"opponent":   "Arkhtide: empty or passive",
		"policy":     "Seeker Chronicles, Arkhtide and a playtest block: greedy or planner",
		"difficulty": "Seeker Chronicles: apprentice or seeker",
	} {
		if got[name].Help != want {
			t.Errorf("--%s: help %q, want %q", name, got[name].Help, want)
		}
	}
	if m := got["mode"]; !slices.Equal(m.Values, []string{"goldfish", "nature"}) {
		t.Errorf("--mode values %v", m.Values)
	}
	if m := got["versus"]; m.Kind != engine.DeckSetting {
		t.Errorf("--versus is not a deck setting: %+v", m)
	}
}
