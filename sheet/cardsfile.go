package sheet

import (
	"strconv"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/deckwright/deckwright/cardsdb"
)

// The cards file a table becomes, as YAML nodes and text.

// File is a cards file made from a table: what a cards/*.yaml file holds.
type File struct {
	Game  string
	Cards []*yaml.Node // one mapping a card
	// Columns are the table's headers and the key each fills (Skip
	// for none), in the table's order.
	Columns []cardsdb.TableColumn
}

// YAML returns the cards file as YAML text, with a comment naming its
// source.
func (f *File) YAML(source string) ([]byte, error) {
	var b strings.Builder
	if source != "" {
		b.WriteString("# yaml-language-server: $schema=https://raw.githubusercontent.com/deckwright/deckwright/main/docs/schema/cards.schema.json\n")
		b.WriteString("# Written by deckwright import csv from " + strings.ReplaceAll(source, "\n", " ") + ".\n")
	}
	head, err := encode(&yaml.Node{Kind: yaml.MappingNode, Content: []*yaml.Node{str("game"), str(f.Game)}})
	if err != nil {
		return nil, err
	}
	b.WriteString(head)
	if len(f.Cards) == 0 {
		b.WriteString("cards: []\n")
		return []byte(b.String()), nil
	}
	b.WriteString("cards:\n")
	// One card at a time: yaml.v3's emitter slows down on one large
	// document (its event queue grows with it).
	for _, c := range f.Cards {
		item, err := encode(&yaml.Node{Kind: yaml.SequenceNode, Content: []*yaml.Node{c}})
		if err != nil {
			return nil, err
		}
		for _, line := range strings.SplitAfter(item, "\n") {
			if line != "" && line != "\n" {
				b.WriteString("  ")
			}
			b.WriteString(line)
		}
	}
	return []byte(b.String()), nil
}

func encode(n *yaml.Node) (string, error) {
	var b strings.Builder
	enc := yaml.NewEncoder(&b)
	enc.SetIndent(2)
	if err := enc.Encode(n); err != nil {
		return "", err
	}
	if err := enc.Close(); err != nil {
		return "", err
	}
	return b.String(), nil
}

// setPos puts a node and its items at row line, column col (from 1).
func setPos(n *yaml.Node, line, col int) {
	n.Line, n.Column = line, col
	for _, c := range n.Content {
		setPos(c, line, col)
	}
}

func str(s string) *yaml.Node {
	n := &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: s}
	if strings.Contains(s, "\n") {
		n.Style = yaml.LiteralStyle
	}
	return n
}

func intNode(x int) *yaml.Node {
	return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!int", Value: strconv.Itoa(x)}
}

func boolNode(b bool) *yaml.Node {
	return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!bool", Value: strconv.FormatBool(b)}
}

func strList(items []string) *yaml.Node {
	n := &yaml.Node{Kind: yaml.SequenceNode, Style: yaml.FlowStyle}
	for _, it := range items {
		n.Content = append(n.Content, str(it))
	}
	return n
}
