package templates

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/deckwright/deckwright/cardsdb"
)

// Span is a run of rules text in one style, or one icon of the game's
// icon set.
type Span struct {
	Text   string // the text, or the icon's glyph
	Bold   bool
	Italic bool
	// Icon is the icon the span draws ([shard] in the text), nil for text.
	Icon *cardsdb.IconDef
}

// ParseRich splits rules text written with deckwright's markup into spans:
// **bold**, *italic*, and [name] for an icon of the game's icon set
// (cardsdb.Game.Icons). A bracketed word that names no icon, and a star
// that opens or closes nothing, stay as written.
func ParseRich(s string, g *cardsdb.Game) []Span {
	var out []Span
	var cur strings.Builder
	bold, italic := false, false
	flush := func() {
		if cur.Len() > 0 {
			out = append(out, Span{Text: cur.String(), Bold: bold, Italic: italic})
			cur.Reset()
		}
	}
	for i := 0; i < len(s); {
		switch {
		case strings.HasPrefix(s[i:], "**") && (bold || closes(s[i+2:], "**")):
			flush()
			bold = !bold
			i += 2
		case s[i] == '*' && (italic || closes(s[i+1:], "*")):
			flush()
			italic = !italic
			i++
		case s[i] == '[':
			end := strings.IndexByte(s[i:], ']')
			var ic *cardsdb.IconDef
			if end > 1 && g != nil {
				ic = g.Icon(s[i+1 : i+end])
			}
			if ic == nil {
				cur.WriteByte('[')
				i++
				continue
			}
			flush()
			glyph := ic.Glyph
			if glyph == "" {
				glyph = "[" + ic.Name + "]" // an image-only icon: text proxies name it
			}
			out = append(out, Span{Text: glyph, Bold: bold, Italic: italic, Icon: ic})
			i += end + 1
		default:
			if ic, n := bareIcon(s[i:], g); ic != nil {
				// An emoji (or other symbol) the game names as an icon
				// is that icon, bracketed or not: "Gain 2 💎".
				flush()
				out = append(out, Span{Text: iconText(ic), Bold: bold, Italic: italic, Icon: ic})
				i += n
				continue
			}
			cur.WriteByte(s[i])
			i++
		}
	}
	flush()
	return out
}

// bareIcon returns the icon of g that the symbol starting s names (a
// character outside ASCII, with its emoji variation selector), and its
// length in bytes.
func bareIcon(s string, g *cardsdb.Game) (*cardsdb.IconDef, int) {
	if s == "" || s[0] < utf8.RuneSelf || g == nil || len(g.Icons) == 0 {
		return nil, 0
	}
	r, n := utf8.DecodeRuneInString(s)
	if unicode.IsLetter(r) || unicode.IsDigit(r) {
		return nil, 0
	}
	ic := g.Icon(string(r))
	if ic == nil {
		return nil, 0
	}
	if strings.HasPrefix(s[n:], "\uFE0F") {
		n += len("\uFE0F")
	}
	return ic, n
}

// iconGlyphs returns text with the game's icons ([name], or an emoji the
// game names as an icon) as their glyphs, and nothing else changed: the
// icons of the text fields other than the rules text (flavour, a back's
// text, a type's text fields).
func iconGlyphs(s string, g *cardsdb.Game) string {
	if g == nil || len(g.Icons) == 0 {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		if s[i] == '[' {
			if end := strings.IndexByte(s[i:], ']'); end > 1 {
				if ic := g.Icon(s[i+1 : i+end]); ic != nil {
					b.WriteString(iconText(ic))
					i += end + 1
					continue
				}
			}
		}
		if ic, n := bareIcon(s[i:], g); ic != nil {
			b.WriteString(iconText(ic))
			i += n
			continue
		}
		b.WriteByte(s[i])
		i++
	}
	return b.String()
}

// iconText is what a text proxy prints for an icon: its glyph, or its
// name in brackets for an image-only icon.
func iconText(ic *cardsdb.IconDef) string {
	if ic.Glyph == "" {
		return "[" + ic.Name + "]"
	}
	return ic.Glyph
}

// closes reports whether rest holds the closing marker of a run that
// starts here: a marker follows later on the same line, and the run does
// not start with a space.
func closes(rest, marker string) bool {
	if rest == "" || rest[0] == ' ' || rest[0] == '\n' || rest[0] == '*' && marker == "*" {
		return false
	}
	line, _, _ := strings.Cut(rest, "\n")
	return strings.Contains(line, marker)
}

// plainRich returns rules text as Data.Text holds it: icons as their
// glyphs (or marks, for icons with an image), markup markers turned into the marks the renderer sets in bold
// and italic (see markedRich).
func plainRich(s string, g *cardsdb.Game) string {
	if !strings.ContainsAny(s, "*[") && (g == nil || len(g.Icons) == 0) {
		return s
	}
	return markedRich(ParseRich(s, g), g)
}
