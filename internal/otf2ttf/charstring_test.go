package otf2ttf

import (
	"fmt"
	"strings"
	"testing"

	"golang.org/x/image/font/sfnt"
	"golang.org/x/image/math/fixed"

	"github.com/deckwright/deckwright/internal/badfont"
)

// recorder is a pathSink that keeps the path as sfnt's segments would
// be, in font units with y up: a contour is closed by a line back to its
// start when it ends elsewhere.
type recorder struct {
	segs        []string
	start, last point
}

func (r *recorder) add(op string, ps ...point) {
	var b strings.Builder
	b.WriteString(op)
	for _, p := range ps {
		fmt.Fprintf(&b, " %g,%g", p.x, p.y)
	}
	r.segs = append(r.segs, b.String())
	r.last = ps[len(ps)-1]
}

func (r *recorder) moveTo(p point) error { r.add("M", p); r.start = p; return nil }
func (r *recorder) lineTo(p point) error { r.add("L", p); return nil }
func (r *recorder) cubeTo(c1, c2, p point) error {
	r.add("C", c1, c2, p)
	return nil
}
func (r *recorder) closePath() error {
	if r.last.x != r.start.x || r.last.y != r.start.y {
		r.add("L", r.start)
	}
	return nil
}

// sfntPath returns sfnt's segments of glyph gi at one pixel per unit, in
// the recorder's form.
func sfntPath(t *testing.T, f *sfnt.Font, gi int) []string {
	var b sfnt.Buffer
	segs, err := f.LoadGlyph(&b, sfnt.GlyphIndex(gi), fixed.I(int(f.UnitsPerEm())), nil)
	if err != nil {
		t.Fatalf("sfnt, glyph %d: %v", gi, err)
	}
	r := &recorder{}
	pt := func(p fixed.Point26_6) point { return point{x: float64(p.X) / 64, y: 0 - float64(p.Y)/64} }
	for _, s := range segs {
		switch s.Op {
		case sfnt.SegmentOpMoveTo:
			r.add("M", pt(s.Args[0]))
		case sfnt.SegmentOpLineTo:
			r.add("L", pt(s.Args[0]))
		case sfnt.SegmentOpCubeTo:
			r.add("C", pt(s.Args[0]), pt(s.Args[1]), pt(s.Args[2]))
		default:
			t.Fatalf("glyph %d: a segment of op %v in a CFF font", gi, s.Op)
		}
	}
	return r.segs
}

// TestCharstringsAsSfnt: the interpreter draws every glyph of the real
// CFF fonts exactly as Go's sfnt does, and within its budgets (the most
// operations a glyph takes is logged).
func TestCharstringsAsSfnt(t *testing.T) {
	for _, p := range []string{cffTest, sourceSans3} {
		data := readFont(t, p)
		tables, err := readTables(data)
		if err != nil {
			t.Fatal(err)
		}
		cff, err := parseCFF(tables["CFF "])
		if err != nil {
			t.Fatal(err)
		}
		f, err := sfnt.Parse(data)
		if err != nil {
			t.Fatal(err)
		}
		if len(cff.charStrings) != f.NumGlyphs() {
			t.Fatalf("%s: %d charstrings, sfnt reads %d glyphs", p, len(cff.charStrings), f.NumGlyphs())
		}
		most, bad := 0, 0
		var ops budget
		for gi := range cff.charStrings {
			r := &recorder{}
			if err := cff.glyph(gi, r, &ops); err != nil {
				t.Fatalf("%s, glyph %d: %v", p, gi, err)
			}
			most = max(most, ops.glyph)
			want := sfntPath(t, f, gi)
			if strings.Join(r.segs, "\n") != strings.Join(want, "\n") {
				if bad++; bad <= 3 {
					t.Errorf("%s, glyph %d:\n%s\nsfnt:\n%s", p, gi, strings.Join(r.segs, "\n"), strings.Join(want, "\n"))
				}
			}
		}
		t.Logf("%s: %d glyphs, %d operations in all, at most %d for one glyph", p, len(cff.charStrings), ops.total, most)
	}
}

// TestSubrBomb: the font of issue 34, a few kB whose global subroutines
// call each other 12 times 9 deep (5 billion lines a glyph, 9 GB in 22
// s), is refused by the operation budget at once.
func TestSubrBomb(t *testing.T) {
	bomb, err := badfont.Make("cff-subr-bomb", readCFF(t))
	if err != nil {
		t.Fatal(err)
	}
	_, err = Convert(bomb)
	if err == nil || !strings.Contains(err.Error(), fmt.Sprintf("glyph 1: charstring: more than %d operations for one glyph", MaxGlyphOps)) {
		t.Fatalf("error %v, want the operation budget", err)
	}
}

// cffOf returns a CFF font of one glyph's charstring code over the
// global subroutines gsubrs.
func cffOf(code []byte, gsubrs ...[]byte) *cffFont {
	return &cffFont{charStrings: [][]byte{code}, gsubrs: gsubrs, subrs: [][][]byte{nil}}
}

// n encodes charstring integers (-1131..1131).
func n(vs ...int) []byte {
	var b []byte
	for _, v := range vs {
		switch {
		case v >= -107 && v <= 107:
			b = append(b, byte(v+139))
		case v >= 108:
			v -= 108
			b = append(b, byte(247+v/256), byte(v%256))
		default:
			v = -v - 108
			b = append(b, byte(251+v/256), byte(v%256))
		}
	}
	return b
}

func cat(parts ...[]byte) []byte {
	var b []byte
	for _, p := range parts {
		b = append(b, p...)
	}
	return b
}

// TestCharstringBudgets: each budget stops a charstring that breaks it,
// with an error saying which.
func TestCharstringBudgets(t *testing.T) {
	callSelf := cat(n(-107), []byte{29, 11}) // gsubr 0: call gsubr 0
	deep := make([][]byte, 12)
	for i := range deep {
		deep[i] = cat(n(i+1-107), []byte{29, 11}) // gsubr i calls gsubr i+1
	}
	deep[11] = []byte{11}
	for _, tc := range []struct {
		name string
		font *cffFont
		want string
	}{
		{"a subroutine calling itself", cffOf(cat(n(0, 0), []byte{21}, n(-107), []byte{29, 14}), callSelf), "subroutines nested more than 10 deep"},
		{"11 levels of calls", cffOf(cat(n(-107), []byte{29, 14}), deep...), "subroutines nested more than 10 deep"},
		{"49 arguments", cffOf(cat(n(make([]int, 49)...), []byte{14})), "more than 48 arguments"},
		{"97 stem hints", cffOf(cat(n(make([]int, 2*97)[:48]...), []byte{1}, n(make([]int, 48)...), []byte{1}, n(make([]int, 48)...), []byte{1}, n(make([]int, 48)...), []byte{1}, n(0, 0), []byte{1, 14})), "more than 96 stem hints"},
		{"a call of a missing subroutine", cffOf(cat(n(5), []byte{29, 14})), "a call of subroutine 5, and there are 0"},
		{"return outside a subroutine", cffOf([]byte{11}), "return outside a subroutine"},
		{"an unsupported operator", cffOf(cat(n(1, 2), []byte{12, 10, 14})), "unsupported operator 12 10"},
		{"rlineto with 3 arguments", cffOf(cat(n(0, 0), []byte{21}, n(1, 2, 3), []byte{5, 14})), "rlineto with 3 arguments"},
		{"seac", cffOf(cat(n(0, 0, 65, 66), []byte{14})), "accented character"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var ops budget
			err := tc.font.glyph(0, &recorder{}, &ops)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error %v, want %q", err, tc.want)
			}
		})
	}

	// Points: a glyph of more than MaxGlyphPoints points stops as they
	// are made, not after. Each curve becomes 64 quadratic ones (128
	// points) at a tolerance of 1e-9 units; a fan draws 8, and gsubr 0
	// calls the fan 8 times: 8,192 points a call, 9 calls pass 65,535.
	curve := cat(n(1000, 0, 0, 1000, -1000, 0), []byte{8})
	fan := cat(curve, curve, curve, curve, curve, curve, curve, curve, []byte{11})
	g := [][]byte{
		cat(bytesRepeat(cat(n(-106), []byte{29}), 8), []byte{11}),
		fan,
	}
	var code []byte
	for range 9 {
		code = append(code, cat(n(-107), []byte{29})...)
	}
	code = cat(n(0, 0), []byte{21}, code, []byte{14})
	out := &outline{tol: 1e-9}
	var ops budget
	err := cffOf(code, g...).glyph(0, out, &ops)
	if err == nil || !strings.Contains(err.Error(), fmt.Sprintf("more than %d points", MaxGlyphPoints)) {
		t.Errorf("error %v, want the point budget", err)
	}
	if out.points > MaxGlyphPoints+128 {
		t.Errorf("%d points made before stopping, want at most one curve's past %d", out.points, MaxGlyphPoints)
	}
	// All the glyphs together: MaxPoints.
	out = &outline{tol: 1e-9, total: MaxPoints - 100}
	if err := cffOf(cat(n(0, 0), []byte{21}, curve, []byte{14})).glyph(0, out, &ops); err == nil || !strings.Contains(err.Error(), "points in all") {
		t.Errorf("error %v, want the budget of all the points", err)
	}
	// And operations in all: MaxOps.
	ops = budget{total: MaxOps - 2}
	if err := cffOf(cat(n(0, 0), []byte{21, 14})).glyph(0, &recorder{}, &ops); err == nil || !strings.Contains(err.Error(), "operations in all") {
		t.Errorf("error %v, want the budget of all the operations", err)
	}
}

// TestCharstringOperators: the operators sfnt does not draw (flex,
// flex1) and the argument forms of the others, against paths worked out
// by hand from the Type 2 specification.
func TestCharstringOperators(t *testing.T) {
	for _, tc := range []struct {
		name string
		code []byte
		want string
	}{
		{"width before rmoveto", cat(n(500, 10, 20), []byte{21}, n(5), []byte{6, 14}), "M 10,20|L 15,20|L 10,20"},
		{"hlineto alternates", cat(n(0, 0), []byte{21}, n(10, 20, 30), []byte{6, 14}), "M 0,0|L 10,0|L 10,20|L 40,20|L 0,0"},
		{"vlineto alternates", cat(n(0, 0), []byte{21}, n(10, 20), []byte{7, 14}), "M 0,0|L 0,10|L 20,10|L 0,0"},
		{"hhcurveto with dy1", cat(n(0, 0), []byte{21}, n(5, 10, 20, 30, 40), []byte{27, 14}), "M 0,0|C 10,5 30,35 70,35|L 0,0"},
		{"vvcurveto with dx1", cat(n(0, 0), []byte{21}, n(5, 10, 20, 30, 40), []byte{26, 14}), "M 0,0|C 5,10 25,40 25,80|L 0,0"},
		{"hvcurveto with the last dy", cat(n(0, 0), []byte{21}, n(10, 20, 30, 40, 7), []byte{31, 14}), "M 0,0|C 10,0 30,30 37,70|L 0,0"},
		{"vhcurveto, two curves", cat(n(0, 0), []byte{21}, n(10, 20, 30, 40, 1, 2, 3, 4), []byte{30, 14}), "M 0,0|C 0,10 20,40 60,40|C 61,40 63,43 63,47|L 0,0"},
		{"rcurveline", cat(n(0, 0), []byte{21}, n(1, 2, 3, 4, 5, 6, 7, 8), []byte{24, 14}), "M 0,0|C 1,2 4,6 9,12|L 16,20|L 0,0"},
		{"rlinecurve", cat(n(0, 0), []byte{21}, n(7, 8, 1, 2, 3, 4, 5, 6), []byte{25, 14}), "M 0,0|L 7,8|C 8,10 11,14 16,20|L 0,0"},
		{"flex", cat(n(0, 0), []byte{21}, n(10, 1, 10, 1, 10, 1, 10, -1, 10, -1, 10, -1, 50), []byte{12, 35, 14}), "M 0,0|C 10,1 20,2 30,3|C 40,2 50,1 60,0|L 0,0"},
		{"hflex", cat(n(0, 0), []byte{21}, n(10, 10, 5, 10, 10, 10, 10), []byte{12, 34, 14}), "M 0,0|C 10,0 20,5 30,5|C 40,5 50,0 60,0|L 0,0"},
		{"hflex1", cat(n(0, 0), []byte{21}, n(10, 1, 10, 2, 10, 10, 10, -1, 10), []byte{12, 36, 14}), "M 0,0|C 10,1 20,3 30,3|C 40,3 50,2 60,0|L 0,0"},
		{"flex1, horizontal", cat(n(0, 0), []byte{21}, n(10, 1, 10, 1, 10, 1, 10, -1, 10, -1, 10), []byte{12, 37, 14}), "M 0,0|C 10,1 20,2 30,3|C 40,2 50,1 60,0|L 0,0"},
		{"flex1, vertical", cat(n(0, 0), []byte{21}, n(1, 10, 1, 10, 1, 10, -1, 10, -1, 10, 10), []byte{12, 37, 14}), "M 0,0|C 1,10 2,20 3,30|C 2,40 1,50 0,60|L 0,0"},
		{"hintmask after stems", cat(n(0, 10, 0, 10), []byte{1}, n(0, 10), []byte{19, 0xff}, n(0, 0), []byte{21}, n(5), []byte{6, 14}), "M 0,0|L 5,0|L 0,0"},
		{"a 16.16 fixed number", cat(n(0, 0), []byte{21}, []byte{255, 0, 1, 0x80, 0}, n(0), []byte{5, 14}), "M 0,0|L 1.5,0|L 0,0"},
		// The subroutine adds 1 1 to the caller's 3 4, draws both lines and
		// ends the glyph; the caller's rlineto never runs.
		{"endchar in a subroutine", cat(n(0, 0), []byte{21}, n(3, 4, -107), []byte{29, 5, 14}), "M 0,0|L 3,4|L 4,5|L 0,0"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := &recorder{}
			var ops budget
			f := cffOf(tc.code, cat(n(1, 1), []byte{5, 14}))
			if err := f.glyph(0, r, &ops); err != nil {
				t.Fatal(err)
			}
			got := strings.Join(r.segs, "|")
			if got != tc.want {
				t.Errorf("path %s\nwant %s", got, tc.want)
			}
		})
	}
}

func bytesRepeat(b []byte, k int) []byte {
	var out []byte
	for range k {
		out = append(out, b...)
	}
	return out
}

// index encodes a CFF INDEX with 4-byte offsets.
func index(items ...[]byte) []byte {
	b := []byte{byte(len(items) >> 8), byte(len(items))}
	if len(items) == 0 {
		return b
	}
	b = append(b, 4)
	off := 1
	put := func(v int) { b = append(b, byte(v>>24), byte(v>>16), byte(v>>8), byte(v)) }
	put(off)
	for _, it := range items {
		off += len(it)
		put(off)
	}
	for _, it := range items {
		b = append(b, it...)
	}
	return b
}

// int5 encodes a DICT integer in 5 bytes.
func int5(v int) []byte { return []byte{29, byte(v >> 24), byte(v >> 16), byte(v >> 8), byte(v)} }

// cidCFF returns a CID-keyed CFF table of 5 glyphs in two Font DICTs,
// each with local subroutines of its own: glyphs 0-1 in the first, 2-4
// in the second (FDSelect format 3). Each glyph calls local subroutine 0,
// which draws a different square in each Font DICT.
func cidCFF() []byte {
	glyph := cat(n(0, 0), []byte{21}, n(-107), []byte{10}, []byte{14})
	square := func(s int) []byte { return cat(n(s, s, -s), []byte{6, 11}) }
	// Layout: header, Name, Top DICT, String, Global Subr INDEXes; then
	// CharStrings, FDSelect, FDArray, and each Private DICT followed by
	// its Subrs.
	top := func(cs, fdsel, fdarr int) []byte {
		return cat(n(0, 0, 0), []byte{12, 30}, int5(cs), []byte{17}, int5(fdsel), []byte{12, 37}, int5(fdarr), []byte{12, 36})
	}
	head := cat([]byte{1, 0, 4, 4}, index([]byte("CID")))
	strIdx, gsubrs := index(), index()
	csAt := len(head) + len(index(top(0, 0, 0))) + len(strIdx) + len(gsubrs)
	cs := index(glyph, glyph, glyph, glyph, glyph)
	selAt := csAt + len(cs)
	sel := []byte{3, 0, 2, 0, 0, 0, 0, 2, 1, 0, 5}
	arrAt := selAt + len(sel)
	// Each Font DICT: Private [size offset]; the Private DICT: Subrs at
	// its own size (right after it).
	priv := cat(int5(6), []byte{19}) // 6 bytes: Subrs at offset 6
	fd := func(at int) []byte { return cat(int5(len(priv)), int5(at), []byte{18}) }
	arrLen := len(index(fd(0), fd(0)))
	p0 := arrAt + arrLen
	subrs0 := index(square(100))
	p1 := p0 + len(priv) + len(subrs0)
	subrs1 := index(square(300))
	return cat(head, index(top(csAt, selAt, arrAt)), strIdx, gsubrs, cs, sel,
		index(fd(p0), fd(p1)), priv, subrs0, priv, subrs1)
}

// TestCharstringsCID: a CID-keyed CFF font draws each glyph with the
// local subroutines of its Font DICT, as sfnt does.
func TestCharstringsCID(t *testing.T) {
	tables, err := badfont.Tables(readCFF(t))
	if err != nil {
		t.Fatal(err)
	}
	tables["CFF "] = cidCFF()
	data := badfont.Build(tables)
	f, err := sfnt.Parse(data)
	if err != nil {
		t.Fatalf("sfnt: %v", err)
	}
	cff, err := parseCFF(tables["CFF "])
	if err != nil {
		t.Fatal(err)
	}
	for gi, want := range []string{"M 0,0|L 100,0|L 100,100|L 0,100|L 0,0", "", "M 0,0|L 300,0|L 300,300|L 0,300|L 0,0"} {
		if want == "" {
			continue
		}
		r := &recorder{}
		var ops budget
		if err := cff.glyph(gi, r, &ops); err != nil {
			t.Fatal(err)
		}
		if got := strings.Join(r.segs, "|"); got != want || got != strings.Join(sfntPath(t, f, gi), "|") {
			t.Errorf("glyph %d: %s\nwant %s\nsfnt %s", gi, got, want, strings.Join(sfntPath(t, f, gi), "|"))
		}
	}
	if _, err := Convert(data); err != nil {
		t.Errorf("the CID-keyed font does not convert: %v", err)
	}
}
