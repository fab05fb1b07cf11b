package pnp

import "testing"

// TestPartialPageMovedOntoItsCards checks that a partly filled page whose
// table stands 2.5 mm left of the last full page's is cut where its own
// cards are, the full grid moved onto them, and that a page within 0.3 mm
// keeps the full grid as it is.
func TestPartialPageMovedOntoItsCards(t *testing.T) {
	t.Parallel()
	ref := &refGrid{page: 2}
	for r := 0; r < 3; r++ {
		for c := 0; c < 3; c++ {
			ref.cells = append(ref.cells, refCell{trim: Rect{X: 10 + 63.5*float64(c), Y: 5 + 22*float64(r), W: 63.5, H: 22}, row: r + 1, col: c + 1})
		}
	}
	var cuts []cut
	for c := 0; c < 3; c++ {
		cuts = append(cuts, cut{box: Rect{X: 7.5 + 63.5*float64(c), Y: 5.1, W: 63.5, H: 22.1}})
	}
	moved := ref.movedTo(cuts)
	for i, rc := range moved.cells {
		want := ref.cells[i].trim
		if d := rc.trim.X - want.X; d < -2.55 || d > -2.45 {
			t.Errorf("cell %d moved by %.2f mm across, want -2.5", i, d)
		}
		if rc.trim.W != want.W || rc.trim.H != want.H {
			t.Errorf("cell %d resized to %gx%g", i, rc.trim.W, rc.trim.H)
		}
	}
	if ref.cells[0].trim.X != 10 {
		t.Error("movedTo changed the grid it was given")
	}
	near := []cut{{box: Rect{X: 10.2, Y: 5.1, W: 63.5, H: 22}}}
	if got := ref.movedTo(near); got != ref {
		t.Error("a page within 0.3 mm of the full grid was moved")
	}
}
