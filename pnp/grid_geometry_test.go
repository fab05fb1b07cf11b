package pnp

import (
	"context"
	"image"
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
