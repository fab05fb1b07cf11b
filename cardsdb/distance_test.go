package cardsdb

import (
	"math/rand/v2"
	"testing"
)

// fullDistance is the optimal-string-alignment distance computed over the
// whole table, the reference for the banded distance.
func fullDistance(a, b []rune) int {
	d := make([][]int, len(a)+1)
	for i := range d {
		d[i] = make([]int, len(b)+1)
		d[i][0] = i
	}
	for j := range d[0] {
		d[0][j] = j
	}
	for i := 1; i <= len(a); i++ {
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			d[i][j] = min(d[i-1][j]+1, d[i][j-1]+1, d[i-1][j-1]+cost)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				d[i][j] = min(d[i][j], d[i-2][j-2]+1)
			}
		}
	}
	return d[len(a)][len(b)]
}

// TestDistanceBanded checks the banded distance against the full table on
// random words over a small alphabet (so that they are often close): equal
// when within the limit, limit+1 otherwise.
func TestDistanceBanded(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	word := func() []rune {
		w := make([]rune, r.IntN(12))
		for i := range w {
			w[i] = rune('a' + r.IntN(3))
		}
		return w
	}
	for range 20000 {
		a, b := word(), word()
		for limit := 1; limit <= 4; limit++ {
			want := min(fullDistance(a, b), limit+1)
			if got := distance(a, b, limit); got != want {
				t.Fatalf("distance(%q, %q, %d) = %d, want %d", string(a), string(b), limit, got, want)
			}
		}
	}
}
