package pnp

import (
	"bytes"
	"fmt"
	"path"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/deckwright/deckwright/cardsdb"
)

// rel is an image path as the cards file names it: relative to cards/.
func rel(p string) string { return "../" + p }

// quote writes s as a YAML scalar, quoted when YAML needs it.
func quote(s string) string {
	b, err := yaml.Marshal(s)
	if err != nil {
		return fmt.Sprintf("%q", s)
	}
	return strings.TrimSuffix(string(b), "\n")
}

// cardsYAML writes the cards file: a back the cards share as the game's
// default back, art: entries for the cards the game already defines and a
// skeleton entry for each new card. old is the folder's cards file, merged
// with the new one.
func (p *plan) cardsYAML(opt WriteOptions, old []byte) ([]byte, error) {
	var b bytes.Buffer
	g := opt.Game
	src := opt.Source
	if src == "" {
		src = "a print-and-play PDF"
	}
	fmt.Fprintf(&b, "# Cards imported from %s by deckwright import pnp.\n", oneLine(src))
	b.WriteString("# Images are named by where each card was in the PDF (images/p03-r2c1.jpg), never by\n")
	b.WriteString("# its name: rename a card here and its image stays with it.\n")
	if p.anyNew {
		b.WriteString("# New cards are placeholders (provisional): their \"Page 3 r2c1\" names, their types and\n")
		b.WriteString("# the values of their types' required fields are ours; correct them by hand.\n")
	}
	fmt.Fprintf(&b, "game: %s\n", quote(g.ID))
	b.WriteString("provisional: true\n")
	if p.defaultBack != nil {
		fmt.Fprintf(&b, "back:\n  image: %s\n", quote(rel(DefaultBack)))
	}
	var art, cards []*entry
	for _, e := range p.entries {
		if e.existing {
			art = append(art, e)
		} else {
			cards = append(cards, e)
		}
	}
	if len(art) > 0 {
		b.WriteString("art:\n")
		for _, e := range art {
			fmt.Fprintf(&b, "  - name: %s\n    image: %s\n", quote(e.name), quote(rel(e.image)))
			if e.ownLandscape {
				b.WriteString("    landscape: true\n")
			}
			if e.backImage != "" {
				fmt.Fprintf(&b, "    back:\n      image: %s\n", quote(rel(e.backImage)))
			}
		}
	}
	if len(cards) == 0 {
		b.WriteString("cards: []\n")
	} else {
		b.WriteString("cards:\n")
	}
	for _, e := range cards {
		fmt.Fprintf(&b, "  - name: %s\n    type: %s\n    image: %s\n", quote(e.name), quote(e.typ.ID), quote(rel(e.image)))
		if e.ownLandscape {
			b.WriteString("    landscape: true\n")
		}
		if e.copies > 1 {
			fmt.Fprintf(&b, "    copies: %d\n", e.copies)
		}
		if e.backImage != "" {
			fmt.Fprintf(&b, "    back:\n      image: %s\n", quote(rel(e.backImage)))
		}
		for _, f := range e.typ.Fields {
			if f.Required {
				fmt.Fprintf(&b, "    %s: %s\n", f.Name, placeholder(f))
			}
		}
	}
	if len(bytes.TrimSpace(old)) == 0 {
		return b.Bytes(), nil
	}
	merged, kept, err := mergeCardsYAML(old, b.Bytes())
	p.keptNew, p.keptExisting = kept["cards"], kept["art"]
	return merged, err
}

// placeholder is a value a required field accepts.
func placeholder(f *cardsdb.Field) string {
	switch f.Kind {
	case cardsdb.KindInt, cardsdb.KindCost:
		if f.Min != nil {
			return fmt.Sprint(*f.Min)
		}
		return "0"
	case cardsdb.KindEnum:
		if len(f.Values) > 0 {
			return quote(f.Values[0])
		}
	case cardsdb.KindBool:
		return "false"
	case cardsdb.KindList:
		return "[]"
	}
	return quote("?")
}

func oneLine(s string) string {
	return strings.Map(func(r rune) rune {
		if r < ' ' || r == 0x7f {
			return ' '
		}
		return r
	}, s)
}

// mergeCardsYAML merges a new cards file into the folder's old one: the
// user's entries win. An entry of the new file whose image an old entry
// (in cards: or art:) already names is left out, so a card the user renamed
// or typed keeps its name and fields; the other new entries are added at
// the end of their list; the new default back replaces the old one. The
// old file's comments and other keys stay.
//
// kept counts, by list, the new entries left out for an old one.
func mergeCardsYAML(old, add []byte) ([]byte, map[string]int, error) {
	var oldDoc, newDoc yaml.Node
	if err := yaml.Unmarshal(old, &oldDoc); err != nil {
		return nil, nil, fmt.Errorf("%s in the folder is not YAML (fix or remove it to import again): %w", CardsFile, err)
	}
	if err := yaml.Unmarshal(add, &newDoc); err != nil {
		return nil, nil, err
	}
	om, nm := docMap(&oldDoc), docMap(&newDoc)
	if om == nil || nm == nil {
		return nil, nil, fmt.Errorf("%s in the folder is not a cards file (fix or remove it to import again)", CardsFile)
	}
	if og, ng := mapGet(om, "game"), mapGet(nm, "game"); og != nil && ng != nil && og.Value != ng.Value {
		return nil, nil, fmt.Errorf("%s in the folder is for game %q, not %q; import into another folder (-o)", CardsFile, og.Value, ng.Value)
	}
	images := map[string]bool{}
	kept := map[string]int{}
	for _, key := range []string{"cards", "art"} {
		if seq := mapGet(om, key); seq != nil && seq.Kind == yaml.SequenceNode {
			for _, e := range seq.Content {
				if img := mapGet(e, "image"); img != nil {
					images[path.Clean(img.Value)] = true
				}
			}
		}
	}
	if nb := mapGet(nm, "back"); nb != nil {
		mapSet(om, "back", nb)
	}
	for _, key := range []string{"art", "cards"} {
		ns := mapGet(nm, key)
		if ns == nil || ns.Kind != yaml.SequenceNode {
			continue
		}
		os := mapGet(om, key)
		if os == nil || os.Kind != yaml.SequenceNode {
			os = &yaml.Node{Kind: yaml.SequenceNode, Tag: "!!seq"}
			mapSet(om, key, os)
		}
		os.Style = 0
		for _, e := range ns.Content {
			if img := mapGet(e, "image"); img != nil && images[path.Clean(img.Value)] {
				kept[key]++
				continue
			}
			os.Content = append(os.Content, e)
		}
	}
	var b bytes.Buffer
	enc := yaml.NewEncoder(&b)
	enc.SetIndent(2)
	if err := enc.Encode(&oldDoc); err != nil {
		return nil, nil, err
	}
	return b.Bytes(), kept, enc.Close()
}

func docMap(n *yaml.Node) *yaml.Node {
	if n.Kind == yaml.DocumentNode && len(n.Content) == 1 {
		n = n.Content[0]
	}
	if n.Kind != yaml.MappingNode {
		return nil
	}
	return n
}

func mapGet(m *yaml.Node, key string) *yaml.Node {
	if m == nil || m.Kind != yaml.MappingNode {
		return nil
	}
	for i := 0; i+1 < len(m.Content); i += 2 {
		if m.Content[i].Value == key {
			return m.Content[i+1]
		}
	}
	return nil
}

func mapSet(m *yaml.Node, key string, v *yaml.Node) {
	for i := 0; i+1 < len(m.Content); i += 2 {
		if m.Content[i].Value == key {
			m.Content[i+1] = v
			return
		}
	}
	// A new key goes before cards:, which stays last.
	k := &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: key}
	for i := 0; i+1 < len(m.Content); i += 2 {
		if m.Content[i].Value == "cards" {
			m.Content = append(m.Content[:i], append([]*yaml.Node{k, v}, m.Content[i:]...)...)
			return
		}
	}
	m.Content = append(m.Content, k, v)
}
