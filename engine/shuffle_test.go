package engine

import (
	"fmt"
	"slices"
	"testing"
)

// pileOf builds a pile from card names, giving the ids in the order the
// names first appear (as a deck's compiler would), and the keys by id.
func pileOf(names []string) (*Pile, []string, []uint64) {
	var p Pile
	var ids []string
	for _, n := range names {
		i := slices.Index(ids, n)
		if i < 0 {
			i = len(ids)
			ids = append(ids, n)
		}
		p.Push(uint8(i))
	}
	return &p, ids, CardKeys(len(ids), func(i int) string { return ids[i] })
}

// TestKeyedShuffleCommon checks the property of common random numbers:
// two decks that differ by one card (numbered differently by their
// compilers), shuffled with the key of game i, put the cards they share
// in the same relative order, in every game.
func TestKeyedShuffleCommon(t *testing.T) {
	var a, b []string
	for i := range 13 {
		for range 3 {
			a = append(a, fmt.Sprintf("card %d", i))
		}
	}
	a = append(a, "Rogue Star")
	b = append([]string{"Nova Drive"}, a[:len(a)-1]...) // Rogue Star out, Nova Drive in, first
	slices.Reverse(b[1:])                               // and the others in another order
	differ := 0
	var first []string
	for i := range 2000 {
		key := GameKey(Stream(7, i))
		pa, ida, ka := pileOf(a)
		pb, idb, kb := pileOf(b)
		KeyedShuffle(pa, key, 1, ka)
		KeyedShuffle(pb, key, 1, kb)
		var sa, sb []string
		for _, c := range pa.Cards() {
			if n := ida[c]; n != "Rogue Star" {
				sa = append(sa, n)
			}
		}
		for _, c := range pb.Cards() {
			if n := idb[c]; n != "Nova Drive" {
				sb = append(sb, n)
			}
		}
		if !slices.Equal(sa, sb) {
			t.Fatalf("game %d: the shared cards lie in another order:\n%v\n%v", i, sa, sb)
		}
		if i == 0 {
			first = sa
		} else if !slices.Equal(sa, first) {
			differ++
		}
	}
	if differ < 1990 {
		t.Errorf("only %d of 2000 games shuffled differently from game 0", differ)
	}
}

// TestKeyedShuffleUniform checks that the keyed shuffle is a shuffle:
// each of 4 cards ends in each place about a quarter of the time, and a
// different tag gives a different order.
func TestKeyedShuffleUniform(t *testing.T) {
	const n = 40000
	var at [4][4]int
	same := 0
	for i := range n {
		key := GameKey(Stream(3, i))
		p, _, keys := pileOf([]string{"A", "B", "C", "D"})
		KeyedShuffle(p, key, 1, keys)
		for pos, c := range p.Cards() {
			at[c][pos]++
		}
		q, _, _ := pileOf([]string{"A", "B", "C", "D"})
		KeyedShuffle(q, key, 2, keys)
		if *p == *q {
			same++
		}
	}
	for c := range 4 {
		for pos := range 4 {
			if got := at[c][pos]; got < n/4-600 || got > n/4+600 { // ± 7 sd
				t.Errorf("card %d in place %d in %d of %d shuffles, want about %d", c, pos, got, n, n/4)
			}
		}
	}
	if same > n/24+600 {
		t.Errorf("tags 1 and 2 gave the same order in %d of %d shuffles, want about %d", same, n, n/24)
	}
}

func TestKeyedShuffleAllocs(t *testing.T) {
	p, _, keys := pileOf([]string{"A", "B", "C", "D", "A", "B"})
	if a := testing.AllocsPerRun(100, func() { KeyedShuffle(p, 1, 1, keys) }); a != 0 {
		t.Errorf("KeyedShuffle allocates %v times", a)
	}
}

func BenchmarkKeyedShuffle40(b *testing.B) {
	var names []string
	for i := range 40 {
		names = append(names, fmt.Sprint(i/3))
	}
	p, _, keys := pileOf(names)
	for i := 0; b.Loop(); i++ {
		KeyedShuffle(p, uint64(i), 1, keys)
	}
}

// BenchmarkFisherYates40 is the shuffle the keyed one replaces, for scale.
func BenchmarkFisherYates40(b *testing.B) {
	var p Pile
	for i := range 40 {
		p.Push(uint8(i / 3))
	}
	rng := Stream(1, 1)
	for b.Loop() {
		for i := p.N - 1; i > 0; i-- {
			j := rng.IntN(i + 1)
			p.Card[i], p.Card[j] = p.Card[j], p.Card[i]
		}
	}
}

// TestDealerIsKeyedShuffle: a Dealer deals the order KeyedShuffle gives
// its list, whatever order the list starts in.
func TestDealerIsKeyedShuffle(t *testing.T) {
	names := []string{"A", "B", "A", "C", "B", "A", "D"}
	p, _, keys := pileOf(names)
	d := NewDealer(p.Cards(), keys)
	for i := range 200 {
		key := GameKey(Stream(5, i))
		var got Pile
		d.Deal(&got, key, 3)
		want := *p
		slices.Reverse(want.Card[:want.N])
		KeyedShuffle(&want, key, 3, keys)
		if got != want {
			t.Fatalf("game %d: dealt %v, KeyedShuffle %v", i, got.Cards(), want.Cards())
		}
	}
}

func BenchmarkDeal40(b *testing.B) {
	var names []string
	for i := range 40 {
		names = append(names, fmt.Sprint(i/3))
	}
	p, _, keys := pileOf(names)
	d := NewDealer(p.Cards(), keys)
	for i := 0; b.Loop(); i++ {
		d.Deal(p, uint64(i), 1)
	}
}

// TestSortKeyed: SortKeyed gives a slice the order KeyedShuffle gives a
// pile of the same cards, and a longer slice a permutation of its cards
// that depends on the tag.
func TestSortKeyed(t *testing.T) {
	keys := CardKeys(5, func(i int) string { return string(rune('A' + i)) })
	for n := 1; n <= MaxPile; n += 7 {
		var p Pile
		cards := make([]uint8, n)
		ck := make([]uint64, n)
		var copies [256]int
		for i := range n {
			c := uint8(i % 5)
			p.Push(c)
			cards[i] = c
			ck[i] = CopyKey(keys[c], copies[c])
			copies[c]++
		}
		KeyedShuffle(&p, 7, 3, keys)
		SortKeyed(cards, ck, 7, 3, nil)
		if !slices.Equal(p.Cards(), cards) {
			t.Fatalf("%d cards: SortKeyed %v, KeyedShuffle %v", n, cards, p.Cards())
		}
	}
	const n = 200
	a, b := make([]uint8, n), make([]uint8, n)
	ck := make([]uint64, n)
	for i := range n {
		a[i], b[i] = uint8(i%5), uint8(i%5)
		ck[i] = CopyKey(keys[i%5], i/5)
	}
	SortKeyed(a, ck, 1, 1, nil)
	SortKeyed(b, ck, 1, 2, nil)
	if slices.Equal(a, b) {
		t.Error("two tags give the same order of 200 cards")
	}
	slices.Sort(a)
	for i := range n {
		if a[i] != uint8(i/40) {
			t.Fatalf("the sorted cards are not a permutation: %v", a)
		}
	}
}
