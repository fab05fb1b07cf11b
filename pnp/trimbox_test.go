package pnp

import (
	"context"
	"math"
	"testing"

	"github.com/jung-kurt/gofpdf"
)

// TestCardAtTheTrimBox imports an InDesign-like deck of one card a page:
// pages 74.8×104.8 mm whose TrimBox is the 60×90 mm card, its art bled
// 5 mm past it and crop marks in the slug. Each page is one card, cut at
// the TrimBox (where its art and the game's 63×88 mm would cut it 5 mm
// off). A sheet whose TrimBox is the whole A4 sheet inside its bleed is
// read as before: its nine cards.
func TestCardAtTheTrimBox(t *testing.T) {
	t.Parallel()
	needPdftoppm(t)
	const pw, ph, tw, th, bleed = 74.8, 104.8, 60.0, 90.0, 5.0
	tx, ty := (pw-tw)/2, (ph-th)/2
	pdf := gofpdf.NewCustom(&gofpdf.InitType{UnitStr: "mm", Size: gofpdf.SizeType{Wd: pw, Ht: ph}})
	pdf.SetAutoPageBreak(false, 0)
	pdf.SetPageBox("trim", tx, ty, tw, th)
	for i := 0; i < 4; i++ {
		pdf.AddPage()
		pdf.SetFillColor(40+50*i, 120, 200-40*i)
		pdf.Rect(tx-bleed, ty-bleed, tw+2*bleed, th+2*bleed, "F")
		pdf.SetFillColor(255, 255, 255)
		pdf.Rect(tx+6, ty+10+float64(8*i), tw-12, 20, "F")
		pdf.SetDrawColor(0, 0, 0)
		pdf.SetLineWidth(0.25)
		for _, x := range []float64{tx, tx + tw} {
			pdf.Line(x, 0.5, x, ty-bleed-0.5)
			pdf.Line(x, ty+th+bleed+0.5, x, ph-0.5)
		}
		for _, y := range []float64{ty, ty + th} {
			pdf.Line(0.5, y, tx-bleed-0.5, y)
			pdf.Line(tx+tw+bleed+0.5, y, pw-0.5, y)
		}
	}
	res, err := Import(context.Background(), savePDF(t, pdf), Options{CardW: 63, CardH: 88, DPI: 150, Layout: LayoutFronts})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Cards) != 4 {
		t.Fatalf("%d cards, want 4", len(res.Cards))
	}
	for _, c := range res.Cards {
		tr := c.Front.Trim
		if math.Abs(tr.X-tx) > 0.5 || math.Abs(tr.Y-ty) > 0.5 || math.Abs(tr.W-tw) > 0.5 || math.Abs(tr.H-th) > 0.5 {
			t.Errorf("page %d: cut at %+v, want the TrimBox %gx%g at %g, %g", c.Front.Page, tr, tw, th, tx, ty)
		}
	}
	if m := res.Pages[0].Method; m != "trimbox" {
		t.Errorf("page 1 found by %s, want trimbox", m)
	}
	sheet := &source{p: &pdfPage{nr: 1, w: 216, h: 303, trimBox: Rect{X: 3, Y: 3, W: 210, H: 297}}}
	if g := (&importer{}).trimBoxGrid(sheet); g != nil {
		t.Error("a sheet's TrimBox, A4, taken for one card")
	}
}
