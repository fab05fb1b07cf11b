package cli

import (
	"fmt"
	"io"
	"math"
	"strings"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"github.com/deckwright/deckwright/cardsdb"
	"github.com/deckwright/deckwright/engine"
	"github.com/deckwright/deckwright/report"
)

type compareOptions struct {
	io        IO
	g         *globalOptions
	a, b      string
	game      string
	set       engineSettings
	games     int
	seed      uint64
	workers   int
	precision float64
	maxTurns  int
	json      bool
	shard     shardSpec
}

func newCompareCmd(io IO, g *globalOptions) *cobra.Command {
	opts := &compareOptions{io: io, g: g}
	cmd := &cobra.Command{
		Use:   "compare A B",
		Short: "Play two lists on the same shuffles and weigh the difference game by game",
		Long: `Play decks A and B on the same games: game i of both draws from the random
stream (--seed, i), and the opening shuffles sort the cards on a random key
per card name and copy, so the cards the two lists share lie in the same
order. Each figure is then weighed game by game (B − A), which removes most
of the luck of the shuffle from the difference: the report gives A's and B's
means, the paired difference with its 95% confidence interval, a plain
verdict, and how much the pairing narrowed the interval against two separate
runs of as many games.

The figures: the win turn (games both lists won), the win rate, and the
game's own measures: Arkhtide's Quintessence by Round 2 (its main figure:
the win Round of a list hardly moves), Seeker Chronicles' progress pile
against Nature. Two identical lists give a difference of exactly 0.

--mode is the game's mode (Seeker Chronicles: goldfish or nature; Arkhtide:
the opponent, empty or passive). --precision T stops once the 95% CI of the
main figure's difference is narrower than ± T (checked every 1000 games;
--games is then the most).

Exit status: 0 done, 1 a deck breaks a deck-building rule, 2 usage error or
unreadable input.`,
		Example: `  deckwright compare seeker-chronicles/cosmos my-cosmos.txt
  deckwright compare arkhtide/three-factions my-list.txt --mode passive --games 50000
  deckwright compare a.txt b.txt --precision 0.02 --games 200000 --json`,
		Args: argsUsage(cobra.ExactArgs(2)),
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.a, opts.b = args[0], args[1]
			opts.set.seen(cmd)
			return runCompare(opts)
		},
	}
	f := cmd.Flags()
	opts.set.register(f)
	f.IntVar(&opts.games, "games", 10000, "games each list plays (with --precision, the most)")
	f.Uint64Var(&opts.seed, "seed", 1, "base seed: game i of both lists draws from the stream (seed, i)")
	f.IntVar(&opts.workers, "workers", 0, "goroutines playing games (0: one per CPU)")
	f.Float64Var(&opts.precision, "precision", 0, "stop once the 95% CI of the main figure's difference is narrower than ± this")
	f.IntVar(&opts.maxTurns, "max-turns", 0, "a game not over after this many turns (Arkhtide: Rounds) is unfinished (0: the game's default)")
	f.StringVar(&opts.game, "game", "", "the game of deck lists that name none")
	f.BoolVar(&opts.json, "json", false, "print JSON")
	registerShard(f, &opts.shard)
	return cmd
}

// goldfish returns the options of goldfish that load a deck for compare,
// tune and optimize.
func (o *compareOptions) goldfish() *goldfishOptions {
	return &goldfishOptions{io: o.io, g: o.g, game: o.game, set: o.set,
		games: o.games, seed: o.seed, workers: o.workers, precision: o.precision, maxTurns: o.maxTurns, json: o.json, shard: o.shard}
}

// loadPair loads two decks of one game for a paired run.
func loadPair(io IO, db *cardsdb.DB, a, b string, gopts *goldfishOptions) (pa, pb *playtest, err error) {
	if pa, err = loadPlaytest(io.Err, db, a, gopts); err != nil {
		return nil, nil, err
	}
	if pb, err = loadPlaytest(io.Err, db, b, gopts); err != nil {
		return nil, nil, err
	}
	if pa.deck.Game.ID != pb.deck.Game.ID {
		return nil, nil, usageError("%s is a %s deck and %s a %s deck; compare plays two lists of one game", a, pa.deck.Game.Name, b, pb.deck.Game.Name)
	}
	return pa, pb, nil
}

func side(p *playtest) engine.Side { return engine.Side{Spec: p.play.Spec, NewGame: p.play.NewGame} }

func runCompare(opts *compareOptions) error {
	gopts := opts.goldfish()
	if err := gopts.check(); err != nil {
		return err
	}
	db, err := opts.g.loadDBFor(opts.game)
	if err != nil {
		return err
	}
	pa, pb, err := loadPair(opts.io, db, opts.a, opts.b, gopts)
	if err != nil {
		return err
	}
	if gopts.shard.on() {
		pt := newPartial("compare", gopts.shard, gopts, pa, pb)
		sums, _, _, err := engine.PlayPaired(side(pa), side(pb), pa.play.Figures, engine.Config{Games: pt.Games, First: pt.First, Seed: opts.seed, Workers: opts.workers, Context: opts.io.context()})
		if err != nil {
			return err
		}
		pt.Pairs = sums
		return writeJSON(opts.io, pt)
	}
	prog := newProgress(opts.io.Err, opts.g.quiet || opts.json)
	res, err := engine.RunPaired(side(pa), side(pb), pa.play.Figures, engine.Config{Games: opts.games, Seed: opts.seed, Workers: opts.workers, Precision: opts.precision,
		Progress: func(done, total int) { prog.Update("paired games", done, total) }, Context: opts.io.context()})
	prog.Done()
	if err != nil {
		return err
	}
	return writeCompare(opts, pa, pb, res)
}

// writeCompare prints the report of a paired run (or of its shards
// merged).
func writeCompare(opts *compareOptions, pa, pb *playtest, res *engine.Paired) error {
	if opts.json {
		return writeJSON(opts.io, compareJSON(pa, pb, res, opts))
	}
	printCompare(opts.io.Out, pa, pb, res, opts)
	return nil
}

// verdict says in words what the paired difference of a figure shows.
func verdict(f *engine.PairedFigure) string { return report.Verdict(f) }

// figureText writes a value of a figure for the table.
func figureText(f *engine.PairedFigure, x float64) string { return report.FigureText(f, x) }

// gainText says how much the pairing narrowed the interval.
func gainText(f *engine.PairedFigure) string {
	g := f.Gain()
	switch {
	case math.IsNaN(g):
		return "-"
	case math.IsInf(g, 1):
		return "all (every game the same)"
	}
	return fmt.Sprintf("%.1f×", g)
}

func printCompare(w io.Writer, pa, pb *playtest, res *engine.Paired, opts *compareOptions) {
	fmt.Fprintf(w, "A: %s (%s)\nB: %s (%s)\n", pa.arg, pa.deck.Name(), pb.arg, pb.deck.Name())
	fmt.Fprintf(w, "%s, policy %s, %s each on the same shuffles (seed %d)\n", pa.play.ModeText, pa.policy, cardsdb.Plural(res.Games, "game"), opts.seed)
	if opts.precision > 0 {
		if res.Precision {
			fmt.Fprintf(w, "stopped once the 95%% CI of the %s difference was within ± %g\n", res.Figures[0].Name, opts.precision)
		} else {
			fmt.Fprintf(w, "the 95%% CI of the %s difference did not get within ± %g in %s\n", res.Figures[0].Name, opts.precision, cardsdb.Plural(res.Games, "game"))
		}
	}
	fmt.Fprintln(w)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprint(tw, "figure\tA\tB\tB − A\t95% CI\tgames\tpairing gain\t\n")
	for i := range res.Figures {
		f := &res.Figures[i]
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s – %s\t%d\t%s\t\n", f.Name, figureText(f, f.A), figureText(f, f.B), figureText(f, f.Diff), figureText(f, f.CI95[0]), figureText(f, f.CI95[1]), f.N, gainText(f))
	}
	tw.Flush()
	fmt.Fprintln(w, "(means over the games where both lists have the figure: a win turn needs both games won;")
	fmt.Fprintln(w, " pairing gain: how many times smaller the variance of B − A is than from two separate runs of as many games)")
	fmt.Fprintln(w)
	for i := range res.Figures {
		fmt.Fprintln(w, verdict(&res.Figures[i]))
	}
	pv := append(append([]engine.Provisional{}, pa.play.Provisional...), pb.play.Provisional...)
	pv = report.UniqueProvisional(pv)
	if len(pv) > 0 {
		fmt.Fprintln(w)
		printProvisional(w, pv)
	}
	ns := report.UniqueNotSimulated(append(append([]engine.NotSimulated{}, pa.play.NotSimulated...), pb.play.NotSimulated...))
	if len(ns) > 0 {
		fmt.Fprintf(w, "not simulated (%s; their text is ignored): ", cardsdb.Plural(len(ns), "card"))
		var names []string
		for _, n := range ns {
			names = append(names, n.Card)
		}
		fmt.Fprintln(w, strings.Join(names, ", "))
	}
}

// compareJSON is the report of compare --json (package report builds it,
// and the web page answers the same).
func compareJSON(pa, pb *playtest, res *engine.Paired, opts *compareOptions) *report.Compare {
	return report.NewCompare(report.Named{Deck: pa.arg, Name: pa.deck.Name()}, report.Named{Deck: pb.arg, Name: pb.deck.Name()}, pa.deck.Game.ID, pa.play, pb.play, res, opts.seed, opts.precision)
}
