package layout

import (
	"errors"
	"testing"
)

// TestCropMarksNeverTouchBleed: over every paper, card and a range of
// settings, no crop mark touches any card's bleed rectangle (fronts, and the
// backs of a folded sheet), every mark lies inside the margins, and every
// mark is in line with a trim edge.
func TestCropMarksNeverTouchBleed(t *testing.T) {
	variants := []struct {
		name string
		mod  func(*Options)
	}{
		{"plain", nil},
		{"bleed3", func(o *Options) { o.Bleed = 3 }},
		{"bleed2-gap3", func(o *Options) { o.Bleed = 2; o.Gap = 3 }},
		{"fold-bleed1", func(o *Options) { o.Backs = BacksFold; o.Bleed = 1 }},
		{"margin0", func(o *Options) { o.Margin = 0 }},
	}
	for _, v := range variants {
		for _, p := range papers {
			for _, c := range cards {
				t.Run(v.name+"/"+p.name+"/"+c.name, func(t *testing.T) {
					s, err := Plan(opts(p.size, c.size, v.mod))
					if errors.Is(err, ErrNoFit) {
						t.Skip(err)
					}
					if err != nil {
						t.Fatal(err)
					}
					marks := CropMarks(s)
					if len(marks) == 0 {
						t.Fatal("no crop marks")
					}
					slots := append(append([]Slot(nil), s.Slots...), s.Backs...)
					xs, ys := trimEdges(slots)
					page := shrink(Rect{W: s.Page.W, H: s.Page.H}, s.Margin)
					for i, m := range marks {
						for j, sl := range slots {
							if touches(m, sl.BleedRect()) {
								t.Errorf("mark %d %+v touches slot %d bleed %+v", i, m, j, sl.BleedRect())
							}
						}
						if !inside(Rect{X: min(m.X1, m.X2), Y: min(m.Y1, m.Y2), W: abs(m.X2 - m.X1), H: abs(m.Y2 - m.Y1)}, page) {
							t.Errorf("mark %d %+v outside the margins", i, m)
						}
						if s.Folded() && (touches(m, foldRect(s)) || crosses(m, s.Fold)) {
							t.Errorf("mark %d %+v crosses the fold %+v", i, m, s.Fold)
						}
						l := abs(m.X2-m.X1) + abs(m.Y2-m.Y1)
						if l < MinMarkLength-tol || l > MarkLength+tol {
							t.Errorf("mark %d is %g mm long", i, l)
						}
						switch {
						case m.X1 == m.X2:
							if !contains(xs, m.X1) {
								t.Errorf("vertical mark %d at x=%g is on no trim edge %v", i, m.X1, xs)
							}
						case m.Y1 == m.Y2:
							if !contains(ys, m.Y1) {
								t.Errorf("horizontal mark %d at y=%g is on no trim edge %v", i, m.Y1, ys)
							}
						default:
							t.Errorf("mark %d %+v is slanted", i, m)
						}
					}
					// Two marks (both ends) for every distinct trim edge of every
					// grid (the back half of a fold has its own).
					groups := 1
					if s.Folded() {
						groups = 2
					}
					fx, fy := trimEdges(s.Slots)
					if want := 2 * groups * (len(fx) + len(fy)); len(marks) != want {
						t.Errorf("%d marks, want %d", len(marks), want)
					}
				})
			}
		}
	}
}

func foldRect(s Sheet) Rect {
	return Rect{X: s.Fold.X1, Y: s.Fold.Y1, W: s.Fold.X2 - s.Fold.X1, H: s.Fold.Y2 - s.Fold.Y1}
}

// crosses reports whether axis-parallel m crosses the axis-parallel fold.
func crosses(m, fold Line) bool {
	return touches(m, foldRect(Sheet{Fold: fold}))
}

func abs(v float64) float64 { return max(v, -v) }

func contains(vs []float64, v float64) bool {
	for _, w := range vs {
		if near(v, w) {
			return true
		}
	}
	return false
}

// TestCropMarksExplicit: poker on A4 with 3 mm bleed and a fixed 2x2 grid:
// cells 69x94, the grid 138x188, so the bleed box runs x 36..174,
// y 54.5..242.5 and trims are at x 39, 102, 108, 171 and y 57.5, 145.5,
// 151.5, 239.5. There is plenty of room: marks are 4 mm, starting 0.5 mm
// outside the bleed box. They sit on the trim lines, not the bleed lines.
func TestCropMarksExplicit(t *testing.T) {
	o := DefaultOptions()
	o.Bleed = 3
	o.Grid = Grid{2, 2}
	s := mustPlan(t, o)
	got := CropMarks(s)
	var want []Line
	for _, x := range []float64{39, 102, 108, 171} {
		want = append(want, Line{x, 50, x, 54})
	}
	for _, x := range []float64{39, 102, 108, 171} {
		want = append(want, Line{x, 243, x, 247})
	}
	for _, y := range []float64{57.5, 145.5, 151.5, 239.5} {
		want = append(want, Line{31.5, y, 35.5, y})
	}
	for _, y := range []float64{57.5, 145.5, 151.5, 239.5} {
		want = append(want, Line{174.5, y, 178.5, y})
	}
	if len(got) != len(want) {
		t.Fatalf("%d marks, want %d: %+v", len(got), len(want), got)
	}
	for i := range want {
		g, w := got[i], want[i]
		if !near(g.X1, w.X1) || !near(g.Y1, w.Y1) || !near(g.X2, w.X2) || !near(g.Y2, w.Y2) {
			t.Errorf("mark %d = %+v, want %+v", i, g, w)
		}
	}
}

// TestCropMarksShortened: poker on US letter, 3x3: 279.4 - 264 leaves 7.7 mm
// above and below the grid; the 5 mm margin leaves 2.7, so top and bottom
// marks are 2.7 - 0.5 = 2.2 mm. Left and right: (215.9 - 189) / 2 = 13.45,
// full 4 mm marks.
func TestCropMarksShortened(t *testing.T) {
	s := mustPlan(t, opts(Letter, Poker, nil))
	if s.Cols != 3 || s.Rows != 3 {
		t.Fatalf("%dx%d", s.Cols, s.Rows)
	}
	for _, m := range CropMarks(s) {
		l := abs(m.X2-m.X1) + abs(m.Y2-m.Y1)
		want := MarkLength
		if m.Vertical() {
			want = 2.2
		}
		if abs(l-want) > 1e-9 {
			t.Errorf("mark %+v is %g mm, want %g", m, l, want)
		}
	}
	// A sheet planned without crop marks and no room: no marks there.
	s = mustPlan(t, opts(Size{189, 264}, Poker, func(o *Options) { o.Marks = MarksNone; o.Margin = 0 }))
	if got := CropMarks(s); len(got) != 0 {
		t.Errorf("marks without room: %+v", got)
	}
}

func TestCutLines(t *testing.T) {
	tests := []struct {
		name   string
		mod    func(*Options)
		xs, ys []float64
		fold   bool
	}{
		// 3x3 poker on A4: trims at x 10.5, 73.5, 136.5, 199.5 and
		// y 16.5, 104.5, 192.5, 280.5, shared between neighbours.
		{name: "no gap", xs: []float64{10.5, 73.5, 136.5, 199.5}, ys: []float64{16.5, 104.5, 192.5, 280.5}},
		// Gap 2, bleed 0, 2x2 grid: 128 wide (x0 41), 178 tall (y0 59.5):
		// both edges of each gap.
		{name: "gap", mod: func(o *Options) { o.Gap = 2; o.Grid = Grid{2, 2} },
			xs: []float64{41, 104, 106, 169}, ys: []float64{59.5, 147.5, 149.5, 237.5}},
		// 3 mm bleed: lines stay on the trim, not on the bleed edge.
		{name: "bleed", mod: func(o *Options) { o.Bleed = 3; o.Grid = Grid{2, 2} },
			xs: []float64{39, 102, 108, 171}, ys: []float64{57.5, 145.5, 151.5, 239.5}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			o := DefaultOptions()
			o.Marks = MarksLines
			if tt.mod != nil {
				tt.mod(&o)
			}
			s := mustPlan(t, o)
			lines := CutLines(s)
			if len(lines) != len(tt.xs)+len(tt.ys) {
				t.Fatalf("%d lines, want %d: %+v", len(lines), len(tt.xs)+len(tt.ys), lines)
			}
			for i, x := range tt.xs {
				if l := lines[i]; !near(l.X1, x) || !near(l.X2, x) || l.Y1 != 5 || l.Y2 != 292 {
					t.Errorf("vertical line %d = %+v, want x=%g from 5 to 292", i, l, x)
				}
			}
			for i, y := range tt.ys {
				if l := lines[len(tt.xs)+i]; !near(l.Y1, y) || !near(l.Y2, y) || l.X1 != 5 || l.X2 != 205 {
					t.Errorf("horizontal line %d = %+v, want y=%g from 5 to 205", i, l, y)
				}
			}
		})
	}

	// Fold: each half gets its own lines, within its own margins.
	s := mustPlan(t, opts(A4, Poker, func(o *Options) { o.Backs = BacksFold; o.Marks = MarksLines }))
	lines := CutLines(s)
	fx, fy := trimEdges(s.Slots)
	if len(lines) != 2*(len(fx)+len(fy)) {
		t.Fatalf("fold: %d lines", len(lines))
	}
	for i, l := range lines {
		front := inside(lineRect(l), shrink(s.FrontArea(), s.Margin))
		back := inside(lineRect(l), shrink(s.BackArea(), s.Margin))
		if front == back {
			t.Errorf("fold line %d %+v not within exactly one half", i, l)
		}
	}
}

func lineRect(l Line) Rect {
	return Rect{X: min(l.X1, l.X2), Y: min(l.Y1, l.Y2), W: abs(l.X2 - l.X1), H: abs(l.Y2 - l.Y1)}
}

func TestMarksEmptySheet(t *testing.T) {
	if got := CropMarks(Sheet{}); got != nil {
		t.Errorf("CropMarks(Sheet{}) = %v", got)
	}
	if got := CutLines(Sheet{}); got != nil {
		t.Errorf("CutLines(Sheet{}) = %v", got)
	}
}
