package jpegscans

import (
	"bytes"
	"image"
	"image/jpeg"
	"testing"
)

// TestProgressive checks that the files are valid: image/jpeg, which has
// no limit on scans, decodes them to mid grey of the asked size.
func TestProgressive(t *testing.T) {
	for _, n := range []int{1, 3} {
		data := Progressive(70, 41, n)
		img, err := jpeg.Decode(bytes.NewReader(data))
		if err != nil {
			t.Fatalf("%d scans: %v", n, err)
		}
		g, ok := img.(*image.Gray)
		if !ok || g.Rect != image.Rect(0, 0, 70, 41) {
			t.Fatalf("%d scans: %T %v, want a 70×41 grey image", n, img, img.Bounds())
		}
		for _, v := range g.Pix {
			if v != 128 {
				t.Fatalf("%d scans: a pixel of %d, want 128", n, v)
			}
		}
	}
}
