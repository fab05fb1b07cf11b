package pnp

import (
	"context"
	"image"
	"image/color"
	"image/draw"
	"testing"
)

// stripsPage is an A4 raster page at classifyPX holding rows×3 cells of
// a ruled table of 63.5×22 mm strips at x0, 5 mm down, each with a title
// bar and a line of text: King of Tokyo's card texts.
func stripsPage(nr, rows int, x0 float64) *source {
	img := blankPage(210, 297)
	black := image.NewUniform(color.Black)
	for _, c := range cellsAt(rows, 3, x0, 5, 63.5, 22, 0) {
		r := c.trim
		for _, e := range []image.Rectangle{
			{r.Min, image.Pt(r.Max.X, r.Min.Y+1)}, {image.Pt(r.Min.X, r.Max.Y-1), r.Max},
			{r.Min, image.Pt(r.Min.X+1, r.Max.Y)}, {image.Pt(r.Max.X-1, r.Min.Y), r.Max},
		} {
			draw.Draw(img, e, black, image.Point{}, draw.Src)
		}
		draw.Draw(img, image.Rect(r.Min.X+4, r.Min.Y+4, r.Min.X+60, r.Min.Y+10), black, image.Point{}, draw.Src)
		draw.Draw(img, image.Rect(r.Min.X+40, r.Min.Y+16, r.Max.X-40, r.Min.Y+20), black, image.Point{}, draw.Src)
	}
	// A raster page: no shapes of a PDF to read.
	return &source{p: &pdfPage{nr: nr, w: 210, h: 297, shapesRead: true}, raster: img, pxmm: classifyPX}
}

// TestSizeSeenAgain checks the size a page is weighed at besides the
// game's (see seenAgain): the size measured on the page, when the last
// full page of its kind was cut at it; none when no page was read before
// it or that page's cards are of another size.
func TestSizeSeenAgain(t *testing.T) {
	t.Parallel()
	newImporter := func() *importer {
		im := &importer{ctx: context.Background(), opt: Options{CardW: 63, CardH: 88, DPI: 76}}
		im.opt, _ = im.opt.normalize()
		return im
	}
	keepFull := func(im *importer, w, h float64) {
		full := stripsPage(1, 12, 10)
		sd := &side{w: 210, h: 297, report: PageReport{Page: 1}}
		for i, c := range cellsAt(3, 3, 10, 5, w, h, 0) {
			cc := im.cutAt(full, Rect{X: float64(c.trim.Min.X) / classifyPX, Y: float64(c.trim.Min.Y) / classifyPX, W: w, H: h}, w > h)
			cc.face.Page, cc.face.Row, cc.face.Col = 1, 1+i/3, 1+i%3
			sd.cuts = append(sd.cuts, cc)
		}
		im.keepGrid(full, sd, w > h)
	}
	last := stripsPage(3, 2, 8)

	im := newImporter()
	if g := im.seenAgain(last, last.wholePx()); g != nil {
		t.Errorf("no page read before: a size seen again, %d cells", len(g.cells))
	}
	keepFull(im, 63.5, 22)
	g := im.seenAgain(last, last.wholePx())
	if g == nil || len(g.cells) != 6 || g.trimW < 62.5 || g.trimW > 64.5 || g.trimH < 21.5 || g.trimH > 22.5 {
		t.Errorf("after a page of 63.5x22 mm strips: %+v, want its 6 strips", g)
	}
	im = newImporter()
	keepFull(im, 63.5, 30)
	if g := im.seenAgain(last, last.wholePx()); g != nil {
		t.Errorf("after a page of 63.5x30 mm cards: %d cells of %.1fx%.1f mm seen again", len(g.cells), g.trimW, g.trimH)
	}
}
