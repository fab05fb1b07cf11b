package export_test

import (
	"context"
	"encoding/binary"
	"image"
	"image/color"
	"math"
	"os"
	"path/filepath"
	"testing"
	"testing/fstest"

	"github.com/deckwright/deckwright/cardface"
	"github.com/deckwright/deckwright/cardsdb"
	"github.com/deckwright/deckwright/export"
)

// shapes finds the separate opaque shapes of a sheet as Design Space
// does: 4-connected regions of pixels that are not fully transparent.
// It returns their bounding boxes in the order a scan meets them.
func shapes(img *image.NRGBA) []image.Rectangle {
	b := img.Bounds()
	seen := make([]bool, b.Dx()*b.Dy())
	var out []image.Rectangle
	var stack []image.Point
	for y := 0; y < b.Dy(); y++ {
		for x := 0; x < b.Dx(); x++ {
			if seen[y*b.Dx()+x] || img.Pix[img.PixOffset(x, y)+3] == 0 {
				continue
			}
			r := image.Rect(x, y, x+1, y+1)
			stack = append(stack[:0], image.Pt(x, y))
			seen[y*b.Dx()+x] = true
			for len(stack) > 0 {
				p := stack[len(stack)-1]
				stack = stack[:len(stack)-1]
				r = r.Union(image.Rect(p.X, p.Y, p.X+1, p.Y+1))
				for _, q := range [4]image.Point{{p.X + 1, p.Y}, {p.X - 1, p.Y}, {p.X, p.Y + 1}, {p.X, p.Y - 1}} {
					if q.X < 0 || q.Y < 0 || q.X >= b.Dx() || q.Y >= b.Dy() || seen[q.Y*b.Dx()+q.X] || img.Pix[img.PixOffset(q.X, q.Y)+3] == 0 {
						continue
					}
					seen[q.Y*b.Dx()+q.X] = true
					stack = append(stack, q)
				}
			}
			out = append(out, r)
		}
	}
	return out
}

func TestCricut(t *testing.T) {
	// 9 cards of 63x88 mm: 4 a sheet (2x2 with 8 mm gaps in 6.75x9.25 in),
	// so 3 sheets, the last holding one card.
	_, items := artGame(t, 9, nil, false, "")
	dir := filepath.Join(t.TempDir(), "cricut")
	res, err := export.Cricut(context.Background(), dir, items, export.CricutOptions{Corner: 3})
	if err != nil {
		t.Fatal(err)
	}
	if res.Sheets != 3 || res.PerSheet != 4 || res.Turned {
		t.Fatalf("sheets %d, %d a sheet, turned %v; want 3, 4, false", res.Sheets, res.PerSheet, res.Turned)
	}
	if res.ArtFaces != 9 || res.TextFaces != 0 {
		t.Errorf("faces: %d from art, %d text proxies; want 9 and 0 (each card counted once)", res.ArtFaces, res.TextFaces)
	}
	px := func(mm float64) int { return int(math.Round(mm / 25.4 * 300)) }
	maxW, maxH := int(6.75*300), int(9.25*300)
	cardW, cardH := px(63), px(88)
	card := 0
	for i, name := range []string{"sheet-001.png", "sheet-002.png", "sheet-003.png"} {
		img := readImage(t, filepath.Join(dir, name))
		if img.Bounds().Dx() > maxW || img.Bounds().Dy() > maxH {
			t.Errorf("%s is %v, over Print Then Cut's %dx%d px", name, img.Bounds().Size(), maxW, maxH)
		}
		got := shapes(img)
		want := min(4, 9-4*i)
		if len(got) != want {
			t.Fatalf("%s has %d separate shapes, want %d (one a card)", name, len(got), want)
		}
		for _, r := range got {
			if abs(r.Dx()-cardW) > 1 || abs(r.Dy()-cardH) > 1 {
				t.Errorf("%s: a shape of %v px, want a card of %dx%d", name, r.Size(), cardW, cardH)
			}
			// The card's art shows in its middle, and its corner is cut round.
			mid := img.NRGBAAt((r.Min.X+r.Max.X)/2, (r.Min.Y+r.Max.Y)/2)
			if !near(mid, colorOf(card)) {
				t.Errorf("%s: card %d shows %v in its middle, want %v", name, card, mid, colorOf(card))
			}
			if a := img.NRGBAAt(r.Min.X, r.Min.Y).A; a != 0 {
				t.Errorf("%s: card %d's top left corner pixel has alpha %d, want 0 (a rounded corner)", name, card, a)
			}
			card++
		}
		// Neighbouring cards are 8 mm apart: transparent all the way.
		if len(got) >= 2 {
			if gap := got[1].Min.X - got[0].Max.X; gap < px(8)-1 {
				t.Errorf("%s: %d px between cards, want %d (8 mm)", name, gap, px(8))
			}
		}
	}
}

// pngDPI is the resolution a PNG's pHYs chunk declares, 0 without one.
func pngDPI(t *testing.T, file string) (x, y float64) {
	t.Helper()
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	for i := 8; i+8 <= len(data); {
		n := int(binary.BigEndian.Uint32(data[i:]))
		if string(data[i+4:i+8]) == "pHYs" && n == 9 && data[i+16] == 1 {
			return float64(binary.BigEndian.Uint32(data[i+8:])) * 0.0254, float64(binary.BigEndian.Uint32(data[i+12:])) * 0.0254
		}
		i += 12 + n
	}
	return 0, 0
}

// TestCricutSheetsSayTheirDPI: a sheet must come into Design Space at its
// real size (the summary's inches), so its PNG says its resolution; without
// a pHYs chunk, programs place it at their default of 72 or 96 DPI, three
// to four times too large. export png says its --dpi the same way.
func TestCricutSheetsSayTheirDPI(t *testing.T) {
	_, items := artGame(t, 2, nil, false, "")
	dir := filepath.Join(t.TempDir(), "cricut")
	if _, err := export.Cricut(context.Background(), dir, items, export.CricutOptions{Corner: 3, DPI: 150}); err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(dir, "sheet-001.png")
	if x, y := pngDPI(t, file); math.Abs(x-150) > 0.1 || math.Abs(y-150) > 0.1 {
		t.Errorf("sheet-001.png declares %.1fx%.1f DPI, want 150", x, y)
	}
	readImage(t, file) // still a PNG Go decodes
	pdir := filepath.Join(t.TempDir(), "png")
	if _, err := export.PNG(context.Background(), pdir, items, export.PNGOptions{DPI: 300}); err != nil {
		t.Fatal(err)
	}
	if x, _ := pngDPI(t, filepath.Join(pdir, "001-card-0.png")); math.Abs(x-300) > 0.1 {
		t.Errorf("export png at 300 DPI declares %.1f DPI", x)
	}
}

func TestCricutGrid(t *testing.T) {
	for _, tc := range []struct {
		w, h, gap  float64
		cols, rows int
		turned     bool
	}{
		{63, 88, 8, 2, 2, false}, // poker
		{57, 89, 8, 2, 2, false}, // bridge
		{41, 63, 6, 3, 3, false}, // mini
		{70, 120, 8, 1, 3, true}, // tarot: three turned sideways beat two upright
		{44, 68, 4, 3, 3, false},
		{120, 180, 8, 1, 1, false},
		{200, 100, 8, 1, 1, true},  // fits only turned
		{250, 180, 8, 0, 0, false}, // larger than the area either way
	} {
		c, r, turned := export.CricutGrid(tc.w, tc.h, tc.gap)
		if c != tc.cols || r != tc.rows || turned != tc.turned {
			t.Errorf("CricutGrid(%g, %g, %g) = %d, %d, %v; want %d, %d, %v", tc.w, tc.h, tc.gap, c, r, turned, tc.cols, tc.rows, tc.turned)
		}
	}
}

func TestCricutBadOptions(t *testing.T) {
	_, items := artGame(t, 1, nil, false, "")
	for _, o := range []export.CricutOptions{{Gap: 1}, {Corner: 40}, {DPI: 5000}} {
		if _, err := export.Cricut(context.Background(), filepath.Join(t.TempDir(), "x"), items, o); err == nil {
			t.Errorf("%+v: no error", o)
		}
	}
}

// TestCricutLandscape: a landscape card, of a landscape type or of a
// portrait type by its own landscape key, is turned into the portrait slot.
func TestCricutLandscape(t *testing.T) {
	for _, wide := range []string{"{name: Wide, type: realm, image: wide.png}", "{name: Wide, type: unit, landscape: true, image: wide.png}"} {
		t.Run(wide, func(t *testing.T) { testCricutLandscape(t, wide) })
	}
}

func testCricutLandscape(t *testing.T, wide string) {
	fsys := fstest.MapFS{
		"game.yaml":       {Data: []byte("id: land\nname: Land\ncard_size: {width: 63, height: 88}\ntypes:\n  - {id: realm, name: Realm, landscape: true}\n  - {id: unit, name: Unit}\nsections:\n  - {id: main, name: Main, types: [realm, unit]}\n")},
		"cards/core.yaml": {Data: []byte("game: land\ncards:\n  - " + wide + "\n")},
		"cards/wide.png":  {Data: quadrants(t, 880, 630)},
	}
	db := cardsdb.Empty()
	if err := db.AddFS(fsys, ".", "test:"); err != nil {
		t.Fatal(err)
	}
	g, _ := db.Game("land")
	dir := filepath.Join(t.TempDir(), "land")
	if _, err := export.Cricut(context.Background(), dir, []cardface.Item{cardface.CardItem(g, g.Cards[0])}, export.CricutOptions{}); err != nil {
		t.Fatal(err)
	}
	img := readImage(t, filepath.Join(dir, "sheet-001.png"))
	got := shapes(img)
	if len(got) != 1 || got[0].Dx() >= got[0].Dy() {
		t.Fatalf("shapes %v: want one upright card (a landscape realm turned into the portrait slot)", got)
	}
	// Turned a quarter clockwise, as TTS and print turn landscape faces:
	// the art's top left (black) comes to the slot's top right.
	r := got[0]
	if c := img.NRGBAAt(r.Max.X-40, r.Min.Y+40); !near(c, color.NRGBA{0, 0, 0, 255}) {
		t.Errorf("top right of the slot is %v, want the art's black top left", c)
	}
}

func abs(x int) int { return max(x, -x) }

// The corner radius is given in mm and cut in pixels at the sheets' DPI:
// along a card's diagonal the outline starts r(1 − 1/√2) pixels in, for
// r = corner / 25.4 × DPI.
func TestCricutCornerRadius(t *testing.T) {
	_, items := artGame(t, 1, nil, false, "")
	for _, tt := range []struct {
		corner float64
		dpi    int
	}{{3, 300}, {3, 150}, {6, 150}} {
		dir := filepath.Join(t.TempDir(), "cricut")
		if _, err := export.Cricut(context.Background(), dir, items, export.CricutOptions{Corner: tt.corner, DPI: tt.dpi}); err != nil {
			t.Fatal(err)
		}
		img := readImage(t, filepath.Join(dir, "sheet-001.png"))
		got := shapes(img)
		if len(got) != 1 {
			t.Fatalf("%d shapes, want 1", len(got))
		}
		r := got[0]
		in := -1
		for k := 0; k < r.Dx()/2; k++ {
			if img.NRGBAAt(r.Min.X+k, r.Min.Y+k).A >= 128 {
				in = k
				break
			}
		}
		radius := tt.corner / 25.4 * float64(tt.dpi)
		if want := radius * (1 - 1/math.Sqrt2); math.Abs(float64(in)-want) > 1.5 {
			t.Errorf("corner %g mm at %d DPI: the outline starts %d px in along the diagonal, want %.1f (a radius of %.1f px)", tt.corner, tt.dpi, in, want, radius)
		}
	}
}
