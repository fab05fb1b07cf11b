package faces_test

import (
	"bytes"
	"context"
	"image"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"testing/fstest"

	"github.com/deckwright/deckwright/cardface"
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

// rasterLayered prints one item with set on a page of the card's size
// plus bleed, and rasterises it.
func rasterLayered(t *testing.T, it cardface.Item, trim cardsdb.Size, dpi int, bleed float64, set *templates.Set) image.Image {
	t.Helper()
	return pdfToPNG(t, writePDF(t, it, trim, dpi, bleed, set), dpi)
}

// writePDF prints one item with set on a page of the card's size plus
// bleed and returns the PDF's path.
func writePDF(t *testing.T, it cardface.Item, trim cardsdb.Size, dpi int, bleed float64, set *templates.Set) string {
	t.Helper()
	page := layout.Size{W: trim.W + 2*bleed, H: trim.H + 2*bleed}
	sheet := layout.Options{Paper: page, Card: layout.Size{W: trim.W, H: trim.H}, Marks: layout.MarksNone, Bleed: bleed}
	opts := render.RenderOptions{Sheet: sheet, DPI: dpi}
	if set != nil { // a nil *Set in the interface is not the bundled templates
		opts.Templates = set
	}
	var buf bytes.Buffer
	if _, err := render.Render(context.Background(), &buf, []cardface.Item{it}, opts); err != nil {
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
	return pdfToPNGPage(t, pdf, dpi, 1)
}

// pdfToPNGPage draws page n (from 1) of the PDF at dpi with pdftoppm.
func pdfToPNGPage(t *testing.T, pdf string, dpi, n int) image.Image {
	t.Helper()
	base := filepath.Join(t.TempDir(), "card")
	if out, err := exec.Command("pdftoppm", "-r", itoa(dpi), "-png", "-singlefile", "-f", itoa(n), "-l", itoa(n), pdf, base).CombinedOutput(); err != nil {
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

// An image layer with a rotation is drawn turned about its centre: a bar
// 20 × 4 mm turned 90° stands upright (issue 35, tests that hold the
// options: the rotation condition on image layers).
func TestImageLayerRotation(t *testing.T) {
	var bar bytes.Buffer
	red := image.NewNRGBA(image.Rect(0, 0, 40, 8))
	for i := 0; i < len(red.Pix); i += 4 {
		red.Pix[i], red.Pix[i+3] = 255, 255
	}
	if err := png.Encode(&bar, red); err != nil {
		t.Fatal(err)
	}
	layers := map[string]string{
		"turned":             "rotation: 90",
		"turned see-through": "rotation: 90, opacity: 0.99",
		"flat":               "rotation: 0",
	}
	for name, extra := range layers {
		t.Run(name, func(t *testing.T) {
			src := "size: {width: 63, height: 88}\nlayers:\n  - {name: bar, image: bar.png, fit: stretch, x: 20, y: 30, w: 20, h: 4, " + extra + "}\n"
			set := templates.NewSet()
			if err := set.AddFS(fstest.MapFS{"default.yaml": {Data: []byte(src)}, "bar.png": {Data: bar.Bytes()}}, "mine/"); err != nil {
				t.Fatal(err)
			}
			g := &cardsdb.Game{ID: "g", Name: "G", CardSize: cardsdb.Size{W: 63, H: 88}, Types: []*cardsdb.CardType{{ID: "unit", Name: "Unit"}}}
			c := &cardsdb.Card{Name: "Bar", Type: "unit"}
			g.Cards = []*cardsdb.Card{c}
			im, err := faces.RenderOne(context.Background(), cardface.CardItem(g, c).Front, faces.Options{DPI: 254, Templates: set})
			if err != nil {
				t.Fatal(err)
			}
			// 254 dpi: 10 pixels a millimetre.
			redAt := func(xmm, ymm int) bool {
				r, gr, b, _ := im.Image.At(xmm*10, ymm*10).RGBA()
				return r > 0xc000 && gr < 0x4000 && b < 0x4000
			}
			upright, lying := redAt(30, 22) && redAt(30, 38), redAt(22, 32) && redAt(38, 32)
			if want := name != "flat"; upright != want || lying == want {
				t.Errorf("bar upright %v, lying %v; want upright %v", upright, lying, want)
			}
		})
	}
}
