package cardsdb

import (
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/deckwright/deckwright/internal/yamlmap"
)

// Format is one of a game's deck-building formats (Hubworld's standard,
// Free Agent and Casual): the game's rules with some replaced, changed or
// skipped, and a ban and restricted list. A deck chooses one with a
// format: line (or validate --format); a deck that names none is checked
// by the game's own rules.
type Format struct {
	ID   string
	Name string
	Doc  string
	// Rules, when RulesSet, replace the rules the game switches on.
	Rules    []RuleRef
	RulesSet bool
	// Override gives rules the game switches on other parameters: each
	// parameter named replaces the game's; a rule the game lacks is added.
	Override []RuleRef
	// Skip names rules that do not run in the format, always-on ones
	// included; SkipAll skips every rule but unknown-card.
	Skip    []string
	SkipAll bool
	// Banned cards may not be in a deck of the format.
	Banned []CardRef
	// Restricted cards: a deck may hold one of them, one copy, at most.
	Restricted []CardRef
	// Sets, when not empty, are the sets (card set codes) whose cards are
	// legal in the format: a card of another set, or of none, is not.
	Sets []SetRef
	Pos  Pos
}

// SetRef is a set a format names, by the set code cards carry (Card.Set),
// with the position of the code.
type SetRef struct {
	Code string
	Pos  Pos
}

// AllowsSet reports whether a card of set code (Card.Set) is legal in the
// format: always when the format names no sets, else when code is one of
// them (ignoring case).
func (f *Format) AllowsSet(code string) bool {
	if f == nil || len(f.Sets) == 0 {
		return true
	}
	for _, s := range f.Sets {
		if strings.EqualFold(s.Code, code) {
			return true
		}
	}
	return false
}

// SetCodes lists the set codes the format names.
func (f *Format) SetCodes() []string {
	out := make([]string, len(f.Sets))
	for i, s := range f.Sets {
		out[i] = s.Code
	}
	return out
}

// CardRef is a card a format names, with the position of the name.
type CardRef struct {
	Name string
	Pos  Pos
}

// Format returns the format whose id or name is name (ignoring case,
// accents and spacing), or nil.
func (g *Game) Format(name string) *Format {
	key := Fold(name)
	for _, f := range g.Formats {
		if Fold(f.ID) == key || Fold(f.Name) == key {
			return f
		}
	}
	return nil
}

// FormatIDs lists the ids of the game's formats.
func (g *Game) FormatIDs() []string {
	out := make([]string, len(g.Formats))
	for i, f := range g.Formats {
		out[i] = f.ID
	}
	return out
}

// RuleRefs returns the rules the game switches on in the format: the
// game's own, replaced or overridden as the format says, without the ones
// it skips (always-on rules are skipped by the validator, see Skips). A nil
// format gives the game's rules.
func (f *Format) RuleRefs(g *Game) []RuleRef {
	if f == nil {
		return g.Rules
	}
	base := g.Rules
	if f.RulesSet {
		base = f.Rules
	}
	var out []RuleRef
	for _, r := range base {
		if !f.Skips(r.Name) {
			out = append(out, r)
		}
	}
	for _, o := range f.Override {
		found := false
		for i, r := range out {
			if r.Name != o.Name {
				continue
			}
			found = true
			params := map[string]any{}
			pos := map[string]ParamPos{}
			for k, v := range r.Params {
				params[k], pos[k] = v, r.ParamPos[k]
			}
			for k, v := range o.Params {
				params[k], pos[k] = v, o.ParamPos[k]
			}
			out[i] = RuleRef{Name: r.Name, Params: params, ParamPos: pos, Pos: o.Pos}
		}
		if !found && !f.Skips(o.Name) {
			out = append(out, o)
		}
	}
	return out
}

// Skips reports whether the format does not run the named rule.
func (f *Format) Skips(rule string) bool {
	if f == nil {
		return false
	}
	if f.SkipAll {
		return rule != "unknown-card"
	}
	return contains(f.Skip, rule)
}

var formatKeys = newKeys("format", []key[*Format]{
	{"id", func(d *decoder, v *yaml.Node, f *Format) { f.ID = d.id(v, "format id") }},
	{"name", func(d *decoder, v *yaml.Node, f *Format) { f.Name = d.name(v, "format name") }},
	{"doc", func(d *decoder, v *yaml.Node, f *Format) { f.Doc = d.str(v, "format doc") }},
	{"rules", func(d *decoder, v *yaml.Node, f *Format) { f.Rules, f.RulesSet = d.rules(v), true }},
	{"override", func(d *decoder, v *yaml.Node, f *Format) { f.Override = d.rules(v) }},
	{"skip", func(d *decoder, v *yaml.Node, f *Format) {
		if v.Kind == yaml.ScalarNode && v.Value == "all" {
			f.SkipAll = true
		} else {
			f.Skip = d.strings(v, "skip")
		}
	}},
	{"banned", func(d *decoder, v *yaml.Node, f *Format) { f.Banned = d.cardRefs(v, "banned") }},
	{"restricted", func(d *decoder, v *yaml.Node, f *Format) { f.Restricted = d.cardRefs(v, "restricted") }},
	{"sets", func(d *decoder, v *yaml.Node, f *Format) { f.Sets = d.setRefs(v) }},
})

func (d *decoder) formats(n *yaml.Node) []*Format {
	items, ok := d.list(n, "formats must be a list")
	if !ok {
		return nil
	}
	var out []*Format
	seen := map[string]Pos{}
	for _, item := range items {
		f := &Format{Pos: d.pos(item)}
		pairs, ok := formatKeys.Decode(d, item, f)
		if !ok {
			continue
		}
		if f.ID == "" {
			if !yamlmap.Has(pairs, "id") {
				d.errorf(item, "format has no id")
			}
			continue
		}
		if f.Name == "" {
			f.Name = f.ID
		}
		if prev, dup := seen[f.ID]; dup {
			d.errorf(item, "duplicate format %q (first at %s)", f.ID, prev)
			continue
		}
		seen[f.ID] = f.Pos
		out = append(out, f)
	}
	return out
}

func (d *decoder) cardRefs(n *yaml.Node, what string) []CardRef {
	items, _ := d.list(n, what+" must be a list of card names")
	var out []CardRef
	for _, item := range items {
		if name := d.name(item, what+" card"); name != "" {
			out = append(out, CardRef{Name: name, Pos: d.pos(item)})
		}
	}
	return out
}

func (d *decoder) setRefs(n *yaml.Node) []SetRef {
	items, _ := d.list(n, "sets must be a list of set codes")
	var out []SetRef
	for _, item := range items {
		if code := d.name(item, "set code"); code != "" {
			out = append(out, SetRef{Code: code, Pos: d.pos(item)})
		}
	}
	return out
}

// checkFormats reports the cards a format bans or restricts that the game
// does not have, and the sets it names that no card is in (once every card
// file is loaded).
func (g *Game) checkFormats(errs *ErrorList) {
	for _, f := range g.Formats {
		for _, list := range [][]CardRef{f.Banned, f.Restricted} {
			for _, r := range list {
				if g.Card(r.Name) == nil {
					errs.Add(r.Pos, "format %q names no card of %s: %q%s", f.ID, g.Name, r.Name, didYouMean(g.Suggest(r.Name)))
				}
			}
		}
		if len(f.Sets) == 0 {
			continue
		}
		var codes []string
		for _, c := range g.Cards {
			if c.Set != "" && !containsFold(codes, c.Set) {
				codes = append(codes, c.Set)
			}
		}
		for _, s := range f.Sets {
			if !containsFold(codes, s.Code) {
				errs.Add(s.Pos, "format %q names set %q, which no card of %s is in%s", f.ID, s.Code, g.Name, didYouMean(Suggest(s.Code, codes, 1)))
			}
		}
	}
}

func containsFold(list []string, s string) bool {
	for _, x := range list {
		if strings.EqualFold(x, s) {
			return true
		}
	}
	return false
}

// resolveFormat sets the deck's format from its list.
func (d *Deck) resolveFormat(errs *ErrorList) {
	name := d.List.Format
	if name == "" {
		return
	}
	if d.Format = d.Game.Format(name); d.Format != nil {
		return
	}
	if len(d.Game.Formats) == 0 {
		errs.Add(d.List.FormatPos, "format %q: %s defines no formats; remove the format line", name, d.Game.Name)
		return
	}
	errs.Add(d.List.FormatPos, "unknown format %q; %s has formats %s%s", name, d.Game.Name, strings.Join(d.Game.FormatIDs(), ", "), didYouMean(Suggest(name, d.Game.FormatIDs(), 1)))
}
