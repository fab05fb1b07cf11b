package render_test

import (
	"context"
	"flag"
	"fmt"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/deckwright/deckwright/cardsdb"
	"github.com/deckwright/deckwright/layout"
	"github.com/deckwright/deckwright/render"
	"github.com/deckwright/deckwright/templates"
)

// writeLayered writes the layered-faces benchmark's game to this folder
// and stops: go test ./render -run TestWriteLayeredGame -layered DIR, for
// measuring the command line (time, memory) on it.
var benchLayeredN = flag.Int("layered-n", 1000, "cards in BenchmarkLayered1000")

var layeredCrop = flag.Bool("layered-crop", false, "with -layered: art of 800x600, to be cut to the window")

var writeLayeredTo = flag.String("layered", "", "write the 1,000-card layered game of BenchmarkLayered1000 to this folder")

func TestWriteLayeredGame(t *testing.T) {
	if *writeLayeredTo == "" {
		t.Skip("run with -layered DIR")
	}
	w, h := 626, 449 // the art window at 300 DPI
	if *layeredCrop {
		w, h = 800, 600
	}
	writeLayeredGame(t, *writeLayeredTo, *benchLayeredN, w, h)
}

// layeredTemplate has a frame image (into the bleed), an art window, two
// shapes and four text layers.
const layeredTemplate = `size: {width: 63, height: 88}
frame: {border: 0}
faction_colors: {red: "#a83212", blue: "#14557a", green: "#2a7a14"}
layers:
  - {name: art, image: '{{.Field "art"}}', x: 5, y: 13, w: 53, h: 38, fit: cover}
  - {name: frame, image: 'frames/{{.FactionID}}.png', x: 0, y: 0, w: 63, h: 88, fit: stretch, bleed: true}
  - {name: badge, shape: ellipse, fill: faction, stroke: "#ffffff", stroke_width: 0.6, x: 2.5, y: 2.5, w: 10.5, h: 10.5}
  - {name: panel, shape: rounded, radius: 1.5, fill: "#f6f0e2", stroke: "#1c1a18", stroke_width: 0.4, x: 4, y: 55, w: 55, h: 26}
  - {name: cost, content: '{{.Field "cost"}}', x: 2.5, y: 2.5, w: 10.5, h: 10.5, font: {size: 14, bold: true}, align: center, valign: middle, color: "#ffffff"}
  - {name: title, content: "{{.Name}}", x: 15, y: 3.5, w: 45, h: 8, font: {size: 12, min_size: 8}, valign: middle, color: "#ffffff"}
  - {name: type, content: "{{.TypeName}} · {{.Faction}}", x: 5, y: 51.5, w: 53, h: 3.5, font: {size: 6.5, italic: true}, color: "#ffffff"}
  - {name: rules, content: "{{.Text}}", x: 5.5, y: 56, w: 52, h: 24, font: {size: 8, min_size: 5.5}, padding: 1}
`

// writeLayeredGame writes a game of n cards, each with its own art of
// artW×artH pixels (JPEG), three faction frames (PNG with a transparent
// window) and a templates/ folder with layeredTemplate.
func writeLayeredGame(tb testing.TB, dir string, n, artW, artH int) {
	tb.Helper()
	files := map[string][]byte{
		"game.yaml": []byte(`id: layered
name: Layered
card_size: {width: 63, height: 88}
factions:
  values: [{id: red, name: Red}, {id: blue, name: Blue}, {id: green, name: Green}]
types:
  - id: unit
    name: Unit
    fields:
      - {name: cost, kind: int}
      - {name: art, kind: string}
sections:
  - {id: main, name: Main, types: [unit], copies: 1}
`),
		"templates/default.yaml": []byte(layeredTemplate),
	}
	var cards strings.Builder
	cards.WriteString("game: layered\ncards:\n")
	factions := []string{"red", "blue", "green"}
	for i := range n {
		fmt.Fprintf(&cards, "  - {name: Card %04d, type: unit, faction: %s, cost: %d, art: art/%04d.jpg, text: \"When Card %04d enters play, draw a card, then discard a card. Your other units get +1 power until the end of the turn.\"}\n", i, factions[i%3], i%7, i, i)
	}
	files["cards/cards.yaml"] = []byte(cards.String())
	for name, data := range files {
		writeFile(tb, filepath.Join(dir, name), data)
	}
	for i, f := range factions {
		writePNG(tb, filepath.Join(dir, "templates", "frames", f+".png"), benchFrame(744, 1039, i))
	}
	art := image.NewRGBA(image.Rect(0, 0, artW, artH))
	for i := range n {
		for y := 0; y < artH; y++ {
			for x := 0; x < artW; x++ {
				art.SetRGBA(x, y, color.RGBA{uint8(x*255/artW + i), uint8(y*255/artH + 3*i), uint8((x + y + 7*i) % 256), 0xff})
			}
		}
		f, err := os.Create(filepath.Join(dir, "cards", "art", fmt.Sprintf("%04d.jpg", i)))
		if err != nil {
			if err := os.MkdirAll(filepath.Join(dir, "cards", "art"), 0o755); err != nil {
				tb.Fatal(err)
			}
			if f, err = os.Create(filepath.Join(dir, "cards", "art", fmt.Sprintf("%04d.jpg", i))); err != nil {
				tb.Fatal(err)
			}
		}
		if err := jpeg.Encode(f, art, &jpeg.Options{Quality: 90}); err != nil {
			tb.Fatal(err)
		}
		f.Close()
	}
}

func writeFile(tb testing.TB, p string, data []byte) {
	tb.Helper()
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		tb.Fatal(err)
	}
	if err := os.WriteFile(p, data, 0o644); err != nil {
		tb.Fatal(err)
	}
}

func writePNG(tb testing.TB, p string, m image.Image) {
	tb.Helper()
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		tb.Fatal(err)
	}
	f, err := os.Create(p)
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	if err := png.Encode(f, m); err != nil {
		tb.Fatal(err)
	}
}

// benchFrame is a frame of one colour with a transparent art window.
func benchFrame(w, h, hue int) *image.NRGBA {
	m := image.NewNRGBA(image.Rect(0, 0, w, h))
	win := image.Rect(w*5/63, h*13/88, w*58/63, h*51/88)
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			if !image.Pt(x, y).In(win) {
				m.SetNRGBA(x, y, color.NRGBA{uint8(80 + 60*hue), uint8(40 + (x+y)%40), uint8(160 - 50*hue), 0xff})
			}
		}
	}
	return m
}

// layeredItems loads the benchmark's game and its templates.
func layeredItems(tb testing.TB, dir string) ([]render.Item, *templates.Set) {
	tb.Helper()
	db, err := cardsdb.LoadBundled()
	if err != nil {
		tb.Fatal(err)
	}
	if err := db.AddPath(dir); err != nil {
		tb.Fatal(err)
	}
	g, _ := db.Game("layered")
	set, err := templates.LoadBundled()
	if err != nil {
		tb.Fatal(err)
	}
	folder, err := cardsdb.OpenFolder(filepath.Join(dir, "templates"))
	if err != nil {
		tb.Fatal(err)
	}
	if err := set.AddFSFor(folder, "templates/", "layered"); err != nil {
		tb.Fatal(err)
	}
	return render.SetItems(g), set
}

// BenchmarkLayered1000 prints 1,000 cards with layered faces (a frame
// image, an art window of each card's own art, two shapes and four text
// layers) cold to a PDF at 300 DPI: every template, font and picture read,
// fitted and encoded afresh. The target (issue 22) is 5 s on two cores.
// "window" art has the art window's shape (a designer's art made for
// it); "crop" art must be cut to it.
func BenchmarkLayered1000(b *testing.B) {
	for _, tc := range []struct {
		name       string
		artW, artH int
	}{{"window", 626, 449}, {"crop", 800, 600}} {
		b.Run(tc.name, func(b *testing.B) {
			dir := b.TempDir()
			writeLayeredGame(b, dir, *benchLayeredN, tc.artW, tc.artH)
			b.ResetTimer()
			for b.Loop() {
				items, set := layeredItems(b, dir)
				opts := render.RenderOptions{Sheet: layout.DefaultOptions(), DPI: 300, Templates: set}
				rep, err := render.Render(context.Background(), io.Discard, items, opts)
				if err != nil {
					b.Fatal(err)
				}
				if rep.TextFaces != *benchLayeredN || len(rep.Warnings) != 0 {
					b.Fatalf("%d faces, warnings %v", rep.TextFaces, rep.Warnings[:min(3, len(rep.Warnings))])
				}
			}
			b.ReportMetric(float64(b.Elapsed().Milliseconds())/float64(b.N), "ms/1000cards")
		})
	}
}
