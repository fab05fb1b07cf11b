package cli

import (
	"encoding/json"
	"strings"
	"testing"
)

func TestEscape(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"Cosmos starter", "Cosmos starter"},
		{"line\none\ttab", "line\none\ttab"},
		{"\x1b]0;pwned\x07title", `\u001b]0;pwned\u0007title`},
		{"\x1b[2J\rclear", `\u001b[2J\u000dclear`},
		{"del\x7f", `del\u007f`},
		{"c1 \u009b31m", `c1 \u009b31m`},
		{"bad \x9b byte", `bad \x9b byte`},
		{"Schrödinger’s Cat", "Schrödinger’s Cat"},
	} {
		if got := Escape(tc.in); got != tc.want {
			t.Errorf("Escape(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

// TestEscapeWriter writes text cut at every byte, so that multi-byte
// sequences are split between writes, and checks JSON stays JSON.
func TestEscapeWriter(t *testing.T) {
	doc, _ := json.Marshal(map[string]string{"name": "Schrö\u009b\x7f\x1b[2J"})
	text := string(doc) + "\n\xc3"
	for cut := 0; cut <= len(text); cut++ {
		var out strings.Builder
		w := &escapeWriter{w: &out}
		w.Write([]byte(text[:cut]))
		w.Write([]byte(text[cut:]))
		w.Flush()
		if want := Escape(text); out.String() != want {
			t.Fatalf("cut at %d: wrote %q, want %q", cut, out.String(), want)
		}
		var back map[string]string
		line, _, _ := strings.Cut(out.String(), "\n")
		if err := json.Unmarshal([]byte(line), &back); err != nil || back["name"] != "Schrö\u009b\x7f\x1b[2J" {
			t.Fatalf("cut at %d: escaped JSON %q reads back as %q, %v", cut, line, back, err)
		}
		if strings.ContainsAny(out.String(), "\x1b\x7f\u009b") {
			t.Fatalf("cut at %d: %q holds a control character", cut, out.String())
		}
	}
}
