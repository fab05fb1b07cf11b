package faces_test

import (
	"context"
	"flag"
	"image"
	"image/color"
	draw2 "image/draw"
	"image/png"
	"math"
	"os"
	"path/filepath"
	"testing"

	"golang.org/x/image/font/gofont/gosmallcaps"

	"github.com/deckwright/deckwright/cardface"
	"github.com/deckwright/deckwright/faces"
	"github.com/deckwright/deckwright/internal/forgetest"
)

// writeForge regenerates the pictures of the worked designer example,
// docs/examples/forge (frames per faction, card art, an icon, the title
// font), from code: go test ./faces -run TestWriteForge -forge.
var writeForge = flag.Bool("forge", false, "rewrite the pictures and font of docs/examples/forge")

// The factions of the example and their colours.
var forgeFactions = map[string]color.NRGBA{
	"ember":   {0xa8, 0x32, 0x12, 0xff},
	"tide":    {0x14, 0x55, 0x7a, 0xff},
	"neutral": {0x5a, 0x5a, 0x5a, 0xff},
}

func TestWriteForge(t *testing.T) {
	if !*writeForge {
		t.Skip("run with -forge to rewrite docs/examples/forge's pictures")
	}
	const dpi = 300.0
	mm := func(v float64) int { return int(math.Round(v / 25.4 * dpi)) }
	for name, col := range forgeFactions {
		savePNG(t, filepath.Join(forgetest.Dir, "templates", "frames", name+".png"), frame(mm(63), mm(88), col, image.Rect(mm(5), mm(13), mm(58), mm(51)), image.Rect(mm(4), mm(55), mm(59), mm(80)), mm(1)))
	}
	hues := map[string]float64{"cinder-drake": 18, "ash-runner": 35, "kiln-warden": 5, "tide-caller": 200, "reef-stalker": 175, "pearl-oracle": 220, "wandering-smith": 90}
	for name, hue := range hues {
		savePNG(t, filepath.Join(forgetest.Dir, "cards", "art", name+".png"), landscape(700, 502, hue))
	}
	savePNG(t, filepath.Join(forgetest.Dir, "icons", "spark.png"), spark(96))
	defer writeForgeFaces(t)
	if err := os.MkdirAll(filepath.Join(forgetest.Dir, "templates", "fonts"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(forgetest.Dir, "templates", "fonts", "title.ttf"), gosmallcaps.TTF, 0o644); err != nil {
		t.Fatal(err)
	}
}

func savePNG(t *testing.T, p string, m image.Image) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	f, err := os.Create(p)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := (&png.Encoder{CompressionLevel: png.BestCompression}).Encode(f, m); err != nil {
		t.Fatal(err)
	}
}

// frame draws a card frame: a bevelled border of the faction's colour,
// a transparent art window and a pale, slightly see-through text panel.
func frame(w, h int, col color.NRGBA, window, panel image.Rectangle, edge int) *image.NRGBA {
	m := image.NewNRGBA(image.Rect(0, 0, w, h))
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			p := image.Pt(x, y)
			// Distance to the card edge gives a bevel.
			d := min(x, y, w-1-x, h-1-y)
			shade := 1.0
			if d < 3*edge {
				shade = 0.75 + 0.25*float64(d)/float64(3*edge)
			}
			// A faint diagonal grain.
			grain := 0.06 * math.Sin(float64(x+2*y)/9)
			c := color.NRGBA{scale(col.R, shade+grain), scale(col.G, shade+grain), scale(col.B, shade+grain), 0xff}
			switch {
			case p.In(window):
				c = color.NRGBA{}
			case p.In(window.Inset(-edge)):
				c = color.NRGBA{0x1c, 0x1a, 0x18, 0xff}
			case p.In(panel):
				c = color.NRGBA{0xf6, 0xf0, 0xe2, 0xf0}
			case p.In(panel.Inset(-edge / 2)):
				c = color.NRGBA{0x1c, 0x1a, 0x18, 0xff}
			}
			m.SetNRGBA(x, y, c)
		}
	}
	return m
}

func scale(v uint8, f float64) uint8 { return uint8(max(0, min(255, float64(v)*f))) }

// landscape paints card art: a sky, a sun and two ranges of hills in
// the colours of a hue.
func landscape(w, h int, hue float64) *image.NRGBA {
	m := image.NewNRGBA(image.Rect(0, 0, w, h))
	sunX, sunY, sunR := float64(w)*0.68, float64(h)*0.34, float64(h)*0.13
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			fy := float64(y) / float64(h)
			c := hsl(hue, 0.55, 0.78-0.35*fy)
			if math.Hypot(float64(x)-sunX, float64(y)-sunY) < sunR {
				c = hsl(hue+30, 0.9, 0.85)
			}
			far := 0.55 + 0.08*math.Sin(float64(x)/47+hue) + 0.04*math.Sin(float64(x)/13)
			near := 0.72 + 0.1*math.Sin(float64(x)/83+hue/3) + 0.03*math.Sin(float64(x)/21)
			if fy > far {
				c = hsl(hue+180, 0.25, 0.42)
			}
			if fy > near {
				c = hsl(hue+150, 0.35, 0.22+0.1*(fy-near))
			}
			m.SetNRGBA(x, y, c)
		}
	}
	return m
}

// spark draws the example's icon: a four-pointed star on transparency.
func spark(n int) *image.NRGBA {
	m := image.NewNRGBA(image.Rect(0, 0, n, n))
	c := float64(n) / 2
	for y := 0; y < n; y++ {
		for x := 0; x < n; x++ {
			dx, dy := math.Abs(float64(x)+0.5-c)/c, math.Abs(float64(y)+0.5-c)/c
			if math.Sqrt(dx)+math.Sqrt(dy) < 1 {
				m.SetNRGBA(x, y, color.NRGBA{0xe8, 0x9a, 0x10, 0xff})
			}
		}
	}
	return m
}

func hsl(h, s, l float64) color.NRGBA {
	h = math.Mod(math.Mod(h, 360)+360, 360) / 360
	f := func(n float64) uint8 {
		k := math.Mod(n+h*12, 12)
		a := s * min(l, 1-l)
		v := l - a*max(-1, min(k-3, 9-k, 1))
		return uint8(math.Round(v * 255))
	}
	return color.NRGBA{f(0), f(8), f(4), 0xff}
}

// writeForgeFaces draws four of the example's faces with package faces
// into docs/images/forge-faces.png, for the docs.
func writeForgeFaces(t *testing.T) {
	g, set := forge(t)
	var fs []cardface.Face
	for _, n := range []string{"Cinder Drake", "Tide Caller", "Pearl Oracle", "Wandering Smith"} {
		fs = append(fs, cardface.CardItem(g, g.Card(n)).Front)
	}
	imgs, err := faces.Render(context.Background(), fs, faces.Options{DPI: 120, Templates: set})
	if err != nil {
		t.Fatal(err)
	}
	const gap = 16
	w, h := imgs[0].Image.Rect.Dx(), imgs[0].Image.Rect.Dy()
	strip := image.NewNRGBA(image.Rect(0, 0, len(imgs)*(w+gap)-gap, h))
	for i, im := range imgs {
		if len(im.Warnings) > 0 {
			t.Errorf("%s: %v", im.Face.Card.Name, im.Warnings)
		}
		draw2.Draw(strip, image.Rect(i*(w+gap), 0, i*(w+gap)+w, h), im.Image, image.Point{}, draw2.Src)
	}
	savePNG(t, filepath.Join("..", "docs", "images", "forge-faces.png"), strip)
}
