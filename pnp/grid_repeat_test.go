package pnp

import (
	"image/color"
	"math"
	"testing"
)

// frameless draws a business card with no frame or edge: a title, lines
// of text and a logo on white, the same on every copy unless distinct.
func frameless(p *synthPage, distinct bool) func(i int, x, y float64) {
	return func(i int, x, y float64) {
		seed := 1
		if distinct {
			seed = i + 1
		}
		p.fill(x+6, y+7, 40, 5, color.Black)
		p.text(x+6, y+16, 50, 8, seed)
		p.fill(x+66, y+8, 13, 14, color.NRGBA{40, 140, 60, 255})
	}
}

func TestRepeatGridFrameless(t *testing.T) {
	for _, tc := range []struct {
		name     string
		distinct bool
		marks    bool
		gap      float64
	}{
		{"copies, edge to edge", false, false, 0},
		{"copies, crop marks", false, true, 0},
		{"different cards of one design", true, false, 0},
		{"copies, apart", false, false, 4},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := newSynthPage(210, 297, 150)
			trims := p.cards(2, 5, 85, 55, tc.gap, frameless(p, tc.distinct))
			if tc.marks {
				// Vertical marks above and below at the column cuts,
				// horizontal ones beside at the row cuts.
				for _, x := range []float64{trims[0].X, trims[1].X, trims[1].X + 85} {
					p.fill(x-0.15, trims[0].Y-9, 0.3, 6, color.Black)
					p.fill(x-0.15, trims[9].Y+55+3, 0.3, 6, color.Black)
				}
				for r := 0; r <= 5; r++ {
					y := trims[0].Y + float64(r)*55
					p.fill(trims[0].X-9, y-0.15, 6, 0.3, color.Black)
					p.fill(trims[1].X+85+3, y-0.15, 6, 0.3, color.Black)
				}
			}
			g := repeatGrid(p.img, p.img.Bounds(), 150)
			if g == nil {
				t.Fatal("no grid")
			}
			if g.rows != 5 || g.cols != 2 || g.method != "repeat" {
				t.Fatalf("got %dx%d by %s, want 5 rows of 2 by repeat", g.rows, g.cols, g.method)
			}
			// Different cards match each other less sharply than copies.
			tol := 0.5
			if tc.distinct {
				tol = 1.5
			}
			if math.Abs(g.trimW-(85+tc.gap)) > tol || math.Abs(g.trimH-(55+tc.gap)) > tol {
				t.Errorf("pitch %.2fx%.2f mm, want %gx%g", g.trimW, g.trimH, 85+tc.gap, 55+tc.gap)
			}
			worst := 0.0
			for i, c := range g.cells {
				got := gridRects([]gridCell{c}, p.pxmm)[0]
				want := trims[i]
				worst = max(worst, math.Abs(got.X+got.W/2-(want.X+want.W/2)), math.Abs(got.Y+got.H/2-(want.Y+want.H/2)))
			}
			// Centred on the print, a cell stands off its card by half
			// the difference of the card's margins (1 mm here), and by
			// the pitch's error times the cards before it; on crop
			// marks, by rounding.
			limit := 1.5
			switch {
			case tc.marks:
				limit = 0.5
			case tc.distinct:
				limit = 3.5
			}
			if worst > limit {
				t.Errorf("cells' centres stand up to %.2f mm off the cards', want at most %g", worst, limit)
			}
		})
	}
}

// A page of running text, in one column or two, and a page of a few
// pictures do not repeat at a card's pitch: no grid.
func TestRepeatGridRefusesText(t *testing.T) {
	one := newSynthPage(210, 297, 150)
	one.text(20, 20, 170, 60, 3)
	two := newSynthPage(210, 297, 150)
	two.text(20, 20, 80, 60, 3)
	two.text(110, 20, 80, 60, 5)
	pics := newSynthPage(210, 297, 150)
	pics.fill(30, 40, 70, 50, color.NRGBA{200, 40, 40, 255})
	pics.fill(120, 150, 50, 90, color.NRGBA{40, 40, 200, 255})
	pics.text(20, 250, 170, 6, 2)
	for name, p := range map[string]*synthPage{"one column": one, "two columns": two, "pictures": pics} {
		if g := repeatGrid(p.img, p.img.Bounds(), 150); g != nil {
			t.Errorf("%s: read as %dx%d cards %.1fx%.1f mm", name, g.rows, g.cols, g.trimW, g.trimH)
		}
	}
}

// TestPhase places lattices of 3 cells of 100 px on a region of 320 px:
// centred on the ink when that fits; on the page's middle, holding the
// ink, when the ink-centred lattice runs off the page (a drawing above its
// caption); at the crop marks when two lines fall on them; and not at
// strokes that would put the lattice off the page or across the ink. On a
// region of 250 px, shorter than the lattice, it lies as before: centred
// on the ink, or at the marks.
func TestPhase(t *testing.T) {
	for _, tc := range []struct {
		name         string
		b0, b1, size int
		marks        []float64
		want         float64
	}{
		{"ink centred", 20, 300, 320, nil, 10},
		{"ink off centre: the page's middle", 40, 310, 320, nil, 10},
		{"ink off centre, held only nearer its side", 30, 319, 320, nil, 19},
		{"crop marks", 20, 300, 320, []float64{8, 108}, 8},
		{"strokes that would run off the page", 40, 310, 320, []float64{45, 245}, 10},
		{"strokes inside the ink", 20, 300, 320, []float64{25, 125}, 10},
		{"a lattice longer than the page: centred on the ink", 0, 250, 250, nil, -25},
		{"a lattice longer than the page: at the marks", 0, 250, 250, []float64{-20, 80}, -20},
	} {
		if got := phase(tc.b0, tc.b1, tc.size, 100, 3, tc.marks); math.Abs(got-tc.want) > 0.01 {
			t.Errorf("%s: phase %.2f, want %.2f", tc.name, got, tc.want)
		}
	}
}
