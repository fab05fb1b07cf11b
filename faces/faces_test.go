package faces_test

import (
	"bytes"
	"context"
	"flag"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
	"os"
	"path/filepath"
	"testing"
	"testing/fstest"

	"github.com/deckwright/deckwright/cardface"
	"github.com/deckwright/deckwright/cardsdb"
	"github.com/deckwright/deckwright/faces"
	"github.com/deckwright/deckwright/templates"
)

var keep = flag.String("keep", "", "write the images the tests make to this folder, to look at them")

func game(t testing.TB, id string) *cardsdb.Game {
	t.Helper()
	db, err := cardsdb.LoadBundled()
	if err != nil {
		t.Fatal(err)
	}
	g, ok := db.Game(id)
	if !ok {
		t.Fatalf("no bundled game %s", id)
	}
	return g
}

// cardOf returns the first card of g whose type is landscape (or not).
func cardOf(t *testing.T, g *cardsdb.Game, landscape bool) *cardsdb.Card {
	t.Helper()
	for _, c := range g.Cards {
		ty := g.Type(c.Type)
		if (ty != nil && ty.Landscape) == landscape {
			return c
		}
	}
	t.Fatalf("%s has no card with landscape=%v", g.ID, landscape)
	return nil
}

func save(t *testing.T, name string, img image.Image) {
	if *keep == "" {
		return
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(*keep, name), buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
}

func draw(t *testing.T, f cardface.Face, opts faces.Options) *faces.Image {
	t.Helper()
	im, err := faces.RenderOne(context.Background(), f, opts)
	if err != nil {
		t.Fatal(err)
	}
	return im
}

func TestPixelSizes(t *testing.T) {
	g := game(t, "arkhtide")
	unit := cardface.CardItem(g, cardOf(t, g, false))
	realm := cardface.CardItem(g, cardOf(t, g, true))
	for _, tc := range []struct {
		name string
		face cardface.Face
		opts faces.Options
		want image.Point
	}{
		{"poker 300 dpi", unit.Front, faces.Options{DPI: 300}, image.Pt(744, 1039)},
		{"poker 300 dpi with 1/8 inch bleed", unit.Front, faces.Options{DPI: 300, Bleed: 3.175}, image.Pt(819, 1114)},
		{"default dpi", unit.Front, faces.Options{}, image.Pt(744, 1039)},
		{"back", unit.Back, faces.Options{DPI: 150}, image.Pt(372, 520)},
		{"landscape realm", realm.Front, faces.Options{DPI: 300}, image.Pt(1039, 744)},
		{"exact pixels", unit.Front, faces.Options{Pixels: image.Pt(409, 585)}, image.Pt(409, 585)},
		{"exact pixels, landscape turned", realm.Front, faces.Options{Pixels: image.Pt(409, 585)}, image.Pt(585, 409)},
		{"bridge size", unit.Front, faces.Options{DPI: 100, Card: cardsdb.Size{W: 57, H: 89}}, image.Pt(224, 350)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := faces.PixelSize(tc.face, tc.opts); got != tc.want {
				t.Errorf("PixelSize = %v, want %v", got, tc.want)
			}
			im := draw(t, tc.face, tc.opts)
			if got := im.Image.Bounds().Size(); got != tc.want {
				t.Errorf("image is %v, want %v", got, tc.want)
			}
		})
	}
}

func TestBadOptions(t *testing.T) {
	g := game(t, "arkhtide")
	f := cardface.CardItem(g, cardOf(t, g, false)).Front
	for _, o := range []faces.Options{
		{DPI: 100000},
		{DPI: -1},
		{Bleed: -1},
		{Pixels: image.Pt(100000, 100000)},
		{Pixels: image.Pt(0, 5)},
		{Card: cardsdb.Size{W: -63, H: 88}},
	} {
		if _, err := faces.RenderOne(context.Background(), f, o); err == nil {
			t.Errorf("%+v: no error", o)
		}
	}
}

// ink counts the pixels of r that are darker than mid-grey.
func ink(img *image.NRGBA, r image.Rectangle) int {
	n := 0
	r = r.Intersect(img.Rect)
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			c := img.NRGBAAt(x, y)
			if int(c.R)+int(c.G)+int(c.B) < 3*128 {
				n++
			}
		}
	}
	return n
}

// block finds a block of the card's template face.
func block(t *testing.T, f templates.Layout, name string) templates.Block {
	t.Helper()
	for _, b := range f.Blocks {
		if b.Box == name {
			return b
		}
	}
	t.Fatalf("face has no %q block", name)
	return templates.Block{}
}

func pxRect(b templates.Block, dpi float64, bleed float64) image.Rectangle {
	p := func(mm float64) int { return int((mm + bleed) / 25.4 * dpi) }
	return image.Rect(p(b.X), p(b.Y), p(b.X+b.W), p(b.Y+b.H))
}

func TestTextProxyName(t *testing.T) {
	g := game(t, "seeker-chronicles")
	c := g.Cards[0]
	set, err := templates.LoadBundled()
	if err != nil {
		t.Fatal(err)
	}
	tf, _ := set.Render(c, g, cardsdb.Size{}, templates.Front)
	name := block(t, tf, "name")
	for _, bleed := range []float64{0, 3} {
		im := draw(t, cardface.CardItem(g, c).Front, faces.Options{DPI: 300, Bleed: bleed})
		if im.Art {
			t.Fatal("a card without art was drawn from art")
		}
		save(t, "seeker-front.png", im.Image)
		r := pxRect(name, 300, bleed)
		if n := ink(im.Image, r); n < r.Dx()*r.Dy()/50 {
			t.Errorf("bleed %g: name box %v of %q has %d dark pixels, want the name's ink", bleed, r, c.Name, n)
		}
	}
	// A face with no name drawn has no ink there: the test can fail.
	blank := image.NewNRGBA(image.Rect(0, 0, 744, 1039))
	for i := range blank.Pix {
		blank.Pix[i] = 255
	}
	if n := ink(blank, pxRect(name, 300, 0)); n != 0 {
		t.Fatalf("blank image has ink %d", n)
	}
}

func TestSampleNotice(t *testing.T) {
	g := game(t, "arkhtide") // every Arkhtide card is a sample
	c := cardOf(t, g, false)
	if !c.Sample {
		t.Fatalf("%s is not a sample", c.Name)
	}
	set, err := templates.LoadBundled()
	if err != nil {
		t.Fatal(err)
	}
	tf, _ := set.Render(c, g, cardsdb.Size{}, templates.Front)
	notice := block(t, tf, "notice")
	if notice.Lines[0].Text != templates.SampleNotice {
		t.Fatalf("notice says %q", notice.Lines[0].Text)
	}
	r := pxRect(notice, 300, 0)

	// A text proxy, and art of one flat colour: both show the notice.
	im := draw(t, cardface.CardItem(g, c).Front, faces.Options{DPI: 300})
	save(t, "arkhtide-unit.png", im.Image)
	if n := ink(im.Image, r); n == 0 {
		t.Errorf("text proxy: no ink in the notice box %v", r)
	}
	art := flatJPEG(t, 630, 880, color.RGBA{250, 250, 250, 255})
	f := cardface.Face{Game: g, Card: c, Image: "art.jpg", FS: fstest.MapFS{"art.jpg": {Data: art}}}
	im = draw(t, f, faces.Options{DPI: 300})
	if !im.Art || im.ArtErr != nil {
		t.Fatalf("art not used: %v", im.ArtErr)
	}
	save(t, "arkhtide-art-sample.png", im.Image)
	if n := ink(im.Image, r); n == 0 {
		t.Errorf("sample art: no notice in %v", r)
	}
	if n := ink(im.Image, image.Rect(0, 0, 744, r.Min.Y-5)); n != 0 {
		t.Errorf("sample art: %d dark pixels above the notice, want the art alone", n)
	}
}

func flatJPEG(t *testing.T, w, h int, c color.RGBA) []byte {
	t.Helper()
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for i := 0; i < len(img.Pix); i += 4 {
		img.Pix[i], img.Pix[i+1], img.Pix[i+2], img.Pix[i+3] = c.R, c.G, c.B, c.A
	}
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, img, &jpeg.Options{Quality: 95}); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// quadrantsPNG is art whose four quadrants have different colours, to see
// where each one lands.
func quadrantsPNG(t *testing.T, w, h int) []byte {
	t.Helper()
	img := image.NewNRGBA(image.Rect(0, 0, w, h))
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			c := color.NRGBA{0, 0, 0, 255}
			if x >= w/2 {
				c.R = 255
			}
			if y >= h/2 {
				c.B = 255
			}
			img.SetNRGBA(x, y, c)
		}
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func TestArt(t *testing.T) {
	g := game(t, "arkhtide")
	fsys := fstest.MapFS{
		"q.png":       {Data: quadrantsPNG(t, 1000, 1400)},
		"wide.png":    {Data: quadrantsPNG(t, 1400, 1000)},
		"corrupt.png": {Data: []byte("\x89PNG\r\n\x1a\nnot really")},
	}
	type want struct{ r, b uint8 }
	check := func(t *testing.T, img *image.NRGBA, at image.Point, w want) {
		t.Helper()
		c := img.NRGBAAt(at.X, at.Y)
		if abs(int(c.R)-int(w.r)) > 3 || abs(int(c.B)-int(w.b)) > 3 {
			t.Errorf("pixel %v is %v, want r=%d b=%d", at, c, w.r, w.b)
		}
	}
	t.Run("portrait, resampled with bleed", func(t *testing.T) {
		im := draw(t, cardface.Face{Game: g, Image: "q.png", FS: fsys}, faces.Options{DPI: 300, Bleed: 3.175})
		if !im.Art {
			t.Fatal(im.ArtErr)
		}
		if im.Image.Bounds().Size() != image.Pt(819, 1114) {
			t.Fatalf("size %v", im.Image.Bounds().Size())
		}
		save(t, "art-bleed.png", im.Image)
		check(t, im.Image, image.Pt(2, 2), want{0, 0})
		check(t, im.Image, image.Pt(816, 2), want{255, 0})
		check(t, im.Image, image.Pt(2, 1111), want{0, 255})
		check(t, im.Image, image.Pt(816, 1111), want{255, 255})
	})
	t.Run("landscape card keeps landscape art upright", func(t *testing.T) {
		realm := cardface.CardItem(g, cardOf(t, g, true)).Front
		realm.Image, realm.FS = "wide.png", fsys
		im := draw(t, realm, faces.Options{DPI: 200})
		if !im.Art {
			t.Fatal(im.ArtErr)
		}
		if s := im.Image.Bounds().Size(); s.X <= s.Y {
			t.Fatalf("landscape face is %v", s)
		}
		save(t, "art-landscape.png", im.Image)
		s := im.Image.Bounds().Size()
		check(t, im.Image, image.Pt(5, 5), want{0, 0})
		check(t, im.Image, image.Pt(s.X-5, 5), want{255, 0})
		check(t, im.Image, image.Pt(5, s.Y-5), want{0, 255})
	})
	t.Run("low-resolution art is brought to size", func(t *testing.T) {
		small := fstest.MapFS{"s.png": {Data: quadrantsPNG(t, 100, 140)}}
		im := draw(t, cardface.Face{Game: g, Image: "s.png", FS: small}, faces.Options{DPI: 300})
		if got := im.Image.Bounds().Size(); got != image.Pt(744, 1039) {
			t.Errorf("size %v", got)
		}
		if im.SourceDPI > 50 {
			t.Errorf("source DPI %g, want about 40", im.SourceDPI)
		}
	})
	t.Run("missing and corrupt art: text proxy and the reason", func(t *testing.T) {
		for _, p := range []string{"nope.png", "corrupt.png"} {
			im := draw(t, cardface.Face{Game: g, Image: p, FS: fsys}, faces.Options{DPI: 100})
			if im.Art || im.ArtErr == nil {
				t.Errorf("%s: art %v, error %v", p, im.Art, im.ArtErr)
			}
			if im.Image == nil || im.Image.Bounds().Size() != image.Pt(248, 346) {
				t.Errorf("%s: no text proxy of the right size", p)
			}
		}
	})
}

func TestEqualFacesShared(t *testing.T) {
	g := game(t, "seeker-chronicles")
	a := cardface.CardItem(g, g.Cards[0])
	b := cardface.CardItem(g, g.Cards[1])
	imgs, err := faces.Render(context.Background(), []cardface.Face{a.Front, b.Front, a.Front, a.Back, b.Back}, faces.Options{DPI: 50})
	if err != nil {
		t.Fatal(err)
	}
	if imgs[0] != imgs[2] || imgs[3] != imgs[4] || imgs[0] == imgs[1] {
		t.Errorf("sharing wrong: %p %p %p %p %p", imgs[0], imgs[1], imgs[2], imgs[3], imgs[4])
	}
}

func itoa(n int) string {
	b := []byte{}
	for ; n > 0; n /= 10 {
		b = append([]byte{byte('0' + n%10)}, b...)
	}
	return string(b)
}

func meanAbsDiff(a, b image.Image) float64 {
	r := a.Bounds()
	var sum, n float64
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			c1 := color.NRGBAModel.Convert(a.At(x, y)).(color.NRGBA)
			c2 := color.NRGBAModel.Convert(b.At(x-r.Min.X+b.Bounds().Min.X, y-r.Min.Y+b.Bounds().Min.Y)).(color.NRGBA)
			sum += abs(int(c1.R)-int(c2.R)) + abs(int(c1.G)-int(c2.G)) + abs(int(c1.B)-int(c2.B))
			n += 3
		}
	}
	return sum / n
}

func abs(v int) float64 {
	if v < 0 {
		return float64(-v)
	}
	return float64(v)
}

// A landscape face is turned only when its card size is portrait: a game
// whose card size is already wider than tall (88 × 63) keeps it, and so
// does a square card.
func TestTrimSizeLandscape(t *testing.T) {
	for _, tc := range []struct {
		name      string
		card      cardsdb.Size
		landscape bool
		want      cardsdb.Size
	}{
		{"portrait card, portrait face", cardsdb.Size{W: 63, H: 88}, false, cardsdb.Size{W: 63, H: 88}},
		{"portrait card, landscape face", cardsdb.Size{W: 63, H: 88}, true, cardsdb.Size{W: 88, H: 63}},
		{"landscape card, landscape face", cardsdb.Size{W: 88, H: 63}, true, cardsdb.Size{W: 88, H: 63}},
		{"landscape card, portrait face", cardsdb.Size{W: 88, H: 63}, false, cardsdb.Size{W: 88, H: 63}},
		{"square card, landscape face", cardsdb.Size{W: 70, H: 70}, true, cardsdb.Size{W: 70, H: 70}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := &cardsdb.Game{ID: "g", CardSize: tc.card}
			f := cardface.Face{Game: g, Landscape: tc.landscape}
			if got := faces.TrimSize(f, cardsdb.Size{}); got != tc.want {
				t.Errorf("TrimSize with the game's size = %v, want %v", got, tc.want)
			}
			if got := faces.TrimSize(f, tc.card); got != tc.want {
				t.Errorf("TrimSize with Card = %v, want %v", got, tc.want)
			}
		})
	}
}
