package art

import (
	"context"
	"os"
	"path/filepath"
	"testing"
	"testing/fstest"
)

// FuzzPrepareImages feeds arbitrary bytes as art: PrepareImages must never
// panic, and must give either an image whose size is what it says or an
// error.
func FuzzPrepareImages(f *testing.F) {
	for _, name := range []string{"quad.webp", "alpha.webp", "cmyk.jpg", "quad444.jpg", "quad422.jpg", "progressive.jpg"} {
		data, err := os.ReadFile(filepath.Join("testdata", "images", name))
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data, 0.0)
	}
	f.Add(artWithOrientation(f, artEncodeJPEG(f, artPaint(40, 56), 80), 8), 1.0)
	f.Add(artEncodePNG(f, artPaint(30, 20)), 3.0)
	f.Add(artGIF(f, artQuarters(20, 28)), 0.5)
	f.Add(artHugePNG(30000, 1), 0.0)
	f.Add(artJPEGHeader(0xc0, 8, 20, 28), 0.0)
	// Art of up to 100 megapixels is legitimate but takes seconds to
	// decode; fuzz smaller art to try more inputs.
	defer func(n int64) { artMaxPixels = n }(artMaxPixels)
	artMaxPixels = 1 << 20
	f.Fuzz(func(t *testing.T, data []byte, bleed float64) {
		if !(bleed >= 0 && bleed <= 10) { // a sane bleed keeps each run fast
			bleed = 3
		}
		fsys := fstest.MapFS{"art": {Data: data}}
		// A low resolution keeps each run fast.
		spec := ImageSpec{FS: fsys, Path: "art", TrimW: 63, TrimH: 88, Bleed: bleed, DPI: 30}
		res, errs := PrepareImages(context.Background(), []ImageSpec{spec}, PrepareOptions{Workers: 1})
		if (res[0] == nil) == (errs[0] == nil) {
			t.Fatalf("want a result or an error, got %v and %v", res[0], errs[0])
		}
		if res[0] != nil && !res[0].Passthrough {
			artDecodeResult(t, res[0])
		}
	})
}
