package otf2ttf

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math"
)

// Budgets of the charstring interpreter, checked as it runs, so that a
// font of a few kilobytes whose subroutines call each other cannot make
// it run for minutes or fill memory with the outlines it draws (issue
// 34: 12 calls, 9 deep, drew 5 billion lines).
const (
	// MaxGlyphOps is the most operators and operands one glyph's
	// charstring may execute, its subroutines included: hundreds of
	// times what real glyphs take (Source Sans 3: 285 at most, 89 on
	// average).
	MaxGlyphOps = 1 << 17
	// MaxOps is the most all the glyphs together may execute: 512 a glyph
	// for the most glyphs a font can have.
	MaxOps = 512 << 16
	// maxCallDepth is how deep subroutines may nest (Type 2 charstring
	// format, Appendix B: "subr nesting, stack limit 10").
	maxCallDepth = 10
	// maxArgs is the size of the argument stack (Appendix B: 48).
	maxArgs = 48
	// maxHints is the most stem hints a glyph may declare (Appendix B:
	// 96).
	maxHints = 96
)

// pathSink receives a glyph's outline from the interpreter, in font
// units with y up; an error stops the interpreter (a budget).
type pathSink interface {
	moveTo(p point) error
	lineTo(p point) error
	cubeTo(c1, c2, p point) error
	closePath() error
}

// budget counts operations against MaxGlyphOps and MaxOps.
type budget struct {
	glyph, total int
}

// charstring runs the Type 2 charstrings (Adobe Technical Note 5177) of
// one glyph.
type charstring struct {
	font      *cffFont
	subrs     [][]byte // the glyph's local subroutines
	sink      pathSink
	ops       *budget
	args      [maxArgs]float64
	n         int // arguments on the stack
	x, y      float64
	hints     int
	seenWidth bool
	open      bool // a contour is begun
	ended     bool // endchar was run
	depth     int  // subroutine calls
}

// errReturn is what run returns when a subroutine returns.
var errReturn = errors.New("return")

// glyph draws glyph gi of f into sink within ops.
func (f *cffFont) glyph(gi int, sink pathSink, ops *budget) error {
	if gi < 0 || gi >= len(f.charStrings) {
		return fmt.Errorf("no charstring for glyph %d", gi)
	}
	fd := 0
	if f.fdSelect != nil {
		fd = int(f.fdSelect[gi])
	}
	c := &charstring{font: f, subrs: f.subrs[fd], sink: sink, ops: ops}
	ops.glyph = 0
	if err := c.run(f.charStrings[gi]); err != nil {
		return err
	}
	if c.open {
		return sink.closePath() // a charstring without endchar: close what it drew
	}
	return nil
}

// run executes code, a charstring or a subroutine.
func (c *charstring) run(code []byte) error {
	for i := 0; i < len(code) && !c.ended; {
		c.ops.glyph++
		c.ops.total++
		if c.ops.glyph > MaxGlyphOps {
			return fmt.Errorf("charstring: more than %d operations for one glyph (subroutines calling each other too often?)", MaxGlyphOps)
		}
		if c.ops.total > MaxOps {
			return fmt.Errorf("charstring: more than %d operations in all", MaxOps)
		}
		b := code[i]
		// Numbers.
		if b >= 32 || b == 28 {
			v, n, err := number(code[i:])
			if err != nil {
				return err
			}
			if c.n == maxArgs {
				return fmt.Errorf("charstring: more than %d arguments", maxArgs)
			}
			c.args[c.n] = v
			c.n++
			i += n
			continue
		}
		i++
		op := int(b)
		if b == 12 {
			if i >= len(code) {
				return errors.New("charstring: an escape at its end")
			}
			op = 1200 + int(code[i])
			i++
		}
		switch op {
		case 10, 29: // callsubr, callgsubr
			if c.n < 1 {
				return errors.New("charstring: a subroutine call without its number")
			}
			subrs := c.subrs
			if op == 29 {
				subrs = c.font.gsubrs
			}
			c.n--
			k := c.args[c.n] + float64(bias(len(subrs)))
			if k < 0 || k >= float64(len(subrs)) || k != math.Trunc(k) {
				return fmt.Errorf("charstring: a call of subroutine %v, and there are %d", c.args[c.n], len(subrs))
			}
			if c.depth == maxCallDepth {
				return fmt.Errorf("charstring: subroutines nested more than %d deep", maxCallDepth)
			}
			c.depth++
			err := c.run(subrs[int(k)])
			c.depth--
			if err != nil && err != errReturn {
				return err
			}
		case 11: // return
			if c.depth == 0 {
				return errors.New("charstring: return outside a subroutine")
			}
			return errReturn
		case 14: // endchar
			if !c.seenWidth && (c.n == 1 || c.n == 5) {
				c.width()
			}
			if c.n == 4 {
				return errors.New("charstring: an accented character (endchar with seac's arguments) is not supported")
			}
			if c.open {
				if err := c.sink.closePath(); err != nil {
					return err
				}
				c.open = false
			}
			c.ended = true
			c.n = 0
		case 1, 3, 18, 23: // hstem, vstem, hstemhm, vstemhm
			if err := c.stems(); err != nil {
				return err
			}
		case 19, 20: // hintmask, cntrmask
			if c.n > 0 {
				if err := c.stems(); err != nil { // an implied vstem
					return err
				}
			}
			c.seenWidth = true
			skip := (c.hints + 7) / 8
			if i+skip > len(code) {
				return errors.New("charstring: a hint mask cut short")
			}
			i += skip
		default:
			if err := c.path(op); err != nil {
				return err
			}
			c.n = 0
		}
	}
	return nil
}

// width drops the glyph's width, the first argument of the first
// stack-clearing operator: the widths are taken from the hmtx table.
func (c *charstring) width() {
	copy(c.args[:], c.args[1:c.n])
	c.n--
}

// stems declares c.n/2 stem hints.
func (c *charstring) stems() error {
	if !c.seenWidth && c.n%2 == 1 {
		c.width()
	}
	c.seenWidth = true
	if c.n%2 != 0 {
		return errors.New("charstring: a stem hint without its width")
	}
	c.hints += c.n / 2
	c.n = 0
	if c.hints > maxHints {
		return fmt.Errorf("charstring: more than %d stem hints", maxHints)
	}
	return nil
}

// bias is the number added to a subroutine's number in a call (TN 5176,
// section 16).
func bias(n int) int {
	switch {
	case n < 1240:
		return 107
	case n < 33900:
		return 1131
	}
	return 32768
}

// number reads the charstring number at the start of b and returns it
// with its length in bytes.
func number(b []byte) (float64, int, error) {
	switch c := b[0]; {
	case c == 28:
		if len(b) < 3 {
			return 0, 0, errors.New("charstring: a number cut short")
		}
		return float64(int16(binary.BigEndian.Uint16(b[1:]))), 3, nil
	case c <= 246:
		return float64(int(c) - 139), 1, nil
	case c <= 250:
		if len(b) < 2 {
			return 0, 0, errors.New("charstring: a number cut short")
		}
		return float64((int(c)-247)*256 + int(b[1]) + 108), 2, nil
	case c <= 254:
		if len(b) < 2 {
			return 0, 0, errors.New("charstring: a number cut short")
		}
		return float64(-(int(c)-251)*256 - int(b[1]) - 108), 2, nil
	default: // 255: a 16.16 fixed-point number
		if len(b) < 5 {
			return 0, 0, errors.New("charstring: a number cut short")
		}
		return float64(int32(binary.BigEndian.Uint32(b[1:]))) / 65536, 5, nil
	}
}

// path runs a path-construction operator.
func (c *charstring) path(op int) error {
	a := c.args[:c.n]
	bad := func(name string) error {
		return fmt.Errorf("charstring: %s with %d arguments", name, len(a))
	}
	switch op {
	case 21, 22, 4: // rmoveto, hmoveto, vmoveto
		want := 2
		if op != 21 {
			want = 1
		}
		if !c.seenWidth && len(a) == want+1 {
			c.width()
			a = c.args[:c.n]
		}
		c.seenWidth = true
		if len(a) != want {
			return bad(map[int]string{21: "rmoveto", 22: "hmoveto", 4: "vmoveto"}[op])
		}
		if c.open {
			if err := c.sink.closePath(); err != nil {
				return err
			}
		}
		switch op {
		case 21:
			c.x, c.y = c.x+a[0], c.y+a[1]
		case 22:
			c.x += a[0]
		case 4:
			c.y += a[0]
		}
		c.open = true
		return c.sink.moveTo(point{x: c.x, y: c.y, on: true})
	case 5: // rlineto {dxa dya}+
		if len(a) < 2 || len(a)%2 != 0 {
			return bad("rlineto")
		}
		for k := 0; k < len(a); k += 2 {
			if err := c.line(a[k], a[k+1]); err != nil {
				return err
			}
		}
	case 6, 7: // hlineto, vlineto: alternating horizontal and vertical lines
		if len(a) < 1 {
			return bad("hlineto or vlineto")
		}
		horiz := op == 6
		for _, d := range a {
			var err error
			if horiz {
				err = c.line(d, 0)
			} else {
				err = c.line(0, d)
			}
			if err != nil {
				return err
			}
			horiz = !horiz
		}
	case 8: // rrcurveto {dxa dya dxb dyb dxc dyc}+
		if len(a) < 6 || len(a)%6 != 0 {
			return bad("rrcurveto")
		}
		for k := 0; k < len(a); k += 6 {
			if err := c.curve(a[k], a[k+1], a[k+2], a[k+3], a[k+4], a[k+5]); err != nil {
				return err
			}
		}
	case 24: // rcurveline {dxa dya dxb dyb dxc dyc}+ dxd dyd
		if len(a) < 8 || (len(a)-2)%6 != 0 {
			return bad("rcurveline")
		}
		k := 0
		for ; k+2 < len(a); k += 6 {
			if err := c.curve(a[k], a[k+1], a[k+2], a[k+3], a[k+4], a[k+5]); err != nil {
				return err
			}
		}
		return c.line(a[k], a[k+1])
	case 25: // rlinecurve {dxa dya}+ dxb dyb dxc dyc dxd dyd
		if len(a) < 8 || (len(a)-6)%2 != 0 {
			return bad("rlinecurve")
		}
		k := 0
		for ; k+6 < len(a); k += 2 {
			if err := c.line(a[k], a[k+1]); err != nil {
				return err
			}
		}
		return c.curve(a[k], a[k+1], a[k+2], a[k+3], a[k+4], a[k+5])
	case 26, 27: // vvcurveto dx1? {dya dxb dyb dyc}+, hhcurveto dy1? {dxa dxb dyb dxc}+
		if len(a) < 4 || len(a)%4 > 1 {
			return bad("vvcurveto or hhcurveto")
		}
		first := 0.0
		if len(a)%4 == 1 {
			first, a = a[0], a[1:]
		}
		for k := 0; k < len(a); k += 4 {
			var err error
			if op == 26 {
				err = c.curve(first, a[k], a[k+1], a[k+2], 0, a[k+3])
			} else {
				err = c.curve(a[k], first, a[k+1], a[k+2], a[k+3], 0)
			}
			if err != nil {
				return err
			}
			first = 0
		}
	case 30, 31: // vhcurveto, hvcurveto: curves that start vertical and horizontal in turn
		if len(a) < 4 || len(a)%4 > 1 {
			return bad("vhcurveto or hvcurveto")
		}
		horiz := op == 31
		for k := 0; k+4 <= len(a); k += 4 {
			last := 0.0
			if len(a)-k == 5 {
				last = a[k+4]
			}
			var err error
			if horiz {
				err = c.curve(a[k], 0, a[k+1], a[k+2], last, a[k+3])
			} else {
				err = c.curve(0, a[k], a[k+1], a[k+2], a[k+3], last)
			}
			if err != nil {
				return err
			}
			horiz = !horiz
		}
	case 1235: // flex: two curves and a flex depth
		if len(a) != 13 {
			return bad("flex")
		}
		if err := c.curve(a[0], a[1], a[2], a[3], a[4], a[5]); err != nil {
			return err
		}
		return c.curve(a[6], a[7], a[8], a[9], a[10], a[11])
	case 1234: // hflex dx1 dx2 dy2 dx3 dx4 dx5 dx6
		if len(a) != 7 {
			return bad("hflex")
		}
		if err := c.curve(a[0], 0, a[1], a[2], a[3], 0); err != nil {
			return err
		}
		return c.curve(a[4], 0, a[5], -a[2], a[6], 0)
	case 1236: // hflex1 dx1 dy1 dx2 dy2 dx3 dx4 dx5 dy5 dx6
		if len(a) != 9 {
			return bad("hflex1")
		}
		if err := c.curve(a[0], a[1], a[2], a[3], a[4], 0); err != nil {
			return err
		}
		return c.curve(a[5], 0, a[6], a[7], a[8], -(a[1] + a[3] + a[7]))
	case 1237: // flex1 dx1 dy1 ... dx5 dy5 d6
		if len(a) != 11 {
			return bad("flex1")
		}
		dx := a[0] + a[2] + a[4] + a[6] + a[8]
		dy := a[1] + a[3] + a[5] + a[7] + a[9]
		dx6, dy6 := a[10], -dy
		if math.Abs(dx) <= math.Abs(dy) {
			dx6, dy6 = -dx, a[10]
		}
		if err := c.curve(a[0], a[1], a[2], a[3], a[4], a[5]); err != nil {
			return err
		}
		return c.curve(a[6], a[7], a[8], a[9], dx6, dy6)
	default:
		if op >= 1200 {
			return fmt.Errorf("charstring: unsupported operator 12 %d", op-1200)
		}
		return fmt.Errorf("charstring: unsupported operator %d", op)
	}
	return nil
}

// line draws a line by (dx, dy).
func (c *charstring) line(dx, dy float64) error {
	if err := c.begin(); err != nil {
		return err
	}
	c.x, c.y = c.x+dx, c.y+dy
	return c.sink.lineTo(point{x: c.x, y: c.y, on: true})
}

// curve draws a cubic curve whose control points and end are each
// relative to the one before.
func (c *charstring) curve(dxa, dya, dxb, dyb, dxc, dyc float64) error {
	if err := c.begin(); err != nil {
		return err
	}
	ax, ay := c.x+dxa, c.y+dya
	bx, by := ax+dxb, ay+dyb
	c.x, c.y = bx+dxc, by+dyc
	return c.sink.cubeTo(point{x: ax, y: ay}, point{x: bx, y: by}, point{x: c.x, y: c.y, on: true})
}

// begin marks a contour drawn without a moveto as begun at the current
// point.
func (c *charstring) begin() error {
	if c.open {
		return nil
	}
	c.open = true
	c.seenWidth = true
	return c.sink.moveTo(point{x: c.x, y: c.y, on: true})
}
