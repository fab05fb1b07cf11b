package pnp

import (
	"image"
	"image/color"
	"image/draw"
	"testing"
)

// TestMirroredAlike: backs that show their own card again (with a word
// changed) at the mirrored places are backs; another page of fronts, or
// the same cards at the same places, is not; a grid of one column, which
// mirroring leaves where it was, proves nothing.
func TestMirroredAlike(t *testing.T) {
	const w, h = 63.0, 88.0
	page := 2*w + 20
	sheet := func(cols, rows int, art func(i int) *image.NRGBA, mirrored bool) []cut {
		var cuts []cut
		for r := 0; r < rows; r++ {
			for c := 0; c < cols; c++ {
				i := r*cols + c
				x := 10 + float64(c)*w
				if mirrored {
					x = page - x - w
				}
				cuts = append(cuts, cut{face: Face{Image: art(i)}, box: Rect{X: x, Y: 10 + float64(r)*h, W: w, H: h}})
			}
		}
		return cuts
	}
	front := func(i int) *image.NRGBA { return testArt(i, 126, 176) }
	verso := func(i int) *image.NRGBA {
		img := testArt(i, 126, 176)
		draw.Draw(img, image.Rect(40, 130, 80, 136), image.NewUniform(color.Gray{Y: 90}), image.Point{}, draw.Src) // "Verso"
		return img
	}
	other := func(i int) *image.NRGBA { return testArt(100+7*i, 126, 176) }
	mirror := func(r Rect) (float64, float64) { return page - r.cx(), r.cy() }
	for _, tc := range []struct {
		name          string
		fronts, backs []cut
		want          bool
	}{
		{"backs showing their cards, mirrored", sheet(2, 2, front, false), sheet(2, 2, verso, true), true},
		{"another page of fronts", sheet(2, 2, front, false), sheet(2, 2, other, true), false},
		{"the same cards at the same places", sheet(2, 2, front, false), sheet(2, 2, verso, false), false},
		{"one column", sheet(1, 4, front, false), sheet(1, 4, verso, false), false},
	} {
		if got := mirroredAlike(tc.fronts, tc.backs, mirror, w); got != tc.want {
			t.Errorf("%s: mirroredAlike %v, want %v", tc.name, got, tc.want)
		}
	}
}
