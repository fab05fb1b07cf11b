package pnp

import (
	"image"
	"math/bits"

	"github.com/disintegration/imaging"
)

// Hash returns a 64-bit perceptual hash of img (a difference hash): the
// image less a border of hashBorder of its width and height each side is
// shrunk to 9×8 grey pixels and bit i is set when pixel i of a row is
// brighter than its right neighbour. Faces that look alike (the same art
// cut twice, or saved at two resolutions) have hashes a few bits apart; see
// HashDistance. The border is left out because a cut's edge differs from
// one copy to the next: a rule drawn between two cards, or a sliver of
// the next card, lies on one side of one copy and not of the other, and
// on a text card that is mostly paper it would change a column of bits.
func Hash(img image.Image) uint64 {
	b := img.Bounds()
	bx, by := int(float64(b.Dx())*hashBorder), int(float64(b.Dy())*hashBorder)
	if in := b.Inset(max(bx, by)); bx > 0 && by > 0 && in.Dx() >= 9 && in.Dy() >= 8 {
		img = subImage(img, image.Rect(b.Min.X+bx, b.Min.Y+by, b.Max.X-bx, b.Max.Y-by))
	}
	small := imaging.Resize(img, 9, 8, imaging.Box)
	var h uint64
	bit := 0
	for y := 0; y < 8; y++ {
		for x := 0; x < 8; x++ {
			if grey(small, x, y) > grey(small, x+1, y)+hashMargin {
				h |= 1 << bit
			}
			bit++
		}
	}
	return h
}

func grey(m *image.NRGBA, x, y int) int {
	i := m.PixOffset(x, y)
	p := m.Pix[i : i+3 : i+3]
	return 299*int(p[0]) + 587*int(p[1]) + 114*int(p[2])
}

// HashDistance returns the number of bits two hashes differ in: 0 for the
// same picture, a few for the same picture cut or compressed differently,
// about 32 for unrelated pictures.
func HashDistance(a, b uint64) int { return bits.OnesCount64(a ^ b) }

// hashBorder is the share of a face's width and height left out each side
// by Hash: 4%, about 2.5 by 3.5 mm on a poker card.
const hashBorder = 0.04

// hashMargin is how much brighter (in thousandths of a grey level) a
// pixel must be than its neighbour to set its bit.
const hashMargin = 3000

// SameHash is the largest HashDistance at which two faces count as the
// same picture (a shared back, say).
const SameHash = 6
