package pnp

import (
	"image"
	"image/color"
	"image/draw"
	"testing"

	"github.com/disintegration/imaging"
	"golang.org/x/image/font"
	"golang.org/x/image/font/basicfont"
	"golang.org/x/image/math/fixed"
)

// wordFace is a card of w×h pixels, white, with word in grey at (x, y),
// three times basicfont's size: a flash card's word, a little ink on a
// large card.
func wordFace(word string, w, h, x, y int, grey uint8) Face {
	small := image.NewNRGBA(image.Rect(0, 0, w/3, h/3))
	draw.Draw(small, small.Bounds(), image.White, image.Point{}, draw.Src)
	d := font.Drawer{Dst: small, Src: image.NewUniform(color.Gray{grey}), Face: basicfont.Face7x13, Dot: fixed.P(x/3, y/3)}
	d.DrawString(word)
	img := imaging.Resize(small, w, h, imaging.Linear)
	return Face{Image: img, Hash: Hash(img)}
}

// TestSparseWordsCompare compares flash cards that each hold one short
// word in grey on white (the Russian backs of russian-reactpdf): their
// ink is under 1% of the card, and two words once compared alike, as
// each face's darkest percent was paper. Copies a pixel apart are one
// face; two words are two.
func TestSparseWordsCompare(t *testing.T) {
	t.Parallel()
	const w, h = 702, 496
	door := wordFace("dver", w, h, 320, 250, 128)
	again := wordFace("dver", w, h, 321, 251, 128)
	other := wordFace("okno", w, h, 320, 250, 128)
	if !SameFace(door, again) {
		t.Error("two copies of one word, a pixel apart, compare unlike")
	}
	if SameFace(door, other) {
		t.Error("two words compare alike")
	}
}

// TestOneLetterIsPrint checks that a cell holding one small letter (an
// "i" alone on a 59×42 mm flash card) is printed, not an empty frame,
// while a cell of paper with a little grain is bare.
func TestOneLetterIsPrint(t *testing.T) {
	t.Parallel()
	pxmm := 150 / 25.4
	w, h := int(59.4*pxmm), int(42*pxmm)
	img := image.NewNRGBA(image.Rect(0, 0, w+40, h+40))
	draw.Draw(img, img.Bounds(), image.White, image.Point{}, draw.Src)
	cell := image.Rect(20, 20, 20+w, 20+h)
	for y := 0; y < img.Bounds().Dy(); y++ {
		for x := 0; x < img.Bounds().Dx(); x++ {
			if (x*7+y*13)%11 == 0 {
				img.SetNRGBA(x, y, color.NRGBA{250, 250, 250, 255}) // grain
			}
		}
	}
	if !blankInside(img, cell, pxmm) {
		t.Fatal("a cell of paper with grain is not blank")
	}
	// An "i": a stem 0.3 mm wide and 2.2 mm tall, and its dot.
	cx, cy := 20+w/2, 20+h/2
	draw.Draw(img, image.Rect(cx, cy-int(1.1*pxmm), cx+int(0.35*pxmm)+1, cy+int(1.1*pxmm)), image.Black, image.Point{}, draw.Src)
	draw.Draw(img, image.Rect(cx, cy-int(2*pxmm), cx+int(0.35*pxmm)+1, cy-int(1.5*pxmm)), image.Black, image.Point{}, draw.Src)
	if blankInside(img, cell, pxmm) {
		t.Error("a cell holding one letter is blank")
	}
}
