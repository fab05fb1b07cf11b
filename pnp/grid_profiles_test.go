package pnp

import (
	"image"
	"math/rand/v2"
	"slices"
	"testing"
)

// toGreyEach is toGrey pixel by pixel, as it was before its rows were
// read at once.
func toGreyEach(img *image.NRGBA, r image.Rectangle, k int) []uint8 {
	r = r.Intersect(img.Bounds())
	w, h := r.Dx()/k, r.Dy()/k
	pix := make([]uint8, w*h)
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			s := 0
			for dy := 0; dy < k; dy++ {
				for dx := 0; dx < k; dx++ {
					q := img.Pix[img.PixOffset(r.Min.X+x*k+dx, r.Min.Y+y*k+dy):]
					s += 299*int(q[0]) + 587*int(q[1]) + 114*int(q[2])
				}
			}
			pix[y*w+x] = uint8(s / (1000 * k * k))
		}
	}
	return pix
}

// TestToGrey holds toGrey to toGreyEach on random pages, whole and in
// part, at block sizes 1 to 4.
func TestToGrey(t *testing.T) {
	rnd := rand.New(rand.NewPCG(11, 12))
	img := image.NewNRGBA(image.Rect(0, 0, 97, 61))
	for i := range img.Pix {
		img.Pix[i] = uint8(rnd.IntN(256))
	}
	for _, r := range []image.Rectangle{img.Bounds(), image.Rect(5, 3, 90, 58), image.Rect(40, 20, 200, 200), image.Rect(3, 3, 4, 4)} {
		for k := 1; k <= 4; k++ {
			g := toGrey(img, r, k)
			if want := toGreyEach(img, r, k); !slices.Equal(g.pix, want) || g.scale != k {
				t.Fatalf("%v k %d: toGrey differs from pixel by pixel", r, k)
			}
		}
	}
}
