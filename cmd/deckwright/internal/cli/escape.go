package cli

import (
	"fmt"
	"io"
	"strings"
	"sync"
	"unicode/utf8"
)

// Escape returns s with the control characters a terminal would act on
// written out: every C0 control but newline and tab, DEL, the C1 controls
// and the bidirectional controls (isBidi) become \uXXXX (which keeps JSON
// valid and equal), and a byte that is not UTF-8 becomes \xNN. A deck's
// name or a card name from a shared file can then not retitle, clear or
// rewrite the terminal, nor show its text in another order than it has
// ("evil\u202egnp.exe" shows as "evilexe.png").
func Escape(s string) string {
	var b strings.Builder
	appendEscaped(&b, []byte(s), true)
	return b.String()
}

// appendEscaped writes p escaped to b and returns how many bytes of p it
// took: all of them when final, else it may leave an incomplete UTF-8
// sequence at the end for the next write.
func appendEscaped(b *strings.Builder, p []byte, final bool) int {
	i := 0
	for i < len(p) {
		c := p[i]
		if c < utf8.RuneSelf {
			if c < 0x20 && c != '\n' && c != '\t' || c == 0x7f {
				fmt.Fprintf(b, `\u%04x`, c)
			} else {
				b.WriteByte(c)
			}
			i++
			continue
		}
		if !final && !utf8.FullRune(p[i:]) {
			return i
		}
		r, n := utf8.DecodeRune(p[i:])
		switch {
		case r == utf8.RuneError && n == 1:
			fmt.Fprintf(b, `\x%02x`, c)
		case r >= 0x80 && r <= 0x9f, isBidi(r):
			fmt.Fprintf(b, `\u%04x`, r)
		default:
			b.Write(p[i : i+n])
		}
		i += n
	}
	return i
}

// isBidi reports whether r is a Unicode bidirectional control, which makes
// a terminal show the text around it in another order: the embeddings and
// overrides U+202A to U+202E, the isolates U+2066 to U+2069, and the marks
// U+200E, U+200F and U+061C.
func isBidi(r rune) bool {
	return r >= 0x202a && r <= 0x202e || r >= 0x2066 && r <= 0x2069 || r == 0x200e || r == 0x200f || r == 0x061c
}

// escapeWriter writes through to w with control characters escaped (see
// Escape). Every output of the CLI goes through one, for people and for
// JSON alike; only the progress bar writes its own control codes raw.
// It is safe for concurrent use: an interrupted command may still write
// while MainContext reports the interruption.
type escapeWriter struct {
	w       io.Writer
	mu      sync.Mutex
	pending []byte // an incomplete UTF-8 sequence at the end of the last write
}

func (e *escapeWriter) Write(p []byte) (int, error) {
	e.mu.Lock()
	defer e.mu.Unlock()
	data := p
	if len(e.pending) > 0 {
		data = append(e.pending, p...)
	}
	var b strings.Builder
	b.Grow(len(data))
	n := appendEscaped(&b, data, false)
	e.pending = append(e.pending[:0:0], data[n:]...)
	if _, err := io.WriteString(e.w, b.String()); err != nil {
		return 0, err
	}
	return len(p), nil
}

// Flush writes out an incomplete UTF-8 sequence held back at the end.
func (e *escapeWriter) Flush() error {
	e.mu.Lock()
	defer e.mu.Unlock()
	if len(e.pending) == 0 {
		return nil
	}
	var b strings.Builder
	appendEscaped(&b, e.pending, true)
	e.pending = nil
	_, err := io.WriteString(e.w, b.String())
	return err
}

// rawWriter returns the writer under an escapeWriter, for output that
// writes its own control codes (the progress bar).
func rawWriter(w io.Writer) io.Writer {
	if e, ok := w.(*escapeWriter); ok {
		return e.w
	}
	return w
}
