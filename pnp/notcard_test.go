package pnp

import (
	"context"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"strings"
	"testing"

	"github.com/jung-kurt/gofpdf"
)

// framedCard draws a text card as LibreOffice decks print them: a thin
// light grey frame, a header band across its top in the colour given
// (none when r < 0), and lines of text (a card with one line is a card).
func framedCard(pdf *gofpdf.Fpdf, i, lines int, x, y float64, r, g, b int) {
	if r >= 0 {
		pdf.SetFillColor(r, g, b)
		pdf.Rect(x, y, 63, 16, "F")
		pdf.SetFont("Helvetica", "B", 16)
		pdf.SetTextColor(255, 255, 255)
		pdf.Text(x+20, y+12, "EVENT")
	}
	pdf.SetDrawColor(190, 190, 190)
	pdf.SetLineWidth(0.2)
	pdf.Rect(x, y, 63, 88, "D")
	pdf.SetFont("Helvetica", "", 10)
	pdf.SetTextColor(0, 0, 0)
	for l := 0; l < lines; l++ {
		pdf.Text(x+5, y+26+float64(l)*6, fmt.Sprintf("Card %d, line %d of its text", i, l+1))
	}
}

// credits draws a deck's credits in a card's slot: a title, a small
// licence logo and the authors, in the slot's upper left, no frame.
func credits(pdf *gofpdf.Fpdf, x, y float64) {
	pdf.SetFont("Helvetica", "", 14)
	pdf.SetTextColor(0, 0, 0)
	pdf.Text(x+2, y+8, "Card Game - EN")
	pdf.SetDrawColor(0, 0, 0)
	pdf.SetLineWidth(0.4)
	pdf.Circle(x+6, y+16, 3.5, "D")
	pdf.SetFont("Helvetica", "B", 7)
	pdf.Text(x+3.8, y+17.2, "cc")
	pdf.SetFont("Helvetica", "I", 7)
	pdf.Text(x+11, y+15, "Ann Author, Bob Builder, Cy Coder,")
	pdf.Text(x+11, y+18.5, "2010, 2016")
}

// TestCreditsLeftOut checks that the credits printed in a grid's slot
// after the last card (issue 21: "no card cut from a page without cards")
// are left out, on a full page whose grid is found on its own and on a
// partly filled last page, and that the page's report says so, while
// cards that differ from their neighbours by design stay: one of another
// colour, one without a header band, one with a single line of text.
func TestCreditsLeftOut(t *testing.T) {
	t.Parallel()
	needPdftoppm(t)
	pdf := sheetPDF()
	pdf.AddPage()
	for i := 0; i < 8; i++ {
		x, y := grid3(i, 4)
		switch i {
		case 3: // another colour
			framedCard(pdf, i, 4, x, y, 230, 100, 20)
		case 5: // no header band, one line
			framedCard(pdf, i, 1, x, y, -1, 0, 0)
		case 7: // one line
			framedCard(pdf, i, 1, x, y, 110, 120, 135)
		default:
			framedCard(pdf, i, 4, x, y, 110, 120, 135)
		}
	}
	credits(pdf, 152.5, 200)
	// A partly filled last page: 2 cards, then the credits.
	pdf.AddPage()
	for i := 0; i < 2; i++ {
		x, y := grid3(i, 4)
		framedCard(pdf, 8+i, 3, x, y, 110, 120, 135)
	}
	x, y := grid3(2, 4)
	credits(pdf, x, y)
	path := savePDF(t, pdf)

	// The shapes the PDF draws are the cards' frames: the credits' slot
	// has none, so it is no cell of the grid at all.
	res, err := Import(context.Background(), path, Options{CardW: 63, CardH: 88, DPI: 100, Layout: LayoutFronts})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Cards) != 10 || res.Pages[0].Method != "shapes" {
		t.Errorf("%d cards (page 1 by %s), want 10 by shapes (the credits left out)", len(res.Cards), res.Pages[0].Method)
	}
	for _, c := range res.Cards {
		if c.Front.Page == 1 && c.Front.Trim.X > 140 && c.Front.Trim.Y > 190 {
			t.Errorf("the credits' slot was cut as a card: %+v", c.Front.Trim)
		}
	}
	// Read from its picture, the grid holds the slot, left out as not a
	// card.
	res, err = Import(context.Background(), path, Options{CardW: 63, CardH: 88, DPI: 100, Layout: LayoutFronts, forceRaster: true})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Cards) != 10 {
		t.Errorf("%d cards, want 10 (the credits left out)", len(res.Cards))
	}
	wantOut := []Rect{{X: 140.5, Y: 196.5}, {X: 140.5, Y: 12.5}}
	for i, p := range res.Pages {
		want := []int{8, 2}[i]
		if p.Cards != want || len(p.NotCards) != 1 {
			t.Errorf("page %d: %d cards, %d cells left out (%+v); want %d and 1", p.Page, p.Cards, len(p.NotCards), p.NotCards, want)
			continue
		}
		if c := p.NotCards[0]; c.cx() < wantOut[i].X+20 || c.cx() > wantOut[i].X+43 || c.cy() < wantOut[i].Y+30 || c.cy() > wantOut[i].Y+58 {
			t.Errorf("page %d: left out %+v, want the credits' slot at %+v", p.Page, c, wantOut[i])
		}
		for _, c := range res.Cards {
			if c.Front.Page == p.Page && c.Front.Row == 3 && c.Front.Col == 3 && i == 0 || c.Front.Page == 2 && c.Front.Col == 3 {
				t.Errorf("page %d: the credits' slot r%dc%d was cut", c.Front.Page, c.Front.Row, c.Front.Col)
			}
		}
	}
	s := (&plan{}).summary(res, "", nil)
	if got := s.Pages[0].LeftOut; got != "1 cell not a card (no card frame): left out" {
		t.Errorf("summary of page 1: left out %q", got)
	}
	if h := htmlPages(res); !strings.Contains(h[1].Note, "not a card") {
		t.Errorf("contact sheet note of page 2: %q", h[1].Note)
	}
}

// TestSharedLook checks the look held to: cards framed on three sides or
// four around a light inside give one; cards of solid colour (a white
// card among them is a card of another colour), cards framed on two
// sides only, and fewer than three cells give none.
func TestSharedLook(t *testing.T) {
	all := edgeTop | edgeBottom | edgeLeft | edgeRight
	cases := []struct {
		name  string
		seen  []edgeSet
		share []float64
		out   []bool // which cells are not cards
	}{
		{"framed cards and credits", []edgeSet{all, all, all ^ edgeLeft, all, 0}, []float64{0.3, 0.3, 0.3, 0.3, 0.05}, []bool{false, false, false, false, true}},
		{"credits under a card", []edgeSet{all ^ edgeLeft, all ^ edgeLeft, all ^ edgeLeft, edgeTop}, []float64{0.25, 0.25, 0.25, 0.05}, []bool{false, false, false, true}},
		{"a framed card with little print", []edgeSet{all, all, all, all}, []float64{0.3, 0.3, 0.3, 0.01}, []bool{false, false, false, false}},
		{"a frameless card with much print", []edgeSet{all, all, all, 0}, []float64{0.3, 0.3, 0.3, 0.2}, []bool{false, false, false, false}},
		{"solid colour cards and a white one", []edgeSet{all, all, all, edgeTop | edgeLeft}, []float64{0.99, 0.99, 0.99, 0.01}, []bool{false, false, false, false}},
		{"two sides shared", []edgeSet{edgeTop | edgeBottom, edgeTop | edgeBottom, edgeTop | edgeBottom, 0}, []float64{0.3, 0.3, 0.3, 0.01}, []bool{false, false, false, false}},
		{"two cells", []edgeSet{all, 0}, []float64{0.3, 0.01}, []bool{false, false}},
		{"two frameless cells of four", []edgeSet{all, all, 0, 0}, []float64{0.3, 0.3, 0.01, 0.01}, []bool{false, false, false, false}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			l := sharedLook(c.seen, c.share)
			for i := range c.seen {
				if got := l.notCard(c.seen[i], c.share[i]); got != c.out[i] {
					t.Errorf("cell %d (sides %04b, %.2f printed): not a card %v, want %v (look %+v)", i, c.seen[i], c.share[i], got, c.out[i], l)
				}
			}
		})
	}
}

// BenchmarkLeaveOutNotCards measures the look test on a page of 9 cells
// at the command line's 300 DPI: 8 cards without a frame (the worst case:
// every line of every band is read) and one cell of credits.
func BenchmarkLeaveOutNotCards(b *testing.B) {
	pxmm := 300 / 25.4
	img := image.NewNRGBA(image.Rect(0, 0, int(210*pxmm), int(297*pxmm)))
	draw.Draw(img, img.Bounds(), image.NewUniform(color.White), image.Point{}, draw.Src)
	var cells []gridCell
	for i := 0; i < 9; i++ {
		x, y := grid3(i, 4)
		r := image.Rect(int(x*pxmm), int(y*pxmm), int((x+63)*pxmm), int((y+88)*pxmm))
		cells = append(cells, gridCell{trim: r, bleed: r, row: 1 + i/3, col: 1 + i%3})
		for l := 0; l < 6; l++ { // lines of text
			t := image.Rect(r.Min.X+60, r.Min.Y+200+l*70, r.Max.X-60-l*40, r.Min.Y+230+l*70)
			draw.Draw(img, t, image.NewUniform(color.Black), image.Point{}, draw.Src)
		}
	}
	s := &source{p: &pdfPage{nr: 1, w: 210, h: 297}, raster: img, pxmm: pxmm}
	im := &importer{ctx: context.Background()}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		sd := &side{}
		im.leaveOutNotCards(s, sd, cells, true)
	}
}
