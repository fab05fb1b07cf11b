package cardsdb

import (
	"cmp"
	"strings"

	"gopkg.in/yaml.v3"
)

// This file reads the parts of a game definition that describe the physical
// game rather than a deck: packs, the component manifest and variants, and
// checks the sections that Resolve fills (all, from_packs).

var packKeys = []string{"id", "name", "color", "color_group", "doc"}

func (d *decoder) packs(n *yaml.Node) []*Pack {
	if n.Kind != yaml.SequenceNode {
		d.errorf(n, "packs must be a list, found %s", kindName(n))
		return nil
	}
	var out []*Pack
	// The packs so far by id, and by folded name and folded id.
	byID, byName, byFoldedID := map[string]*Pack{}, map[string]*Pack{}, map[string]*Pack{}
	for _, item := range n.Content {
		p := &Pack{Pos: d.pos(item)}
		pairs, ok := d.mapping(item, "pack")
		if !ok {
			continue
		}
		for _, q := range pairs {
			switch q.Key {
			case "id":
				p.ID = d.id(q.V, "pack id")
			case "name":
				p.Name = d.name(q.V, "pack name")
			case "color":
				p.Color = d.name(q.V, "pack color")
			case "color_group":
				p.ColorGroup = d.id(q.V, "pack color_group")
			case "doc":
				p.Doc = d.str(q.V, "pack doc")
			default:
				d.unknown(q, "pack", packKeys)
			}
		}
		if p.ID == "" {
			if !hasKey(pairs, "id") {
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

var manifestKeys = []string{"name", "types", "count", "doc"}

func (d *decoder) manifest(n *yaml.Node, g *Game) []*ManifestGroup {
	if n.Kind != yaml.SequenceNode {
		d.errorf(n, "manifest must be a list of {name, types, count}, found %s", kindName(n))
		return nil
	}
	typeIDs := make([]string, len(g.Types))
	for i, t := range g.Types {
		typeIDs[i] = t.ID
	}
	var out []*ManifestGroup
	for _, item := range n.Content {
		m := &ManifestGroup{Pos: d.pos(item), Count: -1}
		pairs, ok := d.mapping(item, "manifest line")
		if !ok {
			continue
		}
		for _, q := range pairs {
			switch q.Key {
			case "name":
				m.Name = d.name(q.V, "manifest name")
			case "types":
				m.Types = d.strings(q.V, "manifest types")
				for i, t := range m.Types {
					if g.Type(t) == nil {
						d.errorf(nodeAt(q.V, i), "manifest line counts unknown card type %q%s", t, didYouMean(d.suggest(t, typeIDs)))
						continue
					}
					for _, o := range out {
						if o.Takes(t) {
							d.errorf(nodeAt(q.V, i), "card type %q is already counted by manifest line %q (line %d); count each type once", t, o.Name, o.Pos.Line)
						}
					}
				}
			case "count":
				m.Count, _ = d.intIn(q.V, "manifest count", 0, 99999)
			case "doc":
				m.Doc = d.str(q.V, "manifest doc")
			default:
				d.unknown(q, "manifest line", manifestKeys)
			}
		}
		switch {
		case m.Name == "" && !hasKey(pairs, "name"):
			d.errorf(item, "manifest line has no name; add name: (what the rulebook calls these cards)")
		case len(m.Types) == 0 && !hasKey(pairs, "types"):
			d.errorf(item, "manifest line %q has no types; add types: [...]", m.Name)
		case m.Count < 0 && !hasKey(pairs, "count"):
			d.errorf(item, "manifest line %q has no count; add count: N", m.Name)
		}
		if m.Count < 0 {
			m.Count = 0
		}
		out = append(out, m)
	}
	return out
}

var variantKeys = []string{"id", "name", "doc", "remove"}

func (d *decoder) variants(n *yaml.Node) []*Variant {
	if n.Kind != yaml.SequenceNode {
		d.errorf(n, "variants must be a list, found %s", kindName(n))
		return nil
	}
	var out []*Variant
	for _, item := range n.Content {
		v := &Variant{Pos: d.pos(item)}
		pairs, ok := d.mapping(item, "variant")
		if !ok {
			continue
		}
		for _, q := range pairs {
			switch q.Key {
			case "id":
				v.ID = d.id(q.V, "variant id")
			case "name":
				v.Name = d.name(q.V, "variant name")
			case "doc":
				v.Doc = d.str(q.V, "variant doc")
			case "remove":
				rs, _ := d.mapping(q.V, "variant remove")
				for _, r := range rs {
					name := strings.TrimSpace(r.Key)
					if name == "" {
						d.errorf(r.K, "empty card name in variant remove")
						continue
					}
					if c, ok := d.intIn(r.V, "copies to remove of "+quote(name), 1, 999); ok {
						v.Remove = append(v.Remove, Removal{Name: name, Count: c, Pos: d.pos(r.K)})
					}
				}
			default:
				d.unknown(q, "variant", variantKeys)
			}
		}
		if v.ID == "" {
			if !hasKey(pairs, "id") {
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
