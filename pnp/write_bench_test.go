package pnp

import (
	"context"
	"image"
	"image/color"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/deckwright/deckwright/cardsdb"
)

// BenchmarkWrite writes the folder of a 10-page duplex import: 90 poker
// cards of 300 DPI art (744x1039), 45 distinct fronts, one shared back.
func BenchmarkWrite(b *testing.B) {
	db, err := cardsdb.LoadBundled()
	if err != nil {
		b.Fatal(err)
	}
	g, _ := db.Game("seeker-chronicles")
	painted := func(id int) image.Image {
		img := image.NewRGBA(image.Rect(0, 0, 744, 1039))
		for y := 0; y < 1039; y++ {
			for x := 0; x < 744; x++ {
				img.SetRGBA(x, y, color.RGBA{uint8(x*(id+3) + y), uint8(y*(id+1) ^ x), uint8((x + y*id) / 3), 255})
			}
		}
		return img
	}
	back := Face{Page: 2, Row: 1, Col: 1, Image: painted(999), Hash: 0xABCDEF}
	res := &Result{}
	for i := 0; i < 90; i++ {
		id := i % 45
		res.Cards = append(res.Cards, Card{
			Front: Face{Page: 2*(i/9) + 1, Row: i%9/3 + 1, Col: i%3 + 1, Image: painted(id), Hash: uint64(id+1) * 0x9E3779B97F4A7C15},
			Back:  &back,
		})
	}
	dir := b.TempDir()
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		if _, err := Write(context.Background(), res, filepath.Join(dir, strconv.Itoa(i)), WriteOptions{Game: g}); err != nil {
			b.Fatal(err)
		}
	}
}
