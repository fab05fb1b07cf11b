package pnp

import (
	"image"
	"math/rand/v2"
	"slices"
	"testing"
)

// compactEach is compact written pixel by pixel: each chroma sample the
// mean of the (up to) 2×2 pixels it covers.
func compactEach(m *image.NRGBA) *image.YCbCr {
	w, h := m.Bounds().Dx(), m.Bounds().Dy()
	out := image.NewYCbCr(image.Rect(0, 0, w, h), image.YCbCrSubsampleRatio420)
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			p := m.Pix[y*m.Stride+4*x:]
			r, g, b := int32(p[0]), int32(p[1]), int32(p[2])
			out.Y[y*out.YStride+x] = uint8((19595*r + 38470*g + 7471*b + 1<<15) >> 16)
		}
	}
	for cy := 0; cy < (h+1)/2; cy++ {
		for cx := 0; cx < (w+1)/2; cx++ {
			var r, g, b, n int32
			for y := 2 * cy; y < min(h, 2*cy+2); y++ {
				for x := 2 * cx; x < min(w, 2*cx+2); x++ {
					p := m.Pix[y*m.Stride+4*x:]
					r, g, b, n = r+int32(p[0]), g+int32(p[1]), b+int32(p[2]), n+1
				}
			}
			r, g, b = r/n, g/n, b/n
			out.Cb[cy*out.CStride+cx] = clamp8((-11056*r - 21712*g + 32768*b + 257<<15) >> 16)
			out.Cr[cy*out.CStride+cx] = clamp8((32768*r - 27440*g - 5328*b + 257<<15) >> 16)
		}
	}
	return out
}

// TestCompact holds compact to compactEach on random faces of even and
// odd sizes.
func TestCompact(t *testing.T) {
	rnd := rand.New(rand.NewPCG(3, 4))
	for _, sz := range [][2]int{{1, 1}, {2, 2}, {7, 5}, {8, 9}, {33, 64}, {64, 33}} {
		m := image.NewNRGBA(image.Rect(0, 0, sz[0], sz[1]))
		for i := range m.Pix {
			m.Pix[i] = uint8(rnd.IntN(256))
		}
		got, want := compact(m), compactEach(m)
		if !slices.Equal(got.Y, want.Y) || !slices.Equal(got.Cb, want.Cb) || !slices.Equal(got.Cr, want.Cr) {
			t.Errorf("%dx%d: compact differs from pixel by pixel", sz[0], sz[1])
		}
	}
}
