package pnp

import (
	"image"
	"image/color"
	"image/draw"
	"testing"
)

// markedSheet draws a sheet of 2x2 cards of 50x70 mm at pxmm px a mm,
// each printed with bleed mm of grey past its trim, 6 mm between the
// bleeds, and (marks) crop marks 4 mm long on the trims' lines in the
// margins and the gaps. It returns the sheet, the cells around the
// printed blocks (what a grid found from the ink holds) and the trims.
func markedSheet(pxmm, bleed float64, marks bool) (*image.NRGBA, []gridCell, []image.Rectangle) {
	mm := func(v float64) int { return int(v*pxmm + 0.5) }
	img := image.NewNRGBA(image.Rect(0, 0, mm(160), mm(190)))
	draw.Draw(img, img.Bounds(), image.NewUniform(color.White), image.Point{}, draw.Src)
	fill := func(x0, y0, x1, y1 float64, c color.Color) {
		draw.Draw(img, image.Rect(mm(x0), mm(y0), mm(x1), mm(y1)), image.NewUniform(c), image.Point{}, draw.Src)
	}
	var cells []gridCell
	var trims []image.Rectangle
	pitchX, pitchY := 50+2*bleed+6, 70+2*bleed+6
	for r := 0; r < 2; r++ {
		for c := 0; c < 2; c++ {
			bx, by := 15+float64(c)*pitchX, 15+float64(r)*pitchY
			fill(bx, by, bx+50+2*bleed, by+70+2*bleed, color.Gray{Y: 90})
			tx, ty := bx+bleed, by+bleed
			fill(tx+8, ty+8, tx+42, ty+20, color.White) // a title box
			cells = append(cells, gridCell{trim: image.Rect(mm(bx), mm(by), mm(bx+50+2*bleed), mm(by+70+2*bleed)), row: r + 1, col: c + 1})
			trims = append(trims, image.Rect(mm(tx), mm(ty), mm(tx+50), mm(ty+70)))
		}
	}
	if marks {
		for _, t := range trims {
			x0, y0 := float64(t.Min.X)/pxmm, float64(t.Min.Y)/pxmm
			x1, y1 := float64(t.Max.X)/pxmm, float64(t.Max.Y)/pxmm
			for _, x := range []float64{x0, x1} {
				fill(x-0.1, y0-bleed-5, x+0.15, y0-bleed-1, color.Black) // above
				fill(x-0.1, y1+bleed+1, x+0.15, y1+bleed+5, color.Black) // below
			}
			for _, y := range []float64{y0, y1} {
				fill(x0-bleed-5, y-0.1, x0-bleed-1, y+0.15, color.Black) // left
				fill(x1+bleed+1, y-0.1, x1+bleed+5, y+0.15, color.Black) // right
			}
		}
	}
	return img, cells, trims
}

// TestSnapToMarks: cards printed with bleed are cut where their crop
// marks point, on every card; without marks, or with marks on the cells'
// own edges (no bleed), the cells stay as they are.
func TestSnapToMarks(t *testing.T) {
	const pxmm = 150 / 25.4
	for _, dpi := range []float64{150, 300} {
		pxmm := dpi / 25.4
		img, cells, trims := markedSheet(pxmm, 3, true)
		if !snapToMarks(img, cells, pxmm) {
			t.Fatalf("%v DPI: the cells were not moved to the marks", dpi)
		}
		for i, c := range cells {
			d := c.trim.Min.Sub(trims[i].Min)
			e := c.trim.Max.Sub(trims[i].Max)
			if max(abs(d.X), abs(d.Y), abs(e.X), abs(e.Y)) > 1+int(0.2*pxmm) {
				t.Errorf("%v DPI: card %d cut at %v, its trim is %v", dpi, i+1, c.trim, trims[i])
			}
		}
	}
	img, cells, _ := markedSheet(pxmm, 3, false)
	before := append([]gridCell(nil), cells...)
	if snapToMarks(img, cells, pxmm) {
		t.Errorf("no marks, yet the cells moved: %v, were %v", cells, before)
	}
	img, cells, _ = markedSheet(pxmm, 0, true)
	before = append([]gridCell(nil), cells...)
	if snapToMarks(img, cells, pxmm) {
		t.Errorf("marks on the cells' edges (no bleed), yet the cells moved: %v, were %v", cells, before)
	}
}
