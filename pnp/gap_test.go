package pnp

import (
	"context"
	"fmt"
	"image"
	"testing"
)

// TestWideGaps reads a sheet of 2×2 poker cards 16 mm apart, as layout
// tools that leave room for a paper cutter print them: a gap wider than
// two bleeds, so the grid search must allow the gap itself (maxGap), not
// only bleed, between cells. A search that allowed 2 mm finds no grid.
func TestWideGaps(t *testing.T) {
	for _, raster := range []bool{false, true} {
		t.Run(fmt.Sprintf("raster=%v", raster), func(t *testing.T) {
			if raster {
				needPdftoppm(t)
			}
			const gap = 16.0
			pdf := sheetPDF()
			pdf.AddPage()
			var arts []image.Image
			var places []Rect
			for i := 0; i < 4; i++ {
				art := testArt(i+30, 372, 520)
				x := (210-(2*63+gap))/2 + float64(i%2)*(63+gap)
				y := (297-(2*88+gap))/2 + float64(i/2)*(88+gap)
				placeJPEG(t, pdf, fmt.Sprint("w", i), art, x, y, 63, 88)
				arts = append(arts, art)
				places = append(places, Rect{x, y, 63, 88})
			}
			opt := poker
			opt.forceRaster = raster
			res, err := Import(context.Background(), savePDF(t, pdf), opt)
			if err != nil {
				t.Fatal(err)
			}
			checkCards(t, res, arts, places, 30, 0.5)
		})
	}
}
