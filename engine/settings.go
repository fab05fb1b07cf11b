package engine

import (
	"fmt"
	"slices"
	"strings"
)

// SettingKind is the kind of value a setting takes.
type SettingKind uint8

// The kinds of settings.
const (
	// ChoiceSetting takes one of the setting's Values.
	ChoiceSetting SettingKind = iota
	// DeckSetting takes a deck (a file or a bundled deck GAME/NAME), which
	// a front end opens and gives in Setup.Versus.
	DeckSetting
)

// Setting is one setting of an engine, declared as a value, as an
// analysis.Analyzer declares its flags: a front end builds its flags,
// their completion, its form and the check of what a user gives from
// these, so that a new engine needs no change to the command line.
type Setting struct {
	// Name is the setting's name, which a command line uses as its flag:
	// "mode", "opponent", "difficulty", "versus", "policy".
	Name string
	Kind SettingKind
	// Doc says in a few words what it chooses.
	Doc string
	// Default is the value when none is given ("" for a deck setting:
	// none).
	Default string
	// Values are the allowed values of a ChoiceSetting, the default first.
	Values []Option
}

// ValueNames lists the names of a setting's values.
func (s *Setting) ValueNames() []string { return OptionNames(s.Values) }

// Check returns a *SetupError unless v is one of a ChoiceSetting's values ("" is
// the default).
func (s *Setting) Check(v string) error {
	if s.Kind != ChoiceSetting || v == "" || slices.ContainsFunc(s.Values, func(o Option) bool { return o.Name == v }) {
		return nil
	}
	_, err := Pick(s.Name, s.Values, v)
	return err
}

// AllSettings returns every setting of e: its mode (named ModeName), its
// policy, then its own Settings.
func (e *Engine) AllSettings() []Setting {
	out := []Setting{
		{Name: e.ModeName, Kind: ChoiceSetting, Doc: "whom the deck plays against", Default: first(e.Modes), Values: e.Modes},
		{Name: "policy", Kind: ChoiceSetting, Doc: "what plays your side", Default: first(e.Policies), Values: e.Policies},
	}
	return append(out, e.Settings...)
}

// Setting returns e's setting called name, or nil.
func (e *Engine) Setting(name string) *Setting {
	for _, s := range e.AllSettings() {
		if s.Name == name {
			return &s
		}
	}
	return nil
}

func first(os []Option) string {
	if len(os) == 0 {
		return ""
	}
	return os[0].Name
}

// MergedSetting is one setting as several engines declare it: a front
// end's flag of that name serves them all.
type MergedSetting struct {
	Name string
	Kind SettingKind
	// Values are every engine's values, without repeats.
	Values []string
	// Help says what it is for each engine: "Seeker Chronicles: goldfish
	// or nature; Arkhtide: empty or passive".
	Help string
}

// MergeSettings merges the settings of engines by name, in the order
// they first appear; engines that describe a setting alike share a part
// of its Help: "Seeker Chronicles, Arkhtide and a playtest block: greedy
// or planner".
func MergeSettings(engines []*Engine) []MergedSetting {
	type line struct {
		names []string
		what  string
	}
	var out []MergedSetting
	idx := map[string]int{}
	lines := map[string][]line{}
	for _, e := range engines {
		for _, s := range e.AllSettings() {
			i, ok := idx[s.Name]
			if !ok {
				i = len(out)
				idx[s.Name] = i
				out = append(out, MergedSetting{Name: s.Name, Kind: s.Kind})
			}
			m := &out[i]
			for _, v := range s.ValueNames() {
				if !slices.Contains(m.Values, v) {
					m.Values = append(m.Values, v)
				}
			}
			what := s.Doc
			if s.Kind == ChoiceSetting {
				what = strings.Join(s.ValueNames(), " or ")
			}
			ls := lines[s.Name]
			j := slices.IndexFunc(ls, func(l line) bool { return l.what == what })
			if j < 0 {
				ls = append(ls, line{what: what})
				j = len(ls) - 1
			}
			ls[j].names = append(ls[j].names, e.Name)
			lines[s.Name] = ls
		}
	}
	for i := range out {
		var parts []string
		for _, l := range lines[out[i].Name] {
			names := l.names[0]
			if n := len(l.names); n > 1 {
				names = strings.Join(l.names[:n-1], ", ") + " and " + l.names[n-1]
			}
			parts = append(parts, fmt.Sprintf("%s: %s", names, l.what))
		}
		out[i].Help = strings.Join(parts, "; ")
	}
	return out
}
