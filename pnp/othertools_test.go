package pnp

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"image/color"
	"image/jpeg"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/disintegration/imaging"
	"github.com/jung-kurt/gofpdf"
)

// sheetPDF starts a gofpdf document of A4 pages, as another tool would
// make one.
func sheetPDF() *gofpdf.Fpdf {
	pdf := gofpdf.New("P", "mm", "A4", "")
	pdf.SetAutoPageBreak(false, 0)
	pdf.SetMargins(0, 0, 0)
	return pdf
}

// placeJPEG draws img as a JPEG over the rectangle.
func placeJPEG(t testing.TB, pdf *gofpdf.Fpdf, name string, img image.Image, x, y, w, h float64) {
	t.Helper()
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, img, &jpeg.Options{Quality: 92}); err != nil {
		t.Fatal(err)
	}
	opt := gofpdf.ImageOptions{ImageType: "jpg"}
	pdf.RegisterImageOptionsReader(name, opt, &buf)
	pdf.ImageOptions(name, x, y, w, h, false, opt, 0, "")
}

func savePDF(t testing.TB, pdf *gofpdf.Fpdf) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "sheet.pdf")
	if err := pdf.OutputFileAndClose(path); err != nil {
		t.Fatal(err)
	}
	return path
}

// grid3 returns the top-left corner of cell i of a 3×3 grid of poker cards
// gap mm apart, centred on A4.
func grid3(i int, gap float64) (x, y float64) {
	w, h := 3*63+2*gap, 3*88+2*gap
	return (210-w)/2 + float64(i%3)*(63+gap), (297-h)/2 + float64(i/3)*(88+gap)
}

// checkCards checks that res holds want cards, card i matching arts[i]
// (PSNR at least minPSNR) and cut within tol mm of its place.
func checkCards(t *testing.T, res *Result, arts []image.Image, places []Rect, minPSNR, tol float64) {
	t.Helper()
	if len(res.Cards) != len(arts) {
		t.Fatalf("%d cards, want %d (pages %+v)", len(res.Cards), len(arts), res.Pages)
	}
	for i, c := range res.Cards {
		if p := psnr(c.Front.Image, arts[i]); p < minPSNR {
			t.Errorf("card %d (page %d r%dc%d): PSNR %.1f dB, want ≥ %g", i, c.Front.Page, c.Front.Row, c.Front.Col, p, minPSNR)
		}
		if places != nil {
			w := places[i]
			got := c.Front.Trim
			if math.Abs(got.X-w.X) > tol || math.Abs(got.Y-w.Y) > tol || math.Abs(got.X+got.W-w.X-w.W) > tol || math.Abs(got.Y+got.H-w.Y-w.H) > tol {
				t.Errorf("card %d cut at %+v, want %+v", i, got, w)
			}
		}
	}
}

var poker = Options{CardW: 63, CardH: 88, DPI: 150}

// TestOtherToolsImages reads sheets of separate card images laid out by
// another tool: edge to edge with no marks (as ImageMagick's montage
// makes them), and with gaps, through the image placements and through
// the raster.
func TestOtherToolsImages(t *testing.T) {
	if os.Getenv("PNPDEBUG") == "" {
		t.Parallel() // debugGrid, a package variable, is only set with PNPDEBUG
	}
	for _, gap := range []float64{0, 4} {
		for _, raster := range []bool{false, true} {
			t.Run(fmt.Sprintf("gap%g/raster=%v", gap, raster), func(t *testing.T) {
				if raster {
					needPdftoppm(t)
				}
				pdf := sheetPDF()
				pdf.AddPage()
				var arts []image.Image
				var places []Rect
				for i := 0; i < 9; i++ {
					art := testArt(i+10, 372, 520)
					x, y := grid3(i, gap)
					placeJPEG(t, pdf, fmt.Sprint("c", i), art, x, y, 63, 88)
					arts = append(arts, art)
					places = append(places, Rect{x, y, 63, 88})
				}
				opt := poker
				opt.forceRaster = raster
				if os.Getenv("PNPDEBUG") != "" {
					debugGrid = func(f gridFit, pxmm float64) {
						for _, l := range []lattice{f.lx, f.ly} {
							t.Logf("land=%v x0=%.1f cell=%.1f pitch=%.1f score=%.0f", f.landscape, float64(l.x0)/pxmm, float64(l.cell)/pxmm, float64(l.pitch)/pxmm, l.score)
						}
					}
					defer func() { debugGrid = nil }()
				}
				res, err := Import(context.Background(), savePDF(t, pdf), opt)
				if err != nil {
					t.Fatal(err)
				}
				checkCards(t, res, arts, places, 30, 0.5)
				want := "images"
				if raster {
					want = "gaps"
				}
				if m := res.Pages[0].Method; m != want {
					t.Errorf("method %q, want %q", m, want)
				}
			})
		}
	}
}

// vectorCard draws a card in vector graphics: a coloured ground, a
// circle and its number.
func vectorCard(pdf *gofpdf.Fpdf, i int, x, y float64) { vectorCardSized(pdf, i, x, y, 63, 88) }

// vectorCardSized is vectorCard on a card of w×h mm, its drawing scaled
// by the width.
func vectorCardSized(pdf *gofpdf.Fpdf, i int, x, y, w, h float64) {
	k := w / 63
	r, g, b := (i*67)%200+30, (i*131)%200+30, (i*47)%200+30
	pdf.SetFillColor(r, g, b)
	pdf.Rect(x, y, w, h, "F")
	pdf.SetFillColor(255-r, 255-g, 255-b)
	pdf.Circle(x+k*(20+float64(i%3)*10), y+k*(30+float64(i%4)*8), k*12, "F")
	pdf.SetFont("Helvetica", "B", k*28)
	pdf.SetTextColor(255, 255, 255)
	pdf.Text(x+k*8, y+h-k*8, fmt.Sprint("Card ", i))
}

// TestOtherToolsVector reads vector-drawn cards with only cut lines (and
// a gap), and a last page with 2 cards of 9 missing.
func TestOtherToolsVector(t *testing.T) {
	t.Parallel()
	needPdftoppm(t)
	pdf := sheetPDF()
	const gap = 3.0
	var places []Rect
	n := 0
	for page := 0; page < 2; page++ {
		pdf.AddPage()
		count := 9
		if page == 1 {
			count = 7
		}
		for i := 0; i < count; i++ {
			x, y := grid3(i, gap)
			vectorCard(pdf, n, x, y)
			places = append(places, Rect{x, y, 63, 88})
			n++
		}
		// Cut lines along every card edge, across the page.
		pdf.SetDrawColor(0, 0, 0)
		pdf.SetLineWidth(0.2)
		for i := 0; i < 3; i++ {
			x, _ := grid3(i, gap)
			pdf.Line(x, 5, x, 292)
			pdf.Line(x+63, 5, x+63, 292)
			_, y := grid3(3*i, gap)
			pdf.Line(5, y, 205, y)
			pdf.Line(5, y+88, 205, y+88)
		}
	}
	res, err := Import(context.Background(), savePDF(t, pdf), poker)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Cards) != 16 {
		t.Fatalf("%d cards, want 16: %+v", len(res.Cards), res.Pages)
	}
	for i, c := range res.Cards {
		w, got := places[i], c.Front.Trim
		if math.Abs(got.X-w.X) > 0.5 || math.Abs(got.Y-w.Y) > 0.5 {
			t.Errorf("card %d cut at %+v, want %+v", i, got, w)
		}
		if c.Front.Row != i%9/3+1 || c.Front.Col != i%3+1 {
			t.Errorf("card %d at r%dc%d", i, c.Front.Row, c.Front.Col)
		}
	}
	if p := res.Pages[1]; p.Cards != 7 || p.Rows != 3 || p.Cols != 3 || p.Method != "shapes" {
		t.Errorf("page 2 report %+v, want 7 cards in 3x3 found from the frames it draws (shapes)", p)
	}
	for i := 1; i < len(res.Cards); i++ {
		if HashDistance(res.Cards[i].Front.Hash, res.Cards[i-1].Front.Hash) <= SameHash {
			t.Errorf("cards %d and %d have near hashes: the faces should differ", i-1, i)
		}
	}
}

// scanPage paints a whole A4 sheet of 9 cards at dpi, turned by deg and
// with noise, as a scanner would give it.
func scanPage(arts []image.Image, dpi int, deg float64, seed uint64) *image.NRGBA {
	px := func(mm float64) int { return int(math.Round(mm / 25.4 * float64(dpi))) }
	page := imaging.New(px(210), px(297), color.NRGBA{250, 250, 247, 255})
	for i, a := range arts {
		x, y := grid3(i, 2)
		page = imaging.Paste(page, imaging.Resize(a, px(63), px(88), imaging.Linear), image.Pt(px(x), px(y)))
	}
	turned := imaging.Rotate(page, deg, color.NRGBA{250, 250, 247, 255})
	out := imaging.CropCenter(turned, page.Bounds().Dx(), page.Bounds().Dy())
	rng := rand.New(rand.NewPCG(seed, 1))
	for i := range out.Pix {
		if i%4 == 3 {
			continue
		}
		v := float64(out.Pix[i]) + rng.NormFloat64()*4
		out.Pix[i] = uint8(max(0, min(255, v)))
	}
	return out
}

// TestOtherToolsScan reads a flattened, scan-like sheet: one image of the
// whole page, turned by up to 1° and noisy.
func TestOtherToolsScan(t *testing.T) {
	t.Parallel()
	needPdftoppm(t)
	for _, deg := range []float64{0.6, -0.9} {
		t.Run(fmt.Sprint(deg), func(t *testing.T) {
			t.Parallel()
			var arts []image.Image
			for i := 0; i < 9; i++ {
				arts = append(arts, testArt(i+20, 372, 520))
			}
			pdf := sheetPDF()
			pdf.AddPage()
			placeJPEG(t, pdf, "scan", scanPage(arts, 150, deg, 7), 0, 0, 210, 297)
			res, err := Import(context.Background(), savePDF(t, pdf), poker)
			if err != nil {
				t.Fatal(err)
			}
			// Turned back about the page centre, each card lands within a
			// fraction of a millimetre of where it was laid.
			var places []Rect
			for i := range arts {
				x, y := grid3(i, 2)
				places = append(places, Rect{x, y, 63, 88})
			}
			checkCards(t, res, arts, places, 25, 0.75)
		})
	}
}

// TestOtherToolsFold reads a gutter-fold sheet: fronts on the left half,
// the shared back mirrored on the right, found by LayoutAuto.
func TestOtherToolsFold(t *testing.T) {
	t.Parallel()
	pdf := gofpdf.New("L", "mm", "A4", "")
	pdf.SetAutoPageBreak(false, 0)
	pdf.AddPage()
	back := backArt(372, 520)
	var arts []image.Image
	for i := 0; i < 4; i++ {
		art := testArt(i+30, 372, 520)
		arts = append(arts, art)
		col, row := i%2, i/2
		x, y := 10+float64(col)*63, 15+float64(row)*88
		placeJPEG(t, pdf, fmt.Sprint("f", i), art, x, y, 63, 88)
		placeJPEG(t, pdf, fmt.Sprint("b", i), back, 297-x-63, y, 63, 88)
	}
	pdf.SetDashPattern([]float64{3, 2}, 0)
	pdf.Line(148.5, 5, 148.5, 205)
	res, err := Import(context.Background(), savePDF(t, pdf), poker)
	if err != nil {
		t.Fatal(err)
	}
	if res.Pages[0].Side != "fold" {
		t.Fatalf("page read as %+v, want a fold sheet", res.Pages[0])
	}
	checkCards(t, res, arts, nil, 30, 0)
	for i, c := range res.Cards {
		if c.Back == nil {
			t.Fatalf("card %d has no back", i)
		}
		if p := psnr(c.Back.Image, back); p < 30 {
			t.Errorf("card %d: back PSNR %.1f", i, p)
		}
		if c.Back.Image != res.Cards[0].Back.Image {
			t.Errorf("card %d: the shared back is not held once", i)
		}
	}
}

// TestAutoLayout checks LayoutAuto's guesses on PDFs deckwright prints.
func TestAutoLayout(t *testing.T) {
	t.Parallel()
	for _, b := range backModes {
		if b.flip == "short" {
			continue // auto assumes a long-edge flip
		}
		t.Run(b.mode.String(), func(t *testing.T) {
			t.Parallel()
			o := layoutDefaults()
			o.Backs = b.mode
			pr := printDeck(t, t.TempDir(), 12, o, 100)
			res, err := Import(context.Background(), pr.path, Options{CardW: 63, CardH: 88, DPI: 100})
			if err != nil {
				t.Fatal(err)
			}
			want := map[Layout]string{LayoutFronts: "fronts", LayoutDuplex: "fronts", LayoutFold: "fold"}[b.lay]
			if res.Pages[0].Side != want {
				t.Errorf("first page read as %q, want %q", res.Pages[0].Side, want)
			}
			if len(res.Cards) != 12 {
				t.Fatalf("%d cards, want 12", len(res.Cards))
			}
			for i, c := range res.Cards {
				if (c.Back != nil) != (b.lay != LayoutFronts) {
					t.Errorf("card %d: back %v with layout %s", i, c.Back != nil, b.lay)
				}
			}
		})
	}
}

// TestMissingPdftoppm checks the message when a page must be rendered and
// pdftoppm is not installed.
func TestMissingPdftoppm(t *testing.T) {
	old := pdftoppm
	pdftoppm = "pdftoppm-not-installed"
	defer func() { pdftoppm = old }()
	pdf := sheetPDF()
	pdf.AddPage()
	vectorCard(pdf, 1, 20, 20)
	_, err := Import(context.Background(), savePDF(t, pdf), poker)
	if err == nil || !strings.Contains(err.Error(), "apt-get install poppler-utils") || !strings.Contains(err.Error(), "page 1") {
		t.Fatalf("err = %v, want one naming page 1 and how to install pdftoppm", err)
	}
	_ = os.Getenv
}

// TestOtherToolsRegistration reads a cutting-machine sheet: cards with
// gaps and the machine's registration marks (black squares and an L in
// three corners) drawn as vectors, so the page is rendered.
func TestOtherToolsRegistration(t *testing.T) {
	t.Parallel()
	needPdftoppm(t)
	pdf := sheetPDF()
	pdf.AddPage()
	var arts []image.Image
	var places []Rect
	for i := 0; i < 9; i++ {
		art := testArt(i+40, 372, 520)
		x, y := grid3(i, 3)
		placeJPEG(t, pdf, fmt.Sprint("c", i), art, x, y, 63, 88)
		arts = append(arts, art)
		places = append(places, Rect{x, y, 63, 88})
	}
	pdf.SetFillColor(0, 0, 0)
	pdf.Rect(5, 5, 5, 5, "F")
	pdf.Rect(200, 5, 5, 5, "F")
	pdf.Rect(5, 287, 5, 1, "F")
	pdf.Rect(5, 282, 1, 6, "F")
	opt := poker
	opt.forceRaster = true
	res, err := Import(context.Background(), savePDF(t, pdf), opt)
	if err != nil {
		t.Fatal(err)
	}
	checkCards(t, res, arts, places, 30, 0.5)
	if m := res.Pages[0].Method; m != "marks" && m != "lines" {
		t.Errorf("method %q, want the registration marks seen as guides (marks or lines)", m)
	}
}
