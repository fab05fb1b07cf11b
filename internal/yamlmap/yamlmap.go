package yamlmap

import (
	"strconv"
	"strings"

	"gopkg.in/yaml.v3"
)

// Decoder is what a reader of mappings reports to: the decoder of one
// file, which records each problem at its node's file:line:col.
type Decoder interface {
	// Errorf records a problem at node n.
	Errorf(n *yaml.Node, format string, args ...any)
	// SuggestKey returns the key of allowed closest to key, if one is
	// close, or "".
	SuggestKey(key string, allowed []string) string
	// Aliased hears of a key whose value is an alias: reported already,
	// and left out of the pairs, but there.
	Aliased(key string)
}

// Pair is one key and value of a YAML mapping.
type Pair struct {
	Key  string
	K, V *yaml.Node
}

// Pairs returns the pairs of mapping node n in the file's order. It
// reports to d, and leaves out, keys that are not plain words, aliases
// and duplicate keys; ok is false, after a message, when n is no mapping.
// what names the mapping in messages ("card", "game definition").
func Pairs(d Decoder, n *yaml.Node, what string) (pairs []Pair, ok bool) {
	if n.Kind != yaml.MappingNode {
		d.Errorf(n, "%s must be a mapping of keys to values, found %s", what, Kind(n))
		return nil, false
	}
	seen := make(map[string]*yaml.Node, len(n.Content)/2)
	out := make([]Pair, 0, len(n.Content)/2)
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := n.Content[i], n.Content[i+1]
		if k.Kind != yaml.ScalarNode {
			d.Errorf(k, "%s keys must be plain words, found %s", what, Kind(k))
			continue
		}
		if v.Kind == yaml.AliasNode {
			d.Errorf(v, "YAML aliases (*name) are not supported; write the value out")
			d.Aliased(k.Value)
			continue
		}
		if prev, dup := seen[k.Value]; dup {
			d.Errorf(k, "duplicate key %q in %s (first at line %d)", k.Value, what, prev.Line)
			continue
		}
		seen[k.Value] = k
		out = append(out, Pair{k.Value, k, v})
	}
	return out, true
}

// Has reports whether pairs hold key.
func Has(pairs []Pair, key string) bool {
	for _, p := range pairs {
		if p.Key == key {
			return true
		}
	}
	return false
}

// Kind describes what a node is for messages: "a mapping", "a list", "an
// alias", "nothing" or the quoted value.
func Kind(n *yaml.Node) string {
	switch n.Kind {
	case yaml.MappingNode:
		return "a mapping"
	case yaml.SequenceNode:
		return "a list"
	case yaml.AliasNode:
		return "an alias"
	case yaml.ScalarNode:
		if n.Tag == "!!null" {
			return "nothing"
		}
		return strconv.Quote(n.Value)
	}
	return "a document"
}

// Unknown reports the key of p, which is not one of allowed, in the
// mapping named what, with the closest allowed key if one is close:
// `unknown key "copys" in card; did you mean "copies"?`. With list, the
// message ends with the allowed keys: ` (allowed: name, x, y)`.
func Unknown(d Decoder, p Pair, what string, allowed []string, list bool) {
	var mean string
	if s := d.SuggestKey(p.Key, allowed); s != "" {
		mean = `; did you mean "` + s + `"?`
	}
	if list {
		d.Errorf(p.K, "unknown key %q in %s%s (allowed: %s)", p.Key, what, mean, strings.Join(allowed, ", "))
		return
	}
	d.Errorf(p.K, "unknown key %q in %s%s", p.Key, what, mean)
}
