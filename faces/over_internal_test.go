package faces

import (
	"image"
	"math/rand/v2"
	"testing"
)

// overPixel is over for one pixel, as the formula reads: the reference
// the fast paths (runs of opaque pixels copied whole) must match.
func overPixel(d, s []byte, k uint32) {
	sa := uint32(s[3]) * k / 255
	if sa == 0 {
		return
	}
	if sa == 255 {
		d[0], d[1], d[2], d[3] = s[0], s[1], s[2], 255
		return
	}
	da := uint32(d[3])
	oa := sa*255 + da*(255-sa)
	for i := range 3 {
		sc, dc := uint32(s[i]), uint32(d[i])
		d[i] = uint8((sc*sa*255 + dc*da*(255-sa) + oa/2) / oa)
	}
	d[3] = uint8((oa + 127) / 255)
}

// TestOverMatchesFormula lays pictures with runs of opaque, clear and
// half-clear pixels over a busy background, at full and half opacity and
// at offsets that clip, and compares every pixel with overPixel.
func TestOverMatchesFormula(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for _, tc := range []struct {
		name  string
		alpha float64
		at    image.Point
	}{{"opaque", 1, image.Pt(3, 2)}, {"half", 0.5, image.Pt(0, 0)}, {"clipped", 1, image.Pt(-7, 9)}} {
		t.Run(tc.name, func(t *testing.T) {
			dst := image.NewNRGBA(image.Rect(0, 0, 40, 30))
			for i := range dst.Pix {
				dst.Pix[i] = uint8(r.IntN(256))
			}
			src := image.NewNRGBA(image.Rect(5, 5, 41, 30))
			for i := 0; i < len(src.Pix); i += 4 {
				src.Pix[i], src.Pix[i+1], src.Pix[i+2] = uint8(r.IntN(256)), uint8(r.IntN(256)), uint8(r.IntN(256))
				switch (i / 4 / 7) % 3 { // runs of seven pixels
				case 0:
					src.Pix[i+3] = 255
				case 1:
					src.Pix[i+3] = 0
				default:
					src.Pix[i+3] = uint8(r.IntN(256))
				}
			}
			want := image.NewNRGBA(dst.Rect)
			copy(want.Pix, dst.Pix)
			rect := image.Rectangle{Min: tc.at, Max: tc.at.Add(src.Rect.Size())}
			k := uint32(tc.alpha*255 + 0.5)
			for y := rect.Min.Y; y < rect.Max.Y; y++ {
				for x := rect.Min.X; x < rect.Max.X; x++ {
					if !image.Pt(x, y).In(want.Rect) {
						continue
					}
					si := src.PixOffset(src.Rect.Min.X+x-rect.Min.X, src.Rect.Min.Y+y-rect.Min.Y)
					di := want.PixOffset(x, y)
					overPixel(want.Pix[di:di+4], src.Pix[si:si+4], k)
				}
			}
			over(dst, rect, src, src.Rect.Min, tc.alpha)
			for i := range dst.Pix {
				if dst.Pix[i] != want.Pix[i] {
					p := i / 4
					t.Fatalf("pixel %d,%d byte %d = %d, want %d", p%40, p/40, i%4, dst.Pix[i], want.Pix[i])
				}
			}
		})
	}
}
