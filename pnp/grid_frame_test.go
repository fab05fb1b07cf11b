package pnp

import (
	"context"
	"fmt"
	"math"
	"testing"
)

// TestFramesOverrun reads a sheet laid out as an office suite lays out
// cards (the Scrum Card Game's LibreOffice Impress PDFs in the corpus):
// each card in a thin light grey frame, the rows touching, and each
// card's header band printed 10 mm past the right side of its frame, so
// that in the header rows the bands of the two columns meet across the
// gap. A person cuts at the frames; the bands' edges, seen more strongly,
// must not pull the cuts sideways, at the test DPI and the command line's.
func TestFramesOverrun(t *testing.T) {
	t.Parallel()
	needPdftoppm(t)
	const w, h, gap, x0, y0 = 85.0, 54.0, 10.0, 9.9, 9.9
	pdf := sheetPDF()
	pdf.AddPage()
	var places []Rect
	for i := 0; i < 10; i++ {
		x, y := x0+float64(i%2)*(w+gap), y0+float64(i/2)*h
		places = append(places, Rect{x, y, w, h})
		pdf.SetFillColor(90+(i*37)%120, 110, 160-(i*23)%90)
		pdf.Rect(x, y+1, w+gap, 10, "F") // the band, overrunning the frame
		pdf.SetFont("Helvetica", "B", 9)
		pdf.SetTextColor(0, 0, 0)
		pdf.Text(x+4, y+17, fmt.Sprintf("CARD %d", i+1))
		pdf.SetFont("Helvetica", "", 8)
		pdf.Text(x+4, y+25, "A line of the card's text, and")
		pdf.Text(x+4, y+29, fmt.Sprintf("another one for card %d.", i+1))
	}
	pdf.SetDrawColor(200, 200, 200)
	pdf.SetLineWidth(0.13)
	for _, r := range places {
		pdf.Rect(r.X, r.Y, r.W, r.H, "D")
	}
	path := savePDF(t, pdf)
	for _, dpi := range []int{150, 300} {
		t.Run(fmt.Sprint(dpi), func(t *testing.T) {
			res, err := Import(context.Background(), path, Options{CardW: 54, CardH: 85, DPI: dpi, Layout: LayoutFronts})
			if err != nil {
				t.Fatal(err)
			}
			if len(res.Cards) != len(places) {
				t.Fatalf("%d cards, want %d (pages %+v)", len(res.Cards), len(places), res.Pages)
			}
			for k, c := range res.Cards {
				f, want := c.Front.Trim, places[k]
				for _, d := range []float64{f.X - want.X, f.Y - want.Y, f.X + f.W - want.X - want.W, f.Y + f.H - want.Y - want.H} {
					if math.Abs(d) > 0.5 {
						t.Errorf("card %d cut at %+v, its frame is %+v: %.2f mm off", k+1, f, want, d)
						break
					}
				}
			}
		})
	}
}
