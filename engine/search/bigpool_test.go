package search

import (
	"fmt"
	"runtime"
	"testing"

	"github.com/deckwright/deckwright/cardsdb"
)

// bigPool makes n modules of powers 0 to 4 for the search's tests, as a
// game of many thousands of cards (a large collectible card game) gives.
func bigPool(n int) []*cardsdb.Card {
	pool := make([]*cardsdb.Card, n)
	for i := range pool {
		name := fmt.Sprintf("Module %05d", i)
		pool[i] = &cardsdb.Card{Name: name, Key: cardsdb.Fold(name), Type: "module",
			Fields: map[string]cardsdb.Value{"power": {Kind: cardsdb.KindInt, Int: i % 5}}}
	}
	return pool
}

// TestTuneBigPool: a big pool makes tens of thousands of legal swaps (20,000
// cards made hundreds of thousands) (tune passed 8 GB on one: every swap held its own copy of the
// list and its compiled game, all at once). The games follow the budget: a
// sample of budget/MinGames swaps is raced, an equal share for each card
// of the deck, drawn from the seed, and none holds a list or a compiled
// game once raced; each card of the deck still gets a value.
func TestTuneBigPool(t *testing.T) {
	p, _ := problem(t)
	p.Pool = bigPool(5000)
	const budget = 20000
	res, err := Tune(p, budget)
	if err != nil {
		t.Fatal(err)
	}
	cards := map[*cardsdb.Card]int{} // the deck's modules, which a module can replace
	for _, dc := range p.Base.InSection("stack") {
		cards[dc.Card] = 0
	}
	if !res.Sampled || res.Legal != len(p.Pool)*len(cards) {
		t.Errorf("%d legal swaps (sampled %v), want %d sampled", res.Legal, res.Sampled, len(p.Pool)*len(cards))
	}
	if n := len(res.Swaps); n != budget/MinGames {
		t.Errorf("%d swaps raced, want %d (budget/MinGames)", n, budget/MinGames)
	}
	games := 0
	for _, e := range res.Swaps {
		cards[e.Swaps[0].Out]++
		games += e.Games
		if e.from != p.Base || len(e.Swaps) != 1 {
			t.Fatalf("swap %v holds a list of its own", e.Swaps)
		}
	}
	if games > budget {
		t.Errorf("%d paired games, over the budget of %d", games, budget)
	}
	for c, n := range cards {
		if share := budget / MinGames / len(cards); n < share || n > share+1 {
			t.Errorf("%s: %d swaps raced, want an equal share (%d)", c.Name, n, share)
		}
	}
	if len(res.Values) != len(cards) {
		t.Errorf("%d cards valued, want %d", len(res.Values), len(cards))
	}
	again, err := Tune(p, budget)
	if err != nil {
		t.Fatal(err)
	}
	for i := range res.Swaps {
		if res.Swaps[i].Swaps[0] != again.Swaps[i].Swaps[0] || res.Swaps[i].Gain != again.Swaps[i].Gain {
			t.Fatalf("two runs of seed 1 differ at swap %d: %v and %v", i, res.Swaps[i].Swaps, again.Swaps[i].Swaps)
		}
	}
}

// TestSampleSwaps: every card cut gets its share, one at least.
func TestSampleSwaps(t *testing.T) {
	a, b, c := &cardsdb.Card{Name: "A"}, &cardsdb.Card{Name: "B"}, &cardsdb.Card{Name: "C"}
	var swaps []Swap
	for i := range 10 {
		swaps = append(swaps, Swap{a, &cardsdb.Card{Name: fmt.Sprint(i)}})
	}
	swaps = append(swaps, Swap{b, a}, Swap{c, a}, Swap{c, b})
	count := func(s []Swap) map[string]int {
		m := map[string]int{}
		for _, x := range s {
			m[x.Out.Name]++
		}
		return m
	}
	if got := count(sampleSwaps(swaps, 6, 1)); got["A"] != 3 || got["B"] != 1 || got["C"] != 2 {
		t.Errorf("6 of 13: %v, want A 3, B 1, C 2", got)
	}
	if got := count(sampleSwaps(swaps, 1, 1)); got["A"] != 1 || got["B"] != 1 || got["C"] != 1 {
		t.Errorf("1 of 13: %v, want one of each card", got)
	}
	if got := sampleSwaps(swaps, 100, 1); len(got) != len(swaps) {
		t.Errorf("100 of 13: %d", len(got))
	}
}

// BenchmarkTuneBigPool tunes a 40-card deck against a pool of 20,000
// cards on 20,000 paired games (issue 34: over 8 GB). Run with -benchmem;
// live-MB is the heap in use once Tune returns, what its result holds.
func BenchmarkTuneBigPool(b *testing.B) {
	p, _ := problem(&testing.T{})
	p.Pool = bigPool(20000)
	var res *Tuning
	b.ReportAllocs()
	for b.Loop() {
		var err error
		if res, err = Tune(p, 20000); err != nil {
			b.Fatal(err)
		}
	}
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	b.ReportMetric(float64(m.HeapInuse)/(1<<20), "live-MB")
	runtime.KeepAlive(res)
}
