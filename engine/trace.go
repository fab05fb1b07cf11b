package engine

import (
	"fmt"
	"io"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Tracer writes a game in words, one step a line, indented by phase. A
// game keeps a nil *Tracer when it is not traced, and tests for nil
// before it builds a line, so that an untraced game costs nothing.
type Tracer struct {
	W     io.Writer
	Depth int
	// Flush, if set, is called before each line, so that a game may write
	// what it held back (Seeker Chronicles joins taps in a row).
	Flush func()
}

// NewTracer returns a tracer writing to w.
func NewTracer(w io.Writer) *Tracer { return &Tracer{W: w} }

// Write writes s at depth.
func (t *Tracer) Write(depth int, s string) {
	io.WriteString(t.W, strings.Repeat("  ", depth)+s+"\n")
}

// Line writes a heading at depth; the lines after it are indented under it.
func (t *Tracer) Line(depth int, s string) {
	if t.Flush != nil {
		t.Flush()
	}
	t.Write(depth, s)
	t.Depth = depth + 1
}

// Logf writes a step at the current depth, its first letter upper case.
func (t *Tracer) Logf(format string, args ...any) {
	if t.Flush != nil {
		t.Flush()
	}
	t.Write(t.Depth, Capital(fmt.Sprintf(format, args...)))
}

// Capital returns s with its first letter upper case.
func Capital(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	if n == 0 || unicode.IsUpper(r) {
		return s
	}
	return string(unicode.ToUpper(r)) + s[n:]
}

// Plural returns one when n is 1, else many: the agreement of a trace's
// words with a number ("goes"/"go", "1 card is"/"3 cards are"). A count
// of a noun alone is cardsdb.Plural.
func Plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
