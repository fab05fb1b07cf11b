// Copyright 2026 The deckwright Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package jpeg

import "math"

// idctScaledBits is the fixed-point precision of the reduced inverse DCT's
// cosine table.
const idctScaledBits = 13

// idctScaledTab[n][x][u] is, in fixed point, the weight of the u-th
// coefficient in the x-th of n output samples of a reduced 1-D inverse DCT:
// ½·C(u)·cos((2x+1)uπ/2n), with C(0) = 1/√2 and C(u) = 1 otherwise. With
// the same ½·C(u) factors as the full 8-point IDCT of the JPEG standard,
// the n×n output samples have the mean of the 8×8 block (its DC over 8) and
// the low-frequency detail that survives the reduction.
var idctScaledTab = func() (t [9][8][8]int64) {
	for _, n := range []int{2, 4} {
		for x := range n {
			for u := range n {
				c := 0.5 * math.Cos(float64(2*x+1)*float64(u)*math.Pi/float64(2*n))
				if u == 0 {
					c /= math.Sqrt2
				} else {
					// The mean of the 8-point basis function over
					// the k = 8/n samples that output x stands for.
					k := float64(8 / n)
					a := float64(u) * math.Pi / 16
					c *= math.Sin(k*a) / (k * math.Sin(a))
				}
				t[n][x][u] = int64(math.Round(c * (1 << idctScaledBits)))
			}
		}
	}
	return t
}()

// scaledZigs[n] lists the zig-zag indexes of the n×n lowest-frequency
// coefficients, the only ones idctScaled reads.
var scaledZigs = func() (z [8][]int) {
	for _, n := range []int{1, 2, 4} {
		for zig, k := range unzig {
			if k%8 < n && k/8 < n {
				z[n] = append(z[n], zig)
			}
		}
	}
	return z
}()

// idctScaled performs a reduced n×n inverse DCT (n = 1, 2 or 4) on the
// n×n lowest-frequency coefficients of the dequantized block b, in natural
// order, and leaves the n×n samples (not level-shifted) at the top left of
// b, in rows of 8. The other coefficients are not read.
func idctScaled(b *block, n int) {
	if n == 1 {
		b[0] = clampIDCT((int64(b[0]) + 4) >> 3)
		return
	}
	tab := &idctScaledTab[n]
	var tmp [4][4]int64 // rows of coefficients transformed along x
	for v := range n {
		row := b[8*v : 8*v+n]
		for x := range n {
			var s int64
			for u, c := range row {
				s += tab[x][u] * int64(c)
			}
			tmp[v][x] = s
		}
	}
	const round = 1 << (2*idctScaledBits - 1)
	for y := range n {
		for x := range n {
			var s int64
			for v := range n {
				s += tab[y][v] * tmp[v][x]
			}
			b[8*y+x] = clampIDCT((s + round) >> (2 * idctScaledBits))
		}
	}
}

// clampIDCT keeps a sample of corrupt input within int32 before the level
// shift and clipping to [0, 255].
func clampIDCT(v int64) int32 {
	return int32(min(max(v, -1024), 1024))
}
