package cardsdb

import (
	"cmp"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/deckwright/deckwright/internal/yamlmap"
)

// This file reads the parts of a game definition that describe the physical
// game rather than a deck: packs, the component manifest and variants, and
// checks the sections that Resolve fills (all, from_packs).

var packKeys = newKeys("pack", []key[*Pack]{
	{"id", func(d *decoder, v *yaml.Node, p *Pack) { p.ID = d.id(v, "pack id") }},
	{"name", func(d *decoder, v *yaml.Node, p *Pack) { p.Name = d.name(v, "pack name") }},
	{"color", func(d *decoder, v *yaml.Node, p *Pack) { p.Color = d.name(v, "pack color") }},
	{"color_group", func(d *decoder, v *yaml.Node, p *Pack) { p.ColorGroup = d.id(v, "pack color_group") }},
	{"doc", func(d *decoder, v *yaml.Node, p *Pack) { p.Doc = d.str(v, "pack doc") }},
})

func (d *decoder) packs(n *yaml.Node) []*Pack {
	items, ok := d.list(n, "packs must be a list")
	if !ok {
		return nil
	}
	var out []*Pack
	// The packs so far by id, and by folded name and folded id.
	byID, byName, byFoldedID := map[string]*Pack{}, map[string]*Pack{}, map[string]*Pack{}
	for _, item := range items {
		p := &Pack{Pos: d.pos(item)}
		pairs, ok := packKeys.Decode(d, item, p)
		if !ok {
			continue
		}
		if p.ID == "" {
			if !yamlmap.Has(pairs, "id") {
				d.errorf(item, "pack has no id")
			}
			continue
		}
		if p.Name == "" {
			p.Name = p.ID
		}
		name, id := Fold(p.Name), Fold(p.ID)
		clash := true
		if o := byID[p.ID]; o != nil {
			d.errorf(item, "duplicate pack %q (first at line %d)", p.ID, o.Pos.Line)
		} else if o := cmp.Or(byName[name], byFoldedID[name], byName[id]); o != nil {
			d.errorf(item, "pack %q has the same name as pack %q (line %d); setups could not tell them apart", p.ID, o.ID, o.Pos.Line)
		} else {
			clash = false
			byID[p.ID] = p
			byFoldedID[id] = cmp.Or(byFoldedID[id], p)
			byName[name] = cmp.Or(byName[name], p)
		}
		if !clash {
			out = append(out, p)
		}
	}
	return out
}

// manifestDoc is a manifest line being read, after the lines before it.
type manifestDoc struct {
	*ManifestGroup
	before []*ManifestGroup
}

var manifestKeys = newKeys("manifest line", []key[*manifestDoc]{
	{"name", func(d *decoder, v *yaml.Node, m *manifestDoc) { m.Name = d.name(v, "manifest name") }},
	{"types", func(d *decoder, v *yaml.Node, m *manifestDoc) {
		m.Types = d.typeList(v, "manifest types", "manifest line counts")
		for i, t := range m.Types {
			for _, o := range m.before {
				if d.game.Type(t) != nil && o.Takes(t) {
					d.errorf(nodeAt(v, i), "card type %q is already counted by manifest line %q (line %d); count each type once", t, o.Name, o.Pos.Line)
				}
			}
		}
	}},
	{"count", func(d *decoder, v *yaml.Node, m *manifestDoc) { m.Count, _ = d.intIn(v, "manifest count", 0, 99999) }},
	{"doc", func(d *decoder, v *yaml.Node, m *manifestDoc) { m.Doc = d.str(v, "manifest doc") }},
})

func (d *decoder) manifest(n *yaml.Node) []*ManifestGroup {
	items, ok := d.list(n, "manifest must be a list of {name, types, count}")
	if !ok {
		return nil
	}
	var out []*ManifestGroup
	for _, item := range items {
		m := &ManifestGroup{Pos: d.pos(item), Count: -1}
		pairs, ok := manifestKeys.Decode(d, item, &manifestDoc{m, out})
		if !ok {
			continue
		}
		switch {
		case m.Name == "" && !yamlmap.Has(pairs, "name"):
			d.errorf(item, "manifest line has no name; add name: (what the rulebook calls these cards)")
		case len(m.Types) == 0 && !yamlmap.Has(pairs, "types"):
			d.errorf(item, "manifest line %q has no types; add types: [...]", m.Name)
		case m.Count < 0 && !yamlmap.Has(pairs, "count"):
			d.errorf(item, "manifest line %q has no count; add count: N", m.Name)
		}
		if m.Count < 0 {
			m.Count = 0
		}
		out = append(out, m)
	}
	return out
}

var variantKeys = newKeys("variant", []key[*Variant]{
	{"id", func(d *decoder, v *yaml.Node, va *Variant) { va.ID = d.id(v, "variant id") }},
	{"name", func(d *decoder, v *yaml.Node, va *Variant) { va.Name = d.name(v, "variant name") }},
	{"doc", func(d *decoder, v *yaml.Node, va *Variant) { va.Doc = d.str(v, "variant doc") }},
	{"remove", func(d *decoder, v *yaml.Node, va *Variant) {
		rs, _ := yamlmap.Pairs(d, v, "variant remove")
		for _, r := range rs {
			name := strings.TrimSpace(r.Key)
			if name == "" {
				d.errorf(r.K, "empty card name in variant remove")
				continue
			}
			if c, ok := d.intIn(r.V, "copies to remove of "+quote(name), 1, 999); ok {
				va.Remove = append(va.Remove, Removal{Name: name, Count: c, Pos: d.pos(r.K)})
			}
		}
	}},
})

func (d *decoder) variants(n *yaml.Node) []*Variant {
	items, ok := d.list(n, "variants must be a list")
	if !ok {
		return nil
	}
	var out []*Variant
	for _, item := range items {
		v := &Variant{Pos: d.pos(item)}
		pairs, ok := variantKeys.Decode(d, item, v)
		if !ok {
			continue
		}
		if v.ID == "" {
			if !yamlmap.Has(pairs, "id") {
				d.errorf(item, "variant has no id")
			}
			continue
		}
		if v.Name == "" {
			v.Name = v.ID
		}
		dup := false
		for _, o := range out {
			if o.ID == v.ID {
				d.errorf(item, "duplicate variant %q (first at line %d)", v.ID, o.Pos.Line)
				dup = true
			}
		}
		if !dup {
			out = append(out, v)
		}
	}
	return out
}

// checkFill checks a section that Resolve fills: all and from_packs
// exclude each other and companion_of, and such a section is never a
// leader section.
func (d *decoder) checkFill(n *yaml.Node, s *Section) {
	switch {
	case s.All && s.FromPacks:
		d.errorf(n, "section %q has both all and from_packs; a section holds every card of its types or the cards of the chosen packs, not both", s.ID)
	case (s.All || s.FromPacks) && s.CompanionOf != nil:
		d.errorf(n, "section %q is filled by %s and companion_of at once; keep one", s.ID, fillKey(s))
	case (s.All || s.FromPacks) && s.Leader:
		d.errorf(n, "section %q is a leader section and filled by %s; a leader section holds the one card the deck chooses", s.ID, fillKey(s))
	}
}

func fillKey(s *Section) string {
	if s.All {
		return "all"
	}
	return "from_packs"
}

// checkVariants links each variant's removals to the game's cards,
// reporting names that are no card of the game and removals of more copies
// than the physical set holds.
func (g *Game) checkVariants() ErrorList {
	var errs ErrorList
	for _, v := range g.Variants {
		for i := range v.Remove {
			r := &v.Remove[i]
			c := g.Card(r.Name)
			if c == nil {
				errs.Add(r.Pos, "variant %q removes %q, but %s has no such card%s", v.ID, r.Name, g.Name, didYouMean(g.Suggest(r.Name)))
				continue
			}
			r.Card = c
			if r.Count > c.Copies {
				errs.Add(r.Pos, "variant %q removes %s of %q, but the physical set holds %d (copies: in its card file)", v.ID, Plural(r.Count, "copy"), c.Name, c.Copies)
			}
		}
	}
	return errs
}

func quote(s string) string { return `"` + s + `"` }
