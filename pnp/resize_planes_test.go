package pnp

import (
	"image"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/disintegration/imaging"
)

// randomFace is a compacted w×h face of random levels; grey leaves
// every Cb and Cr at 128. Smooth ones are blocks of one colour, as
// printed faces mostly are.
func randomFace(r *rand.Rand, w, h int, grey, smooth bool) *image.YCbCr {
	m := image.NewNRGBA(image.Rect(0, 0, w, h))
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			v := uint8(r.IntN(256))
			c := [3]uint8{v, v, v}
			if !grey {
				c = [3]uint8{uint8(r.IntN(256)), uint8(r.IntN(256)), uint8(r.IntN(256))}
			}
			if smooth && (x%7 != 0 || y%5 != 0) {
				o := m.PixOffset(x-x%7, y-y%5)
				c = [3]uint8{m.Pix[o], m.Pix[o+1], m.Pix[o+2]}
			}
			o := m.PixOffset(x, y)
			m.Pix[o], m.Pix[o+1], m.Pix[o+2], m.Pix[o+3] = c[0], c[1], c[2], 255
		}
	}
	return compact(m)
}

// TestResizePlanes holds resizePlanes to imaging.Resize, level for level,
// on grey and colour pictures shrunk, enlarged and kept, with Box and a
// filter of negative weights.
func TestResizePlanes(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	sizes := [][4]int{{1, 1, 1, 1}, {5, 3, 5, 3}, {7, 9, 3, 9}, {7, 9, 7, 4}, {13, 17, 40, 29}, {372, 520, 286, 400}, {520, 372, 400, 286}, {90, 60, 401, 267}, {33, 44, 32, 45}}
	for _, sz := range sizes {
		for _, filter := range []imaging.ResampleFilter{imaging.Box, imaging.CatmullRom} {
			for _, grey := range []bool{true, false} {
				img := randomFace(r, sz[0], sz[1], grey, false)
				want := imaging.Resize(img, sz[2], sz[3], filter)
				rgb, isGrey, ok := ycbcrPlanes(img, true)
				if !ok || isGrey != grey {
					t.Fatalf("%v grey %v: ycbcrPlanes ok %v grey %v", sz, grey, ok, isGrey)
				}
				if grey {
					rgb = [][]uint8{img.Y, img.Y, img.Y}
				}
				got := resizePlanes(rgb, sz[0], sz[1], sz[2], sz[3], filter)
				for i := 0; i < sz[2]*sz[3]; i++ {
					for c := 0; c < 3; c++ {
						if got[c][i] != want.Pix[4*i+c] {
							t.Fatalf("%v grey %v support %v: pixel %d channel %d is %d, imaging gives %d", sz, grey, filter.Support, i, c, got[c][i], want.Pix[4*i+c])
						}
					}
				}
			}
		}
	}
}

// TestFineFromYCbCr holds the fine image of a compacted face read by
// resizePlanes to the one read by imaging, on grey and colour faces.
func TestFineFromYCbCr(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for _, sz := range [][2]int{{372, 520}, {520, 372}, {90, 126}, {745, 1040}, {400, 280}} {
		for _, grey := range []bool{true, false} {
			for _, smooth := range []bool{true, false} {
				img := randomFace(r, sz[0], sz[1], grey, smooth)
				w, h := fineSize(sz[0], sz[1])
				fast := &fineFace{w: w, h: h}
				var fh, sh [256]int
				if !fast.fromYCbCr(img, &fh) {
					t.Fatalf("%v: fromYCbCr refused a compacted face", sz)
				}
				slow := &fineFace{w: w, h: h}
				slow.fromImage(img, &sh)
				if fast.grey != grey || fh != sh || !slices.Equal(fast.pix, slow.pix) {
					t.Fatalf("%v grey %v: grey %v, levels alike %v, histograms alike %v", sz, grey, fast.grey, slices.Equal(fast.pix, slow.pix), fh == sh)
				}
				for c := range fast.rgb {
					if !slices.Equal(fast.rgb[c], slow.rgb[c]) {
						t.Fatalf("%v grey %v: colour %d differs", sz, grey, c)
					}
				}
				full := makeFine(img, w, h)
				for c := range full.rgb {
					lo, hi := neighbourhood(slow.rgb[c], w, h)
					if !slices.Equal(full.cLo[c], lo) || !slices.Equal(full.cHi[c], hi) {
						t.Fatalf("%v grey %v: colour %d's neighbourhood differs", sz, grey, c)
					}
				}
			}
		}
	}
}

// mismatchAll is mismatch read over every pixel with differs, as it was
// before it stopped early and read two grey faces by their grey alone.
func mismatchAll(f, b *fineFace) int {
	dx, dy := align(f.cols, b.cols), align(f.rows, b.rows)
	mx, my := mismatchBorder(dx), mismatchBorder(dy)
	tw := (f.w + fineTile - 1) / fineTile
	tiles := make([]int, tw*((f.h+fineTile-1)/fineTile))
	for y := my; y < f.h-my; y++ {
		for x := mx; x < f.w-mx; x++ {
			if f.differs(b, y*f.w+x, (y+dy)*f.w+x+dx) {
				tiles[(y/fineTile)*tw+x/fineTile]++
			}
		}
	}
	return slices.Max(tiles)
}

// TestMismatchLimit holds mismatch to mismatchAll on grey, colour and
// mixed pairs of faces alike and not: the count itself under no limit,
// and over the limit exactly when the whole count is.
func TestMismatchLimit(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	var faces []*fineFace
	for i := 0; i < 6; i++ {
		img := randomFace(r, 160, 224, i%2 == 0, true)
		faces = append(faces, makeFine(img, 160, 224))
		// The same face a little changed: a few pixels repainted.
		n := image.NewNRGBA(img.Bounds())
		for y := 0; y < 224; y++ {
			for x := 0; x < 160; x++ {
				c := img.YCbCrAt(x, y)
				o := n.PixOffset(x, y)
				rr, gg, bb, _ := c.RGBA()
				n.Pix[o], n.Pix[o+1], n.Pix[o+2], n.Pix[o+3] = uint8(rr>>8), uint8(gg>>8), uint8(bb>>8), 255
				if r.IntN(40) == 0 {
					n.Pix[o] = 255 - n.Pix[o]
				}
			}
		}
		faces = append(faces, makeFine(compact(n), 160, 224))
	}
	kinds := map[bool]int{}
	for _, a := range faces {
		for _, b := range faces {
			want := mismatchAll(a, b)
			if got := a.mismatch(b, 1<<30); got != want {
				t.Fatalf("grey %v/%v: mismatch %d, want %d", a.grey, b.grey, got, want)
			}
			for _, limit := range []int{0, fineTileLimit, want - 1, want} {
				if got := a.mismatch(b, limit); (got > limit) != (want > limit) {
					t.Fatalf("grey %v/%v limit %d: mismatch %d, whole count %d", a.grey, b.grey, limit, got, want)
				}
			}
			kinds[want > fineTileLimit]++
		}
	}
	if kinds[true] == 0 || kinds[false] == 0 {
		t.Fatalf("pairs alike and not: %v, want both", kinds)
	}
}

// TestThumbYCbCr holds a compacted face's thumbnail to the one read
// through image.Image's At, as any other picture is.
func TestThumbYCbCr(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	for _, grey := range []bool{true, false} {
		img := randomFace(r, 301, 417, grey, false)
		hidden := struct{ image.Image }{img}
		if a, b := makeThumb(img), makeThumb(hidden); *a != *b {
			t.Fatalf("grey %v: thumbnails differ", grey)
		}
	}
}
