package edn

import (
	"errors"
	"reflect"
	"strings"
	"testing"
)

func TestRead(t *testing.T) {
	tests := []struct {
		name string
		in   string
		want []any
	}{
		{"scalars", `nil true false 42 -3 +7 1.5 "a\"b\n" :k sym \a \newline`,
			[]any{nil, true, false, int64(42), int64(-3), int64(7), 1.5, "a\"b\n", Keyword("k"), Symbol("sym"), Char('a'), Char('\n')}},
		{"map in order", `{:b 1, :a 2}`, []any{Map{{Keyword("b"), int64(1)}, {Keyword("a"), int64(2)}}}},
		{"collections", `(1 [2 #{3}])`, []any{List{int64(1), Vector{int64(2), Set{int64(3)}}}}},
		{"comments and discard", "; c\n[1 #_ 2 3] ; end", []any{Vector{int64(1), int64(3)}}},
		{"tagged", `#inst "2025-03-03"`, []any{Tagged{Symbol("inst"), "2025-03-03"}}},
		{"unicode", `"“Spider” Rebbek" \u00e9`, []any{"“Spider” Rebbek", Char('é')}},
		{"empty", " ,, ", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := Read([]byte(tt.in))
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("Read(%q) = %#v, want %#v", tt.in, got, tt.want)
			}
		})
	}
}

func TestReadErrors(t *testing.T) {
	tests := []struct {
		in, want string
	}{
		{"{:a 1\n :b}", "1:1: map has 3 forms"},
		{`"abc`, "1:1: string has no closing quote"},
		{"[1 2", "unexpected end of input; want ']'"},
		{"\n  )", "2:3: unexpected ')'"},
		{"12abc", "1:1: bad number \"12abc\""},
		{`"\q"`, "unknown escape"},
		{strings.Repeat("[", MaxDepth+5), "nest deeper"},
		{"#_", "unexpected end of input"},
	}
	for _, tt := range tests {
		_, err := Read([]byte(tt.in))
		var e *Error
		if !errors.As(err, &e) || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("Read(%q) error = %v, want one containing %q", tt.in, err, tt.want)
		}
	}
}

func TestMapGet(t *testing.T) {
	v, err := Read([]byte(`{:title "Dodge" :uniqueness nil [1] 2}`))
	if err != nil {
		t.Fatal(err)
	}
	m := v[0].(Map)
	if got := m.Get(Keyword("title")); got != "Dodge" {
		t.Errorf("Get(:title) = %v", got)
	}
	if !m.Has(Keyword("uniqueness")) || m.Has(Keyword("alias")) {
		t.Errorf("Has is wrong")
	}
	if got := m.Get("title"); got != nil {
		t.Errorf("a string key found a keyword: %v", got)
	}
}

// TestReadBudget: nesting and the values held are bounded before they are
// built: 100,000 brackets deep, and 4 MB of empty maps (two million, which
// took 320 MB), are errors with a position.
func TestReadBudget(t *testing.T) {
	for _, tt := range []struct {
		name, in, want string
	}{
		{"deep", strings.Repeat("[", 100000) + strings.Repeat("]", 100000), "1:202: values nest deeper than 200"},
		{"wide", "[" + strings.Repeat("{}", 2<<20-1) + "]", "more than 1000000 values"},
	} {
		_, err := Read([]byte(tt.in))
		var e *Error
		if err == nil || !errors.As(err, &e) || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: got %v, want %q", tt.name, err, tt.want)
		}
	}
	if v, err := Read([]byte("[" + strings.Repeat("{:a 1}", 1000) + "]")); err != nil || len(v[0].(Vector)) != 1000 {
		t.Errorf("a thousand maps: %v", err)
	}
}
