package cardsdb_test

import (
	"errors"
	"fmt"
	"testing"

	"github.com/deckwright/deckwright/cardsdb"
)

// TestErrorListAppend: Append takes the problems of an ErrorList or of
// one *Error, wrapped or not, and nothing of a plain error.
func TestErrorListAppend(t *testing.T) {
	a := &cardsdb.Error{Pos: cardsdb.Pos{File: "a.yaml", Line: 1}, Msg: "one"}
	b := &cardsdb.Error{Pos: cardsdb.Pos{File: "a.yaml", Line: 2}, Msg: "two"}
	for _, tc := range []struct {
		name string
		err  error
		ok   bool
		n    int
	}{
		{"nil", nil, false, 0},
		{"plain", errors.New("x"), false, 0},
		{"one", a, true, 1},
		{"list", cardsdb.ErrorList{a, b}, true, 2},
		{"wrapped list", fmt.Errorf("reading: %w", cardsdb.ErrorList{a, b}), true, 2},
		{"wrapped one", fmt.Errorf("reading: %w", a), true, 1},
	} {
		l := cardsdb.ErrorList{b}
		if ok := l.Append(tc.err); ok != tc.ok || len(l) != 1+tc.n {
			t.Errorf("%s: Append = %v, %d errors; want %v, %d", tc.name, ok, len(l), tc.ok, 1+tc.n)
		}
	}
}
