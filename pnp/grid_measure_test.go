package pnp

import (
	"context"
	"image/color"
	"math"
	"testing"

	"github.com/deckwright/deckwright/layout"
)

// TestSizeFarFromPrior reads pages of cards whose size lies far outside
// the given 63x88 mm's search range (the square 63.5 mm cards,
// 50x70, business cards 88.9x50.8 landscape, 105x145): at the given size
// no grid is found, and the size measured on the page cuts every card at
// its own trim.
func TestSizeFarFromPrior(t *testing.T) {
	for _, tc := range []struct {
		name           string
		pw, ph, cw, ch float64
		cols, rows     int
		gap            float64
	}{
		{"square 63.5", 210, 297, 63.5, 63.5, 3, 4, 4},
		{"50x70", 210, 297, 50, 70, 3, 3, 6},
		{"business 88.9x50.8", 210, 297, 88.9, 50.8, 2, 5, 3},
		{"105x145", 297, 210, 105, 145, 2, 1, 8},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := newSynthPage(tc.pw, tc.ph, 150)
			want := p.cards(tc.cols, tc.rows, tc.cw, tc.ch, tc.gap, func(i int, x, y float64) {
				p.fill(x, y, tc.cw, tc.ch, color.NRGBA{uint8(60 + 12*i), uint8(200 - 10*i), 140, 255})
				p.fill(x+5, y+8+float64(i%5), tc.cw/3, 10, color.White)
			})
			if _, err := findGrid(p.img, p.img.Bounds(), 150, 63, 88, false); err == nil {
				t.Skip("found at the given size: the case no longer shows a size far from it")
			}
			g := measuredGrid(p.img, p.img.Bounds(), 150, 63, 88, false, nil)
			if g == nil {
				t.Fatal("no grid at any size measured on the page")
			}
			checkTrims(t, g, p.pxmm, want, 0.5)
			w, h := tc.cw, tc.ch
			if g.landscape != (w > h) {
				t.Errorf("landscape %v, want %v", g.landscape, w > h)
			}
			if math.Abs(g.trimW-w) > 0.5 || math.Abs(g.trimH-h) > 0.5 {
				t.Errorf("measured %.2fx%.2f mm, want %gx%g", g.trimW, g.trimH, w, h)
			}
		})
	}
}

// TestGivenSizeDisagrees imports deckwright's own sheet of 9 bridge cards
// (56x87 mm, 11% narrower than poker: outside the given size's search)
// told the cards are poker, or tarot: no grid is found at the size given,
// and the cards are cut at the size measured on the page, which the page
// report says.
func TestGivenSizeDisagrees(t *testing.T) {
	needPdftoppm(t)
	o := layout.DefaultOptions()
	o.Card = layout.Bridge
	bridge := printDeck(t, t.TempDir(), 9, o, 100).path
	for _, tc := range []struct {
		name string
		opt  Options
	}{
		{"poker, read as a raster", Options{CardW: 63, CardH: 88, DPI: 100, forceRaster: true}},
		{"tarot", Options{CardW: 70, CardH: 120, DPI: 100}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res, err := Import(context.Background(), bridge, tc.opt)
			if err != nil {
				t.Fatal(err)
			}
			if len(res.Cards) != 9 {
				t.Fatalf("%d cards, want 9", len(res.Cards))
			}
			p := res.Pages[0]
			if math.Abs(p.MeasuredW-56) > 0.6 || math.Abs(p.MeasuredH-87) > 0.6 {
				t.Errorf("page 1 measured %.2fx%.2f mm, want 56x87", p.MeasuredW, p.MeasuredH)
			}
		})
	}
}
