package cardsdb

import "gopkg.in/yaml.v3"

// A keyTable lists the keys one kind of YAML mapping takes, each with the
// function that reads its value into a T (what the mapping describes). Every
// mapping of a game, cards or deck file is read through one: the table
// reports a node that is no mapping, duplicate keys, aliases and unknown keys
// (with a did-you-mean), each at its file:line:col, and reads the other
// keys in the file's order.
type keyTable[T any] struct {
	what  string   // names the mapping in messages ("card type")
	names []string // the keys, in the order suggestions search them
	read  map[string]func(*decoder, *yaml.Node, T)
	// other reads a key the table does not list and reports whether it
	// did; a key it leaves is reported as unknown.
	other func(*decoder, pair, T) bool
}

// key is one key of a keyTable and what reads its value.
type key[T any] struct {
	name string
	read func(d *decoder, v *yaml.Node, t T)
}

// newKeys returns the table of the mapping named what in messages.
func newKeys[T any](what string, keys []key[T]) *keyTable[T] {
	kt := &keyTable[T]{what: what, read: make(map[string]func(*decoder, *yaml.Node, T), len(keys))}
	for _, k := range keys {
		if _, dup := kt.read[k.name]; dup {
			panic("cardsdb: key " + k.name + " twice in the table of " + what)
		}
		kt.names = append(kt.names, k.name)
		kt.read[k.name] = k.read
	}
	return kt
}

// withOther sets the table's reader of keys it does not list.
func (kt *keyTable[T]) withOther(other func(*decoder, pair, T) bool) *keyTable[T] {
	kt.other = other
	return kt
}

// decode reads mapping n into t and returns its pairs; ok is false, after
// a message, when n is no mapping.
func (kt *keyTable[T]) decode(d *decoder, n *yaml.Node, t T) (pairs []pair, ok bool) {
	pairs, ok = d.mapping(n, kt.what)
	kt.walk(d, pairs, t)
	return pairs, ok
}

// walk reads the pairs of a mapping into t, reporting unknown keys.
func (kt *keyTable[T]) walk(d *decoder, pairs []pair, t T) {
	for _, p := range pairs {
		kt.pair(d, p, t)
	}
}

// pair reads one pair into t, reporting an unknown key.
func (kt *keyTable[T]) pair(d *decoder, p pair, t T) {
	if !kt.known(d, p, t) {
		d.unknown(p, kt.what, kt.names)
	}
}

// known reads one pair into t and reports whether the table (or its
// other) knows the key; it reports nothing about a key it does not know.
func (kt *keyTable[T]) known(d *decoder, p pair, t T) bool {
	if read := kt.read[p.Key]; read != nil {
		read(d, p.V, t)
		return true
	}
	return kt.other != nil && kt.other(d, p, t)
}

// list returns the items of a list node, or reports, as "<what>, found
// <n>", what n is instead ("types must be a list").
func (d *decoder) list(n *yaml.Node, what string) ([]*yaml.Node, bool) {
	if n.Kind != yaml.SequenceNode {
		d.errorf(n, "%s, found %s", what, kindName(n))
		return nil, false
	}
	return n.Content, true
}
