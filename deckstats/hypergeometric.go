package deckstats

import "math/big"

// Binomial returns n choose k as an exact integer (0 when k < 0 or k > n).
func Binomial(n, k int) *big.Int {
	if k < 0 || n < 0 || k > n {
		return new(big.Int)
	}
	return new(big.Int).Binomial(int64(n), int64(k))
}

// Exactly returns the chance to draw exactly k of the K wanted cards when n
// cards are drawn from a deck of N: C(K,k)·C(N−K,n−k)/C(N,n). n larger
// than N counts as N (the whole deck is drawn).
func Exactly(N, K, n, k int) *big.Rat {
	n = min(max(n, 0), N)
	if K < 0 || K > N || k < 0 || k > K || k > n {
		return new(big.Rat)
	}
	num := new(big.Int).Mul(Binomial(K, k), Binomial(N-K, n-k))
	return new(big.Rat).SetFrac(num, Binomial(N, n))
}

// AtLeast returns the chance to draw at least k of the K wanted cards when
// n cards are drawn from a deck of N: the sum of Exactly for k..min(K, n).
// It is 1 for k <= 0.
func AtLeast(N, K, n, k int) *big.Rat {
	if k <= 0 {
		return big.NewRat(1, 1)
	}
	sum := new(big.Rat)
	n = min(max(n, 0), N)
	for i := k; i <= min(K, n); i++ {
		sum.Add(sum, Exactly(N, K, n, i))
	}
	return sum
}
