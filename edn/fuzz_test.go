package edn

import (
	"errors"
	"testing"
)

// FuzzRead checks that Read never panics or hangs, and that every error it
// returns is an *Error with a position.
func FuzzRead(f *testing.F) {
	for _, s := range []string{
		`{:id "dodge" :shard-cost 0 :subtypes [:tactic] :uniqueness nil}`,
		`({:id :omniworks :name "Omniworks"})`,
		`[{:id "free-agent" :sets ["pre-release"] :mwl nil}] ; c`,
		`#{1 2} #_ x #inst "2025" \newline \u00e9 1.5e3 12N "\u00e9\n"`,
		`{:a`, `"`, `#`, `\`, `:`, `)`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		_, err := Read(data)
		var e *Error
		if err != nil && (!errors.As(err, &e) || e.Line < 1 || e.Col < 1) {
			t.Fatalf("error without a position: %v", err)
		}
	})
}
