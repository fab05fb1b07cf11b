package pnp

import (
	"image"
	"image/color"
	"image/draw"
	"math"
	"testing"

	"github.com/disintegration/imaging"
)

// suitFace draws a 63×88 mm text card at dpi as a pdfTeX deck of three
// suits draws it: a thin frame, the number and the same lines of text on
// every card, and the suit's small symbol (4 mm, in the suit's colour)
// under the number and in the opposite corner. dx and dy (mm) move the
// whole card, as a second cut of it from another page lies a little off.
func suitFace(dpi int, shape string, ink color.NRGBA, dx, dy float64) image.Image {
	pxmm := float64(dpi) / 25.4
	w, h := int(math.Round(63*pxmm)), int(math.Round(88*pxmm))
	img := image.NewNRGBA(image.Rect(0, 0, w, h))
	draw.Draw(img, img.Bounds(), image.White, image.Point{}, draw.Src)
	px := func(v float64) int { return int(math.Round(v * pxmm)) }
	box := func(x, y, bw, bh float64, c color.Color) {
		r := image.Rect(px(x+dx), px(y+dy), px(x+dx+bw), px(y+dy+bh))
		draw.Draw(img, r, image.NewUniform(c), image.Point{}, draw.Src)
	}
	// The frame, 3 mm in, and the number "7" as two strokes.
	box(3, 3, 57, 0.4, color.Black)
	box(3, 84.6, 57, 0.4, color.Black)
	box(3, 3, 0.4, 82, color.Black)
	box(59.6, 3, 0.4, 82, color.Black)
	box(6, 6, 5, 1, color.Black)
	box(10, 6, 1, 7, color.Black)
	// Six lines of words, the same on every card.
	for l := 0; l < 6; l++ {
		x := 8.0
		for k := 0; ; k++ {
			wl := 2 + float64((l*3+k*5)%5)
			if x+wl > 55 {
				break
			}
			box(x, 36+float64(l)*5, wl, 2.2, color.Black)
			x += wl + 1.2
		}
	}
	symbol := func(x0, y0 float64) {
		const s = 4.0
		for y := px(y0 + dy); y < px(y0+dy+s); y++ {
			for x := px(x0 + dx); x < px(x0+dx+s); x++ {
				u := (float64(x)+0.5)/pxmm - x0 - dx // 0..s
				v := (float64(y)+0.5)/pxmm - y0 - dy
				in := false
				switch shape {
				case "square":
					in = true
				case "circle":
					in = math.Hypot(u-s/2, v-s/2) <= s/2
				case "triangle":
					in = math.Abs(u-s/2) <= v/2
				}
				if in && image.Pt(x, y).In(img.Bounds()) {
					img.SetNRGBA(x, y, ink)
				}
			}
		}
	}
	symbol(6, 15)
	symbol(53, 69)
	return img
}

// TestSameFaceSuits: cards that share their text and differ only by the
// suit's colour or its small symbol (square, triangle, circle) are
// different cards; the same card cut twice, a fraction of a millimetre
// apart or at another resolution, is one.
func TestSameFaceSuits(t *testing.T) {
	t.Parallel()
	red := color.NRGBA{220, 30, 30, 255}
	green := color.NRGBA{30, 140, 50, 255} // about as grey as the red
	blue := color.NRGBA{30, 60, 200, 255}
	black := color.NRGBA{0, 0, 0, 255}
	face := func(img image.Image) Face { return Face{Image: img, Hash: Hash(img)} }
	type variant struct {
		shape string
		ink   color.NRGBA
	}
	variants := map[string]variant{
		"red square": {"square", red}, "green square": {"square", green}, "blue square": {"square", blue},
		"black square": {"square", black}, "black triangle": {"triangle", black}, "black circle": {"circle", black},
		"red circle": {"circle", red}, "green triangle": {"triangle", green},
	}
	for an, a := range variants {
		for bn, b := range variants {
			if an >= bn {
				continue
			}
			fa, fb := face(suitFace(200, a.shape, a.ink, 0, 0)), face(suitFace(200, b.shape, b.ink, 0.2, 0.1))
			if SameFace(fa, fb) {
				t.Errorf("%s and %s: taken for one card", an, bn)
			}
		}
	}
	for name, v := range variants {
		a := face(suitFace(200, v.shape, v.ink, 0, 0))
		for _, cut := range []struct {
			dpi    int
			dx, dy float64
		}{{200, 0.3, -0.2}, {150, -0.5, 0.4}, {300, 0.8, 0.8}} {
			img := suitFace(cut.dpi, v.shape, v.ink, cut.dx, cut.dy)
			img = imaging.Resize(img, a.Image.Bounds().Dx(), a.Image.Bounds().Dy(), imaging.CatmullRom)
			if !SameFace(a, face(img)) {
				t.Errorf("%s cut again at %d DPI, %.1f,%.1f mm off: taken for two cards", name, cut.dpi, cut.dx, cut.dy)
			}
		}
	}
}
