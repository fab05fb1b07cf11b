package pnp

import (
	"context"
	"image"
	"image/color"
	"image/draw"
	"math"
	"strings"
	"testing"
)

// dottedPage is a landscape Letter page (279.4×215.9 mm) at dpi filled
// edge to edge with 4×4 cards of 69.85×53.975 mm, parted only by dotted
// cut lines between them (dots 0.8 mm across, 1.2 mm apart; none at the
// page's edges), each card a heading and a few lines of text: the
// prompt cards of an InDesign sheet. Rows past rows are left blank and,
// when panel, a box drawn and written across them takes their place.
func dottedPage(dpi, rows int, panel bool) *source {
	pxmm := float64(dpi) / 25.4
	img := image.NewNRGBA(image.Rect(0, 0, int(279.4*pxmm), int(215.9*pxmm)))
	draw.Draw(img, img.Bounds(), image.White, image.Point{}, draw.Src)
	px := func(v float64) int { return int(math.Round(v * pxmm)) }
	black := image.NewUniform(color.Black)
	const cw, ch = 69.85, 53.975
	dot := func(x, y float64) {
		draw.Draw(img, image.Rect(px(x-0.4), px(y-0.4), px(x+0.4), px(y+0.4)), black, image.Point{}, draw.Src)
	}
	for c := 1; c < 4; c++ {
		for y := 1.0; y < ch*float64(rows); y += 1.2 {
			dot(cw*float64(c), y)
		}
	}
	for r := 1; r <= rows && r < 4; r++ {
		for x := 1.0; x < 279.4; x += 1.2 {
			dot(x, ch*float64(r))
		}
	}
	for r := 0; r < rows; r++ {
		for c := 0; c < 4; c++ {
			x, y := cw*float64(c), ch*float64(r)
			words := func(x0, x1, y0, h float64) {
				for wx := x0; wx+3 < x1; wx += 5 + math.Mod(wx*7, 3) {
					draw.Draw(img, image.Rect(px(wx), px(y0), px(wx+3+math.Mod(wx*3, 2)), px(y0+h)), black, image.Point{}, draw.Src)
				}
			}
			// A heading, and two to five lines of text centred
			// below it: each card's own.
			words(x+25, x+45, y+8, 2.5)
			n := 2 + (r*4+c)%4
			top := y + 30 - 2.5*float64(n)
			for k := 0; k < n; k++ {
				words(x+12+3*float64(k%2), x+58-2*float64(k%3), top+5*float64(k), 1.8)
			}
		}
	}
	if panel {
		// A box to fold, drawn and written across the rows below.
		box := image.Rect(px(4), px(ch*float64(rows)+3), px(275), px(212))
		for _, e := range []image.Rectangle{
			{box.Min, image.Pt(box.Max.X, box.Min.Y+2)}, {image.Pt(box.Min.X, box.Max.Y-2), box.Max},
			{box.Min, image.Pt(box.Min.X+2, box.Max.Y)}, {image.Pt(box.Max.X-2, box.Min.Y), box.Max},
		} {
			draw.Draw(img, e, black, image.Point{}, draw.Src)
		}
		for y := ch*float64(rows) + 8; y < 205; y += 4 {
			for x := 8.0; x < 268; x += 4.5 + math.Mod(y, 2) {
				draw.Draw(img, image.Rect(px(x), px(y), px(x+3), px(y+2)), black, image.Point{}, draw.Src)
			}
		}
	}
	return &source{p: &pdfPage{nr: 1, w: 279.4, h: 215.9, shapesRead: true}, raster: img, pxmm: pxmm}
}

// TestDottedCutLines reads a page of cards filling the page, parted by
// dotted lines only: the lines are the cards' edges (not print cut
// through, which inks an edge in part too, but across it), and the
// page's own edges are the outer cards' (no line is needed there), so
// the grid at the cards' size has every edge seen.
func TestDottedCutLines(t *testing.T) {
	t.Parallel()
	const dpi = 100
	s := dottedPage(dpi, 4, false)
	g, err := findGrid(s.raster, s.wholePx(), dpi, 53.975, 69.85, false)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range g.cells {
		want := image.Rect(int(69.85*float64(c.col-1)*s.pxmm), int(53.975*float64(c.row-1)*s.pxmm), int(69.85*float64(c.col)*s.pxmm), int(53.975*float64(c.row)*s.pxmm))
		if d := max(abs(c.trim.Min.X-want.Min.X), abs(c.trim.Min.Y-want.Min.Y), abs(c.trim.Max.X-want.Max.X), abs(c.trim.Max.Y-want.Max.Y)); float64(d) > s.pxmm {
			t.Errorf("r%dc%d cut at %v, want %v", c.row, c.col, c.trim, want)
		}
	}
	if len(g.cells) != 16 || g.weakEdges != 0 {
		t.Errorf("%d cells (%dx%d, %s, %.1fx%.1f, first %v), %d of %d edges weak; want 16 cards, every edge seen", len(g.cells), g.rows, g.cols, g.method, g.trimW, g.trimH, g.cells[0].trim, g.weakEdges, g.edges)
	}
	if !edgesInked(s.raster, g.cells, s.pxmm) {
		t.Error("the dotted lines read as lines run through printed matter")
	}
	if c := edgesClean(s.raster, g.cells, s.pxmm); c < 0.9 {
		t.Errorf("%.2f of the cells' edges clean, want 0.9 or more", c)
	}
	// Lines of text crossing the cells' edges are still print cut
	// through.
	rules := &source{p: s.p, raster: image.NewNRGBA(s.raster.Bounds()), pxmm: s.pxmm}
	draw.Draw(rules.raster, rules.raster.Bounds(), image.White, image.Point{}, draw.Src)
	for y := 10.0; y < 205; y += 4 {
		for x := 10.0; x < 270; x += 9 {
			draw.Draw(rules.raster, image.Rect(int(x*s.pxmm), int(y*s.pxmm), int((x+6)*s.pxmm), int((y+2.2)*s.pxmm)), image.Black, image.Point{}, draw.Src)
		}
	}
	if edgesInked(rules.raster, g.cells, s.pxmm) {
		t.Error("words crossing the cells' edges read as card edges")
	}
}

// TestTopRowsOnly reads the last page of a deck: a row of cards on the
// full page's grid and, below it, a picture to fold up running across
// the other rows. Its cards are the first row's; the cells below hold
// no card, and the page says so. A page of the full grid's cards takes
// the whole grid as before.
func TestTopRowsOnly(t *testing.T) {
	t.Parallel()
	const dpi = 100
	im := &importer{ctx: context.Background(), opt: Options{CardW: 53.975, CardH: 69.85, DPI: dpi, Layout: LayoutFronts}}
	im.opt, _ = im.opt.normalize()
	full := dottedPage(dpi, 4, false)
	fg, err := findGrid(full.raster, full.wholePx(), dpi, 53.975, 69.85, false)
	if err != nil || len(fg.cells) != 16 {
		t.Fatalf("full page: %v", err)
	}
	sd := &side{w: 279.4, h: 215.9, report: PageReport{Page: 1}}
	for _, c := range fg.cells {
		cc := im.cutAt(full, Rect{X: float64(c.trim.Min.X) / full.pxmm, Y: float64(c.trim.Min.Y) / full.pxmm, W: float64(c.trim.Dx()) / full.pxmm, H: float64(c.trim.Dy()) / full.pxmm}, true)
		cc.face.Page, cc.face.Row, cc.face.Col = 1, c.row, c.col
		sd.cuts = append(sd.cuts, cc)
	}
	im.keepGrid(full, sd, true)

	last := dottedPage(dpi, 1, true)
	last.p = &pdfPage{nr: 6, w: 279.4, h: 215.9, shapesRead: true}
	g := im.refPageGrid(last)
	if g == nil || len(g.cells) != 4 || !g.rowsOnly {
		t.Fatalf("a row of cards over a picture: %+v, want the first row's 4 cells", g)
	}
	lsd := &side{w: 279.4, h: 215.9, report: PageReport{Page: 6, Rows: 1, rowsOnly: true}}
	for _, c := range g.cells {
		cc := im.cutAt(last, Rect{X: float64(c.trim.Min.X) / last.pxmm, Y: float64(c.trim.Min.Y) / last.pxmm, W: float64(c.trim.Dx()) / last.pxmm, H: float64(c.trim.Dy()) / last.pxmm}, true)
		cc.face.Page, cc.face.Row, cc.face.Col = 6, c.row, c.col
		lsd.cuts = append(lsd.cuts, cc)
	}
	if doubt := im.keepGrid(last, lsd, true); len(lsd.cuts) != 4 || !strings.Contains(doubt, "first row only") {
		t.Errorf("keepGrid: %d cuts, doubt %q; want the 4 cards and a doubt", len(lsd.cuts), doubt)
	}
	other := dottedPage(dpi, 4, false)
	other.p = &pdfPage{nr: 2, w: 279.4, h: 215.9, shapesRead: true}
	if g := im.refPageGrid(other); g == nil || len(g.cells) != 16 || g.rowsOnly {
		t.Errorf("a full page: %+v, want the 16 cells", g)
	}
}
