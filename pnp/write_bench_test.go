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

// BenchmarkWriteTextCards writes 240 word cards (a short black word on
// white, kept as Import keeps faces, 496x701 or a pixel wider, as cells a pixel apart cut them), 120
// distinct: alike to the hash and the thumbnail, so every pair is told
// apart by the fine images, at one size or the other.
func BenchmarkWriteTextCards(b *testing.B) {
	db, err := cardsdb.LoadBundled()
	if err != nil {
		b.Fatal(err)
	}
	g, _ := db.Game("seeker-chronicles")
	word := func(id, w int) image.Image {
		img := image.NewNRGBA(image.Rect(0, 0, w, 701))
		for i := range img.Pix {
			img.Pix[i] = 255
		}
		// Letters: a bar in each of 7 slots whose bit of id+1 is set.
		for k := 0; k < 7; k++ {
			if (id+1)>>k&1 == 0 {
				continue
			}
			x0 := 100 + k*40
			for y := 320; y < 380; y++ {
				for x := x0; x < x0+24; x++ {
					copy(img.Pix[y*img.Stride+4*x:], []uint8{0, 0, 0, 255})
				}
			}
		}
		return compact(img) // as Import keeps its faces
	}
	res := &Result{}
	for i := 0; i < 240; i++ {
		id := i % 120
		res.Cards = append(res.Cards, Card{Front: Face{Page: i/50 + 1, Row: i%50/5 + 1, Col: i%5 + 1, Image: word(id, 496+i%2), Hash: 0x5555}})
	}
	dir := b.TempDir()
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		sum, err := Write(context.Background(), res, filepath.Join(dir, strconv.Itoa(i)), WriteOptions{Game: g})
		if err != nil {
			b.Fatal(err)
		}
		if sum.Distinct != 120 {
			b.Fatalf("%d distinct, want 120", sum.Distinct)
		}
	}
}
