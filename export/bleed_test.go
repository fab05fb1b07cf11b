package export

import (
	"image"
	"image/color"
	"testing"
)

// TestMirrorBleed: the bleed shows the trimmed image reflected across the
// trim line, the corners included (issue 25 item 18: a text proxy's frame
// runs into the bleed; a back's corners are not one pixel's colour).
func TestMirrorBleed(t *testing.T) {
	const w, h, bx, by = 12, 14, 3, 2
	img := image.NewNRGBA(image.Rect(0, 0, w, h))
	// Inside the trim every pixel has its own colour; the bleed is white.
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			c := color.NRGBA{255, 255, 255, 255}
			if x >= bx && x < w-bx && y >= by && y < h-by {
				c = color.NRGBA{uint8(x), uint8(y), 7, 255}
			}
			img.SetNRGBA(x, y, c)
		}
	}
	mirrorBleed(img, bx, by)
	for _, tc := range []struct{ x, y, sx, sy int }{
		{2, 5, 3, 5},    // just outside the left trim line: the first column inside
		{0, 5, 5, 5},    // the outer edge: three columns in
		{11, 5, 6, 5},   // right edge
		{4, 0, 4, 3},    // top edge
		{4, 13, 4, 10},  // bottom edge
		{0, 0, 5, 3},    // top-left corner: reflected both ways
		{11, 13, 6, 10}, // bottom-right corner
		{5, 6, 5, 6},    // inside: unchanged
	} {
		want := color.NRGBA{uint8(tc.sx), uint8(tc.sy), 7, 255}
		if got := img.NRGBAAt(tc.x, tc.y); got != want {
			t.Errorf("pixel (%d,%d) = %v, want %v (the pixel at (%d,%d))", tc.x, tc.y, got, want, tc.sx, tc.sy)
		}
	}
	// Clamped, the bleed repeats the colour clampInset (3) pixels inside
	// the trim line.
	clampBleed(img, bx, by)
	for _, tc := range []struct{ x, y, sx, sy int }{
		{0, 5, 6, 5}, {11, 5, 5, 5}, {4, 0, 4, 5}, {4, 13, 4, 8}, {0, 0, 6, 5}, {11, 13, 5, 8},
	} {
		want := color.NRGBA{uint8(tc.sx), uint8(tc.sy), 7, 255}
		if got := img.NRGBAAt(tc.x, tc.y); got != want {
			t.Errorf("clamped: pixel (%d,%d) = %v, want %v", tc.x, tc.y, got, want)
		}
	}
	if bx, by := bleedPixels(image.Pt(822, 1122), 63.5, 88.9, MPCBleed); bx != 36 || by != 36 {
		t.Errorf("MPC bleed on 822x1122 = %d,%d px, want 36,36 (0.12 in at 300 DPI)", bx, by)
	}
}
