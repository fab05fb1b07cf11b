package templates

import (
	"strings"
	"unicode/utf8"
)

// Marks that Data.Text carries through a template to the renderer: each
// toggles bold or italic. They are control characters (STX and ETX), which
// card text has no use for (Sanitize replaces them); the renderer removes
// them before fitting. A card file that writes one ("\x02" in YAML) only
// changes the style of its own text.
const (
	boldMark   = '\x02'
	italicMark = '\x03'
)

// Run is a part of a line in one font style, for lines that mix styles
// (bold or italic runs of rules text).
type Run struct {
	Text   string
	X      float64 // from the line's X, mm
	Bold   bool
	Italic bool
	Font   string // FontName(Bold, Italic)
}

// markedRich returns rules text as Data.Text holds it: icons as their
// glyphs, and bold and italic runs between marks.
func markedRich(spans []Span) string {
	var b strings.Builder
	bold, italic := false, false
	for _, sp := range spans {
		if sp.Bold != bold {
			b.WriteRune(boldMark)
			bold = sp.Bold
		}
		if sp.Italic != italic {
			b.WriteRune(italicMark)
			italic = sp.Italic
		}
		b.WriteString(sp.Text)
	}
	if bold {
		b.WriteRune(boldMark)
	}
	if italic {
		b.WriteRune(italicMark)
	}
	return b.String()
}

// stripMarks sanitizes text run by run and returns it without marks, with
// the style of each byte (bit 0 bold, bit 1 italic), or nil styles when the
// text has no marks.
func stripMarks(text string) (string, []byte, []rune) {
	if !strings.ContainsRune(text, boldMark) && !strings.ContainsRune(text, italicMark) {
		out, bad := sanitize(text)
		return out, nil, bad
	}
	var b strings.Builder
	var styles []byte
	var bad []rune
	var style byte
	flush := func(run string) {
		s, bd := sanitize(run)
		b.WriteString(s)
		for range len(s) {
			styles = append(styles, style)
		}
		bad = append(bad, bd...)
	}
	start := 0
	for i, r := range text {
		if r == boldMark || r == italicMark {
			flush(text[start:i])
			if r == boldMark {
				style ^= 1
			} else {
				style ^= 2
			}
			start = i + utf8.RuneLen(r)
		}
	}
	flush(text[start:])
	return b.String(), styles, bad
}

// lineRuns finds the style of each character of a fitted line in the text
// it was set from (from *pos on, which it advances) and splits the line
// into runs of one style, placed at size pt. Characters Fit added (the
// ellipsis) take the box's style.
func lineRuns(line, text string, styles []byte, pos *int, bold, italic bool, size float64) ([]Run, float64) {
	var runs []Run
	x := 0.0
	add := func(s string, st byte) {
		b, it := bold || st&1 != 0, italic || st&2 != 0
		if n := len(runs); n > 0 && runs[n-1].Bold == b && runs[n-1].Italic == it {
			runs[n-1].Text += s
		} else {
			runs = append(runs, Run{X: x, Bold: b, Italic: it, Font: FontName(b, it), Text: s})
		}
		x += TextWidth(s, size, b, it)
	}
	var prev byte
	for _, r := range line {
		s := string(r)
		if r == ' ' {
			st := prev // a space Fit put where the text broke a word
			if *pos < len(text) && (text[*pos] == ' ' || text[*pos] == '\n') {
				st = styles[*pos]
			}
			for *pos < len(text) && (text[*pos] == ' ' || text[*pos] == '\n') {
				*pos++
			}
			add(s, st)
			continue
		}
		p := *pos
		for p < len(text) && (text[p] == ' ' || text[p] == '\n') {
			p++
		}
		if strings.HasPrefix(text[p:], s) {
			prev = styles[p]
			*pos = p + len(s)
			add(s, prev)
			continue
		}
		add(s, 0)
	}
	return runs, x
}
