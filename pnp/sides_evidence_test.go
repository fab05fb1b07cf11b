package pnp

import (
	"context"
	"fmt"
	"strings"
	"testing"
)

// TestBacksOnTheirFrontsGrid reads a duplex sheet like a game's move
// cards (onitama-inkscape in the held-out PDFs): nine cards edge to edge
// with crop marks at the corners of the block, and a page of backs that
// each draw a board of squares to the card's edges, with the same marks.
// Read alone, the page of backs shows the squares as a grid of their own;
// read as the backs of page 1, it is cut on page 1's trim lines turned
// over, which its marks state: nine backs, each paired with its front.
func TestBacksOnTheirFrontsGrid(t *testing.T) {
	t.Parallel()
	needPdftoppm(t)
	pdf := sheetPDF()
	marks := func() {
		pdf.SetDrawColor(0, 0, 0)
		pdf.SetLineWidth(0.25)
		for i := 0; i < 4; i++ {
			x, _ := grid3(min(i, 2), 0)
			_, y := grid3(3*min(i, 2), 0)
			if i == 3 {
				x, y = x+63, y+88
			}
			x0, _ := grid3(0, 0)
			_, y0 := grid3(0, 0)
			pdf.Line(x, y0-8, x, y0-3)
			pdf.Line(x, y0+3*88+3, x, y0+3*88+8)
			pdf.Line(x0-8, y, x0-3, y)
			pdf.Line(x0+3*63+3, y, x0+3*63+8, y)
		}
	}
	pdf.AddPage()
	for i := 0; i < 9; i++ {
		x, y := grid3(i, 0)
		vectorCard(pdf, i, x, y)
	}
	marks()
	pdf.AddPage()
	for i := 0; i < 9; i++ {
		x, y := grid3(i, 0)
		pdf.SetFillColor(120, 120, 120)
		pdf.Rect(x, y, 63, 88, "F")
		// A board of 3×4 squares, white lines between them, run to
		// the card's edges.
		pdf.SetFillColor(255, 255, 255)
		for k := 1; k < 3; k++ {
			pdf.Rect(x+float64(k)*21-0.6, y, 1.2, 88, "F")
		}
		for k := 1; k < 4; k++ {
			pdf.Rect(x, y+float64(k)*22-0.6, 63, 1.2, "F")
		}
	}
	marks()
	res, err := Import(context.Background(), savePDF(t, pdf), poker)
	if err != nil {
		t.Fatal(err)
	}
	wantFrontsAndBacks(t, res, 9)
	for i, c := range res.Cards {
		if got, want := c.Back.Trim, c.Front.Trim; abs64(got.X+got.W/2-(210-want.X-want.W/2)) > 0.5 || abs64(got.Y-want.Y) > 0.5 {
			t.Errorf("card %d: back cut at %+v, want the front's %+v turned over", i+1, got, want)
		}
	}
}

// TestCopiesKeepOneBack reads two pages of picture cards, each unlike the
// other in colour, the first holding its cards in pairs of copies and
// groups of four (lumberjack-word in the held-out PDFs): read as fronts
// and their backs, the four copies of one card would lie where page 2
// holds two cards of one kind and two of another, so page 2 holds no
// backs of its own; both pages are fronts.
func TestCopiesKeepOneBack(t *testing.T) {
	t.Parallel()
	needPdftoppm(t)
	pdf := sheetPDF()
	// Page 1: rows of copies, warm colours; page 2: pairs, cold ones.
	first := []int{0, 1, 2, 2, 3, 3, 4, 4, 5}
	second := []int{10, 10, 11, 11, 12, 12, 13, 13, 14}
	for page, cards := range [][]int{first, second} {
		pdf.AddPage()
		for i, n := range cards {
			x, y := grid3(i, 3)
			r, g, b := 200, 40+n*20, 30
			if page == 1 {
				r, g, b = 30, 40+(n-10)*25, 200
			}
			pdf.SetFillColor(r, g, b)
			pdf.Rect(x, y, 63, 88, "F")
			pdf.SetFillColor(250, 250, 240)
			pdf.Circle(x+15+float64(n%5)*8, y+25+float64(n%3)*15, 10, "F")
			pdf.SetFont("Helvetica", "B", 24)
			pdf.SetTextColor(255, 255, 255)
			pdf.Text(x+8, y+80, fmt.Sprint("No ", n))
		}
	}
	res, err := Import(context.Background(), savePDF(t, pdf), poker)
	if err != nil {
		t.Fatal(err)
	}
	if res.Layout != LayoutFronts || len(res.Cards) != 18 {
		t.Fatalf("layout %s (%s), %d cards; want fronts, 18", res.Layout, res.LayoutReason, len(res.Cards))
	}
}

// TestBacksNotMirrored reads a duplex sheet whose tool draws each page of
// backs as its page of fronts, not mirrored (cardprinter-pdfhummus in
// the corpus): the full first pair (nine of one back) cannot tell, but
// the partly filled last pair holds its two backs at its two fronts' own
// places, and each front is paired with the back there.
func TestBacksNotMirrored(t *testing.T) {
	t.Parallel()
	needPdftoppm(t)
	pdf := sheetPDF()
	back := func(x, y float64) {
		pdf.SetFillColor(20, 40, 90)
		pdf.Rect(x, y, 63, 88, "F")
		pdf.SetFillColor(230, 200, 60)
		pdf.Circle(x+31.5, y+44, 20, "F")
		pdf.SetFont("Helvetica", "B", 30)
		pdf.SetTextColor(255, 255, 255)
		pdf.Text(x+10, y+80, "Back")
	}
	for page, n := range []int{9, 9, 2, 2} {
		pdf.AddPage()
		for i := 0; i < n; i++ {
			x, y := grid3(i, 3)
			switch page {
			case 0:
				vectorCard(pdf, i, x, y)
			case 2:
				vectorCard(pdf, 20+i, x, y)
			default:
				back(x, y) // one back, shared

			}
		}
	}
	res, err := Import(context.Background(), savePDF(t, pdf), poker)
	if err != nil {
		t.Fatal(err)
	}
	if res.Layout != LayoutDuplex || len(res.Cards) != 11 {
		t.Fatalf("layout %s (%s), %d cards; want duplex, 11", res.Layout, res.LayoutReason, len(res.Cards))
	}
	for _, c := range res.Cards[9:] {
		if c.Back == nil || c.Back.Page != 4 || c.Back.Col != c.Front.Col {
			t.Fatalf("card p%d r%dc%d: back %+v, want page 4's at its own place", c.Front.Page, c.Front.Row, c.Front.Col, c.Back)
		}
	}
	if p := res.Pages[3]; !strings.Contains(p.SideReason, "not mirrored") {
		t.Errorf("page 4 says %q, want it to say its backs are not mirrored", p.SideReason)
	}
}
