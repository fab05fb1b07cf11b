package pnp

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/deckwright/deckwright/layout"
)

// TestBadInput checks that bad PDFs give one clear error naming the
// problem (and the page, when one page is at fault), never a panic.
func TestBadInput(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	// A deck deckwright prints: 2 pages of poker cards.
	o := layout.DefaultOptions()
	good := printDeck(t, filepath.Join(dir), 10, o, 100).path
	data, err := os.ReadFile(good)
	if err != nil {
		t.Fatal(err)
	}
	truncated := filepath.Join(dir, "truncated.pdf")
	os.WriteFile(truncated, data[:len(data)/3], 0o644)
	notPDF := filepath.Join(dir, "not.pdf")
	os.WriteFile(notPDF, []byte("this is not a PDF\n"), 0o644)

	encrypted := func() string {
		pdf := sheetPDF()
		pdf.SetProtection(0, "secret", "owner")
		pdf.AddPage()
		vectorCard(pdf, 1, 20, 20)
		return savePDF(t, pdf)
	}()
	noGrid := func() string {
		pdf := sheetPDF()
		pdf.AddPage()
		pdf.SetFont("Helvetica", "", 14)
		pdf.SetTextColor(0, 0, 0)
		for i := 0; i < 40; i++ {
			pdf.Text(20, 20+float64(i)*6, fmt.Sprintf("Rules of the game, line %d: no cards on this page at all.", i))
		}
		return savePDF(t, pdf)
	}()

	cases := []struct {
		name, path string
		opt        Options
		raster     bool
		want       []string
	}{
		{"missing file", filepath.Join(dir, "nope.pdf"), poker, false, []string{"nope.pdf"}},
		{"not a pdf", notPDF, poker, false, []string{"not a readable PDF"}},
		{"truncated", truncated, poker, false, []string{"truncated.pdf"}},
		{"encrypted", encrypted, poker, false, []string{"encrypted", "password"}},
		{"too many pages", good, Options{CardW: 63, CardH: 88, MaxPages: 1}, false, []string{"2 pages", "more than the 1"}},
		{"page out of range", good, Options{CardW: 63, CardH: 88, Pages: []int{3}}, false, []string{"page 3", "pages 1 to 2"}},
		{"no card size", good, Options{}, false, []string{"card size"}},
		{"duplex with odd pages", good, Options{CardW: 63, CardH: 88, Layout: LayoutDuplex, Pages: []int{1}}, false, []string{"page 1", "duplex"}},
		{"no grid", noGrid, poker, true, []string{"page 1", "no grid of cards", "are the cards 63x88 mm?"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			if c.raster {
				needPdftoppm(t)
			}
			res, err := Import(context.Background(), c.path, c.opt)
			if err == nil {
				t.Fatalf("no error; got %d cards", len(res.Cards))
			}
			msg := err.Error()
			for _, w := range c.want {
				if !strings.Contains(msg, w) {
					t.Errorf("error %q does not say %q", msg, w)
				}
			}
			if strings.Contains(msg, "\n") {
				t.Errorf("error spans several lines: %q", msg)
			}
		})
	}
}

// TestPixelCap checks that an image over the pixel cap is refused before
// it is decoded, naming the page.
func TestPixelCap(t *testing.T) {
	old := maxPixels
	maxPixels = 50_000
	defer func() { maxPixels = old }()
	o := layout.DefaultOptions()
	pr := printDeck(t, t.TempDir(), 2, o, 100) // 248×346 pixel art: over 50k
	_, err := Import(context.Background(), pr.path, Options{CardW: 63, CardH: 88})
	if err == nil || !strings.Contains(err.Error(), "page 1") || !strings.Contains(err.Error(), "cap") {
		t.Fatalf("err = %v, want page 1 over the cap", err)
	}
}

// TestCancel checks that Import stops when its context is cancelled.
func TestCancel(t *testing.T) {
	t.Parallel()
	pr := printDeck(t, t.TempDir(), 2, layout.DefaultOptions(), 100)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Import(ctx, pr.path, Options{CardW: 63, CardH: 88}); !errors.Is(err, context.Canceled) {
		t.Fatalf("err = %v, want context.Canceled", err)
	}
}

// TestKeepBleed checks that KeepBleed keeps the bleed around each face.
func TestKeepBleed(t *testing.T) {
	t.Parallel()
	o := layout.DefaultOptions()
	o.Bleed = 3
	pr := printDeck(t, t.TempDir(), 2, o, 100)
	res, err := Import(context.Background(), pr.path, Options{CardW: 63, CardH: 88, DPI: 100, KeepBleed: true})
	if err != nil {
		t.Fatal(err)
	}
	b := res.Cards[0].Front.Image.Bounds()
	if w, h := b.Dx(), b.Dy(); w != 272 || h != 370 { // 69×94 mm at 100 DPI
		t.Errorf("face with bleed is %d×%d pixels, want 272×370", w, h)
	}
}
