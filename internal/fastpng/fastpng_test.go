package fastpng_test

import (
	"bytes"
	"encoding/binary"
	"errors"
	"image"
	"image/color"
	"image/png"
	"math/rand/v2"
	"testing"

	"github.com/deckwright/deckwright/internal/fastpng"
)

// noisy is an image of w×h pixels of random colours, opaque or with
// random alpha, at an offset and with a stride wider than its rows, as a
// sub-image has.
func noisy(w, h int, opaque bool, seed uint64) *image.NRGBA {
	r := rand.New(rand.NewPCG(seed, 1))
	big := image.NewNRGBA(image.Rect(-3, 5, w+4, h+9))
	for i := range big.Pix {
		big.Pix[i] = uint8(r.IntN(256))
		if opaque && i%4 == 3 {
			big.Pix[i] = 255
		}
	}
	return big.SubImage(image.Rect(-1, 7, w-1, h+7)).(*image.NRGBA)
}

// TestRoundTrip decodes what Encode wrote with image/png and finds every
// pixel as it was, for opaque images (written without alpha) and not.
func TestRoundTrip(t *testing.T) {
	for _, tc := range []struct {
		name   string
		w, h   int
		opaque bool
		ct     byte // the PNG colour type wanted
	}{
		{"1x1 opaque", 1, 1, true, 2},
		{"1x1 alpha", 1, 1, false, 6},
		{"card opaque", 744, 1039, true, 2},
		{"odd alpha", 97, 301, false, 6},
		{"wide", 40000, 2, true, 2}, // rows longer than an IDAT chunk
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := noisy(tc.w, tc.h, tc.opaque, uint64(tc.w*tc.h))
			var buf bytes.Buffer
			if err := fastpng.Encode(&buf, m, 0); err != nil {
				t.Fatal(err)
			}
			data := buf.Bytes()
			if ct := data[8+4+4+9]; ct != tc.ct {
				t.Errorf("colour type %d, want %d", ct, tc.ct)
			}
			got, err := png.Decode(bytes.NewReader(data))
			if err != nil {
				t.Fatal(err)
			}
			if got.Bounds().Size() != m.Rect.Size() {
				t.Fatalf("size %v, want %v", got.Bounds().Size(), m.Rect.Size())
			}
			gb := got.Bounds()
			for y := 0; y < tc.h; y++ {
				for x := 0; x < tc.w; x++ {
					want := m.NRGBAAt(m.Rect.Min.X+x, m.Rect.Min.Y+y)
					g := color.NRGBAModel.Convert(got.At(gb.Min.X+x, gb.Min.Y+y)).(color.NRGBA)
					if g != want {
						t.Fatalf("pixel %d,%d = %v, want %v", x, y, g, want)
					}
				}
			}
		})
	}
}

// TestDPI finds the pHYs chunk right after IHDR, in pixels per metre.
func TestDPI(t *testing.T) {
	var buf bytes.Buffer
	if err := fastpng.Encode(&buf, noisy(3, 2, true, 1), 300); err != nil {
		t.Fatal(err)
	}
	data := buf.Bytes()
	at := 8 + 4 + 4 + 13 + 4
	if string(data[at+4:at+8]) != "pHYs" || binary.BigEndian.Uint32(data[at:]) != 9 {
		t.Fatalf("no pHYs chunk after IHDR: % x", data[at:at+8])
	}
	if ppm := binary.BigEndian.Uint32(data[at+8:]); ppm != 11811 {
		t.Errorf("%d pixels per metre, want 11811 (300 DPI)", ppm)
	}
	if _, err := png.Decode(bytes.NewReader(data)); err != nil {
		t.Errorf("image/png cannot read it: %v", err)
	}
	buf.Reset()
	if err := fastpng.Encode(&buf, noisy(3, 2, true, 1), 0); err != nil {
		t.Fatal(err)
	}
	if bytes.Contains(buf.Bytes(), []byte("pHYs")) {
		t.Error("a pHYs chunk without a DPI")
	}
}

// TestErrors: an empty image and a failing writer give errors.
func TestErrors(t *testing.T) {
	if err := fastpng.Encode(&bytes.Buffer{}, image.NewNRGBA(image.Rect(0, 0, 0, 5)), 0); err == nil {
		t.Error("an image of no pixels encoded")
	}
	for _, n := range []int{0, 10, 40, 5000} {
		w := &failAfter{n: n}
		if err := fastpng.Encode(w, noisy(300, 300, false, 2), 300); !errors.Is(err, errFull) {
			t.Errorf("writer failing after %d bytes: err = %v, want errFull", n, err)
		}
	}
}

var errFull = errors.New("disk full")

type failAfter struct{ n int }

func (f *failAfter) Write(p []byte) (int, error) {
	if len(p) > f.n {
		return 0, errFull
	}
	f.n -= len(p)
	return len(p), nil
}

// TestFilters encodes images whose rows suit each filter (Sub: columns
// alike; Up: rows alike), so that both code paths and row widths that are
// not a multiple of eight bytes are read back.
func TestFilters(t *testing.T) {
	for _, w := range []int{1, 2, 3, 5, 8, 11, 64, 333} {
		for _, opaque := range []bool{false, true} {
			filters(t, w, opaque)
		}
	}
}

// filters encodes and reads back TestFilters' image of width w.
func filters(t *testing.T, w int, opaque bool) {
	t.Helper()
	m := image.NewNRGBA(image.Rect(0, 0, w, 6))
	for y := 0; y < 6; y++ {
		for x := 0; x < w; x++ {
			c := color.NRGBA{uint8(x * 37), uint8(x*11 + 5), uint8(255 - x), 255} // rows alike
			if y >= 3 {
				c = color.NRGBA{uint8(y * 50), uint8(y*90 + x/9), uint8(y * 3), uint8(200 + y)} // columns alike
			}
			if opaque {
				c.A = 255
			}
			m.SetNRGBA(x, y, c)
		}
	}
	var buf bytes.Buffer
	if err := fastpng.Encode(&buf, m, 0); err != nil {
		t.Fatal(err)
	}
	got, err := png.Decode(&buf)
	if err != nil {
		t.Fatal(err)
	}
	for y := 0; y < 6; y++ {
		for x := 0; x < w; x++ {
			if g, want := color.NRGBAModel.Convert(got.At(x, y)), m.NRGBAAt(x, y); g != want {
				t.Fatalf("width %d, opaque %v: pixel %d,%d = %v, want %v", w, opaque, x, y, g, want)
			}
		}
	}
}
