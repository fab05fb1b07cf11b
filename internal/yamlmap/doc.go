// Package yamlmap reads YAML mappings the one way deckwright reads them:
// game definitions, cards files and decks (package cardsdb), card
// templates (package templates) and printer profiles (package printer).
// A mapping's pairs come out in the file's order; a node that is no
// mapping, a key that is not a plain word, an alias and a duplicate key
// are reported, each at its node, and a Table reads the keys it lists
// into a value and reports the others as unknown, with a did-you-mean.
//
// The package knows nothing of files or error lists: a reader hands its
// own Decoder, which turns a node into a file:line:col message and
// suggests the closest key.
//
//	var sizeKeys = yamlmap.New("size", []yamlmap.Key[*decoder, *Size]{
//		{Name: "width", Read: func(d *decoder, v *yaml.Node, s *Size) { s.W = d.number(v, "size width") }},
//		{Name: "height", Read: func(d *decoder, v *yaml.Node, s *Size) { s.H = d.number(v, "size height") }},
//	})
//	var s Size
//	pairs, ok := sizeKeys.Decode(d, node, &s)
package yamlmap
