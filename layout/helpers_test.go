package layout

import (
	"math"
	"testing"
)

const tol = 1e-9

func near(a, b float64) bool { return math.Abs(a-b) <= tol }

// overlap reports whether two rectangles share some area (touching edges is
// not overlapping).
func overlap(a, b Rect) bool {
	return a.X < b.Right()-tol && b.X < a.Right()-tol && a.Y < b.Bottom()-tol && b.Y < a.Bottom()-tol
}

// inside reports whether r lies within outer.
func inside(r, outer Rect) bool {
	return r.X >= outer.X-tol && r.Y >= outer.Y-tol && r.Right() <= outer.Right()+tol && r.Bottom() <= outer.Bottom()+tol
}

// touches reports whether an axis-parallel line has any point in the closed
// rectangle r.
func touches(l Line, r Rect) bool {
	x0, x1 := min(l.X1, l.X2), max(l.X1, l.X2)
	y0, y1 := min(l.Y1, l.Y2), max(l.Y1, l.Y2)
	return x0 <= r.Right()+tol && x1 >= r.X-tol && y0 <= r.Bottom()+tol && y1 >= r.Y-tol
}

// shrink returns r with margin m taken off every side.
func shrink(r Rect, m float64) Rect {
	return Rect{X: r.X + m, Y: r.Y + m, W: r.W - 2*m, H: r.H - 2*m}
}

func mustPlan(t *testing.T, opts Options) Sheet {
	t.Helper()
	s, err := Plan(opts)
	if err != nil {
		t.Fatalf("Plan: %v", err)
	}
	return s
}

func opts(paper, card Size, mod func(*Options)) Options {
	o := DefaultOptions()
	o.Paper, o.Card = paper, card
	if mod != nil {
		mod(&o)
	}
	return o
}

// checkGrid checks what must hold for any planned sheet: slot sizes, reading
// order, slots inside the margins (and the mark room), no overlaps, the grid
// centred in its area, backs where BackSlots puts them.
func checkGrid(t *testing.T, s Sheet) {
	t.Helper()
	if len(s.Slots) != s.PerPage() || s.PerPage() < 1 {
		t.Fatalf("%d slots for a %dx%d grid", len(s.Slots), s.Cols, s.Rows)
	}
	if s.Landscape != (s.Page.W > s.Page.H) {
		t.Errorf("Landscape = %v for page %s", s.Landscape, s.Page)
	}
	keep := s.Margin + markRoom(s.Marks)
	all := append([]Slot(nil), s.Slots...)
	areas := []Rect{s.FrontArea()}
	if s.Folded() {
		all = append(all, s.Backs...)
		areas = append(areas, s.BackArea())
	}
	for i, sl := range s.Slots {
		if sl.W != s.Card.W || sl.H != s.Card.H || sl.Bleed != s.Bleed {
			t.Errorf("slot %d is %gx%g bleed %g, want the card %s bleed %g", i, sl.W, sl.H, sl.Bleed, s.Card, s.Bleed)
		}
		if sl.Row != i/s.Cols || sl.Col != i%s.Cols {
			t.Errorf("slot %d at col %d row %d, not in reading order", i, sl.Col, sl.Row)
		}
		if i > 0 {
			prev := s.Slots[i-1]
			if sl.Row == prev.Row && !(sl.X > prev.X) || sl.Row != prev.Row && !(sl.Y > prev.Y) {
				t.Errorf("slot %d (%g,%g) does not follow slot %d (%g,%g) in reading order", i, sl.X, sl.Y, i-1, prev.X, prev.Y)
			}
		}
	}
	for k, area := range areas {
		slots := s.Slots
		if k == 1 {
			slots = s.Backs
		}
		printable := shrink(area, s.Margin)
		for i, sl := range slots {
			if !inside(sl.BleedRect(), printable) {
				t.Errorf("area %d slot %d bleed %+v outside the margins %+v", k, i, sl.BleedRect(), printable)
			}
			if !inside(sl.BleedRect(), shrink(area, keep)) {
				t.Errorf("area %d slot %d bleed %+v leaves no room for marks", k, i, sl.BleedRect())
			}
		}
		b := bounds(slots)
		if l, r := b.X-area.X, area.Right()-b.Right(); !near(l, r) {
			t.Errorf("area %d: left space %.12g, right %.12g: not centred", k, l, r)
		}
		if tp, bt := b.Y-area.Y, area.Bottom()-b.Bottom(); !near(tp, bt) {
			t.Errorf("area %d: top space %.12g, bottom %.12g: not centred", k, tp, bt)
		}
	}
	for i := range all {
		for j := i + 1; j < len(all); j++ {
			if overlap(all[i].BleedRect(), all[j].BleedRect()) {
				t.Errorf("slots %d and %d overlap: %+v %+v", i, j, all[i].BleedRect(), all[j].BleedRect())
			}
		}
	}
	if s.BackMode == BacksNone && s.Backs != nil {
		t.Errorf("backs %v without a back mode", s.Backs)
	}
	if s.BackMode != BacksNone && len(s.Backs) != len(s.Slots) {
		t.Errorf("%d backs for %d fronts", len(s.Backs), len(s.Slots))
	}
	if s.Folded() != (s.BackMode == BacksFold) {
		t.Errorf("fold line %+v with back mode %v", s.Fold, s.BackMode)
	}
}
