package pnp

import (
	"image"
	"math/bits"

	"github.com/disintegration/imaging"
)

// Hash returns a 64-bit perceptual hash of img (a difference hash): the
// image is shrunk to 9×8 grey pixels and bit i is set when pixel i of a row
// is brighter than its right neighbour. Faces that look alike (the same art
// cut twice, or saved at two resolutions) have hashes a few bits apart; see
// HashDistance.
func Hash(img image.Image) uint64 {
	small := imaging.Resize(img, 9, 8, imaging.Box)
	var h uint64
	bit := 0
	for y := 0; y < 8; y++ {
		for x := 0; x < 8; x++ {
			if grey(small, x, y) > grey(small, x+1, y) {
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

// SameHash is the largest HashDistance at which two faces count as the
// same picture (a shared back, say).
const SameHash = 6
