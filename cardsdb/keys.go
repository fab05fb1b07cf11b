package cardsdb

import (
	"gopkg.in/yaml.v3"

	"github.com/deckwright/deckwright/internal/yamlmap"
)

// pair is one key and value of a YAML mapping.
type pair = yamlmap.Pair

// key is one key of a table and what reads its value into a T (what the
// mapping describes).
type key[T any] struct {
	name string
	read func(d *decoder, v *yaml.Node, t T)
}

// newKeys returns the table of the mapping named what in messages. Every
// mapping of a game, cards or deck file is read through one, with the
// file's decoder: the table reports a node that is no mapping, duplicate
// keys, aliases and unknown keys (with a did-you-mean), each at its
// file:line:col, and reads the other keys in the file's order.
func newKeys[T any](what string, keys []key[T]) *yamlmap.Table[*decoder, T] {
	ks := make([]yamlmap.Key[*decoder, T], len(keys))
	for i, k := range keys {
		ks[i] = yamlmap.Key[*decoder, T]{Name: k.name, Read: k.read}
	}
	return yamlmap.New(what, ks)
}

// list returns the items of a list node, or reports, as "<what>, found
// <n>", what n is instead ("types must be a list").
func (d *decoder) list(n *yaml.Node, what string) ([]*yaml.Node, bool) {
	if n.Kind != yaml.SequenceNode {
		d.errorf(n, "%s, found %s", what, yamlmap.Kind(n))
		return nil, false
	}
	return n.Content, true
}
