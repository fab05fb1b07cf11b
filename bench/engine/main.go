// Command engine prints the playtest engines' figures: games per second
// and allocations per game for each bundled Seeker Chronicles starter and
// Arkhtide deck, mode (opponent) and policy, with the mean win turn (Round)
// and win rate, so that a change to the rules or the policies can be
// weighed in speed and in play.
//
//	go run ./bench/engine                 # every deck, mode and policy
//	go run ./bench/engine -games 400000 -deck seeker-chronicles/cosmos -mode goldfish -policy greedy
//	go run ./bench/engine -deck arkhtide/three-factions -mode empty,passive
//	go run ./bench/engine -games 1 -compare seeker-chronicles/cosmos:seeker-chronicles/order  # 100,000 paired games
//	go run ./bench/engine -db docs/examples/lanterns -deck lanterns/starter,lanterns/high-flyers  # a game's playtest block
//	go run ./bench/engine -db docs/examples/market -deck market/starter -policy big-money,forge-money,greedy -workers 1  # a deck-builder and its bots
package main

import (
	"flag"
	"fmt"
	"os"
	"runtime"
	"slices"
	"strings"
	"syscall"
	"time"

	"github.com/deckwright/deckwright/cardsdb"
	"github.com/deckwright/deckwright/engine"
	"github.com/deckwright/deckwright/engine/games"
)

// row is one line of figures: a deck played in one mode by one policy.
type row struct {
	deck, mode, policy string
	spec               engine.Spec
	newGame            func() engine.Game
}

func main() {
	games := flag.Int("games", 200000, "games per row")
	workers := flag.Int("workers", runtime.GOMAXPROCS(0), "worker goroutines")
	decks := flag.String("deck", "seeker-chronicles/cosmos,seeker-chronicles/order,seeker-chronicles/quantum,arkhtide/ember-covenant-mono,arkhtide/three-factions", "bundled decks, comma-separated")
	modes := flag.String("mode", "goldfish,nature,empty,passive", "modes (Seeker Chronicles) and opponents (Arkhtide), comma-separated; each deck plays those of its game")
	pols := flag.String("policy", "greedy,planner", "policies, comma-separated")
	seed := flag.Uint64("seed", 1, "seed")
	pairs := flag.String("compare", "", "pairs of bundled decks A:B, comma-separated: time a paired run of -paired games each (deckwright compare), after the rows")
	paired := flag.Int("paired", 100000, "paired games of each -compare pair")
	var dbs []string
	flag.Func("db", "a game folder to load beside the bundled games (repeatable): its decks GAME/NAME are then bundled decks here, a game with a playtest block plays in mode goldfish", func(s string) error { dbs = append(dbs, s); return nil })
	flag.Parse()
	db, err := cardsdb.LoadBundled()
	check(err)
	for _, p := range dbs {
		check(db.AddPath(p))
	}
	var rows []row
	for _, name := range strings.Split(*decks, ",") {
		deck, err := db.ResolveBundled(name)
		check(err)
		rows = append(rows, rowsOf(name, deck, strings.Split(*modes, ","), strings.Split(*pols, ","))...)
	}
	fmt.Printf("%d games per row, %d workers, GOMAXPROCS %d, %s\n", *games, *workers, runtime.GOMAXPROCS(0), runtime.Version())
	fmt.Printf("%-30s %-9s %-8s %12s %12s %10s %9s %9s %8s\n", "deck", "mode", "policy", "games/s", "games/cpu-s", "allocs/g", "win rate", "win turn", "±95%")
	for _, r := range rows {
		// Warm up, then measure.
		_, err := engine.Run(r.spec, engine.Config{Games: 20000, Seed: *seed, Workers: *workers}, r.newGame)
		check(err)
		var ms0, ms1 runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&ms0)
		var ru0, ru1 syscall.Rusage
		syscall.Getrusage(syscall.RUSAGE_SELF, &ru0)
		start := time.Now()
		s, err := engine.Run(r.spec, engine.Config{Games: *games, Seed: *seed, Workers: *workers}, r.newGame)
		check(err)
		el := time.Since(start)
		syscall.Getrusage(syscall.RUSAGE_SELF, &ru1)
		runtime.ReadMemStats(&ms1)
		// games per CPU second: on a shared machine, what a core does
		// with the time it gets (times the workers: an idle machine's
		// games/s)
		cpu := time.Duration(ru1.Utime.Nano() + ru1.Stime.Nano() - ru0.Utime.Nano() - ru0.Stime.Nano())
		fmt.Printf("%-30s %-9s %-8s %12.0f %12.0f %10.3f %9.3f %9.3f %8.3f\n", r.deck, r.mode, r.policy, float64(s.Games)/el.Seconds(), float64(s.Games)/cpu.Seconds(), float64(ms1.Mallocs-ms0.Mallocs)/float64(s.Games), s.WinRate, s.Turns.Mean, s.Turns.HalfWidth())
	}
	if *pairs == "" {
		return
	}
	fmt.Printf("\n%-55s %9s %8s %10s %12s\n", "compare (greedy, default mode)", "games", "wall s", "cpu s", "paired g/s")
	for _, pair := range strings.Split(*pairs, ",") {
		a, b, ok := strings.Cut(pair, ":")
		if !ok {
			check(fmt.Errorf("-compare %q: want A:B", pair))
		}
		pa, pb := compile(db, a), compile(db, b)
		var r0, r1 syscall.Rusage
		syscall.Getrusage(syscall.RUSAGE_SELF, &r0)
		start := time.Now()
		res, err := engine.RunPaired(engine.Side{Spec: pa.Spec, NewGame: pa.NewGame}, engine.Side{Spec: pb.Spec, NewGame: pb.NewGame}, pa.Figures, engine.Config{Games: *paired, Seed: *seed, Workers: *workers})
		check(err)
		el := time.Since(start)
		syscall.Getrusage(syscall.RUSAGE_SELF, &r1)
		cpu := time.Duration(r1.Utime.Nano()+r1.Stime.Nano()-r0.Utime.Nano()-r0.Stime.Nano()) * time.Nanosecond
		fmt.Printf("%-55s %9d %8.2f %10.2f %12.0f\n", a+" vs "+b, res.Games, el.Seconds(), cpu.Seconds(), float64(res.Games)/el.Seconds())
	}
}

// compile compiles a bundled deck for its engine with the default setup.
func compile(db *cardsdb.DB, name string) *engine.Play {
	deck, err := db.ResolveBundled(name)
	check(err)
	e := games.For(deck.Game)
	if e == nil {
		check(fmt.Errorf("%s: %s has no playtest engine", name, deck.Game.Name))
	}
	p, err := e.Compile(deck, engine.Setup{})
	check(err)
	return p
}

// rowsOf compiles a deck for its game's engine and returns its rows.
func rowsOf(name string, deck *cardsdb.Deck, modes, pols []string) []row {
	e := games.For(deck.Game)
	if e == nil {
		check(fmt.Errorf("%s: %s has no playtest engine", name, deck.Game.Name))
	}
	var rows []row
	for _, mode := range engine.OptionNames(e.Modes) {
		if !slices.Contains(modes, mode) {
			continue
		}
		for _, pn := range pols {
			p, err := e.Compile(deck, engine.Setup{Mode: mode, Policy: pn})
			check(err)
			rows = append(rows, row{name, mode, pn, p.Spec, p.NewGame})
		}
	}
	return rows
}

func check(err error) {
	if err != nil {
		fmt.Fprintln(os.Stderr, "bench/engine:", err)
		os.Exit(1)
	}
}
