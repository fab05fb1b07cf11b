package pnp

import (
	"context"
	"image"
	"image/color"
	"image/draw"
	"strings"
	"testing"
)

// partialPage is an A4 page rendered at classifyPX with a 3×3 table of
// 56×87 mm cells (the CAC decks' layout) whose rules are drawn; cells
// lists the cells that hold a card (a black title bar and a logo).
func partialPage(nr int, cells ...int) *source {
	img := blankPage(210, 297)
	grid := cellsAt(3, 3, 21, 18, 56, 87, 0)
	black := image.NewUniform(color.Black)
	for _, c := range grid {
		r := c.trim
		for _, e := range []image.Rectangle{
			{r.Min, image.Pt(r.Max.X, r.Min.Y+1)}, {image.Pt(r.Min.X, r.Max.Y-1), r.Max},
			{r.Min, image.Pt(r.Min.X+1, r.Max.Y)}, {image.Pt(r.Max.X-1, r.Min.Y), r.Max},
		} {
			draw.Draw(img, e, black, image.Point{}, draw.Src)
		}
	}
	for _, i := range cells {
		r := grid[i].trim
		draw.Draw(img, image.Rect(r.Min.X+20, r.Min.Y+20, r.Max.X-20, r.Min.Y+40), black, image.Point{}, draw.Src)
		draw.Draw(img, image.Rect(r.Min.X+20, r.Max.Y-50, r.Min.X+50, r.Max.Y-20), black, image.Point{}, draw.Src)
	}
	return &source{p: &pdfPage{nr: nr, w: 210, h: 297}, raster: img, pxmm: classifyPX}
}

// sideOf makes the side a grid found on page s would give: the cells
// listed, each moved by dx mm.
func sideOf(im *importer, s *source, dx float64, cells ...int) *side {
	sd := &side{w: 210, h: 297, report: PageReport{Page: s.p.nr}}
	for k, i := range cells {
		c := im.cutAt(s, Rect{X: 21 + dx + float64(i%3)*56, Y: 18 + float64(i/3)*87, W: 56, H: 87}, false)
		c.face.Page, c.face.Row, c.face.Col = s.p.nr, 1+k/3, 1+k%3
		sd.cuts = append(sd.cuts, c)
	}
	return sd
}

// TestKeepGrid checks that a partly filled page is cut on the grid of
// the full page of its kind read before it: its cards where the full grid
// has them (a grid found a millimetre off is put right), a card the grid
// found on the page alone missed is cut too, and the cards keep the full
// grid's rows and columns; a page whose cards lie off that grid keeps its
// own and says so.
func TestKeepGrid(t *testing.T) {
	t.Parallel()
	im := &importer{ctx: context.Background(), opt: Options{CardW: 56, CardH: 87, DPI: 100}}
	im.opt, _ = im.opt.normalize()
	full := partialPage(1, 0, 1, 2, 3, 4, 5, 6, 7, 8)
	if doubt := im.keepGrid(full, sideOf(im, full, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8), false); doubt != "" {
		t.Fatalf("full page: doubt %q", doubt)
	}
	// Page 3 holds 5 cards; the grid found on it alone is 1 mm off and
	// missed the fifth.
	last := partialPage(3, 0, 1, 2, 3, 4)
	sd := sideOf(im, last, 1, 0, 1, 2, 3)
	if doubt := im.keepGrid(last, sd, false); doubt != "" {
		t.Fatalf("partly filled page: doubt %q", doubt)
	}
	if len(sd.cuts) != 5 || sd.report.Cards != 5 || sd.report.Rows != 3 || sd.report.Cols != 3 {
		t.Fatalf("partly filled page: %d cuts, report %+v; want 5 on a 3x3 grid", len(sd.cuts), sd.report)
	}
	for i, c := range sd.cuts {
		want := Rect{X: 21 + float64(i%3)*56, Y: 18 + float64(i/3)*87, W: 56, H: 87}
		if !sameRect(c.box, want, 0.01) || !sameRect(c.face.Trim, want, 0.01) || c.face.Row != 1+i/3 || c.face.Col != 1+i%3 || c.face.Page != 3 {
			t.Errorf("card %d: r%dc%d at %+v, want r%dc%d at %+v", i, c.face.Row, c.face.Col, c.box, 1+i/3, 1+i%3, want)
		}
	}
	// Page 5's cards lie half a card off the grid: kept, with a doubt.
	off := partialPage(5, 0, 1)
	sd = sideOf(im, off, 28, 0, 1)
	if doubt := im.keepGrid(off, sd, false); !strings.Contains(doubt, "not on the grid of page 1") || len(sd.cuts) != 2 {
		t.Errorf("page off the grid: doubt %q, %d cuts; want its own 2 cuts and a doubt", doubt, len(sd.cuts))
	}
	// An even page has a grid of its own kind: none yet.
	even := partialPage(2, 0)
	sd = sideOf(im, even, 1, 0)
	if im.keepGrid(even, sd, false); !sameRect(sd.cuts[0].box, Rect{X: 22, Y: 18, W: 56, H: 87}, 0.01) {
		t.Errorf("even page took the odd pages' grid: %+v", sd.cuts[0].box)
	}
	// Fronts only: every page is of one kind.
	im = &importer{ctx: context.Background(), opt: Options{CardW: 56, CardH: 87, DPI: 100, Layout: LayoutFronts}}
	im.opt, _ = im.opt.normalize()
	im.keepGrid(full, sideOf(im, full, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8), false)
	even = partialPage(2, 0, 1)
	sd = sideOf(im, even, 1, 0, 1)
	if im.keepGrid(even, sd, false); len(sd.cuts) != 2 || !sameRect(sd.cuts[0].box, Rect{X: 21, Y: 18, W: 56, H: 87}, 0.01) {
		t.Errorf("fronts only: page 2 did not take page 1's grid: %d cuts, first at %+v", len(sd.cuts), sd.cuts[0].box)
	}
}

// TestRefPageGrid checks the full page's grid taken for a page where no
// grid was found on its own: a table with 3 cards of 9 takes it; a page
// of rules printed across the same place does not.
func TestRefPageGrid(t *testing.T) {
	t.Parallel()
	im := &importer{ctx: context.Background(), opt: Options{CardW: 56, CardH: 87, DPI: 100}}
	im.opt, _ = im.opt.normalize()
	full := partialPage(1, 0, 1, 2, 3, 4, 5, 6, 7, 8)
	im.keepGrid(full, sideOf(im, full, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8), false)

	g := im.refPageGrid(partialPage(3, 0, 1, 2))
	if g == nil || len(g.cells) != 9 || g.method != "neighbour" {
		t.Fatalf("a table of 3 cards: %+v, want the 9 cells of page 1", g)
	}
	rules := &source{p: &pdfPage{nr: 3, w: 210, h: 297}, raster: blankPage(210, 297), pxmm: classifyPX}
	textLines(rules.raster, rules.raster.Bounds().Inset(int(15*classifyPX)), 60, 2.5)
	if g := im.refPageGrid(rules); g != nil {
		t.Errorf("a page of rules took page 1's grid")
	}
	if g := im.refPageGrid(partialPage(2, 0)); g != nil {
		t.Errorf("an even page took the odd pages' grid")
	}
}
