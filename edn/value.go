package edn

import "fmt"

// Keyword is an EDN keyword without its colon: :faction is Keyword("faction").
type Keyword string

// Symbol is an EDN symbol: a bare word such as Agent or nr-data.combine.
type Symbol string

// Char is an EDN character literal such as \a or \newline.
type Char rune

// Pair is one key and value of a Map.
type Pair struct {
	Key, Value any
}

// Map is an EDN map with its pairs in file order.
type Map []Pair

// Get returns the value of the first pair whose key equals key, or nil.
// Keys compare with ==, so only keywords, symbols, strings, numbers,
// characters, booleans and nil can be found.
func (m Map) Get(key any) any {
	for _, p := range m {
		if comparable(p.Key) && p.Key == key {
			return p.Value
		}
	}
	return nil
}

// Has reports whether the map holds the key (with any value, nil included).
func (m Map) Has(key any) bool {
	for _, p := range m {
		if comparable(p.Key) && p.Key == key {
			return true
		}
	}
	return false
}

func comparable(v any) bool {
	switch v.(type) {
	case nil, bool, int64, float64, string, Keyword, Symbol, Char:
		return true
	}
	return false
}

// List is an EDN list: (a b c).
type List []any

// Vector is an EDN vector: [a b c].
type Vector []any

// Set is an EDN set: #{a b c}, in file order.
type Set []any

// Tagged is a tagged value such as #inst "2025-03-03".
type Tagged struct {
	Tag   Symbol
	Value any
}

// Items returns the elements of a list, vector or set, and false for any
// other value.
func Items(v any) ([]any, bool) {
	switch x := v.(type) {
	case List:
		return x, true
	case Vector:
		return x, true
	case Set:
		return x, true
	}
	return nil, false
}

// Error is a syntax error at a line and column (both from 1).
type Error struct {
	Line, Col int
	Msg       string
}

func (e *Error) Error() string { return fmt.Sprintf("%d:%d: %s", e.Line, e.Col, e.Msg) }
