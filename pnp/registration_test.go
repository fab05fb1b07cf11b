package pnp

import (
	"context"
	"fmt"
	"image"
	"image/color"
	"path/filepath"
	"testing"

	"github.com/disintegration/imaging"
	"github.com/jung-kurt/gofpdf"
)

// silhouetteSheet paints a Letter print-and-cut sheet the way
// silhouette-card-maker makes one (its assets/layouts.json and
// letter_registration.jpg, at 300 DPI): a landscape page with a filled
// square top-left and L-shaped corners top-right and bottom-left, and up
// to 8 poker cards (748×1049 px) at its places, flattened into one image.
// It is painted at half that resolution; it returns the sheet and each
// card's place in mm.
func silhouetteSheet(arts []image.Image, marks bool) (*image.NRGBA, []Rect) {
	const s = 2 // 300 DPI pixels per pixel painted
	page := imaging.New(3300/s, 2550/s, color.NRGBA{255, 255, 255, 255})
	black := color.NRGBA{0, 0, 0, 255}
	fill := func(x, y, w, h int) {
		page = imaging.Paste(page, imaging.New(w/s, h/s, black), image.Pt(x/s, y/s))
	}
	if marks {
		fill(114, 114, 72, 72)  // the square
		fill(3093, 114, 96, 12) // top-right L: its top arm
		fill(3177, 114, 12, 96) // and its right arm
		fill(114, 2343, 12, 96) // bottom-left L: its left arm
		fill(114, 2427, 96, 12) // and its bottom arm
	}
	xs, ys := []int{132, 895, 1657, 2420}, []int{220, 1283}
	var places []Rect
	for i, a := range arts {
		x, y := xs[i%4], ys[i/4]
		page = imaging.Paste(page, imaging.Resize(a, 748/s, 1049/s, imaging.Linear), image.Pt(x/s, y/s))
		mm := func(px int) float64 { return float64(px) / 300 * 25.4 }
		places = append(places, Rect{mm(x), mm(y), mm(748), mm(1049)})
	}
	return page, places
}

// TestSilhouetteRegistration reads print-and-cut sheets made as
// silhouette-card-maker makes them: the registration marks are found and
// reported, and are neither cards nor guides; full and partly filled
// sheets give their cards at their places.
func TestSilhouetteRegistration(t *testing.T) {
	t.Parallel()
	needPdftoppm(t)
	for _, tc := range []struct {
		cards int
		marks bool
		tol   float64 // mm
	}{
		{8, true, 0.5}, {1, true, 0.5}, {8, false, 0.5},
		// Known limit: on a sheet whose last row is partly filled, the
		// lattice may miss the 1.2 mm gaps by up to about 0.8 mm.
		{5, true, 1},
	} {
		t.Run(fmt.Sprintf("%dcards/marks=%v", tc.cards, tc.marks), func(t *testing.T) {
			t.Parallel()
			var arts []image.Image
			for i := 0; i < tc.cards; i++ {
				arts = append(arts, testArt(i+60, 374, 524))
			}
			sheet, places := silhouetteSheet(arts, tc.marks)
			pdf := gofpdf.New("L", "mm", "Letter", "")
			pdf.SetAutoPageBreak(false, 0)
			pdf.AddPage()
			placeJPEG(t, pdf, "sheet", sheet, 0, 0, 279.4, 215.9)
			// The card as silhouette-card-maker sizes it: 748×1049 px at 300 DPI.
			res, err := Import(context.Background(), savePDF(t, pdf), Options{CardW: 748 / 300.0 * 25.4, CardH: 1049 / 300.0 * 25.4, DPI: 150})
			if err != nil {
				t.Fatal(err)
			}
			if got := res.Pages[0].Registration; got != tc.marks {
				t.Errorf("Registration = %v, want %v", got, tc.marks)
			}
			if p := res.Pages[0]; p.Side != "fronts" {
				t.Errorf("page read as %s, want fronts", p.Side)
			}
			checkCards(t, res, arts, places, 28, tc.tol)
			_, g := seeker(t)
			sum, err := Write(context.Background(), res, filepath.Join(t.TempDir(), "o"), WriteOptions{Game: g})
			if err != nil {
				t.Fatal(err)
			}
			if sum.Pages[0].Registration != tc.marks {
				t.Errorf("summary: registration = %v, want %v", sum.Pages[0].Registration, tc.marks)
			}
		})
	}
}
