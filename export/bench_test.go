package export_test

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"image/jpeg"
	"math/rand/v2"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/deckwright/deckwright/cardface"
	"github.com/deckwright/deckwright/cardsdb"
	"github.com/deckwright/deckwright/export"
	"github.com/deckwright/deckwright/internal/procstat"
)

// benchArt is JPEG art of w×h pixels with gradients and noise (as
// bench/genart makes), different for every seed.
func benchArt(b *testing.B, seed uint64, w, h int) []byte {
	r := rand.New(rand.NewPCG(seed, 7))
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	r0, g0, b0 := r.IntN(200), r.IntN(200), r.IntN(200)
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			i := img.PixOffset(x, y)
			n := r.IntN(24)
			img.Pix[i] = uint8((r0 + x*55/w + n) % 256)
			img.Pix[i+1] = uint8((g0 + y*55/h + n) % 256)
			img.Pix[i+2] = uint8((b0 + (x+y)*40/(w+h) + n) % 256)
			img.Pix[i+3] = 255
		}
	}
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, img, &jpeg.Options{Quality: 90}); err != nil {
		b.Fatal(err)
	}
	return buf.Bytes()
}

// benchDeck is a deck of n distinct cards, each with 300 DPI poker art
// (744×1039 pixels), and a back.
func benchDeck(b *testing.B, n int) []cardface.Item {
	fsys := fstest.MapFS{
		"game.yaml": {Data: []byte("id: bench\nname: Bench\ncard_size: {width: 63, height: 88}\nback: {image: back.jpg}\ntypes:\n  - {id: unit, name: Unit}\nsections:\n  - {id: main, name: Main, types: [unit]}\n")},
		"back.jpg":  {Data: benchArt(b, 9999, 744, 1039)},
	}
	var cards strings.Builder
	cards.WriteString("game: bench\ncards:\n")
	for i := range n {
		fmt.Fprintf(&cards, "  - {name: Card %d, type: unit, image: art/c%d.jpg}\n", i, i)
		fsys[fmt.Sprintf("cards/art/c%d.jpg", i)] = &fstest.MapFile{Data: benchArt(b, uint64(i), 744, 1039)}
	}
	fsys["cards/core.yaml"] = &fstest.MapFile{Data: []byte(cards.String())}
	db := cardsdb.Empty()
	if err := db.AddFS(fsys, ".", "bench:"); err != nil {
		b.Fatal(err)
	}
	g, _ := db.Game("bench")
	var items []cardface.Item
	for _, c := range g.Cards {
		items = append(items, cardface.CardItem(g, c))
	}
	return items
}

// BenchmarkTTS140 exports a deck of 140 distinct cards with 300 DPI art
// to Tabletop Simulator (three sheets), cold: no art cache. Issue 15 asks
// for at most 5 s.
func BenchmarkTTS140(b *testing.B) {
	items := benchDeck(b, 140)
	for _, format := range []string{"png", "jpeg"} {
		b.Run(format, func(b *testing.B) {
			dir := b.TempDir()
			i := 0
			cpu := procstat.CPU()
			for b.Loop() {
				i++
				if _, err := export.TTS(context.Background(), filepath.Join(dir, fmt.Sprint(i)), items, export.TTSOptions{Format: format}); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric((procstat.CPU()-cpu).Seconds()/float64(b.N), "cpu-s/op")
		})
	}
}

// BenchmarkMPC140 writes the same deck for a print shop: 141 images of
// 822×1122 pixels.
func BenchmarkMPC140(b *testing.B) {
	items := benchDeck(b, 140)
	dir := b.TempDir()
	i := 0
	cpu := procstat.CPU()
	for b.Loop() {
		i++
		if _, err := export.MPC(context.Background(), filepath.Join(dir, fmt.Sprint(i)), items, export.MPCOptions{}); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric((procstat.CPU()-cpu).Seconds()/float64(b.N), "cpu-s/op")
}
