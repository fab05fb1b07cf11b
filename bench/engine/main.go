// Command engine prints the playtest engine's figures: games per second
// and allocations per game for each bundled Seeker Chronicles starter,
// mode and policy, with the mean win turn and win rate, so that a change
// to the rules or the policies can be weighed in speed and in play.
//
//	go run ./bench/engine                 # every starter, mode and policy
//	go run ./bench/engine -games 400000 -deck cosmos -mode goldfish -policy greedy
package main

import (
	"flag"
	"fmt"
	"os"
	"runtime"
	"strings"
	"time"

	"github.com/deckwright/deckwright/cardsdb"
	"github.com/deckwright/deckwright/engine"
	"github.com/deckwright/deckwright/engine/seeker"
)

func main() {
	games := flag.Int("games", 200000, "games per row")
	workers := flag.Int("workers", runtime.GOMAXPROCS(0), "worker goroutines")
	decks := flag.String("deck", "cosmos,order,quantum", "bundled starters, comma-separated")
	modes := flag.String("mode", "goldfish,nature", "modes, comma-separated")
	pols := flag.String("policy", strings.Join(seeker.PolicyNames(), ","), "policies, comma-separated")
	seed := flag.Uint64("seed", 1, "seed")
	flag.Parse()
	db, err := cardsdb.LoadBundled()
	check(err)
	fmt.Printf("%d games per row, %d workers, GOMAXPROCS %d, %s\n", *games, *workers, runtime.GOMAXPROCS(0), runtime.Version())
	fmt.Printf("%-8s %-9s %-8s %12s %10s %9s %9s %8s\n", "deck", "mode", "policy", "games/s", "allocs/g", "win rate", "win turn", "±95%")
	for _, name := range strings.Split(*decks, ",") {
		list, err := db.BundledDeck("seeker-chronicles/" + name)
		check(err)
		g, err := db.GameOf(list)
		check(err)
		deck, err := cardsdb.Resolve(g, list)
		check(err)
		d, err := seeker.Compile(deck)
		check(err)
		for _, mode := range strings.Split(*modes, ",") {
			opts := seeker.Options{Mode: seeker.Goldfish}
			if mode == "nature" {
				opts.Mode = seeker.Nature
			}
			for _, pn := range strings.Split(*pols, ",") {
				if _, err := seeker.NewPolicy(pn); err != nil {
					check(err)
				}
				newGame := func() engine.Game {
					p, _ := seeker.NewPolicy(pn)
					return seeker.NewMatch(d, opts, p)
				}
				spec := seeker.Spec(d, opts)
				// Warm up, then measure.
				_, err := engine.Run(spec, engine.Config{Games: 20000, Seed: *seed, Workers: *workers}, newGame)
				check(err)
				var ms0, ms1 runtime.MemStats
				runtime.GC()
				runtime.ReadMemStats(&ms0)
				start := time.Now()
				s, err := engine.Run(spec, engine.Config{Games: *games, Seed: *seed, Workers: *workers}, newGame)
				check(err)
				el := time.Since(start)
				runtime.ReadMemStats(&ms1)
				fmt.Printf("%-8s %-9s %-8s %12.0f %10.3f %9.3f %9.3f %8.3f\n", name, mode, pn, float64(s.Games)/el.Seconds(), float64(ms1.Mallocs-ms0.Mallocs)/float64(s.Games), s.WinRate, s.Turns.Mean, s.Turns.HalfWidth())
			}
		}
	}
}

func check(err error) {
	if err != nil {
		fmt.Fprintln(os.Stderr, "bench/engine:", err)
		os.Exit(1)
	}
}
