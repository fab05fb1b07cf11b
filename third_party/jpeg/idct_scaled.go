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
	switch n {
	case 1:
		b[0] = clampIDCT((int64(b[0]) + 4) >> 3)
	case 2:
		idct2(b)
	case 4:
		idct4(b)
	}
}

// The weights of the 2- and 4-point transforms, from idctScaledTab: kN0 for
// the DC, then the cosine terms the butterflies below need.
var (
	k20 = idctScaledTab[2][0][0]
	k21 = idctScaledTab[2][0][1] // ½·a(1)·cos(π/4); x = 1 takes its negative

	k40  = idctScaledTab[4][0][0]
	k42  = idctScaledTab[4][0][2] // ½·a(2)·cos(π/4)
	k41c = idctScaledTab[4][0][1] // ½·a(1)·cos(π/8)
	k41s = idctScaledTab[4][1][1] // ½·a(1)·cos(3π/8)
	k43c = idctScaledTab[4][0][3] // ½·a(3)·cos(3π/8)
	k43s = -idctScaledTab[4][1][3]
)

const idctScaledRound = 1 << (2*idctScaledBits - 1)

// idct2 is idctScaled for n = 2.
func idct2(b *block) {
	f00, f01, f10, f11 := int64(b[0]), int64(b[1]), int64(b[8]), int64(b[9])
	// Rows.
	r00, r01 := k20*f00+k21*f01, k20*f00-k21*f01
	r10, r11 := k20*f10+k21*f11, k20*f10-k21*f11
	// Columns.
	b[0] = clampIDCT((k20*r00 + k21*r10 + idctScaledRound) >> (2 * idctScaledBits))
	b[8] = clampIDCT((k20*r00 - k21*r10 + idctScaledRound) >> (2 * idctScaledBits))
	b[1] = clampIDCT((k20*r01 + k21*r11 + idctScaledRound) >> (2 * idctScaledBits))
	b[9] = clampIDCT((k20*r01 - k21*r11 + idctScaledRound) >> (2 * idctScaledBits))
}

// idct4pt is the 4-point reduced inverse DCT of f0..f3 (even part f0, f2,
// odd part f1, f3).
func idct4pt(f0, f1, f2, f3 int64) (o0, o1, o2, o3 int64) {
	e0, e1 := k40*f0+k42*f2, k40*f0-k42*f2
	d0 := k41c*f1 + k43c*f3
	d1 := k41s*f1 - k43s*f3
	return e0 + d0, e1 + d1, e1 - d1, e0 - d0
}

// idct4 is idctScaled for n = 4.
func idct4(b *block) {
	var t [16]int64
	for v := 0; v < 4; v++ {
		r := b[8*v : 8*v+4 : 8*v+4]
		t[4*v], t[4*v+1], t[4*v+2], t[4*v+3] = idct4pt(int64(r[0]), int64(r[1]), int64(r[2]), int64(r[3]))
	}
	for x := 0; x < 4; x++ {
		o0, o1, o2, o3 := idct4pt(t[x], t[4+x], t[8+x], t[12+x])
		b[x] = clampIDCT((o0 + idctScaledRound) >> (2 * idctScaledBits))
		b[8+x] = clampIDCT((o1 + idctScaledRound) >> (2 * idctScaledBits))
		b[16+x] = clampIDCT((o2 + idctScaledRound) >> (2 * idctScaledBits))
		b[24+x] = clampIDCT((o3 + idctScaledRound) >> (2 * idctScaledBits))
	}
}

// clampIDCT keeps a sample of corrupt input within int32 before the level
// shift and clipping to [0, 255].
func clampIDCT(v int64) int32 {
	return int32(min(max(v, -1024), 1024))
}
