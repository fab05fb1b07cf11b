package pnp

import (
	"image"
	"image/color"
	"image/draw"
	"math"
	"testing"
)

// blocksPage is an A4 page at 150 DPI of 2×4 cards of 95×67 mm edge to
// edge from 10 mm in, with no edge: each a shape of its own centred on it
// (a flash card's one big kana), none alike.
func blocksPage() (*image.NRGBA, float64) {
	pxmm := 150 / 25.4
	img := image.NewNRGBA(image.Rect(0, 0, int(210*pxmm), int(297*pxmm)))
	draw.Draw(img, img.Bounds(), image.White, image.Point{}, draw.Src)
	for i := 0; i < 8; i++ {
		cx, cy := (10+95*float64(i%2)+47.5)*pxmm, (14.5+67*float64(i/2)+33.5)*pxmm
		for y := cy - 25*pxmm; y < cy+25*pxmm; y++ {
			for x := cx - 25*pxmm; x < cx+25*pxmm; x++ {
				dx, dy := (x-cx)/pxmm, (y-cy)/pxmm
				var in bool
				switch i % 4 {
				case 0:
					in = math.Hypot(dx, dy) < 22 && math.Hypot(dx, dy) > 18 // a ring
				case 1:
					in = math.Abs(dx) < 3 || math.Abs(dy) < 3 // a cross
				case 2:
					in = math.Abs(dx+dy) < 3 || math.Abs(dy) > 20 && math.Abs(dx) < 20 // a Z
				default:
					in = math.Abs(dx) > 18 && math.Abs(dx) < 22 || math.Abs(dy-float64(i)) < 2 // an H
				}
				if in {
					img.SetNRGBA(int(x), int(y), color.NRGBA{A: 255})
				}
			}
		}
	}
	return img, pxmm
}

// TestBlocksGrid reads a page of frameless cards that share no design
// (see blocksPage) by the blocks of its print: 2 columns and 4 rows, cut
// within a millimetre of the cards' trims; a page of text, and a page of
// one picture, are no lattice of blocks.
func TestBlocksGrid(t *testing.T) {
	t.Parallel()
	img, pxmm := blocksPage()
	g := blocksGrid(img, img.Bounds(), 150)
	if g == nil {
		t.Fatal("no grid")
	}
	if g.rows != 4 || g.cols != 2 || len(g.cells) != 8 {
		t.Fatalf("%dx%d grid of %d cells, want 4 rows of 2", g.rows, g.cols, len(g.cells))
	}
	for i, c := range g.cells {
		x, y := (10+95*float64(i%2))*pxmm, (14.5+67*float64(i/2))*pxmm
		if d := max(math.Abs(float64(c.trim.Min.X)-x), math.Abs(float64(c.trim.Min.Y)-y), math.Abs(float64(c.trim.Dx())-95*pxmm), math.Abs(float64(c.trim.Dy())-67*pxmm)); d > pxmm {
			t.Errorf("cell %d at %v, want 95x67 mm at (%.0f, %.0f) px", i+1, c.trim, x, y)
		}
	}

	// A page of text: lines 5 mm apart in paragraphs, in two columns.
	text := image.NewNRGBA(img.Bounds())
	draw.Draw(text, text.Bounds(), image.White, image.Point{}, draw.Src)
	for col := 0; col < 2; col++ {
		for line := 0; line < 48; line++ {
			if line%7 == 6 {
				continue // between paragraphs
			}
			y := int((20 + 5*float64(line)) * pxmm)
			x0 := int((15 + 95*float64(col)) * pxmm)
			draw.Draw(text, image.Rect(x0, y, x0+int(85*pxmm), y+int(2.5*pxmm)), image.Black, image.Point{}, draw.Src)
		}
	}
	if g := blocksGrid(text, text.Bounds(), 150); g != nil {
		t.Errorf("a page of text read as a %dx%d lattice of blocks", g.rows, g.cols)
	}
	// One picture and its caption.
	one := image.NewNRGBA(img.Bounds())
	draw.Draw(one, one.Bounds(), image.White, image.Point{}, draw.Src)
	draw.Draw(one, image.Rect(int(30*pxmm), int(40*pxmm), int(180*pxmm), int(200*pxmm)), image.Black, image.Point{}, draw.Src)
	draw.Draw(one, image.Rect(int(60*pxmm), int(210*pxmm), int(150*pxmm), int(215*pxmm)), image.Black, image.Point{}, draw.Src)
	if g := blocksGrid(one, one.Bounds(), 150); g != nil {
		t.Errorf("a picture and its caption read as a %dx%d lattice of blocks", g.rows, g.cols)
	}
}
