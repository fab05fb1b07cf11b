package layout

import (
	"math"
	"testing"
)

// TestBackSlotsPokerA4 checks explicit millimetres. Poker on A4 is 3x3
// portrait, fronts at x = 10.5, 73.5, 136.5 and y = 16.5, 104.5, 192.5.
// Long edge (portrait: the sheet turns about a vertical axis): x mirrored,
// x' = 210 - x - 63, so the back of the top-left card is at (136.5, 16.5),
// where the top-right front is. Short edge: y' = 297 - y - 88, the back of
// the top-left card at (10.5, 192.5). An offset of (0.5, -0.3) moves every
// back by that much on the back side.
func TestBackSlotsPokerA4(t *testing.T) {
	tests := []struct {
		mode   BackMode
		offset Offset
		want   [9][2]float64 // back i's (x, y)
	}{
		{BacksLong, Offset{}, [9][2]float64{
			{136.5, 16.5}, {73.5, 16.5}, {10.5, 16.5},
			{136.5, 104.5}, {73.5, 104.5}, {10.5, 104.5},
			{136.5, 192.5}, {73.5, 192.5}, {10.5, 192.5}}},
		{BacksShort, Offset{}, [9][2]float64{
			{10.5, 192.5}, {73.5, 192.5}, {136.5, 192.5},
			{10.5, 104.5}, {73.5, 104.5}, {136.5, 104.5},
			{10.5, 16.5}, {73.5, 16.5}, {136.5, 16.5}}},
		{BacksLong, Offset{0.5, -0.3}, [9][2]float64{
			{137, 16.2}, {74, 16.2}, {11, 16.2},
			{137, 104.2}, {74, 104.2}, {11, 104.2},
			{137, 192.2}, {74, 192.2}, {11, 192.2}}},
		{BacksShort, Offset{-1, 2}, [9][2]float64{
			{9.5, 194.5}, {72.5, 194.5}, {135.5, 194.5},
			{9.5, 106.5}, {72.5, 106.5}, {135.5, 106.5},
			{9.5, 18.5}, {72.5, 18.5}, {135.5, 18.5}}},
	}
	for _, tt := range tests {
		t.Run(tt.mode.String()+"/"+fmtMM(tt.offset.X)+","+fmtMM(tt.offset.Y), func(t *testing.T) {
			o := DefaultOptions()
			o.Backs, o.BackOffset = tt.mode, tt.offset
			s := mustPlan(t, o)
			if s.Landscape || s.PerPage() != 9 {
				t.Fatalf("poker on A4: %dx%d landscape=%v", s.Cols, s.Rows, s.Landscape)
			}
			for i, b := range s.Backs {
				f := s.Slots[i]
				if !near(b.X, tt.want[i][0]) || !near(b.Y, tt.want[i][1]) {
					t.Errorf("back %d at (%g, %g), want (%g, %g)", i, b.X, b.Y, tt.want[i][0], tt.want[i][1])
				}
				if b.W != f.W || b.H != f.H || b.Bleed != f.Bleed || b.Col != f.Col || b.Row != f.Row {
					t.Errorf("back %d = %+v does not keep front %+v's size and place", i, b, f)
				}
			}
			if got := BackSlots(s, tt.mode); len(got) != 9 || got[0] != s.Backs[0] {
				t.Errorf("BackSlots differs from Sheet.Backs")
			}
		})
	}
}

// TestBackSlotsLandscapePage: bridge cards on A4 plan as a landscape page
// (297x210, 5x2). Its long edges are top and bottom, so a long-edge flip
// mirrors y and a short-edge flip mirrors x: the roles swap.
func TestBackSlotsLandscapePage(t *testing.T) {
	o := opts(A4, Bridge, nil)
	s := mustPlan(t, o)
	if !s.Landscape || s.Page != (Size{297, 210}) {
		t.Fatalf("bridge on A4 is not landscape: %+v", s.Page)
	}
	// Fronts: 5 x 56 = 280 of 297 gives x0 = 8.5; 2 x 87 = 174 of 210, y0 = 18.
	long, short := BackSlots(s, BacksLong), BackSlots(s, BacksShort)
	if f := s.Slots[0]; !near(f.X, 8.5) || !near(f.Y, 18) {
		t.Fatalf("front 0 at (%g, %g)", f.X, f.Y)
	}
	// Long: y' = 210 - 18 - 87 = 105, x kept.
	if b := long[0]; !near(b.X, 8.5) || !near(b.Y, 105) {
		t.Errorf("long back 0 at (%g, %g), want (8.5, 105)", b.X, b.Y)
	}
	// Short: x' = 297 - 8.5 - 56 = 232.5, y kept.
	if b := short[0]; !near(b.X, 232.5) || !near(b.Y, 18) {
		t.Errorf("short back 0 at (%g, %g), want (232.5, 18)", b.X, b.Y)
	}
}

// TestBackSlotsPartner: with a centred grid, every duplex back lands exactly
// on another front slot: the same row, mirrored column when x is mirrored,
// the same column, mirrored row when y is.
func TestBackSlotsPartner(t *testing.T) {
	for _, p := range papers {
		for _, c := range cards {
			for _, mode := range []BackMode{BacksLong, BacksShort} {
				t.Run(p.name+"/"+c.name+"/"+mode.String(), func(t *testing.T) {
					s := mustPlan(t, opts(p.size, c.size, func(o *Options) { o.Bleed = 1; o.Gap = 2 }))
					for i, b := range BackSlots(s, mode) {
						col, row := s.Slots[i].Col, s.Slots[i].Row
						if duplexMirrorsX(s.Page, mode) {
							col = s.Cols - 1 - col
						} else {
							row = s.Rows - 1 - row
						}
						w := s.Slots[row*s.Cols+col]
						if !near(b.X, w.X) || !near(b.Y, w.Y) {
							t.Errorf("back %d at (%g,%g), want front slot col %d row %d at (%g,%g)", i, b.X, b.Y, col, row, w.X, w.Y)
						}
					}
				})
			}
		}
	}
}

// The physical argument. A sheet lies face up on the table, x to the right,
// y towards us, z up. Turning it over "on its long edge" is a half turn
// (180°) about an axis parallel to its long edges through the sheet's centre
// (for a short-edge flip, parallel to its short edges), and then the back
// faces up, the right way up for a reader who turned it that way; duplex
// printers print the back side so that it reads that way. So a point of the
// sheet at front coordinates p is, after the turn, at the back coordinates
// where the printer must print whatever belongs behind p. The test rotates
// points in 3D with Rodrigues' formula about an axis chosen only from which
// edge of the page is physically longer, independently of BackSlots.

type vec [3]float64

// rotate turns p by angle about the axis through c with unit direction k.
func rotate(p, c, k vec, angle float64) vec {
	v := vec{p[0] - c[0], p[1] - c[1], p[2] - c[2]}
	cos, sin := math.Cos(angle), math.Sin(angle)
	kxv := vec{k[1]*v[2] - k[2]*v[1], k[2]*v[0] - k[0]*v[2], k[0]*v[1] - k[1]*v[0]}
	kv := k[0]*v[0] + k[1]*v[1] + k[2]*v[2]
	var out vec
	for i := range out {
		out[i] = c[i] + v[i]*cos + kxv[i]*sin + k[i]*kv*(1-cos)
	}
	return out
}

// flipAxis returns the direction of the edge the sheet turns over.
func flipAxis(page Size, mode BackMode) vec {
	longEdgeHorizontal := page.W > page.H // the longer sides run along x
	alongX := longEdgeHorizontal
	if mode == BacksShort {
		alongX = !alongX
	}
	if alongX {
		return vec{1, 0, 0}
	}
	return vec{0, 1, 0}
}

// turnOver returns where front point (x, y) is in back-side coordinates.
func turnOver(page Size, mode BackMode, x, y float64) (float64, float64) {
	c := vec{page.W / 2, page.H / 2, 0}
	q := rotate(vec{x, y, 0}, c, flipAxis(page, mode), math.Pi)
	return q[0], q[1]
}

func TestBackSlotsPhysical(t *testing.T) {
	pages := []Size{A4, A4.Rotated(), Letter, Legal.Rotated(), {300, 200}, {200, 200}}
	for _, page := range pages {
		for _, mode := range []BackMode{BacksLong, BacksShort} {
			t.Run(page.String()+"/"+mode.String(), func(t *testing.T) {
				// A non-square grid (2x1) so that a wrong axis shows.
				o := opts(page, Poker, func(o *Options) {
					o.Grid = Grid{Cols: 2, Rows: 1}
					o.Backs = mode
					o.BackOffset = Offset{0.7, -0.4}
					o.Bleed = 2
				})
				s, err := Plan(o)
				if err != nil {
					t.Fatal(err)
				}
				for i, f := range s.Slots {
					// Turn the front's corners over; the back, offset removed,
					// must cover exactly those points.
					x0, y0 := turnOver(s.Page, mode, f.X, f.Y)
					x1, y1 := turnOver(s.Page, mode, f.X+f.W, f.Y+f.H)
					want := Rect{X: min(x0, x1), Y: min(y0, y1), W: math.Abs(x1 - x0), H: math.Abs(y1 - y0)}
					b := s.Backs[i]
					got := Rect{X: b.X - o.BackOffset.X, Y: b.Y - o.BackOffset.Y, W: b.W, H: b.H}
					if !near(got.X, want.X) || !near(got.Y, want.Y) || !near(got.W, want.W) || !near(got.H, want.H) {
						t.Errorf("back %d (without offset) %+v, but the front turned over lies at %+v", i, got, want)
					}
				}
			})
		}
	}
}

// imagePoint returns where point (u, v) of an image (0..1 across and down)
// lands on the page when drawn into slot r turned by t: the image is drawn
// into ImageBox(r, t) and turned about r's centre.
func imagePoint(r Rect, t Turn, u, v float64) (float64, float64) {
	box := ImageBox(r, t)
	cx, cy := r.Center()
	dx, dy := (u-0.5)*box.W, (v-0.5)*box.H
	// Clockwise on the page (y down) takes (dx, dy) to (-dy, dx).
	for range t.norm() {
		dx, dy = -dy, dx
	}
	return cx + dx, cy + dy
}

// TestBackTurnPhysical: a double-faced card turned over like a book page
// shows back point (1-u, v) behind front point (u, v). Check that BackTurn
// gives that for each front turn, duplex mode, page orientation and fold.
func TestBackTurnPhysical(t *testing.T) {
	type setup struct {
		name  string
		paper Size
		mode  BackMode
	}
	setups := []setup{
		{"portrait-long", Size{200, 300}, BacksLong},
		{"portrait-short", Size{200, 300}, BacksShort},
		{"landscape-long", Size{300, 200}, BacksLong},
		{"landscape-short", Size{300, 200}, BacksShort},
		{"fold-left-right", A4, BacksFold},
		{"fold-top-bottom", Size{100, 400}, BacksFold},
	}
	points := [][2]float64{{0, 0}, {1, 0}, {0.5, 0}, {0, 0.5}, {0.2, 0.9}}
	for _, st := range setups {
		for _, front := range []Turn{NoTurn, Clockwise, HalfTurn, CounterClockwise} {
			t.Run(st.name+"/"+fmtMM(front.Degrees()), func(t *testing.T) {
				o := opts(st.paper, Poker, func(o *Options) { o.Backs = st.mode; o.Grid = Grid{1, 1} })
				s := mustPlan(t, o)
				if st.paper.Landscape() != s.Landscape {
					t.Fatalf("paper %s planned as %s", st.paper, s.Page)
				}
				back := BackTurn(s, st.mode, front)
				fr, bk := s.Slots[0].Trim(), s.Backs[0].Trim()
				for _, p := range points {
					x, y := imagePoint(fr, front, p[0], p[1])
					var bx, by float64
					if st.mode == BacksFold {
						if s.Fold.Vertical() {
							bx, by = 2*s.Fold.X1-x, y
						} else {
							bx, by = x, 2*s.Fold.Y1-y
						}
					} else {
						bx, by = turnOver(s.Page, st.mode, x, y)
					}
					wx, wy := imagePoint(bk, back, 1-p[0], p[1])
					if !near(bx, wx) || !near(by, wy) {
						t.Errorf("front image point %v lies behind (%g,%g), but back turn %v puts back point (%g,%g) at (%g,%g)",
							p, bx, by, back, 1-p[0], p[1], wx, wy)
					}
				}
			})
		}
	}
	// The documented cases.
	s := mustPlan(t, opts(A4, Poker, func(o *Options) { o.Backs = BacksLong }))
	if got := BackTurn(s, BacksLong, Clockwise); got != CounterClockwise {
		t.Errorf("portrait long edge, clockwise front: back %v, want CounterClockwise", got)
	}
	if got := BackTurn(s, BacksShort, NoTurn); got != HalfTurn {
		t.Errorf("portrait short edge, upright front: back %v, want HalfTurn", got)
	}
	if got := BackTurn(s, BacksNone, Clockwise); got != NoTurn {
		t.Errorf("no backs: %v", got)
	}
	if got := BackTurn(s, BacksFold, Clockwise); got != NoTurn {
		t.Errorf("fold on an unfolded sheet: %v", got)
	}
}

func TestBackSlotsNone(t *testing.T) {
	s := mustPlan(t, DefaultOptions())
	if got := BackSlots(s, BacksNone); got != nil {
		t.Errorf("BacksNone: %v", got)
	}
	if got := BackSlots(s, BacksFold); got != nil {
		t.Errorf("fold backs of a sheet without a fold: %v", got)
	}
	if got := BackSlots(s, BackMode(9)); got != nil {
		t.Errorf("unknown mode: %v", got)
	}
}

func TestFitRotation(t *testing.T) {
	realm := Size{88, 63}
	tests := []struct {
		name       string
		card, slot Size
		want       bool
	}{
		{"portrait in portrait", Poker, Poker, false},
		{"landscape realm in portrait slot", realm, Poker, true},
		{"portrait card in landscape slot", Poker, realm, true},
		{"landscape in landscape", realm, realm, false},
		{"square card", Size{70, 70}, Poker, false},
		{"square slot", realm, Size{70, 70}, false},
		{"portrait image of other size", Size{745, 1040}, Poker, false},
		{"landscape image with bleed", Size{1110, 810}, Size{69, 94}, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := FitRotation(tt.card, tt.slot); got != tt.want {
				t.Errorf("FitRotation(%s, %s) = %v, want %v", tt.card, tt.slot, got, tt.want)
			}
		})
	}
}

func TestImageBox(t *testing.T) {
	slot := Rect{X: 10, Y: 20, W: 63, H: 88}
	if got := ImageBox(slot, NoTurn); got != slot {
		t.Errorf("NoTurn: %+v", got)
	}
	if got := ImageBox(slot, HalfTurn); got != slot {
		t.Errorf("HalfTurn: %+v", got)
	}
	// Centre (41.5, 64); a landscape 88x63 box about it.
	want := Rect{X: 41.5 - 44, Y: 64 - 31.5, W: 88, H: 63}
	for _, tr := range []Turn{Clockwise, CounterClockwise} {
		if got := ImageBox(slot, tr); got != want {
			t.Errorf("turn %v: %+v, want %+v", tr, got, want)
		}
	}
	// Clockwise: the image's top edge midpoint lands on the slot's right edge.
	if x, y := imagePoint(slot, Clockwise, 0.5, 0); !near(x, slot.Right()) || !near(y, 64) {
		t.Errorf("clockwise top midpoint at (%g,%g), want the right edge (%g,64)", x, y, slot.Right())
	}
	// and the image's left edge along the slot's top.
	if x, y := imagePoint(slot, Clockwise, 0, 0.5); !near(x, 41.5) || !near(y, slot.Y) {
		t.Errorf("clockwise left midpoint at (%g,%g), want the top edge", x, y)
	}
	degrees := map[Turn]float64{NoTurn: 0, Clockwise: -90, HalfTurn: 180, CounterClockwise: 90, Turn(5): -90, Turn(-1): 90}
	for tr, want := range degrees {
		if got := tr.Degrees(); got != want {
			t.Errorf("Turn(%d).Degrees() = %g, want %g", int(tr), got, want)
		}
	}
}
