package export

import (
	"image"
	"math"
)

// bleedPixels is how many pixels of an image of size px are bleed on each
// side, for a trimmed card of trimW×trimH mm with bleed mm around it.
func bleedPixels(px image.Point, trimW, trimH, bleed float64) (bx, by int) {
	bx = int(math.Round(float64(px.X) * bleed / (trimW + 2*bleed)))
	by = int(math.Round(float64(px.Y) * bleed / (trimH + 2*bleed)))
	return bx, by
}

// mirrorBleed fills the bleed of img, bx pixels on the left and right and
// by at the top and bottom, with the image inside it reflected across the
// trim line: art runs on into the bleed, corners included, rather than
// one pixel's colour repeated over a block. The bleed must be less than
// half the image.
func mirrorBleed(img *image.NRGBA, bx, by int) { fillBleed(img, bx, by, true) }

// clampBleed fills the bleed of img with the pixels on the trim line
// repeated outwards: the frame or background at a text proxy's edge runs
// on into the bleed, so a cut a little off shows no white sliver (a
// mirror would show the frame's inside again).
func clampBleed(img *image.NRGBA, bx, by int) { fillBleed(img, bx, by, false) }

// clampInset is how far inside the trim line clampBleed takes the colour
// it repeats: the pixels on the line itself are often a blend of the
// frame and the white around it (anti-aliasing).
const clampInset = 3

func fillBleed(img *image.NRGBA, bx, by int, mirror bool) {
	b := img.Bounds()
	w, h := b.Dx(), b.Dy()
	if bx <= 0 && by <= 0 || 2*bx >= w || 2*by >= h {
		return
	}
	// reflect maps a coordinate of the bleed to one inside the trim: the
	// pixel at the same distance on the other side of the trim line.
	reflect := func(v, lo, hi int) int {
		switch {
		case v < lo && mirror:
			return min(2*lo-1-v, hi-1)
		case v < lo:
			return min(lo+clampInset, hi-1)
		case v >= hi && mirror:
			return max(2*hi-1-v, lo)
		case v >= hi:
			return max(hi-1-clampInset, lo)
		}
		return v
	}
	at := func(x, y int) int { return (y-b.Min.Y)*img.Stride + (x-b.Min.X)*4 }
	for y := b.Min.Y; y < b.Max.Y; y++ {
		sy := b.Min.Y + reflect(y-b.Min.Y, by, h-by)
		inRow := y-b.Min.Y >= by && y-b.Min.Y < h-by
		for x := b.Min.X; x < b.Max.X; x++ {
			inCol := x-b.Min.X >= bx && x-b.Min.X < w-bx
			if inRow && inCol {
				x = b.Min.X + w - bx - 1 // skip to the right bleed
				continue
			}
			sx := b.Min.X + reflect(x-b.Min.X, bx, w-bx)
			copy(img.Pix[at(x, y):at(x, y)+4], img.Pix[at(sx, sy):at(sx, sy)+4])
		}
	}
}
