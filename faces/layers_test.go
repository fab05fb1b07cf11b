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

	"github.com/deckwright/deckwright/cardsdb"
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
