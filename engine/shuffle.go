package engine

import (
	"math/rand/v2"
	"slices"
)

// CardKey is a card's key for KeyedShuffle: the FNV-1a hash of its name,
// so that the same card has the same key in every deck.
func CardKey(name string) uint64 {
	h := uint64(14695981039346656037)
	for i := 0; i < len(name); i++ {
		h ^= uint64(name[i])
		h *= 1099511628211
	}
	return h
}

// CardKeys returns the keys of cards by id: keys[id] = CardKey(name(id)).
func CardKeys(n int, name func(id int) string) []uint64 {
	keys := make([]uint64, n)
	for i := range keys {
		keys[i] = CardKey(name(i))
	}
	return keys
}

// GameKey draws the key of a game's keyed shuffles from its generator: a
// game draws it first, so that game i of seed S has the same key whatever
// the deck.
func GameKey(rng *rand.Rand) uint64 { return rng.Uint64() }

// mix is SplitMix64's finalizer: a bijection of 64-bit numbers that
// spreads every input bit over the output.
func mix(x uint64) uint64 {
	x ^= x >> 30
	x *= 0xbf58476d1ce4e5b9
	x ^= x >> 27
	x *= 0x94d049bb133111eb
	x ^= x >> 31
	return x
}

// copyKey is the key of the copy-th copy of a card whose CardKey is ck:
// the same in every game and every deck.
func copyKey(ck uint64, copy int) uint64 { return mix(ck + uint64(copy)*0x9e3779b97f4a7c15) }

// KeyedShuffle shuffles p for common random numbers: each card gets the
// random key mix(game, tag, its CardKey, its copy number) and the pile is
// sorted on the keys. The order of two cards depends only on the game
// key, the tag (which pile of the game: 1 for the opening shuffle of
// your deck, 2 for a mulligan...), their names and copy numbers, never on
// the other cards: two decks that differ by a few cards, shuffled with
// the same game key, put the cards they share in the same relative order.
// keys[c] is card id c's CardKey. Copies of a card are numbered in the
// order they lie in p; as they are alike, the result does not depend on
// it. It costs no allocation. A Dealer does the same faster for a pile
// that always starts as the same list.
func KeyedShuffle(p *Pile, game, tag uint64, keys []uint64) {
	var ck [MaxPile]uint64
	var copies [256]uint8
	for i := 0; i < p.N; i++ {
		c := p.Card[i]
		k := mix(uint64(c) + 1) // a card without a key: its id's
		if int(c) < len(keys) {
			k = keys[c]
		}
		ck[i] = copyKey(k, int(copies[c]))
		copies[c]++
	}
	sortKeyed(p, ck[:p.N], game, tag)
}

// Dealer deals a fixed list of cards (a deck) in a game's keyed order:
// Deal gives the order KeyedShuffle gives the list, with the keys of
// the copies computed once.
type Dealer struct {
	cards []uint8
	keys  []uint64 // by place in cards: the copy's key
}

// NewDealer returns a Dealer of cards (at most MaxPile), whose card ids
// have the CardKeys keys.
func NewDealer(cards []uint8, keys []uint64) *Dealer {
	d := &Dealer{cards: append([]uint8(nil), cards...), keys: make([]uint64, len(cards))}
	var copies [256]uint8
	for i, c := range cards {
		k := mix(uint64(c) + 1)
		if int(c) < len(keys) {
			k = keys[c]
		}
		d.keys[i] = copyKey(k, int(copies[c]))
		copies[c]++
	}
	return d
}

// Deal puts the dealer's cards into p in the keyed order of the game and
// tag (see KeyedShuffle).
func (d *Dealer) Deal(p *Pile, game, tag uint64) {
	p.N = copy(p.Card[:], d.cards)
	sortKeyed(p, d.keys, game, tag)
}

// sortKeyed orders p (whose place i holds a card whose copy key is
// ck[i]) on the keys of the game and tag.
func sortKeyed(p *Pile, ck []uint64, game, tag uint64) {
	// Each entry packs a card's key (high 56 bits) and the card (low 8),
	// so that one array is sorted. The keys are uniform: a counting sort
	// on their top 6 bits puts them nearly in order, and an insertion
	// sort finishes (a pile holds at most 64 cards). Equal keys, which
	// have a chance below 2^-43 in a pile, are ordered by card id.
	var k [MaxPile]uint64
	base := mix(game ^ mix(tag))
	n := p.N
	for i := 0; i < n; i++ {
		k[i] = mix(base^ck[i])&^0xff | uint64(p.Card[i])
	}
	var start [65]uint8
	for i := 0; i < n; i++ {
		start[k[i]>>58+1]++
	}
	for b := 1; b < 65; b++ {
		start[b] += start[b-1]
	}
	var sorted [MaxPile]uint64
	for i := 0; i < n; i++ {
		b := k[i] >> 58
		sorted[start[b]] = k[i]
		start[b]++
	}
	for i := 1; i < n; i++ {
		x := sorted[i]
		j := i
		for ; j > 0 && sorted[j-1] > x; j-- {
			sorted[j] = sorted[j-1]
		}
		sorted[j] = x
	}
	for i := 0; i < n; i++ {
		p.Card[i] = uint8(sorted[i])
	}
}

// CopyKey is the key of the copy-th copy (0 for the first) of a card
// whose CardKey is ck, as KeyedShuffle gives it: for a game that shuffles
// piles of its own (engine/generic's decks of any size).
func CopyKey(ck uint64, copy int) uint64 { return copyKey(ck, copy) }

// SortKeyed orders cards, whose place i holds a card whose copy key is
// ck[i], on the keys of the game and tag, as KeyedShuffle does, for a
// slice of any length: the same order KeyedShuffle gives a pile of the
// same cards. buf is scratch space of at least len(cards) for a slice
// longer than MaxPile (it is grown when shorter) and is returned for
// reuse, so that a caller allocates once. Card ids are below 256.
func SortKeyed(cards []uint8, ck []uint64, game, tag uint64, buf []uint64) []uint64 {
	n := len(cards)
	if n <= MaxPile {
		// sortKeyed itself, on a pile's fixed arrays
		var p Pile
		p.N = copy(p.Card[:], cards)
		sortKeyed(&p, ck[:n], game, tag)
		copy(cards, p.Card[:n])
		return buf
	}
	if cap(buf) < n {
		buf = make([]uint64, n)
	}
	k := buf[:n]
	base := mix(game ^ mix(tag))
	for i := 0; i < n; i++ {
		k[i] = mix(base^ck[i])&^0xff | uint64(cards[i])
	}
	slices.Sort(k)
	for i := 0; i < n; i++ {
		cards[i] = uint8(k[i])
	}
	return buf
}
