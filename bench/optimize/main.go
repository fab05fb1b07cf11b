// Command optimize measures how deckwright optimize's search scales with
// its workers: it runs the same search (search.Optimize, as deckwright
// optimize DECK --pool POOL --evals N) with 1 worker and with each count
// of -workers, and prints the wall and CPU time of each and the speed-up
// over 1 worker. The searches find the same list whatever the workers
// (the command checks it).
//
//	go run ./bench/optimize                                   # seeker-chronicles/cosmos, 300 evals, 1 and GOMAXPROCS workers
//	go run ./bench/optimize -deck seeker-chronicles/cosmos -pool seeker-chronicles -evals 300 -workers 2,4,16
package main

import (
	"flag"
	"fmt"
	"os"
	"runtime"
	"runtime/pprof"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/deckwright/deckwright/cardsdb"
	"github.com/deckwright/deckwright/engine"
	"github.com/deckwright/deckwright/engine/games"
	"github.com/deckwright/deckwright/engine/search"
	"github.com/deckwright/deckwright/validate"
)

func main() {
	deckRef := flag.String("deck", "seeker-chronicles/cosmos", "the bundled deck to improve")
	poolRef := flag.String("pool", "", "the pool: a game id (every card of it; default the deck's game) or a bundled deck")
	evals := flag.Int("evals", 300, "candidate lists the search evaluates")
	firstGames := flag.Int("games", 100, "games of each candidate in a race's first round (optimize's default)")
	check := flag.Int("check", 20000, "games of the final check")
	ws := flag.String("workers", strconv.Itoa(runtime.GOMAXPROCS(0)), "worker counts to compare with 1, comma-separated")
	reps := flag.Int("reps", 1, "runs of each count; the fastest is kept")
	prof := flag.String("cpuprofile", "", "write a CPU profile of the runs to this file")
	flag.Parse()
	if *prof != "" {
		f, err := os.Create(*prof)
		check1(err)
		check1(pprof.StartCPUProfile(f))
		defer pprof.StopCPUProfile()
	}
	db, err := cardsdb.LoadBundled()
	check1(err)
	deck, err := db.ResolveBundled(*deckRef)
	check1(err)
	pool := deck.Game.Cards
	if *poolRef != "" && *poolRef != deck.Game.ID {
		pd, err := db.ResolveBundled(*poolRef)
		check1(err)
		pool = nil
		for _, dc := range pd.Cards {
			pool = append(pool, dc.Card)
		}
	}
	e := games.For(deck.Game)
	if e == nil {
		check1(fmt.Errorf("%s has no playtest", deck.Game.Name))
	}
	counts := []int{1}
	for _, w := range strings.Split(*ws, ",") {
		n, err := strconv.Atoi(w)
		check1(err)
		if n != 1 {
			counts = append(counts, n)
		}
	}
	fmt.Printf("optimize %s, pool %d cards, %d evals, %d first-round games, %d check games; GOMAXPROCS %d, %d CPUs, %s\n",
		*deckRef, len(pool), *evals, *firstGames, *check, runtime.GOMAXPROCS(0), runtime.NumCPU(), runtime.Version())
	fmt.Printf("%8s %9s %9s %9s  %s\n", "workers", "wall s", "cpu s", "speed-up", "list found")
	var base float64
	var found string
	for _, w := range counts {
		best, bestCPU := 0.0, 0.0
		var res *search.Result
		for range *reps {
			p := &search.Problem{Base: deck, Pool: pool, Seed: 1, Workers: w,
				Legal:   func(d *cardsdb.Deck) bool { return validate.Legal(validate.Check(d)) },
				Compile: func(d *cardsdb.Deck) (*engine.Play, error) { return e.Compile(d, engine.Setup{}) }}
			c0 := cpu()
			start := time.Now()
			res, err = search.Optimize(p, search.Budget{Evals: *evals}, *firstGames, *check)
			check1(err)
			el, c := time.Since(start).Seconds(), (cpu() - c0).Seconds()
			if best == 0 || el < best {
				best, bestCPU = el, c
			}
		}
		var path []string
		for _, st := range res.Path {
			path = append(path, st.Swap.String())
		}
		list := strings.Join(path, ", ")
		if w == 1 {
			base, found = best, list
		} else if list != found {
			check1(fmt.Errorf("%d workers found %q, 1 worker %q", w, list, found))
		}
		fmt.Printf("%8d %9.2f %9.2f %8.2fx  %s\n", w, best, bestCPU, base/best, list)
	}
}

// cpu returns the CPU time the process has used.
func cpu() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

func check1(err error) {
	if err != nil {
		pprof.StopCPUProfile()
		fmt.Fprintln(os.Stderr, "optimize:", err)
		os.Exit(1)
	}
}
