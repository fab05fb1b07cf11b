package deckstats

import (
	"math/big"
	"testing"
)

// TestAtLeast checks the hypergeometric odds against values worked out by
// hand as exact fractions.
func TestAtLeast(t *testing.T) {
	tests := []struct {
		name       string
		N, K, n, k int
		want       string
	}{
		// One ace among 4 in a 52-card deck, in one card: 4/52.
		{"one card", 52, 4, 1, 1, "1/13"},
		// At least one ace in 5 cards: 1 - C(48,5)/C(52,5) = 1 - 1712304/2598960 = 886656/2598960.
		{"an ace in a poker hand", 52, 4, 5, 1, "18472/54145"},
		// Two aces or more in 5 cards: (6·C(48,3) + 4·C(48,2) + 1·48)/C(52,5)
		// = (103776 + 4512 + 48)/2598960 = 108336/2598960.
		{"two aces in a poker hand", 52, 4, 5, 2, "2257/54145"},
		// A 3-of in a 7-card hand from 60: 1 - C(57,7)/C(60,7)
		// = 1 - 264385836/386206920 = 121821084/386206920.
		{"a 3-of in 7 of 60", 60, 3, 7, 1, "5397/17110"},
		// A 1-of in 2 of 40: 2/40.
		{"a 1-of in 2 of 40", 40, 1, 2, 1, "1/20"},
		// A 3-of in 2 of 40: 1 - C(37,2)/C(40,2) = 1 - 666/780 = 114/780.
		{"a 3-of in 2 of 40", 40, 3, 2, 1, "19/130"},
		// The whole deck drawn: certain; more than the deck: still certain.
		{"whole deck", 40, 3, 40, 3, "1"},
		{"more than the deck", 40, 3, 45, 3, "1"},
		// Impossible: more than the copies, more than the cards drawn.
		{"more than the copies", 40, 3, 10, 4, "0"},
		{"more than drawn", 40, 3, 1, 2, "0"},
		{"none wanted", 40, 0, 10, 1, "0"},
		{"at least zero", 40, 3, 0, 0, "1"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			want, ok := new(big.Rat).SetString(tc.want)
			if !ok {
				t.Fatalf("bad fraction %q", tc.want)
			}
			if got := AtLeast(tc.N, tc.K, tc.n, tc.k); got.Cmp(want) != 0 {
				t.Errorf("AtLeast(%d, %d, %d, %d) = %s, want %s", tc.N, tc.K, tc.n, tc.k, got.RatString(), want.RatString())
			}
		})
	}
}

// TestExactlySumsToOne: the chances of 0..K sum to 1 for every hand size.
func TestExactlySumsToOne(t *testing.T) {
	for n := 0; n <= 12; n++ {
		sum := new(big.Rat)
		for k := 0; k <= 4; k++ {
			sum.Add(sum, Exactly(30, 4, n, k))
		}
		if sum.Cmp(big.NewRat(1, 1)) != 0 {
			t.Errorf("n=%d: sum %s, want 1", n, sum.RatString())
		}
	}
	// And Exactly(52, 4, 5, 2) = 6·C(48,3)/C(52,5) = 6·17296/2598960.
	if got, want := Exactly(52, 4, 5, 2), big.NewRat(6*17296, 2598960); got.Cmp(want) != 0 {
		t.Errorf("Exactly(52,4,5,2) = %s, want %s", got.RatString(), want.RatString())
	}
}
