package cardsdb_test

import (
	"bytes"
	"flag"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"os"
	"path/filepath"
	"testing"

	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/math/fixed"

	"github.com/deckwright/deckwright/cardsdb"
)

var updateBacks = flag.Bool("update-backs", false, "redraw the bundled sample back images")

// sampleBack is one of the card backs deckwright draws for its bundled
// games: ours, not the publishers', and marked so on the image.
type sampleBack struct {
	file        string // under cardsdb/data
	title, kind string
	bg, fg      color.NRGBA
}

var sampleBacks = []sampleBack{
	{"arkhtide/backs/back.png", "Arkhtide", "", color.NRGBA{92, 38, 30, 255}, color.NRGBA{236, 200, 140, 255}},
	{"hubworld/backs/back.png", "Hubworld", "Aidalon", color.NRGBA{22, 82, 92, 255}, color.NRGBA{200, 236, 230, 255}},
	{"kaizerseat/backs/back.png", "Kaizerseat", "", color.NRGBA{70, 40, 100, 255}, color.NRGBA{236, 220, 250, 255}},
	{"kaizerseat/backs/thronecard.png", "Kaizerseat", "Thronecard", color.NRGBA{150, 110, 20, 255}, color.NRGBA{255, 244, 200, 255}},
	{"kaizerseat/backs/seatcard.png", "Kaizerseat", "Seatcard", color.NRGBA{40, 80, 130, 255}, color.NRGBA{214, 232, 255, 255}},
	{"seeders/backs/back.png", "Seeders", "from Sereis", color.NRGBA{30, 90, 50, 255}, color.NRGBA{214, 244, 214, 255}},
	{"seeker-chronicles/backs/back.png", "Seeker", "Chronicles", color.NRGBA{24, 36, 80, 255}, color.NRGBA{220, 226, 255, 255}},
}

// Sample backs are drawn at 240 DPI on a 63×88 mm card: above the
// 200 DPI below which print warns, and small files.
const backDPI = 240

func mmPx(mm float64) int { return int(mm/25.4*backDPI + 0.5) }

// drawBack draws a sample back: a flat colour, a frame, a lattice of thin
// diagonal lines, the game's name and the words that say it is ours.
func drawBack(t testing.TB, b sampleBack) []byte {
	t.Helper()
	w, h := mmPx(63), mmPx(88)
	img := image.NewNRGBA(image.Rect(0, 0, w, h))
	draw.Draw(img, img.Bounds(), &image.Uniform{b.bg}, image.Point{}, draw.Src)
	line := color.NRGBA{b.fg.R, b.fg.G, b.fg.B, 60}
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			if (x+y)%mmPx(6) == 0 || (x-y+4*h)%mmPx(6) == 0 {
				img.Set(x, y, blend(b.bg, line))
			}
		}
	}
	frame := func(inset, width float64) {
		i, wd := mmPx(inset), mmPx(width)
		for y := i; y < h-i; y++ {
			for x := i; x < w-i; x++ {
				if x < i+wd || x >= w-i-wd || y < i+wd || y >= h-i-wd {
					img.Set(x, y, b.fg)
				}
			}
		}
	}
	frame(4, 0.8)
	frame(6, 0.3)
	// The title panel: the background colour, so the lattice stops there.
	panel := image.Rect(mmPx(9), h/2-mmPx(14), w-mmPx(9), h/2+mmPx(14))
	draw.Draw(img, panel, &image.Uniform{b.bg}, image.Point{}, draw.Src)
	text := func(ttf []byte, size float64, s string, cy int) {
		f, err := opentype.Parse(ttf)
		if err != nil {
			t.Fatal(err)
		}
		face, err := opentype.NewFace(f, &opentype.FaceOptions{Size: size, DPI: backDPI, Hinting: font.HintingNone})
		if err != nil {
			t.Fatal(err)
		}
		d := &font.Drawer{Dst: img, Src: &image.Uniform{b.fg}, Face: face}
		adv := d.MeasureString(s)
		d.Dot = fixed.Point26_6{X: fixed.I(w/2) - adv/2, Y: fixed.I(cy)}
		d.DrawString(s)
	}
	text(gobold.TTF, 18, b.title, h/2-mmPx(1))
	if b.kind != "" {
		text(goregular.TTF, 11, b.kind, h/2+mmPx(8))
	}
	text(goregular.TTF, 5.5, "SAMPLE BACK made by deckwright", h-mmPx(11))
	text(goregular.TTF, 5.5, "not the publisher's", h-mmPx(8))
	var buf bytes.Buffer
	enc := png.Encoder{CompressionLevel: png.BestCompression}
	if err := enc.Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func blend(bg, fg color.NRGBA) color.NRGBA {
	a := float64(fg.A) / 255
	mix := func(x, y uint8) uint8 { return uint8(float64(x)*(1-a) + float64(y)*a + 0.5) }
	return color.NRGBA{mix(bg.R, fg.R), mix(bg.G, fg.G), mix(bg.B, fg.B), 255}
}

// TestSampleBacks checks that the bundled back images are the ones this
// test draws (go test ./cardsdb -run TestSampleBacks -update-backs redraws
// them), and that every bundled game's back, and every card type's own
// back, is one of them and opens in the game's files.
func TestSampleBacks(t *testing.T) {
	for _, b := range sampleBacks {
		data := drawBack(t, b)
		p := filepath.Join("data", filepath.FromSlash(b.file))
		if *updateBacks {
			if err := os.WriteFile(p, data, 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		have, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(have, data) {
			t.Errorf("%s differs from what the test draws (go test ./cardsdb -run TestSampleBacks -update-backs)", p)
		}
	}
	db, err := cardsdb.LoadBundled()
	if err != nil {
		t.Fatal(err)
	}
	kz, _ := db.Game("kaizerseat")
	if b := kz.BackFor("thronecard"); b.Image != "backs/thronecard.png" || b.Text != "Kaizerseat · Thronecard" {
		t.Errorf("Kaizerseat's Thronecards have back %+v, want their own", b)
	}
	if b := kz.BackFor("seeker"); b != kz.Back || b.Image != "backs/back.png" {
		t.Errorf("Kaizerseat's pack cards have back %+v, want the game's %+v", b, kz.Back)
	}
	for _, g := range db.Games() {
		backs := []cardsdb.Back{g.Back}
		for _, ty := range g.Types {
			backs = append(backs, g.BackFor(ty.ID))
		}
		for _, b := range backs {
			if b.Image == "" {
				t.Errorf("%s: a back without an image", g.ID)
				continue
			}
			f, err := g.FS.Open(b.Image)
			if err != nil {
				t.Errorf("%s: back %s: %v", g.ID, b.Image, err)
				continue
			}
			cfg, err := png.DecodeConfig(f)
			f.Close()
			if err != nil || cfg.Width != mmPx(63) || cfg.Height != mmPx(88) {
				t.Errorf("%s: back %s: %dx%d, %v", g.ID, b.Image, cfg.Width, cfg.Height, err)
			}
		}
	}
}
