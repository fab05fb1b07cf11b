package cardsdb

import (
	"gopkg.in/yaml.v3"

	"github.com/deckwright/deckwright/internal/yamlmap"
)

// maxExpanded bounds the nodes that YAML aliases and merge keys may add
// to a game definition: ten times the document's own nodes, and at most a
// million, so that a "billion laughs" file is an error, not a hang.
const maxExpanded = 1_000_000

// expandAliases replaces the aliases (*name) of a game definition by
// copies of their anchors' values and applies merge keys (<<: *name, or
// a list of them), so that seven types sharing ten fields write them once:
//
//	base: &base [{name: cost, kind: int}]
//	types:
//	  - {id: unit, name: Unit, fields: *base}
//
// Keys written beside a merge key win over the merged ones, as YAML says.
// A copy is at its alias; what is inside it keeps the anchor's positions.
func (d *decoder) expandAliases(root *yaml.Node) {
	n := countNodes(root, 0)
	e := &expander{d: d, budget: min(10*n+10_000, maxExpanded)}
	e.node(root, 0)
}

type expander struct {
	d      *decoder
	budget int
	failed bool
}

func countNodes(n *yaml.Node, acc int) int {
	acc++
	for _, c := range n.Content {
		acc = countNodes(c, acc)
	}
	return acc
}

// node expands the aliases below n, in place.
func (e *expander) node(n *yaml.Node, depth int) {
	if e.failed {
		return
	}
	if depth > 100 {
		e.d.errorf(n, "YAML nested more than 100 levels deep")
		e.failed = true
		return
	}
	for i, c := range n.Content {
		if c.Kind == yaml.AliasNode {
			cp := e.copy(c, c.Alias, depth)
			if cp == nil {
				return
			}
			n.Content[i] = cp
		}
		e.node(n.Content[i], depth+1)
	}
	if n.Kind == yaml.MappingNode {
		e.merge(n)
	}
}

// copy returns a deep copy of target for the alias at, within budget.
func (e *expander) copy(at, target *yaml.Node, depth int) *yaml.Node {
	if target == nil {
		e.d.errorf(at, "YAML alias to no anchor")
		e.failed = true
		return nil
	}
	for target.Kind == yaml.AliasNode && target.Alias != nil {
		target = target.Alias
	}
	e.budget -= countNodes(target, 0)
	if e.budget < 0 {
		e.d.errorf(at, "YAML aliases expand the file more than deckwright allows (a file whose aliases repeat each other, such as a \"billion laughs\"); write the values out")
		e.failed = true
		return nil
	}
	cp := e.clone(at, target, depth)
	if cp != nil {
		// The value is where the alias is; what is inside it keeps
		// the anchor's positions.
		cp.Line, cp.Column = at.Line, at.Column
	}
	return cp
}

// clone copies n, expanding the aliases inside it (each charged to the
// budget by copy).
func (e *expander) clone(at, n *yaml.Node, depth int) *yaml.Node {
	if depth > 100 {
		e.d.errorf(at, "YAML nested more than 100 levels deep")
		e.failed = true
		return nil
	}
	cp := *n
	cp.Anchor = ""
	cp.Content = make([]*yaml.Node, len(n.Content))
	for i, c := range n.Content {
		if c.Kind == yaml.AliasNode {
			cp.Content[i] = e.copy(at, c.Alias, depth+1)
		} else {
			cp.Content[i] = e.clone(at, c, depth+1)
		}
		if cp.Content[i] == nil {
			return nil
		}
	}
	return &cp
}

// merge applies the merge keys (<<) of mapping n: the merged mappings'
// keys that n does not write itself, in the merged mappings' order.
func (e *expander) merge(n *yaml.Node) {
	var out, merged []*yaml.Node
	own := map[string]bool{}
	for i := 0; i+1 < len(n.Content); i += 2 {
		if k := n.Content[i]; k.Kind == yaml.ScalarNode && k.Value != "<<" {
			own[k.Value] = true
		}
	}
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := n.Content[i], n.Content[i+1]
		if k.Kind != yaml.ScalarNode || k.Value != "<<" || k.Style != 0 {
			out = append(out, k, v)
			continue
		}
		sources := []*yaml.Node{v}
		if v.Kind == yaml.SequenceNode {
			sources = v.Content
		}
		for _, src := range sources {
			if src.Kind != yaml.MappingNode {
				e.d.errorf(src, "a merge key (<<) takes a mapping or a list of mappings, found %s", yamlmap.Kind(src))
				continue
			}
			for j := 0; j+1 < len(src.Content); j += 2 {
				key := src.Content[j].Value
				if own[key] {
					continue
				}
				own[key] = true
				merged = append(merged, src.Content[j], src.Content[j+1])
			}
		}
	}
	if merged != nil || len(out) != len(n.Content) {
		n.Content = append(out, merged...)
	}
}
