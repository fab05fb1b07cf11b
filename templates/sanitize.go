package templates

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
)

// Replacement is the character Sanitize puts in place of one the card font
// cannot draw: U+FFFD, which the Go fonts have.
const Replacement = '\uFFFD'

// Sanitize returns s made safe to draw with the embedded Go fonts and
// gofpdf, and whether any character had to be replaced.
//
// Characters above U+FFFF (emoji such as 🚀, which make gofpdf panic),
// private-use and unassigned characters, control characters, invalid UTF-8
// and every other character the fonts have no glyph for become
// Replacement (U+FFFD);
// that is what the bool reports. Changes that lose nothing are made
// without reporting: text is composed to NFC first (so a decomposed
// "Arke\u0301" becomes "Arké"), "\r\n" and "\r" become "\n", tabs and
// spaces the font lacks (thin, em, narrow no-break) become a plain or
// no-break space, U+2010 and U+2011 hyphens become "-", and invisible
// format characters (zero-width space and joiner, word joiner, byte-order
// mark, variation selectors) are dropped. "\n" is kept: it breaks lines.
//
// Letters of the Latin, Greek and Cyrillic alphabets with their accents
// pass unchanged: "Schrödinger's Cat", "Thryïnn" and "Arkhé" come back as
// they went in.
func Sanitize(s string) (string, bool) {
	out, bad := sanitize(s)
	return out, len(bad) > 0
}

// sanitize is Sanitize that also returns the characters it replaced, each
// once, in order of appearance.
func sanitize(s string) (string, []rune) { return sanitizeKeep(s, nil) }

// sanitizeKeep is sanitize that also keeps the characters keep reports
// (those a template's own font draws), when keep is not nil.
func sanitizeKeep(s string, keep func(rune) bool) (string, []rune) {
	if plainASCII(s) {
		return s, nil
	}
	if !norm.NFC.IsNormalString(s) {
		s = norm.NFC.String(s)
	}
	var b strings.Builder
	b.Grow(len(s))
	var bad []rune
	replace := func(r rune) {
		b.WriteRune(Replacement)
		for _, x := range bad {
			if x == r {
				return
			}
		}
		bad = append(bad, r)
	}
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		i += n
		switch {
		case r == utf8.RuneError && n <= 1:
			replace(r)
		case r == '\n':
			b.WriteByte('\n')
		case r == '\r':
			if i < len(s) && s[i] == '\n' {
				continue
			}
			b.WriteByte('\n')
		case r == '\t':
			b.WriteByte(' ')
		case r == '\v' || r == '\f' || r == 0x85 || r == 0x2028 || r == 0x2029:
			b.WriteByte('\n')
		case unicode.IsControl(r):
			replace(r) // some have glyphs (NUL), none should be drawn
		case r > 0xFFFF:
			if isInvisible(r) {
				continue
			}
			replace(r)
		case HasGlyph(r) || keep != nil && keep(r):
			b.WriteRune(r)
		case isInvisible(r):
			// dropped: draws nothing anyway
		case r == 0x202F || r == 0x2007:
			b.WriteRune('\u00A0') // narrow and figure no-break space
		case unicode.Is(unicode.Zs, r):
			b.WriteByte(' ')
		case r == 0x2010 || r == 0x2011:
			b.WriteByte('-')
		case r == 0x2012:
			b.WriteRune('–')
		default:
			replace(r)
		}
	}
	return b.String(), bad
}

// plainASCII reports whether s holds only printable ASCII and "\n", which
// the fonts draw as they are.
func plainASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if (c < 0x20 && c != '\n') || c >= 0x7F {
			return false
		}
	}
	return true
}

// isInvisible reports whether r is a format character that draws nothing:
// zero-width space, non-joiner and joiner, word joiner, byte-order mark and
// the variation selectors (U+FE0F follows many emoji).
func isInvisible(r rune) bool {
	switch {
	case r >= 0x200B && r <= 0x200D, r == 0x2060, r == 0xFEFF:
		return true
	case r >= 0xFE00 && r <= 0xFE0F, r >= 0xE0100 && r <= 0xE01EF:
		return true
	}
	return false
}
