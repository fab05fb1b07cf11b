package pnp

import (
	"context"
	"image"
	"math"
	"strings"
	"testing"

	"github.com/deckwright/deckwright/internal/pdfgeom"
)

// TestGeometryCards: the cards a page states are its largest class of
// congruent rectangles apart from each other, holding what it prints; a
// page whose marks mostly lie outside such rectangles (rules with two
// boxes) states none.
func TestGeometryCards(t *testing.T) {
	t.Parallel()
	p := &pdfgeom.Page{W: 275.2, H: 190.5}
	for i := 0; i < 8; i++ {
		x, y := 5.2+float64(i%4)*64.4, 5.2+float64(i/4)*90
		r := pdfgeom.Rect{X: x, Y: y, W: 61.8, H: 89}
		p.Fills = append(p.Fills, pdfgeom.Fill{Box: r, Rect: true})                                              // the card's white ground
		p.Fills = append(p.Fills, pdfgeom.Fill{Box: pdfgeom.Rect{X: x + 5, Y: y + 5, W: 30, H: 30}, Rect: true}) // a picture frame, smaller
		p.Texts = append(p.Texts, pdfgeom.Text{Box: pdfgeom.Rect{X: x + 4, Y: y + 50, W: 40, H: 4}})
	}
	p.Fills = append(p.Fills, pdfgeom.Fill{Box: pdfgeom.Rect{W: 275.2, H: 190.5}, Rect: true}) // the page's background
	got := geometryCards(p)
	if len(got) != 8 || got[0].W != 61.8 || got[0].H != 89 {
		t.Fatalf("cards %v, want the 8 of 61.8x89", got)
	}
	g := cellsOfBoxes(got, 300/25.4, image.Rect(0, 0, 3250, 2250))
	if g.rows != 2 || g.cols != 4 || g.cells[5].row != 2 || g.cells[5].col != 2 {
		t.Errorf("grid %dx%d, cell 6 at r%dc%d; want 2 rows of 4, r2c2", g.rows, g.cols, g.cells[5].row, g.cells[5].col)
	}

	rules := &pdfgeom.Page{W: 210, H: 297}
	rules.Fills = append(rules.Fills, pdfgeom.Fill{Box: pdfgeom.Rect{X: 20, Y: 20, W: 80, H: 50}, Rect: true}, pdfgeom.Fill{Box: pdfgeom.Rect{X: 110, Y: 20, W: 80, H: 50}, Rect: true})
	for i := 0; i < 40; i++ {
		rules.Texts = append(rules.Texts, pdfgeom.Text{Box: pdfgeom.Rect{X: 20, Y: 80 + float64(i)*5, W: 170, H: 4}})
	}
	if got := geometryCards(rules); got != nil {
		t.Errorf("a page of rules with two boxes states cards %v", got)
	}
}

// TestGeometryGridImport: a PowerPoint-like sheet of cards framed in
// hairlines of the palest grey is read from what the PDF states.
func TestGeometryGridImport(t *testing.T) {
	t.Parallel()
	needPdftoppm(t)
	pdf := sheetPDF()
	pdf.AddPage()
	pdf.SetDrawColor(242, 242, 242)
	pdf.SetLineWidth(0.1)
	pdf.SetFont("Helvetica", "", 9)
	for i := 0; i < 6; i++ {
		x, y := 15+float64(i%3)*61.8, 30+float64(i/3)*89
		pdf.Rect(x, y, 61.8, 89, "D")
		pdf.Text(x+6, y+12, "The Quiet Year")
		pdf.Text(x+6, y+40, "What is the community's")
		pdf.Text(x+6, y+46, "greatest need?")
	}
	res, err := Import(context.Background(), savePDF(t, pdf), Options{CardW: 63, CardH: 88, DPI: 150})
	if err != nil {
		t.Fatal(err)
	}
	if p := res.Pages[0]; p.Cards != 6 || p.Rows != 2 || p.Cols != 3 {
		t.Fatalf("page: %d cards, %dx%d (%s); want 6, 2 rows of 3", p.Cards, p.Rows, p.Cols, p.Method)
	}
}

// TestGeometryCardsTightest: of the shapes that hold a page's ink, the
// cards are the tightest: a layout's cells round framed cards give way to
// the frames (a browser print's boxes, TeX's rounded frames), but a card's
// painted ground gives way to no frame drawn inside it (deckwright's own
// text proxies); a rounded outline is a shape; cells between cut lines
// drawn across the sheet are shapes; a card drawn over its shadow is the
// card.
func TestGeometryCardsTightest(t *testing.T) {
	t.Parallel()
	page := func() *pdfgeom.Page { return &pdfgeom.Page{W: 297, H: 210} }
	at := func(i int) (float64, float64) { return 10 + float64(i%3)*95, 10 + float64(i/3)*100 }
	text := func(p *pdfgeom.Page, x, y float64) {
		p.Texts = append(p.Texts, pdfgeom.Text{Box: pdfgeom.Rect{X: x + 5, Y: y + 10, W: 40, H: 4}}, pdfgeom.Text{Box: pdfgeom.Rect{X: x + 5, Y: y + 40, W: 30, H: 3}})
	}
	// frame strokes the four sides of r as one path.
	frame := func(p *pdfgeom.Page, r pdfgeom.Rect, path int, curved bool) {
		x0, y0, x1, y1 := r.X, r.Y, r.X+r.W, r.Y+r.H
		for _, s := range [][4]float64{{x0, y0, x1, y0}, {x1, y0, x1, y1}, {x1, y1, x0, y1}, {x0, y1, x0, y0}} {
			a, b := pdfgeom.Point{X: s[0], Y: s[1]}, pdfgeom.Point{X: s[2], Y: s[3]}
			box := pdfgeom.Rect{X: min(a.X, b.X), Y: min(a.Y, b.Y), W: math.Abs(a.X - b.X), H: math.Abs(a.Y - b.Y)}
			p.Strokes = append(p.Strokes, pdfgeom.Stroke{A: a, B: b, Box: box, Curve: curved, Path: path})
		}
	}
	check := func(name string, p *pdfgeom.Page, w, h float64) {
		t.Helper()
		got := geometryCards(p)
		if len(got) != 6 || math.Abs(got[0].W-w) > 0.01 || math.Abs(got[0].H-h) > 0.01 {
			t.Errorf("%s: cards %v, want 6 of %gx%g", name, got, w, h)
		}
	}

	cells := page()
	for i := 0; i < 6; i++ {
		x, y := at(i)
		cells.Forms = append(cells.Forms, pdfgeom.Form{Box: pdfgeom.Rect{X: x - 8, Y: y - 5, W: 80, H: 95}})
		frame(cells, pdfgeom.Rect{X: x, Y: y, W: 58, H: 68}, i, false)
		text(cells, x, y)
	}
	check("cells round framed cards", cells, 58, 68)

	grounds := page()
	for i := 0; i < 6; i++ {
		x, y := at(i)
		grounds.Fills = append(grounds.Fills, pdfgeom.Fill{Box: pdfgeom.Rect{X: x, Y: y, W: 63, H: 88}, Rect: true, Path: 2 * i})
		frame(grounds, pdfgeom.Rect{X: x + 0.6, Y: y + 0.6, W: 61.8, H: 86.8}, 2*i+1, false)
		text(grounds, x, y)
	}
	check("a ground with a frame inside", grounds, 63, 88)

	rounded := page()
	for i := 0; i < 6; i++ {
		x, y := at(i)
		frame(rounded, pdfgeom.Rect{X: x, Y: y, W: 60, H: 80}, i, true)
		text(rounded, x, y)
	}
	check("rounded outlines", rounded, 60, 80)

	// Cut lines drawn across the sheet (as curves, as PyPDF2's sheet
	// draws them), round rounded frames 3.4 mm inside: the cards are the
	// cells between the lines.
	ruled := page()
	for i := 0; i < 4; i++ {
		x, y := 10+float64(i)*95, 10+float64(i)*100
		ruled.Strokes = append(ruled.Strokes, pdfgeom.Stroke{A: pdfgeom.Point{X: x, Y: 0}, B: pdfgeom.Point{X: x, Y: 210}, Box: pdfgeom.Rect{X: x, H: 210}, Curve: true, Path: 100 + i})
		if i < 3 {
			ruled.Strokes = append(ruled.Strokes, pdfgeom.Stroke{A: pdfgeom.Point{X: 0, Y: y}, B: pdfgeom.Point{X: 297, Y: y}, Box: pdfgeom.Rect{Y: y, W: 297}, Curve: true, Path: 200 + i})
		}
	}
	for i := 0; i < 6; i++ {
		x, y := at(i)
		frame(ruled, pdfgeom.Rect{X: x + 3.4, Y: y + 3.4, W: 88.2, H: 93.2}, i, true)
		text(ruled, x+3.4, y+3.4)
	}
	check("cut lines across the sheet", ruled, 95, 100)

	shadowed := page()
	for i := 0; i < 6; i++ {
		x, y := at(i)
		shadowed.Fills = append(shadowed.Fills,
			pdfgeom.Fill{Box: pdfgeom.Rect{X: x + 1.1, Y: y + 1.1, W: 63, H: 88}, Path: 2 * i}, // the shadow, drawn first
			pdfgeom.Fill{Box: pdfgeom.Rect{X: x, Y: y, W: 63, H: 88}, Path: 2*i + 1})
		text(shadowed, x, y)
	}
	got := geometryCards(shadowed)
	for _, r := range got {
		if math.Mod(r.X-10, 95) > 0.01 || math.Mod(r.Y-10, 100) > 0.01 {
			t.Errorf("a card over its shadow: card at %.1f,%.1f, want the card, not its shadow 1.1 mm off", r.X, r.Y)
		}
	}
	if len(got) != 6 {
		t.Errorf("a card over its shadow: %d cards, want 6", len(got))
	}
}

// TestGeometryFold: a fold sheet whose cards its shapes state is folded
// between them: fronts in the left column, their shared back in the right,
// the backs starting a hair before the page's middle line (as Typst placed
// them) and no half read again from the picture.
func TestGeometryFold(t *testing.T) {
	t.Parallel()
	needPdftoppm(t)
	pdf := sheetPDF()
	pdf.AddPage()
	pdf.SetLineWidth(0.3)
	pdf.SetFont("Helvetica", "B", 14)
	for row := 0; row < 4; row++ {
		y := 15.66 + float64(row)*67.39
		pdf.SetFillColor(255, 255, 255)
		pdf.Rect(16.09, y, 88.9, 63.5, "D")
		pdf.Text(25, y+15, []string{"Standing", "Token", "Pact", "Secret"}[row])
		pdf.Text(25, y+35+float64(row)*4, strings.Repeat("I", 3+4*row))
		pdf.SetFillColor(20, 20, 20)
		pdf.Rect(104.99, y, 88.9, 63.5, "FD")
		pdf.SetTextColor(255, 255, 255)
		pdf.Text(130, y+33, "GAME OF INTRIGUE")
		pdf.SetTextColor(0, 0, 0)
	}
	res, err := Import(context.Background(), savePDF(t, pdf), Options{CardW: 63.5, CardH: 88.9, DPI: 150})
	if err != nil {
		t.Fatal(err)
	}
	if res.Layout != LayoutFold || len(res.Cards) != 4 {
		t.Fatalf("layout %s (%s), %d cards; want a fold sheet of 4", res.Layout, res.LayoutReason, len(res.Cards))
	}
	for i, c := range res.Cards {
		if c.Back == nil || c.Front.Trim.X > 20 || c.Back.Trim.X < 100 {
			t.Errorf("card %d: front at %.1f, back %v; want the front on the left, its back on the right", i+1, c.Front.Trim.X, c.Back)
		}
	}
}

// TestMirrored: a fold sheet's stated cards mirror each other across the
// page's middle; business cards printed 2.5 mm from the left edge and
// 5.2 mm from the right (a sheet of one card throughout) do not.
func TestMirrored(t *testing.T) {
	row := func(x0 float64) []pdfgeom.Rect {
		var boxes []pdfgeom.Rect
		for i := 0; i < 4; i++ {
			boxes = append(boxes, pdfgeom.Rect{X: x0 + float64(i)*69.9, Y: 3.7, W: 67.6, H: 48.4})
		}
		return boxes
	}
	if !mirrored(row(3.85), true, 285, 215.9) {
		t.Error("a row centred on the page does not mirror")
	}
	if mirrored(row(2.5), true, 285, 215.9) {
		t.Error("a row 1.35 mm off the page's middle mirrors")
	}
}
