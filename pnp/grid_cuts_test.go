package pnp

import (
	"image"
	"image/color"
	"image/draw"
	"math"
	"testing"
)

// synthPage is a white page w×h mm rendered at dpi, for drawing cards on
// in millimetres.
type synthPage struct {
	img  *image.NRGBA
	pxmm float64
}

func newSynthPage(w, h float64, dpi int) *synthPage {
	pxmm := float64(dpi) / 25.4
	img := image.NewNRGBA(image.Rect(0, 0, int(math.Round(w*pxmm)), int(math.Round(h*pxmm))))
	draw.Draw(img, img.Bounds(), image.White, image.Point{}, draw.Src)
	return &synthPage{img: img, pxmm: pxmm}
}

// fill paints the rectangle x, y, w, h (mm) in c.
func (p *synthPage) fill(x, y, w, h float64, c color.Color) {
	r := image.Rect(int(math.Round(x*p.pxmm)), int(math.Round(y*p.pxmm)), int(math.Round((x+w)*p.pxmm)), int(math.Round((y+h)*p.pxmm)))
	draw.Draw(p.img, r, image.NewUniform(c), image.Point{}, draw.Src)
}

// text paints lines of "words" (short dark bars) from x, y (mm).
func (p *synthPage) text(x, y, width float64, lines int, seed int) {
	for l := 0; l < lines; l++ {
		cx := x
		for k := 0; cx < x+width-4; k++ {
			wl := 2 + float64((seed*7+l*3+k*5)%5)
			if cx+wl > x+width {
				break
			}
			p.fill(cx, y+float64(l)*4, wl, 2.2, color.Black)
			cx += wl + 1.2
		}
	}
}

// checkTrims fails unless the grid's cells lie at want (mm), to tol mm.
func checkTrims(t *testing.T, g *pageGrid, pxmm float64, want []Rect, tol float64) {
	t.Helper()
	if len(g.cells) != len(want) {
		t.Fatalf("found %d cards, want %d", len(g.cells), len(want))
	}
	for i, c := range g.cells {
		got := Rect{X: float64(c.trim.Min.X) / pxmm, Y: float64(c.trim.Min.Y) / pxmm, W: float64(c.trim.Dx()) / pxmm, H: float64(c.trim.Dy()) / pxmm}
		w := want[i]
		if d := max(math.Abs(got.X-w.X), math.Abs(got.Y-w.Y), math.Abs(got.X+got.W-w.X-w.W), math.Abs(got.Y+got.H-w.Y-w.H)); d > tol {
			t.Errorf("card %d (row %d, col %d) cut at %.2f,%.2f %.2fx%.2f, want %.2f,%.2f %.2fx%.2f (%.2f mm off)", i+1, c.row, c.col, got.X, got.Y, got.W, got.H, w.X, w.Y, w.W, w.H, d)
		}
	}
}

// TestRuledTableLightCards reads a ruled 3×3 table of text cards that
// share their rules, as a LaTeX deck prints them: one card holds a
// single short line and three only the game's small logo. Each is a card
// (cut with the others), though it holds less ink than the share a card
// with art must; a cell of the table with nothing in it is not.
func TestRuledTableLightCards(t *testing.T) {
	const cw, ch, x0, y0, rule = 56.0, 87.0, 21.0, 18.0, 0.3
	for _, empty := range []bool{false, true} {
		p := newSynthPage(210, 297, 150)
		var want []Rect
		for r := 0; r < 3; r++ {
			for c := 0; c < 3; c++ {
				x, y := x0+float64(c)*cw, y0+float64(r)*ch
				last := r == 2 && c == 2
				switch {
				case last && empty:
					continue
				case r == 2:
					p.fill(x+4, y+ch-10, 5, 4, color.Black) // the logo alone
				case r == 1 && c == 1:
					p.text(x+4, y+5, 20, 1, r*3+c) // one short line
					p.fill(x+4, y+ch-10, 5, 4, color.Black)
				default:
					p.text(x+4, y+5, cw-8, 4+c, r*3+c)
					p.fill(x+4, y+ch-10, 5, 4, color.Black)
				}
				want = append(want, Rect{x, y, cw, ch})
			}
		}
		for i := 0; i <= 3; i++ {
			p.fill(x0-rule/2+float64(i)*cw, y0-rule/2, rule, 3*ch+rule, color.Black)
			p.fill(x0-rule/2, y0-rule/2+float64(i)*ch, 3*cw+rule, rule, color.Black)
		}
		g, err := findGrid(p.img, p.img.Bounds(), 150, 56, 87)
		if err != nil {
			t.Fatalf("empty=%v: %v", empty, err)
		}
		checkTrims(t, g, p.pxmm, want, 0.5)
	}
}
