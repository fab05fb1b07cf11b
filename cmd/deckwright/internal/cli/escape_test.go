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
		// bidirectional controls: shown in the order they are
		{"evil\u202egnp.exe", `evil\u202egnp.exe`},
		{"\u202a\u202b\u202c\u202d", `\u202a\u202b\u202c\u202d`},
		{"iso\u2066late\u2067\u2068\u2069", `iso\u2066late\u2067\u2068\u2069`},
		{"mark\u200e\u200f\u061c", `mark\u200e\u200f\u061c`},
		// right-to-left text itself is text
		{"שלום مرحبا", "שלום مرحبا"},
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

// FuzzEscape checks that escaped text holds no control character a
// terminal acts on, whatever it was, and that escaping JSON leaves JSON
// that reads back the same.
func FuzzEscape(f *testing.F) {
	for _, s := range []string{"Cosmos", "\x1b]0;x\x07", "\u009b2J", "\xc2", "a\r\nb\t", "\x7f", "Schrö\xffdinger", "evil\u202egnp.exe", "\u2066\u061c"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		e := Escape(s)
		for i, r := range e {
			if r < 0x20 && r != '\n' && r != '\t' || r >= 0x7f && r <= 0x9f || isBidi(r) {
				t.Fatalf("Escape(%q) = %q holds %U at %d", s, e, r, i)
			}
		}
		doc, err := json.Marshal(s)
		if err != nil {
			t.Fatal(err)
		}
		var back string
		if err := json.Unmarshal([]byte(Escape(string(doc))), &back); err != nil {
			t.Fatalf("escaped JSON %q: %v", Escape(string(doc)), err)
		}
		var want string
		_ = json.Unmarshal(doc, &want)
		if back != want {
			t.Fatalf("escaped JSON reads back %q, want %q", back, want)
		}
	})
}
