package pnp

import (
	"context"
	"strings"
	"testing"

	"github.com/jung-kurt/gofpdf"
)

// TestSharedBacksPage: among pages read as fronts (three pages cannot
// pair), a page of nine copies of one face no page of fronts shows is the
// back of the page of fronts before it; a page of copies of a card shown
// before stays fronts, and so does every page when fronts are asked for.
func TestSharedBacksPage(t *testing.T) {
	t.Parallel()
	needPdftoppm(t)
	card := func(pdf *gofpdf.Fpdf, i, look int) {
		x, y := grid3(i, 4)
		r, g, b := (look*67)%200+30, (look*131)%200+30, (look*47)%200+30
		pdf.SetFillColor(r, g, b)
		pdf.Rect(x, y, 63, 88, "F")
		pdf.SetFillColor(255-r, 255-g, 255-b)
		pdf.Circle(x+20+float64(look%3)*12, y+25+float64(look%4)*12, 10, "F")
	}
	page := func(pdf *gofpdf.Fpdf, look func(i int) int) {
		pdf.AddPage()
		for i := 0; i < 9; i++ {
			card(pdf, i, look(i))
		}
	}
	pdf := sheetPDF()
	page(pdf, func(i int) int { return i })
	page(pdf, func(i int) int { return 20 + i })
	page(pdf, func(int) int { return 40 })
	path := savePDF(t, pdf)
	res, err := Import(context.Background(), path, Options{CardW: 63, CardH: 88, DPI: 100, forceRaster: true})
	if err != nil {
		t.Fatal(err)
	}
	if res.Layout != LayoutFronts {
		t.Fatalf("layout %s (%s), want fronts", res.Layout, res.LayoutReason)
	}
	p3 := res.Pages[2]
	if p3.Side != "backs" || p3.BacksOf != 2 || !strings.Contains(p3.SideReason, "no page of fronts shows") {
		t.Fatalf("page 3: side %s of page %d (%q), want the backs of page 2", p3.Side, p3.BacksOf, p3.SideReason)
	}
	if len(res.Cards) != 18 {
		t.Fatalf("%d cards, want the 18 fronts: pages %+v", len(res.Cards), res.Pages)
	}
	for _, c := range res.Cards {
		if got := c.Back != nil; got != (c.Front.Page == 2) {
			t.Errorf("card p%d r%dc%d: back %v", c.Front.Page, c.Front.Row, c.Front.Col, got)
		}
	}
	res, err = Import(context.Background(), path, Options{CardW: 63, CardH: 88, DPI: 100, Layout: LayoutFronts, forceRaster: true})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Cards) != 27 || res.Pages[2].Side != "fronts" {
		t.Errorf("--layout fronts: %d cards, page 3 %s; want 27 fronts", len(res.Cards), res.Pages[2].Side)
	}

	// Copies of a card page 1 shows too: fronts.
	pdf = sheetPDF()
	page(pdf, func(i int) int { return i })
	page(pdf, func(i int) int { return 20 + i })
	page(pdf, func(int) int { return 4 })
	res, err = Import(context.Background(), savePDF(t, pdf), Options{CardW: 63, CardH: 88, DPI: 100, forceRaster: true})
	if err != nil {
		t.Fatal(err)
	}
	if res.Pages[2].Side != "fronts" || len(res.Cards) != 27 {
		t.Errorf("nine copies of page 1's fifth card: page 3 %s, %d cards; want fronts, 27", res.Pages[2].Side, len(res.Cards))
	}
}
