package faces_test

import (
	"bytes"
	"context"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/deckwright/deckwright/cardsdb"
	"github.com/deckwright/deckwright/faces"
	"github.com/deckwright/deckwright/internal/forgetest"
	"github.com/deckwright/deckwright/layout"
	"github.com/deckwright/deckwright/render"
	"github.com/deckwright/deckwright/templates"
)

// forge loads the worked example's game and its templates folder.
func forge(t *testing.T) (*cardsdb.Game, *templates.Set) {
	return forgetest.Load(t, forgetest.Dir)
}

func forgeB(b *testing.B) (*cardsdb.Game, *templates.Set) { return forgetest.Load(b, forgetest.Dir) }

// TestLayeredLooksLikePDF draws layered faces (frame image into the
// bleed, art window, ellipse and polygon, a template font, a turned and
// see-through layer) as a PNG here and in a PDF rasterised by pdftoppm,
// and holds them within a small mean difference.
func TestLayeredLooksLikePDF(t *testing.T) {
	if _, err := exec.LookPath("pdftoppm"); err != nil {
		t.Skip("pdftoppm not installed")
	}
	// A copy of the example whose Tide Caller has JPEG art wider than its
	// window: the PDF takes the file as it is, placed and clipped, the
	// PNG cuts it; they must agree.
	wide := image.NewRGBA(image.Rect(0, 0, 700, 360))
	for y := 0; y < 360; y++ {
		for x := 0; x < 700; x++ {
			wide.Set(x, y, color.RGBA{uint8(x / 3), uint8(y / 2), uint8((x + y) % 200), 255})
		}
	}
	var jb bytes.Buffer
	if err := jpeg.Encode(&jb, wide, &jpeg.Options{Quality: 95}); err != nil {
		t.Fatal(err)
	}
	g, set := forgetest.Load(t, forgetest.Copy(t, map[string][]byte{"cards/art/tide-caller.png": jb.Bytes()}))
	const dpi = 150
	for _, name := range []string{"Cinder Drake", "Tide Caller", "Wandering Smith"} {
		t.Run(name, func(t *testing.T) {
			f := render.CardItem(g, g.Card(name)).Front
			for _, bleed := range []float64{0, 3} {
				im := draw(t, f, faces.Options{DPI: dpi, Templates: set, Bleed: bleed})
				if len(im.Warnings) > 0 {
					t.Errorf("warnings %v", im.Warnings)
				}
				trim := faces.TrimSize(f, cardsdb.Size{})
				pdfImg := rasterLayered(t, render.Item{Front: f}, trim, dpi, bleed, set)
				save(t, name+".png", im.Image)
				save(t, name+"-pdf.png", pdfImg)
				if d := pdfImg.Bounds().Size().Sub(im.Image.Bounds().Size()); d.X < 0 || d.Y < 0 || d.X > 1 || d.Y > 1 {
					t.Fatalf("PDF page %v, image %v", pdfImg.Bounds().Size(), im.Image.Bounds().Size())
				}
				d := meanAbsDiff(im.Image, pdfImg)
				t.Logf("bleed %g: mean abs difference %.2f/255", bleed, d)
				if d > 6 {
					t.Errorf("bleed %g: mean abs difference from the PDF %.2f/255, want at most 6", bleed, d)
				}
				// The check can fail: the bundled text proxy of the same
				// card is far from the PDF.
				plain := draw(t, f, faces.Options{DPI: dpi, Bleed: bleed})
				if db := meanAbsDiff(plain.Image, pdfImg); db < 20 {
					t.Errorf("a plain text proxy is only %.2f from the layered PDF: the check proves nothing", db)
				}
			}
		})
	}
}

// rasterLayered prints one item with set on a page of the card's size
// plus bleed, and rasterises it.
func rasterLayered(t *testing.T, it render.Item, trim cardsdb.Size, dpi int, bleed float64, set *templates.Set) image.Image {
	t.Helper()
	return pdfToPNG(t, writePDF(t, it, trim, dpi, bleed, set), dpi)
}

// writePDF prints one item with set on a page of the card's size plus
// bleed and returns the PDF's path.
func writePDF(t *testing.T, it render.Item, trim cardsdb.Size, dpi int, bleed float64, set *templates.Set) string {
	t.Helper()
	page := layout.Size{W: trim.W + 2*bleed, H: trim.H + 2*bleed}
	sheet := layout.Options{Paper: page, Card: layout.Size{W: trim.W, H: trim.H}, Marks: layout.MarksNone, Bleed: bleed}
	opts := render.RenderOptions{Sheet: sheet, DPI: dpi}
	if set != nil { // a nil *Set in the interface is not the bundled templates
		opts.Templates = set
	}
	var buf bytes.Buffer
	if _, err := render.Render(context.Background(), &buf, []render.Item{it}, opts); err != nil {
		t.Fatal(err)
	}
	pdf := filepath.Join(t.TempDir(), "card.pdf")
	if err := os.WriteFile(pdf, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	return pdf
}

// pdfToPNG draws the PDF's first page at dpi with pdftoppm.
func pdfToPNG(t *testing.T, pdf string, dpi int) image.Image {
	t.Helper()
	base := filepath.Join(t.TempDir(), "card")
	if out, err := exec.Command("pdftoppm", "-r", itoa(dpi), "-png", "-singlefile", pdf, base).CombinedOutput(); err != nil {
		t.Fatalf("pdftoppm: %v: %s", err, out)
	}
	data, err := os.ReadFile(base + ".png")
	if err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	return img
}
