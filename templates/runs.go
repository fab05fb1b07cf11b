package templates

import (
	"strings"
	"unicode/utf8"

	"github.com/deckwright/deckwright/cardsdb"
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

// Icons drawn from an image travel in Data.Text as private-use characters
// of plane 15: icon i of the game's icon set (cardsdb.Game.Icons) is
// iconMark+i. No font is measured or drawn beyond the Basic Multilingual
// Plane (Sanitize replaces such characters), so a mark cannot be a glyph
// of a template's own font (an icon font's private-use glyphs at U+E000
// are text); addBlock keeps them only for the icons the game has,
// measures each as IconAdvance, and gives it a Run of its own with
// Run.Icon set. A card file that writes one only draws one of its own
// game's icons.
const (
	iconMark  = '\U000F0000'
	iconMarks = 0x1000 // how many icons can be marked
)

// IconAdvance is the width of an image icon in a line of text, in
// thousandths of an em: the icon is drawn in a square one em wide.
const IconAdvance = 1000

// isIconMark reports whether r marks one of the first n icons of a game.
func isIconMark(r rune, n int) bool {
	return r >= iconMark && r < iconMark+rune(min(n, iconMarks))
}

// iconMarkOf returns the mark of ic in g's icon set, or false when ic has
// no image or cannot be marked.
func iconMarkOf(ic *cardsdb.IconDef, g *cardsdb.Game) (rune, bool) {
	if ic == nil || ic.Image == "" || g == nil {
		return 0, false
	}
	for i, x := range g.Icons {
		if x == ic && i < iconMarks {
			return iconMark + rune(i), true
		}
	}
	return 0, false
}

// Run is a part of a line in one font style, for lines that mix styles
// (bold or italic runs of rules text).
type Run struct {
	Text   string
	X      float64 // from the line's X, mm
	Bold   bool
	Italic bool
	Font   string // FontName(Bold, Italic)
	// Icon, when set, is an icon to draw from its image (Icon.Image, in
	// the game's FS) in a square W mm wide whose bottom is on the
	// baseline; Text then holds what to print if the image cannot be
	// read: the icon's glyph, or its name in brackets.
	Icon *cardsdb.IconDef
	// W is the run's width in mm.
	W float64
}

// markedRich returns rules text as Data.Text holds it: icons as their
// glyphs (or, for an icon with an image, its mark), and bold and italic
// runs between marks.
func markedRich(spans []Span, g *cardsdb.Game) string {
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
		if m, ok := iconMarkOf(sp.Icon, g); ok {
			b.WriteRune(m)
			continue
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
// text has no marks. The marks of the first icons icons are kept as they
// are (see iconMark). keep, when not nil, reports the characters a
// template's own font draws in a style (bits as the styles): they are kept
// too, even where the Go fonts have no glyph.
func stripMarks(text string, icons int, keep func(r rune, style byte) bool) (string, []byte, []rune) {
	keepIn := func(style byte) func(rune) bool {
		if keep == nil {
			return nil
		}
		return func(r rune) bool { return keep(r, style) }
	}
	if !strings.ContainsRune(text, boldMark) && !strings.ContainsRune(text, italicMark) && !hasIconMark(text, icons) {
		out, bad := sanitizeKeep(text, keepIn(0))
		return out, nil, bad
	}
	var b strings.Builder
	var styles []byte
	var bad []rune
	var style byte
	flush := func(run string) {
		s, bd := sanitizeKeep(run, keepIn(style))
		b.WriteString(s)
		for range len(s) {
			styles = append(styles, style)
		}
		bad = append(bad, bd...)
	}
	start := 0
	for i, r := range text {
		if isIconMark(r, icons) {
			flush(text[start:i])
			b.WriteRune(r)
			for range utf8.RuneLen(r) {
				styles = append(styles, style)
			}
			start = i + utf8.RuneLen(r)
			continue
		}
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

// hasIconMark reports whether text holds the mark of one of the first n
// icons.
func hasIconMark(text string, n int) bool {
	if n == 0 {
		return false
	}
	for _, r := range text {
		if isIconMark(r, n) {
			return true
		}
	}
	return false
}

// iconRun is the run of an image icon w mm wide at x, in a line of the
// style bold, italic; its Text is what prints if the image cannot be
// read: the icon's glyph, or its name in brackets, in the Go font.
func iconRun(ic *cardsdb.IconDef, x, w float64, bold, italic bool) Run {
	fallback := ic.Glyph
	if fallback == "" {
		fallback = "[" + ic.Name + "]"
	}
	// Printed in the Go font when the image cannot be read: made safe to
	// draw with it, as all text is (an emoji glyph reached the PDF writer
	// raw and made it panic, issue 34).
	fallback, _ = Sanitize(fallback)
	return Run{X: x, Bold: bold, Italic: italic, Font: FontName(bold, italic), Text: fallback, Icon: ic, W: w}
}

// lineRuns finds the style of each character of a fitted line in the text
// it was set from (from *pos on, which it advances) and splits the line
// into runs of one style, placed at size pt; each icon mark of icons (the
// game's icon set) is a run of its own. Characters Fit added (the
// ellipsis) take the box's style.
func lineRuns(line, text string, styles []byte, pos *int, bold, italic bool, size float64, icons []*cardsdb.IconDef) ([]Run, float64) {
	var runs []Run
	x := 0.0
	add := func(s string, st byte) {
		b, it := bold || st&1 != 0, italic || st&2 != 0
		w := TextWidth(s, size, b, it)
		if r, _ := utf8.DecodeRuneInString(s); isIconMark(r, len(icons)) {
			runs = append(runs, iconRun(icons[r-iconMark], x, w, b, it))
		} else if n := len(runs); n > 0 && runs[n-1].Icon == nil && runs[n-1].Bold == b && runs[n-1].Italic == it {
			runs[n-1].Text += s
			runs[n-1].W += w
		} else {
			runs = append(runs, Run{X: x, Bold: b, Italic: it, Font: FontName(b, it), Text: s, W: w})
		}
		x += w
	}
	sts := runeStyles(line, text, styles, pos)
	i := 0
	for _, r := range line {
		add(string(r), sts[i])
		i++
	}
	return runs, x
}

// runeStyles gives the style bits (1 bold, 2 italic) of each rune of a
// fitted line of text, whose styles are per byte (nil: all plain), from
// byte *pos on; it moves *pos past the line.
func runeStyles(line, text string, styles []byte, pos *int) []byte {
	out := make([]byte, 0, len(line))
	if styles == nil { // no marks: every rune plain
		for range line {
			out = append(out, 0)
		}
		return out
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
			out = append(out, st)
			continue
		}
		p := *pos
		for p < len(text) && (text[p] == ' ' || text[p] == '\n') {
			p++
		}
		if strings.HasPrefix(text[p:], s) {
			prev = styles[p]
			*pos = p + len(s)
			out = append(out, prev)
			continue
		}
		out = append(out, 0)
	}
	return out
}
