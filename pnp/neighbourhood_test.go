package pnp

import (
	"math/rand/v2"
	"testing"
)

// TestNeighbourhood holds the separable 3×3 least and greatest to the
// window read at once, on every small size and on random levels.
func TestNeighbourhood(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for w := 0; w <= 6; w++ {
		for h := 0; h <= 6; h++ {
			pix := make([]uint8, w*h)
			for i := range pix {
				pix[i] = uint8(r.IntN(256))
			}
			lo, hi := neighbourhood(pix, w, h)
			for y := 0; y < h; y++ {
				for x := 0; x < w; x++ {
					mn, mx := uint8(255), uint8(0)
					for yy := max(0, y-1); yy <= min(h-1, y+1); yy++ {
						for xx := max(0, x-1); xx <= min(w-1, x+1); xx++ {
							mn, mx = min(mn, pix[yy*w+xx]), max(mx, pix[yy*w+xx])
						}
					}
					if lo[y*w+x] != mn || hi[y*w+x] != mx {
						t.Fatalf("%dx%d at (%d,%d): %d..%d, want %d..%d", w, h, x, y, lo[y*w+x], hi[y*w+x], mn, mx)
					}
				}
			}
		}
	}
}
