// Package edn reads EDN (extensible data notation, the data syntax of
// Clojure), enough of it for the card data that players' communities
// publish in that format (the Hubworld-Data repository's edn/ folder).
//
// Read parses every top-level value of a file. Maps keep their keys in file
// order; keywords and symbols are their own types, so :faction and
// "faction" differ as they do in EDN. Errors carry the line and column of
// the offending character, and nesting deeper than MaxDepth is refused, so
// a hostile file cannot exhaust the stack.
//
//	vals, err := edn.Read([]byte(`{:title "Dodge" :shard-cost 0}`))
//	if err != nil {
//		return err
//	}
//	card := vals[0].(edn.Map)
//	title, _ := card.Get(edn.Keyword("title")).(string) // "Dodge"
package edn
