package cardsdb

import (
	"bytes"
	"fmt"
	"strconv"
	"strings"

	"gopkg.in/yaml.v3"
)

// Text writes the list as a plain-text decklist that ParseDecklist reads
// back to the same game, name, setup, variant, format, sections and
// entries. The notes become comment lines, and a sample deck says so in a
// comment (a decklist has no sample: line). It fails for a card or section
// name a decklist cannot hold: one with "#" (a comment) or a line break, or
// a card name ending in ":" (a section header).
func (l *DeckList) Text() (string, error) {
	var b strings.Builder
	header := func(key, val string) {
		if val != "" {
			fmt.Fprintf(&b, "%s: %s\n", key, val)
		}
	}
	header("game", l.Game)
	header("name", l.Name)
	if l.Players > 0 {
		header("players", strconv.Itoa(l.Players))
	}
	var packs []string
	for _, p := range l.Packs {
		if strings.Contains(p.Name, ",") {
			return "", fmt.Errorf("pack %q has a comma, which a decklist's packs: line reads as two packs; keep the deck as YAML", p.Name)
		}
		packs = append(packs, p.Name)
	}
	header("packs", strings.Join(packs, ", "))
	header("variant", l.Variant)
	header("format", l.Format)
	if l.Sample {
		b.WriteString("# a sample deck: built from sample cards invented for deckwright\n")
	}
	for _, line := range SplitLines(strings.TrimSpace(l.Notes)) { // as the reader ends lines
		if line = strings.TrimSpace(line); line != "" {
			fmt.Fprintf(&b, "# %s\n", line)
		}
	}
	section := ""
	for _, e := range l.Entries {
		if bad := strings.ContainsAny(e.Name, "#\r\n"); bad || strings.HasSuffix(e.Name, ":") {
			return "", fmt.Errorf("%s: card name %q cannot be written in a decklist (a # starts a comment, a final : a section); keep the deck as YAML", e.Pos, e.Name)
		}
		if e.Section != section {
			if strings.ContainsAny(e.Section, "#\r\n") {
				return "", fmt.Errorf("%s: section name %q cannot be written in a decklist; keep the deck as YAML", e.SectionPos, e.Section)
			}
			section = e.Section
			fmt.Fprintf(&b, "\n%s:\n", section)
		}
		fmt.Fprintf(&b, "%d %s\n", e.Count, e.Name)
	}
	return b.String(), nil
}

// YAML writes the list as a YAML deck that ParseDeckYAML reads back to the
// same game, name, sample mark, notes, setup, variant, format, sections and
// entries. Every entry must be in a section (a YAML deck has no cards
// outside one): a decklist's cards before its first section header are
// refused with their position.
func (l *DeckList) YAML() ([]byte, error) {
	str := func(s string) *yaml.Node { return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: s} }
	root := &yaml.Node{Kind: yaml.MappingNode}
	add := func(key string, v *yaml.Node) { root.Content = append(root.Content, str(key), v) }
	if l.Game != "" {
		add("game", str(l.Game))
	}
	if l.Name != "" {
		add("name", str(l.Name))
	}
	if l.Sample {
		add("sample", &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!bool", Value: "true"})
	}
	if l.Notes != "" {
		add("notes", str(l.Notes))
	}
	if l.Variant != "" {
		add("variant", str(l.Variant))
	}
	if l.Format != "" {
		add("format", str(l.Format))
	}
	if l.Players > 0 {
		add("players", &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!int", Value: strconv.Itoa(l.Players)})
	}
	if len(l.Packs) > 0 {
		seq := &yaml.Node{Kind: yaml.SequenceNode, Style: yaml.FlowStyle}
		for _, p := range l.Packs {
			seq.Content = append(seq.Content, str(p.Name))
		}
		add("packs", seq)
	}
	if len(l.Entries) > 0 {
		sections := &yaml.Node{Kind: yaml.MappingNode}
		index := map[string]*yaml.Node{}
		for _, e := range l.Entries {
			if e.Section == "" {
				return nil, fmt.Errorf("%s: %q comes before any section header; put it under one (a YAML deck keeps every card in a section)", e.Pos, e.Name)
			}
			seq := index[e.Section]
			if seq == nil {
				seq = &yaml.Node{Kind: yaml.SequenceNode}
				index[e.Section] = seq
				sections.Content = append(sections.Content, str(e.Section), seq)
			}
			item := &yaml.Node{Kind: yaml.MappingNode, Style: yaml.FlowStyle}
			item.Content = []*yaml.Node{str("name"), str(e.Name), str("count"), {Kind: yaml.ScalarNode, Tag: "!!int", Value: strconv.Itoa(e.Count)}}
			seq.Content = append(seq.Content, item)
		}
		add("sections", sections)
	}
	var b bytes.Buffer
	enc := yaml.NewEncoder(&b)
	enc.SetIndent(2)
	if err := enc.Encode(root); err != nil {
		return nil, err
	}
	if err := enc.Close(); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}
