// Copyright 2026 The deckwright Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package jpeg

import (
	"bytes"
	"image"
	"image/color"
	stdjpeg "image/jpeg"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"
)

// sameAsStd checks that Decode gives what image/jpeg gives for data: the
// same error, or the same pixels.
func sameAsStd(t *testing.T, name string, data []byte) {
	t.Helper()
	want, wantErr := stdjpeg.Decode(bytes.NewReader(data))
	got, gotErr := Decode(bytes.NewReader(data))
	if gotErr == ErrTooManyScans {
		return // image/jpeg has no limit
	}
	if (wantErr == nil) != (gotErr == nil) || (wantErr != nil && wantErr.Error() != gotErr.Error()) {
		t.Fatalf("%s: error %v, image/jpeg says %v", name, gotErr, wantErr)
	}
	if wantErr != nil {
		return
	}
	if !samePixels(want, got) {
		t.Fatalf("%s: pixels differ from image/jpeg's", name)
	}
}

func samePixels(a, b image.Image) bool {
	if a.Bounds() != b.Bounds() {
		return false
	}
	switch a := a.(type) {
	case *image.YCbCr:
		b, ok := b.(*image.YCbCr)
		return ok && a.SubsampleRatio == b.SubsampleRatio && bytes.Equal(a.Y, b.Y) && bytes.Equal(a.Cb, b.Cb) && bytes.Equal(a.Cr, b.Cr)
	case *image.Gray:
		b, ok := b.(*image.Gray)
		return ok && bytes.Equal(a.Pix, b.Pix)
	case *image.CMYK:
		b, ok := b.(*image.CMYK)
		return ok && bytes.Equal(a.Pix, b.Pix)
	case *image.RGBA:
		b, ok := b.(*image.RGBA)
		return ok && bytes.Equal(a.Pix, b.Pix)
	}
	return false
}

// sameCorpus is Go's test images and images encoded by image/jpeg at
// several qualities (100 gives long codes and big values, which exercise
// the table's fallbacks), in colour and grey, with sizes that are not whole
// blocks.
func sameCorpus(t testing.TB) map[string][]byte {
	files, err := filepath.Glob("testdata/*.jpeg")
	if err != nil || len(files) == 0 {
		t.Fatal("no test files", err)
	}
	c := map[string][]byte{}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		c[filepath.Base(f)] = data
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for _, q := range []int{20, 75, 95, 100} {
		for _, gray := range []bool{false, true} {
			w, h := 203, 157
			var m image.Image
			rgba := image.NewRGBA(image.Rect(0, 0, w, h))
			for y := range h {
				for x := range w {
					// Smooth gradients, hard edges and noise.
					n := uint8(rng.IntN(64))
					v := uint8(x*255/w) ^ uint8((y/9)*40) + n
					rgba.SetRGBA(x, y, color.RGBA{v, uint8(y * 255 / h), n * 4, 255})
				}
			}
			m = rgba
			if gray {
				g := image.NewGray(rgba.Rect)
				for y := range h {
					for x := range w {
						g.Set(x, y, rgba.At(x, y))
					}
				}
				m = g
			}
			var buf bytes.Buffer
			if err := stdjpeg.Encode(&buf, m, &stdjpeg.Options{Quality: q}); err != nil {
				t.Fatal(err)
			}
			name := "encoded-q" + string(rune('0'+q/10)) + string(rune('0'+q%10))
			if gray {
				name += "-gray"
			}
			c[name] = buf.Bytes()
		}
	}
	return c
}

// TestDecodeSameAsStd checks the fast path of sequential scans
// (huffman_fast.go) against image/jpeg: the same pixels for every test
// image, and the same error or pixels for 300 damaged copies of each (bytes
// changed, inserted markers, cut short), since the fast path must decode
// exactly what upstream decodes, on any input.
func TestDecodeSameAsStd(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for name, data := range sameCorpus(t) {
		sameAsStd(t, name, data)
		for k := range 300 {
			bad := bytes.Clone(data)
			// Damage the second half, where the scan data is.
			at := len(bad)/2 + rng.IntN(len(bad)/2)
			switch k % 4 {
			case 0:
				bad[at] = byte(rng.Uint32())
			case 1:
				bad[at] = 0xff
			case 2:
				bad[at], bad[min(at+1, len(bad)-1)] = 0xff, 0xd0+byte(rng.IntN(8))
			case 3:
				bad = bad[:at]
			}
			sameAsStd(t, name+"-damaged", bad)
		}
	}
}
