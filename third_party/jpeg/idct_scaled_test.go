// Copyright 2026 The deckwright Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package jpeg

import (
	"math/rand/v2"
	"testing"
)

// idctScaledRef is idctScaled as a plain matrix product with
// idctScaledTab.
func idctScaledRef(b *block, n int) {
	if n == 1 {
		b[0] = clampIDCT((int64(b[0]) + 4) >> 3)
		return
	}
	tab := &idctScaledTab[n]
	var tmp [4][4]int64
	for v := range n {
		for x := range n {
			for u := range n {
				tmp[v][x] += tab[x][u] * int64(b[8*v+u])
			}
		}
	}
	for y := range n {
		for x := range n {
			var s int64
			for v := range n {
				s += tab[y][v] * tmp[v][x]
			}
			b[8*y+x] = clampIDCT((s + idctScaledRound) >> (2 * idctScaledBits))
		}
	}
}

func TestIDCTScaled(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for i := range 10000 {
		var b block
		spread := []int32{4, 64, 1024, 1 << 20}[i%4]
		for k := range b {
			b[k] = rng.Int32N(2*spread+1) - spread
		}
		for _, n := range []int{1, 2, 4} {
			got, want := b, b
			idctScaled(&got, n)
			idctScaledRef(&want, n)
			for y := range n {
				for x := range n {
					if got[8*y+x] != want[8*y+x] {
						t.Fatalf("n=%d block %v: sample (%d,%d) = %d, want %d", n, b, x, y, got[8*y+x], want[8*y+x])
					}
				}
			}
		}
	}
	// A DC-only block gives its mean, DC/8, at every scale.
	for _, n := range []int{1, 2, 4} {
		var b block
		b[0] = 800
		idctScaled(&b, n)
		for y := range n {
			for x := range n {
				if b[8*y+x] != 100 {
					t.Errorf("n=%d: DC 800 gives %d at (%d,%d), want 100", n, b[8*y+x], x, y)
				}
			}
		}
	}
}
