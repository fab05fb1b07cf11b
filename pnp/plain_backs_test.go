package pnp

import (
	"context"
	"testing"
)

// TestPlainColouredBacks reads fronts with a page of backs after them that
// are one plain colour each, printed edge to edge with no frame: each back
// is a card printed in cyan, not an empty frame on the paper, and the
// layout is duplex, every card with the shared back.
func TestPlainColouredBacks(t *testing.T) {
	t.Parallel()
	needPdftoppm(t)
	pdf := sheetPDF()
	for page := 0; page < 2; page++ {
		pdf.AddPage()
		for i := 0; i < 9; i++ {
			x, y := grid3(i, 2)
			if page == 0 {
				vectorCard(pdf, i, x, y)
				continue
			}
			pdf.SetFillColor(0, 170, 200)
			pdf.Rect(x, y, 63, 88, "F")
		}
	}
	res, err := Import(context.Background(), savePDF(t, pdf), poker)
	if err != nil {
		t.Fatal(err)
	}
	wantFrontsAndBacks(t, res, 9)
}

// wantFrontsAndBacks checks that res read a page of n fronts and a page
// of their n backs after it: duplex, every card with a back from page 2.
func wantFrontsAndBacks(t *testing.T, res *Result, n int) {
	t.Helper()
	if res.Layout != LayoutDuplex || len(res.Cards) != n {
		t.Fatalf("layout %s (%s), %d cards; want duplex, %d (pages %+v)", res.Layout, res.LayoutReason, len(res.Cards), n, res.Pages)
	}
	for i, c := range res.Cards {
		if c.Back == nil || c.Back.Page != 2 {
			t.Fatalf("card %d has no back from page 2", i+1)
		}
	}
	if p := res.Pages[1]; p.Side != "backs" || p.Cards != n {
		t.Errorf("page 2: %s, %d cards; want backs, %d (%s)", p.Side, p.Cards, n, p.Skipped)
	}
}

// TestPlainBacksAfterCopies reads a page of 12 fronts, its lower half six
// copies of one card, and a page of plain cyan backs after it. The fronts
// page alone looks like a fold sheet (a half of one card repeated, unlike
// the other half), and the page of backs, one back repeated, mirrors
// itself; but a fold sheet's back is no card of its fronts' half, so the
// page of backs is no fold sheet, and the layout is duplex.
func TestPlainBacksAfterCopies(t *testing.T) {
	t.Parallel()
	needPdftoppm(t)
	pdf := sheetPDF()
	at := func(i int) (float64, float64) {
		return (210-154)/2 + float64(i%3)*52, (297-286)/2 + float64(i/3)*72
	}
	for page := 0; page < 2; page++ {
		pdf.AddPage()
		for i := 0; i < 12; i++ {
			x, y := at(i)
			if page == 1 {
				pdf.SetFillColor(0, 170, 200)
				pdf.Rect(x, y, 50, 70, "F")
				continue
			}
			n := i
			if i >= 6 {
				n = 100 // the lower half: copies of one card
			}
			vectorCardSized(pdf, n, x, y, 50, 70)
		}
	}
	res, err := Import(context.Background(), savePDF(t, pdf), Options{CardW: 50, CardH: 70, DPI: 150})
	if err != nil {
		t.Fatal(err)
	}
	wantFrontsAndBacks(t, res, 12)
}
