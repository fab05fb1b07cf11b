package pdfgeom

import (
	"fmt"
	"math"
	"strings"
	"testing"
)

func TestFills(t *testing.T) {
	for _, tc := range []struct {
		name, content string
		want          []Fill // Path and Scope left out
	}{
		{"re", "10 20 100 50 re f", []Fill{{Box: box(10, 20, 100, 50), Rect: true, Color: black}}},
		{"negative size", "110 70 -100 -50 re f", []Fill{{Box: box(10, 20, 100, 50), Rect: true, Color: black}}},
		{"four lines", "1 0 0 rg 10 20 m 110 20 l 110 70 l 10 70 l h f", []Fill{{Box: box(10, 20, 100, 50), Rect: true, Color: Color{255, 0, 0, true}}}},
		// LibreOffice starts a frame mid-edge and ends where it began.
		{"mid-edge start", "0.8 0.8 0.8 rg 152.8 635.3 m 28.1 635.3 l 28.1 813.9 l 277.5 813.9 l 277.5 635.3 l 152.8 635.3 l h f*",
			[]Fill{{Box: box(28.1, 635.3, 249.4, 178.6), Rect: true, Color: Color{204, 204, 204, true}}}},
		{"triangle", "0 0 1 0 k 10 20 m 110 20 l 60 70 l f", []Fill{{Box: box(10, 20, 100, 50), Color: Color{255, 255, 0, true}}}},
		{"two subpaths, one a point", "0.5 g 10 20 50 50 re 200 200 m 200 200 l h 300 300 20 10 re f",
			[]Fill{{Box: box(10, 20, 50, 50), Rect: true, Color: Color{128, 128, 128, true}}, {Box: box(300, 300, 20, 10), Rect: true, Color: Color{128, 128, 128, true}}}},
		{"no area", "10 20 100 0 re f 10 20 m 100 20 l f 10 20 m 100 70 l f 10 20 m 100 70 l 10 20 l f", nil},
		{"curve", "10 20 m 10 80 110 80 110 20 c f", []Fill{{Box: box(10, 20, 100, 45), Color: black}}},
		{"rotated square", "q 0.7071 0.7071 -0.7071 0.7071 300 300 cm 0 0 100 100 re f Q", []Fill{{Box: box(300-70.71, 300, 141.42, 141.42), Color: black}}},
		{"scaled", "q 2 0 0 3 10 10 cm 0 0 10 10 re f Q", []Fill{{Box: box(10, 10, 20, 30), Rect: true, Color: black}}},
		{"pattern", "/Pattern cs /P1 scn 10 20 100 50 re f", []Fill{{Box: box(10, 20, 100, 50), Rect: true}}},
		{"separation", "/CS0 cs 0.5 scn 10 20 100 50 re f", []Fill{{Box: box(10, 20, 100, 50), Rect: true}}},
		{"icc rgb", "/CS1 cs 0 0 1 scn 10 20 100 50 re f", []Fill{{Box: box(10, 20, 100, 50), Rect: true, Color: Color{0, 0, 255, true}}}},
		{"B strokes and fills", "10 20 100 50 re B", []Fill{{Box: box(10, 20, 100, 50), Rect: true, Color: black}}},
		{"n paints nothing", "10 20 100 50 re n", nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			xt := onePage(t, "/Resources << /ColorSpace << /CS0 [/Separation /Gold /DeviceCMYK 7 0 R] /CS1 [/ICCBased 6 0 R] >> >>", tc.content,
				"<< >>", stream("/N 3", ""), "<< /FunctionType 2 /Domain [0 1] /N 1 >>")
			p := readPage(t, xt)
			if len(p.Fills) != len(tc.want) {
				t.Fatalf("fills %+v, want %+v", p.Fills, tc.want)
			}
			for i, f := range p.Fills {
				w := tc.want[i]
				if !sameRect(f.Box, w.Box) || f.Rect != w.Rect || f.Color != w.Color {
					t.Errorf("fill %d = %+v, want %+v", i, f, w)
				}
				if f.Form != -1 || f.Clip != -1 {
					t.Errorf("fill %d scope %+v, want none", i, f.Scope)
				}
			}
		})
	}
}

func TestStrokes(t *testing.T) {
	type seg struct {
		a, b   Point
		width  float64
		color  Color
		dashed bool
	}
	for _, tc := range []struct {
		name, content string
		want          []seg
	}{
		{"line", "2 w 10 20 m 110 20 l S", []seg{{pt(10, 20), pt(110, 20), mm(2), black, false}}},
		{"dashed", "0 0 1 RG [3 2] 0 d 10 20 m 10 120 l S", []seg{{pt(10, 20), pt(10, 120), mm(1), Color{0, 0, 255, true}, true}}},
		{"dash reset", "[3 2] 0 d [] 0 d 10 20 m 10 120 l S", []seg{{pt(10, 20), pt(10, 120), mm(1), black, false}}},
		{"dash from ExtGState", "/GS1 gs 10 20 m 10 120 l S", []seg{{pt(10, 20), pt(10, 120), mm(0.5), black, true}}},
		{"hairline", "0 w 1 0 0 0 K 10 20 m 110 20 l S", []seg{{pt(10, 20), pt(110, 20), 0, Color{0, 255, 255, true}, false}}},
		{"scaled width", "q 2 0 0 2 0 0 cm 0.5 w 10 20 m 60 20 l S Q", []seg{{pt(20, 40), pt(120, 40), mm(1), black, false}}},
		{"rect", "10 20 100 50 re S", []seg{
			{pt(10, 20), pt(110, 20), mm(1), black, false},
			{pt(110, 20), pt(110, 70), mm(1), black, false},
			{pt(110, 70), pt(10, 70), mm(1), black, false},
			{pt(10, 70), pt(10, 20), mm(1), black, false},
		}},
		// A line drawn in pieces is one line; so is a frame begun mid-edge.
		{"pieces", "10 20 m 50 20 l 110 20 l 110 70 l S", []seg{
			{pt(10, 20), pt(110, 20), mm(1), black, false},
			{pt(110, 20), pt(110, 70), mm(1), black, false},
		}},
		{"mid-edge frame", "60 20 m 10 20 l 10 70 l 110 70 l 110 20 l 60 20 l h S", []seg{
			{pt(110, 20), pt(10, 20), mm(1), black, false},
			{pt(10, 20), pt(10, 70), mm(1), black, false},
			{pt(10, 70), pt(110, 70), mm(1), black, false},
			{pt(110, 70), pt(110, 20), mm(1), black, false},
		}},
		{"closed by s", "10 20 m 110 20 l 110 70 l s", []seg{
			{pt(10, 20), pt(110, 20), mm(1), black, false},
			{pt(110, 20), pt(110, 70), mm(1), black, false},
			{pt(110, 70), pt(10, 20), mm(1), black, false},
		}},
		// pdf-lib repeats its m; a lone m draws nothing.
		{"repeated m", "10 20 m 10 20 m 30 20 l S 50 50 m S", []seg{{pt(10, 20), pt(30, 20), mm(1), black, false}}},
		{"f does not stroke", "10 20 m 110 20 l 110 70 l f", nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			xt := onePage(t, "/Resources << /ExtGState << /GS1 << /LW 0.5 /D [[2 1] 0] >> >> >>", tc.content)
			p := readPage(t, xt)
			var got []string
			for _, s := range p.Strokes {
				got = append(got, fmt.Sprintf("%.3f,%.3f-%.3f,%.3f w%.4f %v dashed=%v", s.A.X, s.A.Y, s.B.X, s.B.Y, s.Width, s.Color, s.Dashed))
			}
			var want []string
			for _, s := range tc.want {
				want = append(want, fmt.Sprintf("%.3f,%.3f-%.3f,%.3f w%.4f %v dashed=%v", s.a.X, s.a.Y, s.b.X, s.b.Y, s.width, s.color, s.dashed))
			}
			if strings.Join(got, "\n") != strings.Join(want, "\n") {
				t.Errorf("strokes\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
			}
		})
	}
}

func TestCurveStroke(t *testing.T) {
	// A rounded corner between two edges: the edges are lines, the
	// corner one curve from its start to its end.
	p := readPage(t, onePage(t, "", "10 20 m 100 20 l 105 20 110 25 110 30 c 110 120 l S"))
	want := []struct {
		a, b  Point
		curve bool
	}{
		{pt(10, 20), pt(100, 20), false},
		{pt(100, 20), pt(110, 30), true},
		{pt(110, 30), pt(110, 120), false},
	}
	if len(p.Strokes) != len(want) {
		t.Fatalf("strokes %+v, want %d", p.Strokes, len(want))
	}
	for i, s := range p.Strokes {
		if w := want[i]; !samePoint(s.A, w.a) || !samePoint(s.B, w.b) || s.Curve != w.curve || s.Path != 0 {
			t.Errorf("stroke %d = %+v, want %+v", i, s, w)
		}
	}
}

// TestCurveStrokeBox: a curve's Box bounds its bulge, not only its ends
// (the top of a card shaped like a bell).
func TestCurveStrokeBox(t *testing.T) {
	// An arch from (10, 100) to (110, 100) pt rising to about y = 175 pt
	// (the control points at 200): its box runs higher than either end.
	p := readPage(t, onePage(t, "", "10 100 m 10 200 110 200 110 100 c S"))
	if len(p.Strokes) != 1 || !p.Strokes[0].Curve {
		t.Fatalf("strokes %+v, want one curve", p.Strokes)
	}
	s := p.Strokes[0]
	top, ends := pt(60, 175), pt(10, 100)
	if math.Abs(s.Box.Y-top.Y) > 0.2 || math.Abs(s.Box.Y+s.Box.H-ends.Y) > 0.01 || math.Abs(s.Box.X-ends.X) > 0.01 {
		t.Errorf("box %+v, want from y %.2f (the bulge) to %.2f (the ends), from x %.2f", s.Box, top.Y, ends.Y, ends.X)
	}
}
