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
	if res.Layout != LayoutDuplex || len(res.Cards) != 9 {
		t.Fatalf("layout %s (%s), %d cards; want duplex, 9 (pages %+v)", res.Layout, res.LayoutReason, len(res.Cards), res.Pages)
	}
	for i, c := range res.Cards {
		if c.Back == nil || c.Back.Page != 2 {
			t.Fatalf("card %d has no back from page 2", i+1)
		}
	}
	if p := res.Pages[1]; p.Side != "backs" || p.Cards != 9 {
		t.Errorf("page 2: %s, %d cards; want backs, 9 (%s)", p.Side, p.Cards, p.Skipped)
	}
}
