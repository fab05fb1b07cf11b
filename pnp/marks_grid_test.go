package pnp

import (
	"image"
	"image/color"
	"image/draw"
	"math"
	"testing"
)

// squaresPage is an A4 page at dpi of 2×3 square cards, 76.2 mm a side
// with 3 mm of bleed, their trims marked by crop marks in the margins and
// gaps (5 mm strokes, 0.25 mm thick, 1 mm off the bleed): Bloc by Bloc's
// Manifestation cards. It returns the page and the trims.
func squaresPage(dpi int) (*source, []image.Rectangle) {
	pxmm := float64(dpi) / 25.4
	px := func(v float64) int { return int(math.Round(v * pxmm)) }
	img := image.NewNRGBA(image.Rect(0, 0, px(210), px(297)))
	draw.Draw(img, img.Bounds(), image.White, image.Point{}, draw.Src)
	black := image.NewUniform(color.Black)
	xs, ys := []float64{21.4, 112.4}, []float64{23.6, 110.4, 197.1}
	const side, bleed = 76.2, 3.0
	var trims []image.Rectangle
	for _, y := range ys {
		for _, x := range xs {
			trims = append(trims, image.Rect(px(x), px(y), px(x+side), px(y+side)))
			draw.Draw(img, image.Rect(px(x-bleed), px(y-bleed), px(x+side+bleed), px(y+side+bleed)), image.NewUniform(color.NRGBA{235, 230, 225, 255}), image.Point{}, draw.Src)
			draw.Draw(img, image.Rect(px(x-bleed), px(y+side-12), px(x+side+bleed), px(y+side+bleed)), image.NewUniform(color.NRGBA{40, 30, 30, 255}), image.Point{}, draw.Src)
			for k := 0; k < 4; k++ {
				draw.Draw(img, image.Rect(px(x+12), px(y+25+7*float64(k)), px(x+64), px(y+29+7*float64(k))), image.NewUniform(color.NRGBA{150, 150, 150, 255}), image.Point{}, draw.Src)
			}
		}
	}
	thin := max(1, px(0.25))
	for _, x := range xs {
		for _, at := range []float64{x, x + side} {
			for _, y := range []float64{ys[0] - bleed - 6, ys[2] + side + bleed + 1} {
				draw.Draw(img, image.Rect(px(at), px(y), px(at)+thin, px(y+5)), black, image.Point{}, draw.Src)
			}
		}
	}
	for _, y := range ys {
		for _, at := range []float64{y, y + side} {
			for _, x := range []float64{xs[0] - bleed - 6, xs[1] + side + bleed + 1, xs[0] + side + bleed + 1} {
				draw.Draw(img, image.Rect(px(x), px(at), px(x+5), px(at)+thin), black, image.Point{}, draw.Src)
			}
		}
	}
	return &source{p: &pdfPage{nr: 2, w: 210, h: 297, shapesRead: true}, raster: img, pxmm: pxmm}, trims
}

// TestCutAtTheMarks checks that square cards whose print a lattice at
// the game's size also fits (cells 88×63 mm over each card and its bleed)
// are cut where their crop marks state, 76.2 mm a side; and that a grid
// already at the marks' size is kept.
func TestCutAtTheMarks(t *testing.T) {
	t.Parallel()
	s, trims := squaresPage(150)
	var game []gridCell
	for i, tr := range trims {
		c := image.Pt((tr.Min.X+tr.Max.X)/2, (tr.Min.Y+tr.Max.Y)/2)
		w, h := int(88*s.pxmm)/2, int(63*s.pxmm)/2
		r := image.Rect(c.X-w, c.Y-h, c.X+w, c.Y+h)
		game = append(game, gridCell{trim: r, bleed: r, row: 1 + i/2, col: 1 + i%2})
	}
	im := &importer{}
	g := im.atMarks(s, &pageGrid{cells: game})
	if g == nil || len(g.cells) != 6 {
		t.Fatalf("cut at the marks: %+v, want 6 cards", g)
	}
	for i, c := range g.cells {
		if d := max(abs(c.trim.Min.X-trims[i].Min.X), abs(c.trim.Min.Y-trims[i].Min.Y), abs(c.trim.Max.X-trims[i].Max.X), abs(c.trim.Max.Y-trims[i].Max.Y)); float64(d) > s.pxmm/2 {
			t.Errorf("card %d cut at %v, want %v", i, c.trim, trims[i])
		}
	}
	if g.method != "marks" || g.rows != 3 || g.cols != 2 {
		t.Errorf("%s grid %dx%d, want marks, 3 rows of 2", g.method, g.rows, g.cols)
	}
	var right []gridCell
	for i, tr := range trims {
		right = append(right, gridCell{trim: tr, bleed: tr.Inset(-int(3 * s.pxmm)), row: 1 + i/2, col: 1 + i%2})
	}
	if g := im.atMarks(s, &pageGrid{cells: right}); g != nil {
		t.Error("a grid at the marks' size replaced")
	}
}
