package pnp

import (
	"bytes"
	"context"
	"image"
	"image/color"
	"image/jpeg"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"sync"
	"testing"

	"github.com/disintegration/imaging"

	"github.com/deckwright/deckwright/cardface"
	"github.com/deckwright/deckwright/cardsdb"
	"github.com/deckwright/deckwright/internal/testenv"
	"github.com/deckwright/deckwright/layout"
	"github.com/deckwright/deckwright/render"
)

// needPdftoppm skips a test that needs pdftoppm when it is missing, except
// on CI (CI=true), where it must be installed.
func needPdftoppm(t testing.TB) {
	t.Helper()
	if _, err := exec.LookPath("pdftoppm"); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("pdftoppm is missing on CI: %s", installHint)
		}
		t.Skipf("pdftoppm (poppler-utils) is not installed, skipping: %s", installHint)
	}
}

// testArt paints card i's art: smooth waves of colour whose directions,
// frequencies and hues depend on i, so that every card looks different
// and resampling or a cut off by a fraction of a millimetre changes it
// little.
func testArt(i, w, h int) *image.NRGBA {
	img := image.NewNRGBA(image.Rect(0, 0, w, h))
	f1 := 0.6 + 0.37*float64(i%5)
	f2 := 0.5 + 0.29*float64((i*3)%7)
	p1 := 0.9 * float64(i)
	p2 := 1.7 * float64(i)
	base := [3]float64{float64((i * 67) % 200), float64((i * 131) % 200), float64((i * 47) % 200)}
	for y := 0; y < h; y++ {
		fy := float64(y) / float64(h)
		for x := 0; x < w; x++ {
			fx := float64(x) / float64(w)
			a := math.Sin(2*math.Pi*(f1*fx+0.4*fy) + p1)
			b := math.Sin(2*math.Pi*(f2*fy-0.3*fx) + p2)
			o := img.PixOffset(x, y)
			img.Pix[o] = uint8(base[0] + 25 + 25*a)
			img.Pix[o+1] = uint8(base[1] + 25 + 25*b)
			img.Pix[o+2] = uint8(base[2] + 25 + 12*(a+b))
			img.Pix[o+3] = 255
		}
	}
	return img
}

// backArt is the shared back: a pattern unlike any front.
func backArt(w, h int) *image.NRGBA {
	img := image.NewNRGBA(image.Rect(0, 0, w, h))
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			fx, fy := float64(x)/float64(w), float64(y)/float64(h)
			v := math.Sin(2*math.Pi*(1.5*fx+1.5*fy)) * math.Cos(2*math.Pi*(fx-fy))
			img.SetNRGBA(x, y, color.NRGBA{uint8(120 + 60*v), 40, uint8(140 - 60*v), 255})
		}
	}
	return img
}

func writeTestJPEG(t testing.TB, path string, img image.Image) {
	t.Helper()
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, img, &jpeg.Options{Quality: 92}); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
}

// printed is a PDF deckwright printed, with what it should give back.
type printed struct {
	path   string
	sheet  layout.Sheet
	fronts []image.Image // the art of each card, in order
	backs  []image.Image // the back art of each card (nil without backs)
}

// printDeck prints n cards (card i with testArt(i)) with deckwright's own
// printer. Card 0 has a back of its own; the others share the game's back.
// Art is made at dpi for the card's size as given (w×h mm).
func printDeck(t testing.TB, dir string, n int, o layout.Options, dpi int) printed {
	t.Helper()
	px := func(mm float64) int { return int(math.Round(mm / 25.4 * float64(dpi))) }
	w, h := px(o.Card.W), px(o.Card.H)
	g := &cardsdb.Game{ID: "t", Name: "Test", FS: os.DirFS(dir), Back: cardsdb.Back{Image: "back.jpg"}}
	back := cachedArt(t, -1, w, h, filepath.Join(dir, "back.jpg"))
	own := cachedArt(t, 99, w, h, filepath.Join(dir, "own.jpg"))
	p := printed{path: filepath.Join(dir, "deck.pdf")}
	var items []cardface.Item
	for i := 0; i < n; i++ {
		name := "c" + strconv.Itoa(i) + ".jpg"
		art := cachedArt(t, i, w, h, filepath.Join(dir, name))
		c := &cardsdb.Card{Name: "Card " + strconv.Itoa(i), Image: name, Copies: 1}
		if i == 0 {
			c.Back = &cardsdb.Face{Image: "own.jpg"}
		}
		g.Cards = append(g.Cards, c)
		items = append(items, cardface.CardItem(g, c))
		p.fronts = append(p.fronts, art)
		if o.Backs != layout.BacksNone {
			if i == 0 {
				p.backs = append(p.backs, own)
			} else {
				p.backs = append(p.backs, back)
			}
		}
	}
	var buf bytes.Buffer
	rep, err := render.Render(context.Background(), &buf, items, render.RenderOptions{Sheet: o, DPI: dpi})
	if err != nil {
		t.Fatalf("printing: %v", err)
	}
	if rep.Images != rep.Cards*(1+btoi(o.Backs != layout.BacksNone)) {
		t.Fatalf("printed %d faces from art, want all of them (%+v)", rep.Images, rep.Warnings)
	}
	if err := os.WriteFile(p.path, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	p.sheet = rep.Sheet
	return p
}

// artCache holds the art (and its JPEG) of small cards painted once for
// the many decks the round trips print: painting and encoding them again
// for each deck took a tenth of the package's test time.
var artCache sync.Map // artKey -> *cachedJPEG

type artKey struct{ i, w, h int }

type cachedJPEG struct {
	once sync.Once
	img  image.Image
	jpg  []byte
}

// cachedArt writes card i's art (testArt, or backArt for i < 0) at w×h as
// a JPEG to path and returns the art. Art of at most 500k pixels is
// painted and encoded once per test binary; larger art (the benchmarks')
// is not kept.
func cachedArt(t testing.TB, i, w, h int, path string) image.Image {
	t.Helper()
	paint := func() image.Image {
		if i < 0 {
			return backArt(w, h)
		}
		return testArt(i, w, h)
	}
	if w*h > 500_000 {
		img := paint()
		writeTestJPEG(t, path, img)
		return img
	}
	v, _ := artCache.LoadOrStore(artKey{i, w, h}, &cachedJPEG{})
	c := v.(*cachedJPEG)
	c.once.Do(func() {
		img := paint()
		var buf bytes.Buffer
		if err := jpeg.Encode(&buf, img, &jpeg.Options{Quality: 92}); err == nil {
			c.img, c.jpg = img, buf.Bytes()
		}
	})
	if c.jpg == nil {
		t.Fatal("encoding test art failed")
	}
	if err := os.WriteFile(path, c.jpg, 0o644); err != nil {
		t.Fatal(err)
	}
	return c.img
}

// sharedDecks holds the decks printed for the round trips, each printed
// once and read by TestRoundTrip and TestRoundTripRaster both.
var (
	sharedDecks    sync.Map // string -> *sharedDeck
	sharedDir      string
	sharedDirOnce  sync.Once
	sharedDirError error
)

type sharedDeck struct {
	once sync.Once
	p    printed
}

// sharedPrintDeck is printDeck for a deck that several tests read: it is
// printed once per test binary, under key, in a folder TestMain removes.
// The deck and its art must not be changed.
func sharedPrintDeck(t testing.TB, key string, n int, o layout.Options, dpi int) printed {
	t.Helper()
	sharedDirOnce.Do(func() { sharedDir, sharedDirError = os.MkdirTemp("", "pnp-test-decks-") })
	if sharedDirError != nil {
		t.Fatal(sharedDirError)
	}
	v, _ := sharedDecks.LoadOrStore(key, &sharedDeck{})
	d := v.(*sharedDeck)
	d.once.Do(func() {
		dir, err := os.MkdirTemp(sharedDir, "deck-")
		if err != nil {
			t.Fatal(err)
		}
		d.p = printDeck(t, dir, n, o, dpi)
	})
	if d.p.path == "" {
		t.Fatalf("printing the shared deck %s failed", key)
	}
	return d.p
}

// TestMain pins the corpus's fonts (see pinFonts) and removes the decks
// the tests shared.
func TestMain(m *testing.M) {
	fonts := pinFonts()
	code := m.Run()
	if sharedDir != "" {
		os.RemoveAll(sharedDir)
	}
	if fonts != "" {
		os.RemoveAll(fonts)
	}
	os.Exit(code)
}

// corpusFonts is the environment pdftoppm renders the corpus in
// (Options.rasterEnv): fontconfig pointed at DejaVu alone, where it is
// installed; nil to keep the machine's fonts.
var corpusFonts []string

// pinFonts sets corpusFonts (see testenv.PinFonts) and returns the folder
// of its configuration. Only the corpus is pinned: the test sheets were
// tuned on the machine's fonts. DECKWRIGHT_TEST_FONTS=system keeps the
// machine's fonts for the corpus too.
func pinFonts() string {
	env, dir := testenv.PinFonts()
	corpusFonts = env
	return dir
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// psnr compares two images of the same picture after resampling b to a's
// size, in dB over the colour channels, leaving out a border of 2% on
// each side (where cut lines are drawn over the trim line).
func psnr(a, b image.Image) float64 {
	na := imaging.Clone(a)
	w, h := na.Bounds().Dx(), na.Bounds().Dy()
	nb := imaging.Resize(b, w, h, imaging.Linear)
	inset := image.Rect(w/50, h/50, w-w/50, h-h/50)
	na, nb = imaging.Crop(na, inset), imaging.Crop(nb, inset)
	var se float64
	n := 0
	for i := 0; i < len(na.Pix); i += 4 {
		for c := 0; c < 3; c++ {
			d := float64(na.Pix[i+c]) - float64(nb.Pix[i+c])
			se += d * d
			n++
		}
	}
	if se == 0 {
		return 99
	}
	return 10 * math.Log10(255*255/(se/float64(n)))
}

func layoutDefaults() layout.Options { return layout.DefaultOptions() }
