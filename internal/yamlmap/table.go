package yamlmap

import "gopkg.in/yaml.v3"

// A Table lists the keys one kind of YAML mapping takes, each with the
// function that reads its value into a T (what the mapping describes),
// for decoders of type D. Decode reports a node that is no mapping,
// duplicate keys, aliases and unknown keys (with a did-you-mean), each at
// its node, and reads the other keys in the file's order.
type Table[D Decoder, T any] struct {
	what  string   // names the mapping in messages ("card type")
	names []string // the keys, in the order suggestions search them
	read  map[string]func(D, *yaml.Node, T)
	// other reads a key the table does not list and reports whether it
	// did; a key it leaves is reported as unknown.
	other func(D, Pair, T) bool
	// list makes unknown-key messages list the keys (ListKeys).
	list bool
}

// Key is one key of a Table and what reads its value.
type Key[D Decoder, T any] struct {
	Name string
	Read func(d D, v *yaml.Node, t T)
}

// New returns the table of the mapping named what in messages. A key
// listed twice is a mistake in the program, and panics.
func New[D Decoder, T any](what string, keys []Key[D, T]) *Table[D, T] {
	kt := &Table[D, T]{what: what, read: make(map[string]func(D, *yaml.Node, T), len(keys))}
	for _, k := range keys {
		if _, dup := kt.read[k.Name]; dup {
			panic("yamlmap: key " + k.Name + " twice in the table of " + what)
		}
		kt.names = append(kt.names, k.Name)
		kt.read[k.Name] = k.Read
	}
	return kt
}

// Other sets the table's reader of keys it does not list, and returns
// the table.
func (kt *Table[D, T]) Other(other func(D, Pair, T) bool) *Table[D, T] {
	kt.other = other
	return kt
}

// ListKeys makes the message of an unknown key end with the keys the
// table takes (templates word them so), and returns the table.
func (kt *Table[D, T]) ListKeys() *Table[D, T] {
	kt.list = true
	return kt
}

// As returns a copy of the table that names its mapping what in messages
// ("font family title"), for a mapping whose name depends on the file.
func (kt *Table[D, T]) As(what string) *Table[D, T] {
	c := *kt
	c.what = what
	return &c
}

// Names returns the keys of the table in its order.
func (kt *Table[D, T]) Names() []string { return kt.names }

// Decode reads mapping n into t and returns its pairs; ok is false, after
// a message, when n is no mapping.
func (kt *Table[D, T]) Decode(d D, n *yaml.Node, t T) (pairs []Pair, ok bool) {
	pairs, ok = Pairs(d, n, kt.what)
	kt.Walk(d, pairs, t)
	return pairs, ok
}

// Walk reads the pairs of a mapping into t, reporting unknown keys.
func (kt *Table[D, T]) Walk(d D, pairs []Pair, t T) {
	for _, p := range pairs {
		kt.Pair(d, p, t)
	}
}

// Pair reads one pair into t, reporting an unknown key.
func (kt *Table[D, T]) Pair(d D, p Pair, t T) {
	if !kt.Known(d, p, t) {
		kt.Unknown(d, p)
	}
}

// Known reads one pair into t and reports whether the table (or its
// other) knows the key; it reports nothing about a key it does not know.
func (kt *Table[D, T]) Known(d D, p Pair, t T) bool {
	if read := kt.read[p.Key]; read != nil {
		read(d, p.V, t)
		return true
	}
	return kt.other != nil && kt.other(d, p, t)
}

// Unknown reports p's key as one the table does not take.
func (kt *Table[D, T]) Unknown(d D, p Pair) {
	Unknown(d, p, kt.what, kt.names, kt.list)
}
