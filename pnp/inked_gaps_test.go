package pnp

import (
	"image"
	"image/color"
	"image/draw"
	"testing"
)

// framedSheet draws 2x2 cards of 100x140 mm at pxmm px a mm, each in a red
// frame 3 mm thick, edge to edge, margin mm of paper round the block. It
// returns the page, the cells a grid finds (the white insides) and the
// cards' trims.
func framedSheet(pxmm, margin float64) (*image.NRGBA, []gridCell, []image.Rectangle) {
	mm := func(v float64) int { return int(v*pxmm + 0.5) }
	img := image.NewNRGBA(image.Rect(0, 0, mm(200+2*margin), mm(280+2*margin)))
	draw.Draw(img, img.Bounds(), image.NewUniform(color.White), image.Point{}, draw.Src)
	var cells []gridCell
	var trims []image.Rectangle
	for r := 0; r < 2; r++ {
		for c := 0; c < 2; c++ {
			x, y := margin+float64(c)*100, margin+float64(r)*140
			t := image.Rect(mm(x), mm(y), mm(x+100), mm(y+140))
			draw.Draw(img, t, image.NewUniform(color.NRGBA{220, 20, 20, 255}), image.Point{}, draw.Src)
			in := image.Rect(mm(x+3), mm(y+3), mm(x+97), mm(y+137))
			draw.Draw(img, in, image.NewUniform(color.White), image.Point{}, draw.Src)
			cells = append(cells, gridCell{trim: in, bleed: in, row: r + 1, col: c + 1})
			trims = append(trims, t)
		}
	}
	return img, cells, trims
}

// TestExtendOverBands: framed cards that tile the page are cut round
// their frames; the same block with a margin of paper round it (bleed,
// not frames) keeps its cells.
func TestExtendOverBands(t *testing.T) {
	const pxmm = 150 / 25.4
	img, cells, trims := framedSheet(pxmm, 0.5)
	if !extendOverBands(img, cells, pxmm) {
		t.Fatal("the cells were not taken out over the frames")
	}
	for i, c := range cells {
		d, e := c.trim.Min.Sub(trims[i].Min), c.trim.Max.Sub(trims[i].Max)
		if max(abs(d.X), abs(d.Y), abs(e.X), abs(e.Y)) > 2 {
			t.Errorf("card %d cut at %v, its trim is %v", i+1, c.trim, trims[i])
		}
	}
	img, cells, _ = framedSheet(pxmm, 10)
	before := append([]gridCell(nil), cells...)
	if extendOverBands(img, cells, pxmm) {
		t.Errorf("a block with 10 mm of paper round it was taken for framed cards: %v, were %v", cells, before)
	}
}
