// Package otf2ttf converts an OpenType font with PostScript (CFF)
// outlines into one with TrueType outlines, in memory, so that a PDF
// writer that embeds TrueType outlines only (gofpdf) can embed it.
//
// The outlines are read by the package's own Type 2 charstring
// interpreter (cff.go, charstring.go), which draws what
// golang.org/x/image/font/sfnt draws (the tests compare every glyph of
// two real fonts) within budgets checked as it runs: operations executed
// (MaxGlyphOps a glyph, MaxOps in all), subroutines nested at most 10
// deep, and points made (MaxGlyphPoints a glyph, MaxPoints in all), so
// that a small font whose subroutines call each other cannot run for
// minutes or fill memory. Each cubic Bézier curve is approximated by
// quadratic ones, split until the error is under MaxError of an em. The
// new font keeps the source's glyph order, advances, cmap, name, OS/2
// and hhea tables, so text measures and maps to glyphs as in the source.
package otf2ttf

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"sort"

	"golang.org/x/image/font"
	"golang.org/x/image/font/sfnt"
	"golang.org/x/image/math/fixed"
)

// MaxError is the largest distance, in ems, between a source cubic
// curve and its quadratic approximation (before rounding the points to
// whole font units, which adds at most half a unit).
const MaxError = 1.0 / 2000

// Limits on what Convert accepts, so that a hostile font cannot make it
// run long or allocate much.
const (
	// MaxGlyphPoints is the most points of one converted glyph (the
	// TrueType format counts them in 16 bits).
	MaxGlyphPoints = 65535
	// MaxPoints is the most points of all the glyphs together (the
	// converted glyphs take about 5 bytes a point).
	MaxPoints = 8 << 20
	// maxPieces is the most quadratic curves one cubic becomes.
	maxPieces = 64
)

// IsCFF reports whether data starts as an OpenType font with CFF
// outlines (the "OTTO" tag).
func IsCFF(data []byte) bool { return bytes.HasPrefix(data, []byte("OTTO")) }

// point is one point of a TrueType contour, in font units.
type point struct {
	x, y float64
	on   bool
}

// glyph is one converted glyph.
type glyph struct {
	contours [][]point // each closed, first point on the curve; nil once encoded
	// points and ncontours count them.
	points, ncontours int
	adv               int
	// the bounding box in whole font units, after rounding.
	xMin, yMin, xMax, yMax int
	data                   []byte // the glyf entry
}

// Convert returns a TrueType-outline font with the glyphs, metrics and
// character map of the CFF-outline OpenType font data.
func Convert(data []byte) ([]byte, error) { return convert(data, nil) }

// convert is Convert with edit, when not nil, changing each glyph's
// contours before they are written (tests break the conversion with it).
func convert(data []byte, edit func(gi int, cs [][]point) [][]point) ([]byte, error) {
	if !IsCFF(data) {
		return nil, errors.New("not an OpenType font with CFF outlines (it does not start with OTTO)")
	}
	tables, err := readTables(data)
	if err != nil {
		return nil, err
	}
	for _, tag := range []string{"CFF ", "head", "hhea", "cmap", "name", "post"} {
		if tables[tag] == nil {
			return nil, fmt.Errorf("no %q table", tag)
		}
	}
	if len(tables["head"]) < 54 || len(tables["hhea"]) < 36 || len(tables["post"]) < 16 {
		return nil, errors.New("a head, hhea or post table too short")
	}
	f, err := sfnt.Parse(data)
	if err != nil {
		return nil, err
	}
	upem := int(f.UnitsPerEm())
	n := f.NumGlyphs()
	if n < 1 {
		return nil, errors.New("no glyphs")
	}
	cff, err := parseCFF(tables["CFF "])
	if err != nil {
		return nil, err
	}
	if len(cff.charStrings) != n {
		return nil, fmt.Errorf("%d charstrings for %d glyphs", len(cff.charStrings), n)
	}
	ppem := fixed.I(upem) // one pixel per font unit
	var buf sfnt.Buffer
	glyphs := make([]glyph, n)
	out := &outline{tol: MaxError * float64(upem)}
	var ops budget
	for i := range glyphs {
		out.reset()
		if err := cff.glyph(i, out, &ops); err != nil {
			return nil, fmt.Errorf("glyph %d: %v", i, err)
		}
		out.flush()
		g := &glyphs[i]
		g.contours = out.contours
		if edit != nil {
			g.contours = edit(i, g.contours)
		}
		adv, err := f.GlyphAdvance(&buf, sfnt.GlyphIndex(i), ppem, font.HintingNone)
		if err != nil {
			return nil, fmt.Errorf("glyph %d: %v", i, err)
		}
		g.adv = int(math.Round(float64(adv) / 64))
		if g.adv < 0 || g.adv > 0xffff {
			return nil, fmt.Errorf("glyph %d: advance %d out of range", i, g.adv)
		}
		if err := g.encode(); err != nil {
			return nil, fmt.Errorf("glyph %d: %v", i, err)
		}
		g.contours = nil // only the encoded glyph is kept
	}
	return assemble(tables, glyphs)
}

// readTables reads the table directory of an sfnt file and returns each
// table's bytes by tag.
func readTables(data []byte) (map[string][]byte, error) {
	if len(data) < 12 {
		return nil, errors.New("too short for a font")
	}
	num := int(binary.BigEndian.Uint16(data[4:]))
	if 12+16*num > len(data) {
		return nil, errors.New("table directory runs past the end of the file")
	}
	out := make(map[string][]byte, num)
	for i := 0; i < num; i++ {
		r := data[12+16*i:]
		off := uint64(binary.BigEndian.Uint32(r[8:]))
		size := uint64(binary.BigEndian.Uint32(r[12:]))
		if off+size > uint64(len(data)) {
			return nil, fmt.Errorf("table %q runs past the end of the file", r[:4])
		}
		out[string(r[:4])] = data[off : off+size]
	}
	return out, nil
}

// outline builds the TrueType contours of one glyph from the
// charstring interpreter's path (a pathSink), in font units, cubic curves
// split into quadratic ones within tol units, and counts the points as
// they are made against MaxGlyphPoints and, over all the glyphs,
// MaxPoints.
type outline struct {
	tol      float64
	contours [][]point // each closed, first point on the curve
	cur      []point
	points   int // of this glyph, in contours and cur
	total    int // of all the glyphs so far
}

// reset begins a glyph.
func (o *outline) reset() {
	o.contours, o.cur, o.points = nil, nil, 0
}

// add counts n new points.
func (o *outline) add(n int) error {
	o.points += n
	o.total += n
	if o.points > MaxGlyphPoints {
		return fmt.Errorf("more than %d points", MaxGlyphPoints)
	}
	if o.total > MaxPoints {
		return fmt.Errorf("more than %d points in all", MaxPoints)
	}
	return nil
}

func (o *outline) moveTo(p point) error {
	o.flush()
	o.cur = append(o.cur, p)
	return o.add(1)
}

func (o *outline) lineTo(p point) error {
	if len(o.cur) == 0 {
		o.cur = append(o.cur, point{on: true})
	}
	o.cur = append(o.cur, p)
	return o.add(1)
}

func (o *outline) cubeTo(c1, c2, p point) error {
	if len(o.cur) == 0 {
		o.cur = append(o.cur, point{on: true})
	}
	n := len(o.cur)
	o.cur = cubicToQuads(o.cur, o.cur[n-1], c1, c2, p, o.tol)
	return o.add(len(o.cur) - n)
}

func (o *outline) closePath() error {
	o.flush()
	return nil
}

// flush ends the current contour. A contour is closed implicitly: a last
// point equal to the first is dropped. PostScript outlines run
// counter-clockwise, TrueType ones clockwise: the points are reversed,
// the first (on-curve) one kept first.
func (o *outline) flush() {
	cur := o.cur
	if k := len(cur); k > 1 && cur[k-1] == cur[0] {
		cur = cur[:k-1]
	}
	if len(cur) > 1 {
		for i, j := 1, len(cur)-1; i < j; i, j = i+1, j-1 {
			cur[i], cur[j] = cur[j], cur[i]
		}
		o.contours = append(o.contours, cur)
	}
	o.cur = nil
}

// cubicToQuads appends to dst the quadratic curves (off-curve control,
// on-curve end, pairs) approximating the cubic p0 c1 c2 p3: the cubic is
// cut into n equal parts in t, each replaced by the quadratic whose
// control point is (3(c1+c2) - p0 - p3)/4, and n is the smallest for
// which the bound sqrt(3)/36 |p3 - 3c2 + 3c1 - p0| / n^3 is within tol.
func cubicToQuads(dst []point, p0, c1, c2, p3 point, tol float64) []point {
	dx := p3.x - 3*c2.x + 3*c1.x - p0.x
	dy := p3.y - 3*c2.y + 3*c1.y - p0.y
	d := math.Hypot(dx, dy) * math.Sqrt(3) / 36
	n := 1
	if d > tol {
		n = int(math.Ceil(math.Cbrt(d / tol)))
	}
	if n > maxPieces || n < 1 { // n < 1: NaN from absurd coordinates
		n = maxPieces
	}
	at := func(t float64) (x, y float64) {
		u := 1 - t
		a, b, c, e := u*u*u, 3*u*u*t, 3*u*t*t, t*t*t
		return a*p0.x + b*c1.x + c*c2.x + e*p3.x, a*p0.y + b*c1.y + c*c2.y + e*p3.y
	}
	// The derivative, for each piece's control points.
	deriv := func(t float64) (x, y float64) {
		u := 1 - t
		a, b, c := 3*u*u, 6*u*t, 3*t*t
		return a*(c1.x-p0.x) + b*(c2.x-c1.x) + c*(p3.x-c2.x), a*(c1.y-p0.y) + b*(c2.y-c1.y) + c*(p3.y-c2.y)
	}
	for i := 0; i < n; i++ {
		t0, t1 := float64(i)/float64(n), float64(i+1)/float64(n)
		h := (t1 - t0) / 3
		x0, y0 := at(t0)
		x3, y3 := at(t1)
		if i == n-1 {
			x3, y3 = p3.x, p3.y
		}
		d0x, d0y := deriv(t0)
		d1x, d1y := deriv(t1)
		// The piece as a cubic: q1 = q0 + h d(t0), q2 = q3 - h d(t1).
		q1x, q1y := x0+h*d0x, y0+h*d0y
		q2x, q2y := x3-h*d1x, y3-h*d1y
		cx := (3*(q1x+q2x) - x0 - x3) / 4
		cy := (3*(q1y+q2y) - y0 - y3) / 4
		dst = append(dst, point{x: cx, y: cy}, point{x: x3, y: y3, on: true})
	}
	return dst
}

// encode writes the glyph's glyf entry and bounding box.
func (g *glyph) encode() error {
	if len(g.contours) == 0 {
		return nil
	}
	if len(g.contours) > 0x7fff {
		return errors.New("too many contours")
	}
	type ipt struct {
		x, y int
		on   bool
	}
	var pts []ipt
	var ends []int
	g.xMin, g.yMin, g.xMax, g.yMax = math.MaxInt, math.MaxInt, math.MinInt, math.MinInt
	for _, c := range g.contours {
		for _, p := range c {
			x, y := math.Round(p.x), math.Round(p.y)
			if !(x >= -32768 && x <= 32767 && y >= -32768 && y <= 32767) {
				return errors.New("a point out of the TrueType coordinate range")
			}
			q := ipt{int(x), int(y), p.on}
			pts = append(pts, q)
			g.xMin, g.xMax = min(g.xMin, q.x), max(g.xMax, q.x)
			g.yMin, g.yMax = min(g.yMin, q.y), max(g.yMax, q.y)
		}
		ends = append(ends, len(pts)-1)
		if len(pts) > MaxGlyphPoints {
			return fmt.Errorf("more than %d points", MaxGlyphPoints)
		}
	}
	g.points, g.ncontours = len(pts), len(ends)
	b := make([]byte, 0, 12+2*len(ends)+5*len(pts))
	b = be16(b, len(ends))
	b = be16(b, g.xMin)
	b = be16(b, g.yMin)
	b = be16(b, g.xMax)
	b = be16(b, g.yMax)
	for _, e := range ends {
		b = be16(b, e)
	}
	b = be16(b, 0) // no instructions
	var xs, ys []byte
	px, py := 0, 0
	for _, p := range pts {
		var flag byte
		if p.on {
			flag |= 0x01
		}
		dx, dy := p.x-px, p.y-py
		px, py = p.x, p.y
		switch {
		case dx == 0:
			flag |= 0x10 // x is the same
		case dx > -256 && dx < 256:
			flag |= 0x02 // short x
			if dx > 0 {
				flag |= 0x10
			} else {
				dx = -dx
			}
			xs = append(xs, byte(dx))
		default:
			xs = be16(xs, dx)
		}
		switch {
		case dy == 0:
			flag |= 0x20
		case dy > -256 && dy < 256:
			flag |= 0x04
			if dy > 0 {
				flag |= 0x20
			} else {
				dy = -dy
			}
			ys = append(ys, byte(dy))
		default:
			ys = be16(ys, dy)
		}
		b = append(b, flag)
	}
	b = append(append(b, xs...), ys...)
	for len(b)%4 != 0 {
		b = append(b, 0)
	}
	g.data = b
	return nil
}

func be16(b []byte, v int) []byte { return binary.BigEndian.AppendUint16(b, uint16(v)) }
func be32(b []byte, v uint32) []byte {
	return binary.BigEndian.AppendUint32(b, v)
}

// assemble writes the TrueType font file.
func assemble(src map[string][]byte, glyphs []glyph) ([]byte, error) {
	n := len(glyphs)
	var glyf, loca, hmtx []byte
	loca = be32(loca, 0)
	xMin, yMin, xMax, yMax := 0, 0, 0, 0
	first := true
	maxPts, maxCont, advMax := 0, 0, 0
	minLSB, minRSB, maxExtent := 0, 0, 0
	for _, g := range glyphs {
		glyf = append(glyf, g.data...)
		loca = be32(loca, uint32(len(glyf)))
		lsb := 0
		advMax = max(advMax, g.adv)
		if g.ncontours > 0 {
			lsb = g.xMin
			maxPts, maxCont = max(maxPts, g.points), max(maxCont, g.ncontours)
			if first {
				xMin, yMin, xMax, yMax = g.xMin, g.yMin, g.xMax, g.yMax
				minLSB, minRSB, maxExtent = g.xMin, g.adv-g.xMax, g.xMax
				first = false
			}
			xMin, yMin = min(xMin, g.xMin), min(yMin, g.yMin)
			xMax, yMax = max(xMax, g.xMax), max(yMax, g.yMax)
			minLSB, minRSB = min(minLSB, g.xMin), min(minRSB, g.adv-g.xMax)
			maxExtent = max(maxExtent, g.xMax)
		}
		hmtx = be16(hmtx, g.adv)
		hmtx = be16(hmtx, lsb)
	}
	if minRSB < -32768 {
		minRSB = -32768
	}

	head := append([]byte(nil), src["head"][:54]...)
	binary.BigEndian.PutUint32(head[8:], 0) // checkSumAdjustment, set below
	binary.BigEndian.PutUint16(head[36:], uint16(xMin))
	binary.BigEndian.PutUint16(head[38:], uint16(yMin))
	binary.BigEndian.PutUint16(head[40:], uint16(xMax))
	binary.BigEndian.PutUint16(head[42:], uint16(yMax))
	binary.BigEndian.PutUint16(head[50:], 1) // long loca offsets
	binary.BigEndian.PutUint16(head[52:], 0) // glyphDataFormat

	hhea := append([]byte(nil), src["hhea"][:36]...)
	binary.BigEndian.PutUint16(hhea[10:], uint16(advMax))
	binary.BigEndian.PutUint16(hhea[12:], uint16(minLSB))
	binary.BigEndian.PutUint16(hhea[14:], uint16(minRSB))
	binary.BigEndian.PutUint16(hhea[16:], uint16(maxExtent))
	binary.BigEndian.PutUint16(hhea[32:], 0) // metricDataFormat
	binary.BigEndian.PutUint16(hhea[34:], uint16(n))

	var maxp []byte
	maxp = be32(maxp, 0x00010000)
	maxp = be16(maxp, n)
	maxp = be16(maxp, maxPts)
	maxp = be16(maxp, maxCont)
	maxp = be16(maxp, 0) // maxCompositePoints
	maxp = be16(maxp, 0) // maxCompositeContours
	maxp = be16(maxp, 2) // maxZones
	for i := 0; i < 8; i++ {
		maxp = be16(maxp, 0) // twilight points .. component depth
	}

	// post format 3: the source's angle, underline and pitch, no names.
	post := append([]byte(nil), src["post"][:16]...)
	binary.BigEndian.PutUint32(post[0:], 0x00030000)
	post = append(post, make([]byte, 16)...)

	out := map[string][]byte{
		"head": head, "hhea": hhea, "maxp": maxp, "hmtx": hmtx,
		"loca": loca, "glyf": glyf, "post": post,
		"cmap": src["cmap"], "name": src["name"],
	}
	if os2 := src["OS/2"]; os2 != nil {
		out["OS/2"] = os2
	}
	return WriteFont(out), nil
}

// WriteFont lays sfnt tables (by tag) out as a font file: a table
// directory in tag order, each table 4-byte aligned, with their checksums
// and head's checkSumAdjustment (computed with it set to 0, on a copy of
// head). Convert writes its TrueType font with it, and fontfile the fonts
// whose character map it rebuilds.
func WriteFont(tables map[string][]byte) []byte {
	tags := make([]string, 0, len(tables))
	for t := range tables {
		tags = append(tags, t)
	}
	sort.Strings(tags)
	num := len(tags)
	es := 0
	for 1<<(es+1) <= num {
		es++
	}
	size := 12 + 16*num
	for _, t := range tags {
		size += (len(tables[t]) + 3) &^ 3
	}
	b := make([]byte, 0, size)
	b = be32(b, 0x00010000)
	b = be16(b, num)
	b = be16(b, 16<<es)
	b = be16(b, es)
	b = be16(b, num*16-16<<es)
	off := 12 + 16*num
	headAt := -1
	for _, t := range tags {
		d := tables[t]
		if t == "head" && len(d) >= 12 {
			headAt = off
			d = append([]byte(nil), d...)
			binary.BigEndian.PutUint32(d[8:], 0) // checkSumAdjustment, set below
			tables[t] = d
		}
		b = append(b, t...)
		b = be32(b, checksum(d))
		b = be32(b, uint32(off))
		b = be32(b, uint32(len(d)))
		off += (len(d) + 3) &^ 3
	}
	for _, t := range tags {
		b = append(b, tables[t]...)
		for len(b)%4 != 0 {
			b = append(b, 0)
		}
	}
	if headAt >= 0 {
		binary.BigEndian.PutUint32(b[headAt+8:], 0xB1B0AFBA-checksum(b))
	}
	return b
}

// checksum is the sfnt table checksum: the sum of big-endian uint32s,
// the last one padded with zeros.
func checksum(d []byte) uint32 {
	var s uint32
	for i := 0; i < len(d); i += 4 {
		var w [4]byte
		copy(w[:], d[i:])
		s += binary.BigEndian.Uint32(w[:])
	}
	return s
}
