package seeker_test

import (
	"fmt"

	"github.com/deckwright/deckwright/cardsdb"
	"github.com/deckwright/deckwright/engine"
	"github.com/deckwright/deckwright/engine/seeker"
)

func Example() {
	db, _ := cardsdb.LoadBundled()
	list, _ := db.BundledDeck("seeker-chronicles/cosmos")
	g, _ := db.GameOf(list)
	resolved, _ := cardsdb.Resolve(g, list)
	deck, err := seeker.Compile(resolved)
	if err != nil {
		panic(err)
	}
	opts := seeker.Options{Mode: seeker.Goldfish}
	s, err := engine.Run(seeker.Spec(deck, opts), engine.Config{Games: 2000, Seed: 1, Workers: 2}, func() engine.Game {
		p, _ := seeker.NewPolicy("greedy")
		return seeker.NewMatch(deck, opts, p)
	})
	if err != nil {
		panic(err)
	}
	fmt.Printf("%d games, win rate %.0f%%, median win turn %d\n", s.Games, 100*s.WinRate, s.Turns.Median)
	// Output: 2000 games, win rate 100%, median win turn 7
}
