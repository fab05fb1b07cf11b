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

// stripFace is a 63.5×22 mm text strip at 300 DPI (750×260 pixels), a
// frame around it, its title in black 1.5 mm below the top edge and its
// rules text below, shifted by dx, dy pixels: a King of Tokyo card cut
// from a ruled sheet of them.
func stripFace(title, text string, dx, dy int) Face {
	const w, h = 750, 260
	small := image.NewNRGBA(image.Rect(0, 0, w/3, h/3))
	draw.Draw(small, small.Bounds(), image.White, image.Point{}, draw.Src)
	for x := 0; x < w/3; x++ {
		small.Set(x, 0, color.Black)
		small.Set(x, h/3-1, color.Black)
	}
	for y := 0; y < h/3; y++ {
		small.Set(0, y, color.Black)
		small.Set(w/3-1, y, color.Black)
	}
	d := font.Drawer{Dst: small, Src: image.Black, Face: basicfont.Face7x13, Dot: fixed.P(3+dx/3, 12+dy/3)}
	d.DrawString(title)
	d.Dot = fixed.P(60+dx/3, 30+dy/3)
	d.DrawString(text)
	img := imaging.Resize(small, w, h, imaging.Linear)
	return Face{Image: img, Hash: Hash(img)}
}

// TestStripTitlesCompare compares strips 22 mm tall whose titles differ
// and whose rules text is the same: the title lies within 3 mm of the
// top edge, in the border that a fixed 20-pixel margin left out, so
// "Commuter Train" and "Corner Store" compared alike. Copies cut a pixel
// or two apart still compare alike.
func TestStripTitlesCompare(t *testing.T) {
	t.Parallel()
	train := stripFace("Commuter Train", "+2 points", 0, 0)
	again := stripFace("Commuter Train", "+2 points", 3, 3)
	store := stripFace("Corner Store", "+2 points", 0, 0)
	if !SameFace(train, again) {
		t.Error("two copies of one strip, 3 pixels apart, compare unlike")
	}
	if SameFace(train, store) {
		t.Error("two strips with other titles compare alike")
	}
}
