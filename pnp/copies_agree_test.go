package pnp

import (
	"image"
	"image/color"
	"image/draw"
	"testing"
)

// agreePage draws a page of cols×rows cards of w×h px a gap apart, each
// with a frame, a title bar and a text box at the same place, and a
// different number of text lines (so no two are the same picture).
func agreePage(cols, rows, w, h, gap int) *image.NRGBA {
	W, H := cols*(w+gap)+gap, rows*(h+gap)+gap
	img := image.NewNRGBA(image.Rect(0, 0, W, H))
	draw.Draw(img, img.Bounds(), image.NewUniform(color.White), image.Point{}, draw.Src)
	fill := func(r image.Rectangle, c color.Color) {
		draw.Draw(img, r, image.NewUniform(c), image.Point{}, draw.Src)
	}
	black, grey := color.Black, color.Gray{Y: 120}
	for j := 0; j < rows; j++ {
		for i := 0; i < cols; i++ {
			x, y := gap+i*(w+gap), gap+j*(h+gap)
			card := image.Rect(x, y, x+w, y+h)
			fill(card, black)
			fill(card.Inset(4), color.White)
			fill(image.Rect(x+10, y+10, x+w-10, y+h/6), grey)     // title bar
			fill(image.Rect(x+10, y+h/2, x+w-10, y+h/2+3), black) // the text box's rule
			for k := 0; k < 1+(i+j*cols)%5; k++ {
				fill(image.Rect(x+16, y+h/2+12+k*14, x+w-30, y+h/2+18+k*14), grey) // text lines
			}
		}
	}
	return img
}

// cellLattice is the cells of a grid of cw×ch px from (x0, y0), cols×rows.
func cellLattice(x0, y0, cw, ch, cols, rows int) []gridCell {
	var cells []gridCell
	for j := 0; j < rows; j++ {
		for i := 0; i < cols; i++ {
			r := image.Rect(x0+i*cw, y0+j*ch, x0+(i+1)*cw, y0+(j+1)*ch)
			cells = append(cells, gridCell{trim: r, bleed: r, row: j + 1, col: i + 1})
		}
	}
	return cells
}

// TestCopiesAgree: cells on the cards agree (their frames, title bars
// and text boxes line up); a lattice at another pitch, which cuts every
// card somewhere else, does not; one cell has nothing to agree with.
func TestCopiesAgree(t *testing.T) {
	const w, h, gap = 300, 420, 12
	page := agreePage(3, 3, w, h, gap)
	right, ok := copiesAgree(page, cellLattice(gap, gap, w+gap, h+gap, 3, 3))
	if !ok || right < 0.9 {
		t.Errorf("the cards' own cells agree at %.2f (measured %v), want at least 0.9", right, ok)
	}
	wrong, ok := copiesAgree(page, cellLattice(gap, gap, 290, 320, 3, 4))
	if !ok || wrong > right-0.3 {
		t.Errorf("a lattice of 290x320 px cells agrees at %.2f (measured %v), want well below the cards' %.2f", wrong, ok, right)
	}
	if _, ok := copiesAgree(page, cellLattice(gap, gap, w, h, 1, 1)); ok {
		t.Error("one cell was measured for agreement; it has nothing to agree with")
	}
	blank := image.NewNRGBA(page.Bounds())
	if _, ok := copiesAgree(blank, cellLattice(gap, gap, w, h, 3, 3)); ok {
		t.Error("blank cells were measured for agreement; nothing in them can agree")
	}
	// The objective: the same grid less its agreement scores lower.
	g := &pageGrid{cells: cellLattice(gap, gap, 290, 320, 3, 4)}
	if s := fitScore(page, g); s > 1-agreeWeight*(1-wrong)+1e-9 || s < 1-agreeWeight {
		t.Errorf("fitScore of the wrong lattice %.3f, want 1 less agreeWeight times its disagreement (%.3f)", s, 1-agreeWeight*(1-wrong))
	}
}
