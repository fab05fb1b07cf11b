package pdfgeom

import (
	"math"

	"github.com/deckwright/deckwright/internal/pdfcontent"
)

// nextLine is T*: the start of the next line, TL below.
func (e *exec) nextLine() {
	e.tlm = Matrix{1, 0, 0, 1, 0, -e.gs.tl}.Mul(e.tlm)
	e.tm = e.tlm
}

// Glyph metrics assumed, in units of the font size: the font is not read.
const (
	glyphWidth = 0.5
	descent    = 0.2
	ascent     = 0.8
)

// show is Tj (one string) or TJ (an array of strings and adjustments):
// it adds a Text and moves the text matrix past what was shown.
func (e *exec) show(raw []byte, array bool) error {
	gs := &e.gs
	x, lo, hi := 0.0, 0.0, 0.0
	glyphs := 0
	str := func(s []byte) {
		n, spaces := stringBytes(s)
		if gs.twoByte {
			n, spaces = n/2, 0
		}
		glyphs += n
		x += (float64(n)*(glyphWidth*gs.tfs+gs.tc) + float64(spaces)*gs.tw) * gs.th
		lo, hi = math.Min(lo, x), math.Max(hi, x)
	}
	if !array {
		str(raw)
	} else {
		if len(raw) < 2 || raw[0] != '[' {
			return nil
		}
		_ = pdfcontent.Scan(raw[1:len(raw)-1], func(t pdfcontent.Token) error {
			if len(t.Raw) == 0 {
				return nil
			}
			if t.Raw[0] == '(' || t.Raw[0] == '<' {
				str(t.Raw)
			} else if v, ok := parseNum(t.Raw); ok {
				x -= v / 1000 * gs.tfs * gs.th
				lo, hi = math.Min(lo, x), math.Max(hi, x)
			}
			return nil
		})
	}
	m := e.tm.Mul(gs.ctm)
	e.tm = Matrix{1, 0, 0, 1, x, 0}.Mul(e.tm)
	if glyphs == 0 || gs.tfs == 0 {
		return nil
	}
	size := math.Abs(gs.tfs) * math.Hypot(m[2], m[3])
	var corners [4]Point
	for i, c := range [4][2]float64{{lo, gs.rise - descent*gs.tfs}, {hi, gs.rise - descent*gs.tfs}, {lo, gs.rise + ascent*gs.tfs}, {hi, gs.rise + ascent*gs.tfs}} {
		cx, cy := m.Apply(c[0], c[1])
		corners[i] = Point{cx, cy}
	}
	box := bounds(corners[:])
	ox, oy := m.Apply(0, gs.rise)
	if !finiteR(box) || !finite(ox+oy+size) {
		return nil
	}
	if err := e.r.addItem(); err != nil {
		return err
	}
	e.r.page.Texts = append(e.r.page.Texts, Text{
		Origin: Point{ox, oy}, Box: box, Size: size, Glyphs: glyphs,
		Invisible: gs.mode == 3 || gs.mode == 7, Scope: e.scope(),
	})
	e.countIn(0, 0, 1)
	return nil
}

// stringBytes counts the bytes a string operand ((…) or <…>) holds, and
// how many of them are spaces (code 32, which word spacing widens).
func stringBytes(s []byte) (n, spaces int) {
	if len(s) < 2 {
		return 0, 0
	}
	if s[0] == '<' {
		digits := 0
		for _, c := range s[1 : len(s)-1] {
			if _, ok := unhex(c); ok {
				digits++
			}
		}
		return (digits + 1) / 2, 0
	}
	body := s[1 : len(s)-1]
	for i := 0; i < len(body); i++ {
		c := body[i]
		if c != '\\' {
			n++
			if c == ' ' {
				spaces++
			}
			continue
		}
		i++
		if i >= len(body) {
			break
		}
		switch c := body[i]; {
		case c == '\r':
			if i+1 < len(body) && body[i+1] == '\n' {
				i++
			}
		case c == '\n':
		case c >= '0' && c <= '7':
			for k := 0; k < 2 && i+1 < len(body) && body[i+1] >= '0' && body[i+1] <= '7'; k++ {
				i++
			}
			n++
		default:
			n++
		}
	}
	return n, spaces
}
