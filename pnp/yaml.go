package pnp

import (
	"fmt"

	"gopkg.in/yaml.v3"

	"github.com/deckwright/deckwright/cardsdb"
	"github.com/deckwright/deckwright/internal/yamlmap"
)

// yamlDecoder is the yamlmap.Decoder of one file pnp reads (a recipe, a
// cards file for --into): it keeps each problem as an error at its
// file:line:col.
type yamlDecoder struct {
	file string
	errs []error
}

func (d *yamlDecoder) Errorf(n *yaml.Node, format string, args ...any) {
	d.errs = append(d.errs, &cardsdb.Error{Pos: cardsdb.Pos{File: d.file, Line: n.Line, Col: n.Column}, Msg: fmt.Sprintf(format, args...)})
}

func (d *yamlDecoder) SuggestKey(key string, allowed []string) string {
	if s := cardsdb.Suggest(key, allowed, 1); len(s) > 0 {
		return s[0]
	}
	return ""
}

func (d *yamlDecoder) Aliased(string) {}

// pairs is yamlmap.Pairs for d, with the first problem it met as an error.
func (d *yamlDecoder) pairs(n *yaml.Node, what string) ([]yamlmap.Pair, error) {
	pairs, _ := yamlmap.Pairs(d, n, what)
	if len(d.errs) > 0 {
		return nil, d.errs[0]
	}
	return pairs, nil
}
