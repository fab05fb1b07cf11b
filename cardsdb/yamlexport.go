package cardsdb

import "gopkg.in/yaml.v3"

// ParseYAML parses one YAML document into a node tree and returns the
// document's top node; a syntax error is an *Error with its position. It is
// the parser of every file cardsdb reads, for packages that read YAML files
// of their own (card templates, printer profiles).
func ParseYAML(file string, data []byte) (*yaml.Node, error) { return parseYAML(file, data) }

// YAMLDecoder walks a YAML node tree the way cardsdb's loaders do: each
// problem is recorded with its file:line:col instead of stopping at the
// first, and messages say what was found. It is a yamlmap.Decoder, so
// that other packages read their mappings as cardsdb does: duplicate
// keys and aliases are errors, an unknown key gets the same
// did-you-mean.
type YAMLDecoder struct{ d decoder }

// NewYAMLDecoder returns a decoder for the file named file.
func NewYAMLDecoder(file string) *YAMLDecoder { return &YAMLDecoder{d: decoder{file: file}} }

// Pos returns the position of n.
func (y *YAMLDecoder) Pos(n *yaml.Node) Pos { return y.d.pos(n) }

// Errorf records an error at n.
func (y *YAMLDecoder) Errorf(n *yaml.Node, format string, args ...any) {
	y.d.errorf(n, format, args...)
}

// SuggestKey returns the key of allowed closest to key, as cardsdb's own
// files suggest one, or "".
func (y *YAMLDecoder) SuggestKey(key string, allowed []string) string {
	return y.d.SuggestKey(key, allowed)
}

// Aliased records that key's value was an alias (reported already).
func (y *YAMLDecoder) Aliased(key string) { y.d.Aliased(key) }

// Add records an error at pos.
func (y *YAMLDecoder) Add(pos Pos, format string, args ...any) { y.d.errs.Add(pos, format, args...) }

// Err returns every error recorded so far, sorted, or nil.
func (y *YAMLDecoder) Err() error { return y.d.errs.Err() }

// Scalar returns a single value, reporting a list, a mapping or nothing.
func (y *YAMLDecoder) Scalar(n *yaml.Node, what string) (string, bool) { return y.d.scalar(n, what) }

// Str returns a single value, or "" after reporting what n is instead.
func (y *YAMLDecoder) Str(n *yaml.Node, what string) string { return y.d.str(n, what) }

// Bool returns true or false, reporting anything else.
func (y *YAMLDecoder) Bool(n *yaml.Node, what string) bool { return y.d.bool(n, what) }
