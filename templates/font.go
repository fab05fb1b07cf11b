package templates

import (
	"fmt"
	"sync"

	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/gobolditalic"
	"golang.org/x/image/font/gofont/goitalic"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/sfnt"
	"golang.org/x/image/math/fixed"
)

// PtToMM is the length of one PDF point in millimetres.
const PtToMM = 25.4 / 72

// noGlyph marks a rune the font has no glyph for in a width table.
const noGlyph = 0xFFFF

// face is one of the four embedded Go fonts with its glyph widths, in the
// same units and with the same rounding as gofpdf's UTF-8 fonts, so that a
// width measured here is the width gofpdf draws.
type face struct {
	name string
	ttf  []byte
	// widths holds, for every rune of the Basic Multilingual Plane, the
	// glyph's advance in thousandths of an em rounded to an integer
	// (gofpdf's CharWidths), or noGlyph.
	widths  []uint16
	missing int // width gofpdf uses for a rune without a glyph (glyph 0)
	// ascent and descent are the hhea ascender and (positive) descender in
	// ems.
	ascent, descent float64
	// fallback, for a template's own font, draws the runes it lacks.
	fallback *face
}

// The four styles, indexed by styleIndex.
var faces = [4]*face{
	{name: "GoRegular", ttf: goregular.TTF},
	{name: "GoBold", ttf: gobold.TTF},
	{name: "GoItalic", ttf: goitalic.TTF},
	{name: "GoBoldItalic", ttf: gobolditalic.TTF},
}

var facesOnce sync.Once

func styleIndex(bold, italic bool) int {
	i := 0
	if bold {
		i |= 1
	}
	if italic {
		i |= 2
	}
	return i
}

// fontFace returns the measured face of a style, measuring the four fonts
// on first use (about 4 ms).
func fontFace(bold, italic bool) *face {
	facesOnce.Do(measureFaces)
	return faces[styleIndex(bold, italic)]
}

func measureFaces() {
	for _, f := range faces {
		if err := f.measure(); err != nil {
			// The fonts are compiled in; they cannot fail to parse
			// unless the build itself is broken.
			panic(fmt.Sprintf("templates: embedded font %s: %v", f.name, err))
		}
	}
}

func (f *face) measure() error {
	fnt, err := sfnt.Parse(f.ttf)
	if err != nil {
		return err
	}
	var buf sfnt.Buffer
	upem := int(fnt.UnitsPerEm())
	ppem := fixed.I(upem) // advances come back in font units
	m, err := fnt.Metrics(&buf, ppem, font.HintingNone)
	if err != nil {
		return err
	}
	f.ascent = float64(m.Ascent) / 64 / float64(upem)
	f.descent = float64(m.Descent) / 64 / float64(upem)
	thousandths := func(adv fixed.Int26_6) int {
		// gofpdf: round(1000/unitsPerEm * advance)
		return int(float64(adv)/64*1000/float64(upem) + 0.5)
	}
	adv0, err := fnt.GlyphAdvance(&buf, 0, ppem, font.HintingNone)
	if err != nil {
		return err
	}
	f.missing = thousandths(adv0)
	f.widths = make([]uint16, 0x10000)
	for r := range f.widths {
		f.widths[r] = noGlyph
		gi, err := fnt.GlyphIndex(&buf, rune(r))
		if err != nil || gi == 0 {
			continue
		}
		adv, err := fnt.GlyphAdvance(&buf, gi, ppem, font.HintingNone)
		if err != nil {
			continue
		}
		f.widths[r] = uint16(thousandths(adv))
	}
	return nil
}

// width returns the advance of r in thousandths of an em.
func (f *face) width(r rune) int {
	if isIconMark(r, iconMarks) {
		return IconAdvance
	}
	if r < 0 || r > 0xFFFF || f.widths[r] == noGlyph {
		if f.fallback != nil {
			return f.fallback.width(r)
		}
		return f.missing
	}
	return int(f.widths[r])
}

// units returns the width of s in thousandths of an em.
func (f *face) units(s string) int {
	w := 0
	for _, r := range s {
		w += f.width(r)
	}
	return w
}

// has reports whether the font has a glyph for r.
func (f *face) has(r rune) bool { return r >= 0 && r <= 0xFFFF && f.widths[r] != noGlyph }

// unitsToMM converts thousandths of an em at size points to millimetres.
func unitsToMM(u float64, size float64) float64 { return u * size / 1000 * PtToMM }

// FontTTF returns the TrueType bytes of the embedded Go font of a style
// (Go Regular, Go Bold, Go Italic or Go Bold Italic); the slice is shared,
// do not change it. The PDF writer registers these same bytes, so that
// text measured here is the text it draws:
//
//	pdf.AddUTF8FontFromBytes(templates.FontName(b, i), "", templates.FontTTF(b, i))
func FontTTF(bold, italic bool) []byte { return faces[styleIndex(bold, italic)].ttf }

// FontName returns the family name under which the PDF writer registers
// the font of a style: "GoRegular", "GoBold", "GoItalic" or "GoBoldItalic",
// each with the empty style string. Block.Font holds the same name.
func FontName(bold, italic bool) string { return faces[styleIndex(bold, italic)].name }

// TextWidth returns the width in millimetres of s set in one line in the Go
// font of a style at size points, as gofpdf's GetStringWidth measures it
// (no kerning). Runes the font has no glyph for count as the font's missing
// glyph; Sanitize first to avoid them.
func TextWidth(s string, size float64, bold, italic bool) float64 {
	return unitsToMM(float64(fontFace(bold, italic).units(s)), size)
}

// HasGlyph reports whether every style of the embedded font can draw r.
func HasGlyph(r rune) bool {
	facesOnce.Do(measureFaces)
	for _, f := range faces {
		if !f.has(r) {
			return false
		}
	}
	return true
}
