package pnp

import (
	"context"
	"fmt"
	"math"
	"path/filepath"
	"testing"
)

// TestFilledPage reads a page filled mid grey holding 2x4 landscape cards
// a millimetre or two apart, placed by hand (each column's rows a little
// off the other's), the right column ending 0.96 mm from the page's edge,
// as LibreOffice Draw makes them: each card a white body under a header
// band, light grey in the left column (24 grey levels off the fill) and
// dark blue-grey in the right. The header's lower edge, repeated at the
// cards' pitch, once outweighed the cards' own edges (a lattice of cells
// from one body to the next, touching), so the page was skipped at 150
// DPI and read through its headers at 300. The cards are read at both,
// with the prior 104x69 a user gives (3% above their true 101x67).
func TestFilledPage(t *testing.T) {
	t.Parallel()
	needPdftoppm(t)
	const w, h = 101.1, 67.06
	// The tops of each column's rows, as measured on the Draw PDF.
	tops := [2][4]float64{{11.3, 80.14, 148.59, 217.42}, {11.18, 79.5, 147.83, 216.66}}
	pdf := sheetPDF()
	pdf.AddPage()
	pdf.SetFillColor(166, 166, 166)
	pdf.Rect(0, 0, 210, 297, "F")
	var places []Rect
	for i := 0; i < 8; i++ {
		col, row := i%2, i/2
		x, y := 4.83+float64(col)*(w+2.01), tops[col][row]
		places = append(places, Rect{x, y, w, h})
		pdf.SetFillColor(255, 255, 255)
		pdf.Rect(x, y, w, h, "F")
		if col == 0 {
			pdf.SetFillColor(189, 189, 189)
		} else {
			pdf.SetFillColor(100, 120, 160)
		}
		pdf.Rect(x, y, w, 22.6, "F")
		pdf.SetFont("Helvetica", "B", 22)
		pdf.SetTextColor(255, 255, 255)
		pdf.Text(x+55, y+19, []string{"STORY", "EVENT"}[col])
		pdf.SetFont("Helvetica", "", 10)
		pdf.SetTextColor(30, 30, 30)
		for l := 0; l < 2+i%3; l++ {
			pdf.Text(x+6, y+32+float64(l)*5, fmt.Sprintf("Card %d says something on line %d.", i+1, l+1))
		}
		pdf.SetFillColor(189, 189, 189)
		pdf.Circle(x+w-12, y+h-12, 5, "F")
	}
	path := savePDF(t, pdf)
	for _, dpi := range []int{150, 300} {
		t.Run(fmt.Sprint(dpi, "dpi"), func(t *testing.T) {
			res, err := Import(context.Background(), path, Options{CardW: 104, CardH: 69, DPI: dpi, Layout: LayoutFronts})
			if err != nil {
				t.Fatal(err)
			}
			if len(res.Cards) != len(places) {
				t.Fatalf("%d cards, want %d (pages %+v)", len(res.Cards), len(places), res.Pages)
			}
			for i, c := range res.Cards {
				got, want := c.Front.Trim, places[i]
				d := math.Max(math.Max(math.Abs(got.X-want.X), math.Abs(got.Y-want.Y)),
					math.Max(math.Abs(got.X+got.W-want.X-want.W), math.Abs(got.Y+got.H-want.Y-want.H)))
				if d > 1 {
					t.Errorf("card %d cut at %+v, %.2f mm off its trim %+v", i+1, got, d, want)
				}
			}
		})
	}
}

// BenchmarkFindGridFilled times the grid search on page 3 of two corpus
// PDFs filled with a colour, rendered at 300 DPI: the Draw sheet (cards on
// mid grey, read by their edges against the fill) and a page of cards on
// black split by white rules, where the reading against the fill finds no
// grid by gaps and the page is searched again as any other (the worst
// case: two searches). "plain" is the search alone, as on a white page.
func BenchmarkFindGridFilled(b *testing.B) {
	needPdftoppm(b)
	for _, c := range []struct {
		file string
		w, h float64
	}{{"scrum-draw-104x69.pdf", 104, 69}, {"cac-black-letter-black.pdf", 56, 87}} {
		path := filepath.Join("testdata", "corpus", c.file)
		f, err := openPDF(path)
		if err != nil {
			b.Fatal(err)
		}
		p, err := f.page(3)
		if err != nil {
			b.Fatal(err)
		}
		img, err := rasterize(context.Background(), path, p, 300, corpusFonts)
		if err != nil {
			b.Fatal(err)
		}
		b.Run(c.file, func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				if _, err := findGrid(img, img.Bounds(), 300, c.w, c.h, false); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run(c.file+"/plain", func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				findGridBy(img, img.Bounds(), 300, c.w, c.h, false, false)
			}
		})
	}
}
