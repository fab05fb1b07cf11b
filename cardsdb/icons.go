package cardsdb

import (
	"strings"
	"unicode/utf8"

	"gopkg.in/yaml.v3"

	"github.com/deckwright/deckwright/internal/yamlmap"
)

// IconDef is one icon of a game's icon set: rules text writes it as
// [name] ("[shard]"), and templates print it as its glyph (or its image)
// instead of the word in brackets.
type IconDef struct {
	Name  string
	Glyph string // a short text the card font draws: "♦"
	Image string // path inside the game's FS, "" for none
	// Aliases are other names rules text may use for the icon: a word
	// of the designer's sheet, an emoji ("[💎]" as well as "[shard]").
	Aliases []string
	Pos     Pos
}

// MaxGlyphLen is how many characters an icon's glyph may have.
const MaxGlyphLen = 8

// Icon returns the game's icon called name or one of its aliases (case
// ignored), or nil.
func (g *Game) Icon(name string) *IconDef {
	for _, ic := range g.Icons {
		if strings.EqualFold(ic.Name, name) {
			return ic
		}
	}
	for _, ic := range g.Icons {
		for _, a := range ic.Aliases {
			if strings.EqualFold(a, name) {
				return ic
			}
		}
	}
	return nil
}

var iconKeys = newKeys("icon", []key[*IconDef]{
	{"glyph", func(d *decoder, v *yaml.Node, ic *IconDef) { ic.Glyph = d.name(v, "icon "+ic.Name+" glyph") }},
	{"image", func(d *decoder, v *yaml.Node, ic *IconDef) { ic.Image = d.imagePath(v) }},
	{"aliases", func(d *decoder, v *yaml.Node, ic *IconDef) {
		ic.Aliases = d.strings(v, "icon "+ic.Name+" aliases")
		for i, a := range ic.Aliases {
			if strings.ContainsAny(a, "[] \t\n") || a == "" {
				d.errorf(nodeAt(v, i), "icon alias %q may not hold brackets or spaces", a)
			}
		}
	}},
})

// icons reads a game's icon set: a mapping of icon name to a glyph, or to
// {glyph, image}.
func (d *decoder) iconSet(n *yaml.Node) []*IconDef {
	pairs, ok := yamlmap.Pairs(d, n, "icons")
	if !ok {
		return nil
	}
	var out []*IconDef
	for _, p := range pairs {
		ic := &IconDef{Name: p.Key, Pos: d.pos(p.K)}
		if strings.ContainsAny(p.Key, "[] \t\n") || p.Key == "" {
			d.errorf(p.K, "icon name %q may not hold brackets or spaces", p.Key)
			continue
		}
		if p.V.Kind == yaml.ScalarNode {
			ic.Glyph = d.name(p.V, "icon "+p.Key)
		} else {
			fields, _ := yamlmap.Pairs(d, p.V, "icon "+p.Key)
			iconKeys.Walk(d, fields, ic)
			if ic.Glyph == "" && ic.Image == "" {
				d.errorf(p.V, "icon %q has neither glyph nor image", p.Key)
				continue
			}
		}
		if utf8.RuneCountInString(ic.Glyph) > MaxGlyphLen {
			d.errorf(p.V, "icon %q: glyph %q is longer than %d characters", p.Key, ic.Glyph, MaxGlyphLen)
			continue
		}
		out = append(out, ic)
	}
	// A name or alias names one icon.
	seen := map[string]string{}
	for _, ic := range out {
		for _, n := range append([]string{ic.Name}, ic.Aliases...) {
			k := strings.ToLower(n)
			if prev, dup := seen[k]; dup && prev != ic.Name {
				d.errs.Add(ic.Pos, "icon %q: %q names icon %q already", ic.Name, n, prev)
			}
			seen[k] = ic.Name
		}
	}
	return out
}
