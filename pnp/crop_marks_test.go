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

// TestMarksAtTrims: cards with no bleed whose grid was found a little off
// (a row placed 1 mm high, as the lattice puts cards whose shared edge is
// lost in their frames) are moved onto the crop marks at their trims;
// cut lines in the middle of 2 mm gaps are not taken for trims (cut
// there, every card would grow 2 mm).
func TestMarksAtTrims(t *testing.T) {
	for _, dpi := range []float64{150, 300} {
		pxmm := dpi / 25.4
		img, cells, trims := markedSheet(pxmm, 0, true)
		off := int(pxmm)
		for i := range cells {
			if cells[i].row == 2 {
				cells[i].trim = cells[i].trim.Sub(image.Pt(0, off))
			}
		}
		if !snapToMarks(img, cells, pxmm) {
			t.Fatalf("%v DPI: a row 1 mm off its marks was not moved onto them", dpi)
		}
		for i, c := range cells {
			d, e := c.trim.Min.Sub(trims[i].Min), c.trim.Max.Sub(trims[i].Max)
			if max(abs(d.X), abs(d.Y), abs(e.X), abs(e.Y)) > 1 {
				t.Errorf("%v DPI: card %d cut at %v, its trim is %v", dpi, i+1, c.trim, trims[i])
			}
		}
	}
	// Cards 2 mm apart, one cut line down the middle of each gap.
	const pxmm = 150 / 25.4
	mm := func(v float64) int { return int(v*pxmm + 0.5) }
	img := image.NewNRGBA(image.Rect(0, 0, mm(140), mm(180)))
	draw.Draw(img, img.Bounds(), image.NewUniform(color.White), image.Point{}, draw.Src)
	fill := func(x0, y0, x1, y1 float64) {
		draw.Draw(img, image.Rect(mm(x0), mm(y0), mm(x1), mm(y1)), image.NewUniform(color.Gray{Y: 90}), image.Point{}, draw.Src)
	}
	var cells []gridCell
	for r := 0; r < 2; r++ {
		for c := 0; c < 2; c++ {
			x, y := 15+float64(c)*52, 15+float64(r)*72
			fill(x, y, x+50, y+70)
			cells = append(cells, gridCell{trim: image.Rect(mm(x), mm(y), mm(x+50), mm(y+70)), row: r + 1, col: c + 1})
		}
	}
	for _, x := range []float64{14, 66, 118} { // lines at the gaps' middles, in the margins
		fill(x-0.1, 5, x+0.15, 13)
		fill(x-0.1, 161, x+0.15, 169)
	}
	for _, y := range []float64{14, 86, 158} {
		fill(5, y-0.1, 13, y+0.15)
		fill(121, y-0.1, 129, y+0.15)
	}
	before := append([]gridCell(nil), cells...)
	if snapToMarks(img, cells, pxmm) {
		t.Errorf("cut lines between cards 2 mm apart taken for their trims: %v, were %v", cells, before)
	}
}
