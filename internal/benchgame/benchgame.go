// Package benchgame writes the game of the layered-faces benchmarks
// (issue 22): n cards, each with its own art, three faction frames and a
// template with a frame image, an art window, two shapes and four text
// layers. render's BenchmarkLayered1000 prints it, export's
// BenchmarkLayeredPNG1000 exports it as PNGs; the command line can be
// timed on it too (go test ./render -run TestWriteLayeredGame -layered DIR).
package benchgame

import (
	"fmt"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
	"os"
	"path/filepath"
	"strings"
)

// Template has a frame image (into the bleed), an art window, two shapes
// and four text layers.
const Template = `size: {width: 63, height: 88}
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

// GameID is the id of the game Write writes.
const GameID = "layered"

// Write writes a game of n cards into dir, each with its own art of
// artW×artH pixels (JPEG), three faction frames (PNG with a transparent
// window), a templates/ folder with Template and a deck list deck.txt of
// every card once.
func Write(dir string, n, artW, artH int) error {
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
		"templates/default.yaml": []byte(Template),
	}
	var cards, deck strings.Builder
	cards.WriteString("game: layered\ncards:\n")
	deck.WriteString("game: layered\n")
	factions := []string{"red", "blue", "green"}
	for i := range n {
		fmt.Fprintf(&cards, "  - {name: Card %04d, type: unit, faction: %s, cost: %d, art: art/%04d.jpg, text: \"When Card %04d enters play, draw a card, then discard a card. Your other units get +1 power until the end of the turn.\"}\n", i, factions[i%3], i%7, i, i)
		fmt.Fprintf(&deck, "1 Card %04d\n", i)
	}
	files["cards/cards.yaml"] = []byte(cards.String())
	files["deck.txt"] = []byte(deck.String())
	for name, data := range files {
		if err := writeFile(filepath.Join(dir, name), data); err != nil {
			return err
		}
	}
	for i, f := range factions {
		if err := writePNG(filepath.Join(dir, "templates", "frames", f+".png"), Frame(744, 1039, i)); err != nil {
			return err
		}
	}
	if err := os.MkdirAll(filepath.Join(dir, "cards", "art"), 0o755); err != nil {
		return err
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
			return err
		}
		err = jpeg.Encode(f, art, &jpeg.Options{Quality: 90})
		if cerr := f.Close(); err == nil {
			err = cerr
		}
		if err != nil {
			return err
		}
	}
	return nil
}

func writeFile(p string, data []byte) error {
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		return err
	}
	return os.WriteFile(p, data, 0o644)
}

func writePNG(p string, m image.Image) error {
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		return err
	}
	f, err := os.Create(p)
	if err != nil {
		return err
	}
	err = png.Encode(f, m)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}

// Frame is a frame of w×h pixels of one colour (by hue, 0 to 2) with a
// transparent art window.
func Frame(w, h, hue int) *image.NRGBA {
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
