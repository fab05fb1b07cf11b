package templates

import (
	"bytes"
	"strings"
	"testing"
	"unicode/utf8"
)

func TestSanitize(t *testing.T) {
	const rep = string(Replacement)
	tests := []struct {
		in, want string
		changed  bool
	}{
		// Names of the bundled games come through as they are.
		{"Schrödinger's Cat", "Schrödinger's Cat", false},
		{"Thryïnn, the Last Kindler", "Thryïnn, the Last Kindler", false},
		{"Arkhé Wellspring", "Arkhé Wellspring", false},
		{"Ondrëa, Voice Beneath", "Ondrëa, Voice Beneath", false},
		{"Kaizerseat — “Sonar & Sons” · 5€ × 2 ½ Ωμέγα Жук", "Kaizerseat — “Sonar & Sons” · 5€ × 2 ½ Ωμέγα Жук", false},
		{"plain ASCII\nsecond line", "plain ASCII\nsecond line", false},
		// What the fonts cannot draw is replaced, and reported.
		{"Rogue Star 🚀", "Rogue Star " + rep, true},
		{"\U0001F600", rep, true},
		{"a\uE000b", "a" + rep + "b", true},                   // private use
		{"a\xed\xa0\x80b", "a" + rep + rep + rep + "b", true}, // a UTF-16 surrogate encoded in UTF-8 is invalid UTF-8
		{"bad \xff byte", "bad " + rep + " byte", true},
		{"star ★", "star " + rep, true},
		{"bell\x07", "bell" + rep, true},
		{"family 👨\u200d👩\u200d👧", "family " + rep + rep + rep, true}, // joiners dropped, emoji replaced
		{"thumbs 👍\uFE0F", "thumbs " + rep, true},
		// Changes that lose nothing are not reported.
		{"Arkhe\u0301", "Arkhé", false}, // decomposed accent composed (NFC)
		{"Schro\u0308dinger", "Schrödinger", false},
		{"a\r\nb\rc", "a\nb\nc", false},
		{"a\tb", "a b", false},
		{"thin\u2009space", "thin space", false},
		{"narrow\u202Fno-break", "narrow\u00A0no-break", false},
		{"non\u2011breaking", "non-breaking", false},
		{"zero\u200Bwidth\uFEFF", "zerowidth", false},
		{"line\u2028sep", "line\nsep", false},
	}
	for _, tc := range tests {
		got, changed := Sanitize(tc.in)
		if got != tc.want || changed != tc.changed {
			t.Errorf("Sanitize(%q) = %q, %v; want %q, %v", tc.in, got, changed, tc.want, tc.changed)
		}
	}
}

func TestSanitizeReportsEachCharacterOnce(t *testing.T) {
	_, bad := sanitize("🚀 and 🚀 and \uE000")
	if len(bad) != 2 || bad[0] != '🚀' || bad[1] != '\uE000' {
		t.Errorf("replaced %U, want [U+1F680 U+E000]", bad)
	}
}

// TestSanitizedTextDrawsWithGofpdf draws text that would crash gofpdf (a
// rune above U+FFFF indexes past its 65536-entry width table) once it has
// been sanitized.
func TestSanitizedTextDrawsWithGofpdf(t *testing.T) {
	pdf := newPDF(t)
	pdf.AddPage()
	for i, s := range []string{"Rogue Star 🚀", "\U0010FFFF", "a\xed\xa0\x80b", "\U0001F1FA\U0001F1F8 flag", "\uE000\uFFFF\uFFFE", "\x00nul"} {
		out, changed := Sanitize(s)
		if !changed {
			t.Errorf("Sanitize(%q) reports no change", s)
		}
		for _, b := range []bool{false, true} {
			pdf.SetFont(FontName(b, false), "", 8)
			pdf.Text(10, 10+float64(i)*5, out)
		}
	}
	var buf bytes.Buffer
	if err := pdf.Output(&buf); err != nil {
		t.Fatal(err)
	}
}

func FuzzSanitize(f *testing.F) {
	for _, s := range []string{"Schrödinger's Cat", "Rogue Star 🚀", "a\r\nb", "\xff", "e\u0301\u200d", "\uE000"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		out, _ := Sanitize(s)
		if !utf8.ValidString(out) {
			t.Fatalf("Sanitize(%q) = %q, not valid UTF-8", s, out)
		}
		for _, r := range out {
			if r != '\n' && !HasGlyph(r) {
				t.Fatalf("Sanitize(%q) keeps %U, which the font cannot draw", s, r)
			}
		}
		if strings.ContainsRune(out, '\r') {
			t.Fatalf("Sanitize(%q) keeps a carriage return", s)
		}
		again, changed := Sanitize(out)
		if again != out || changed {
			t.Fatalf("Sanitize is not idempotent: %q then %q (changed %v)", out, again, changed)
		}
	})
}
