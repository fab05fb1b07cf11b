package cli

import (
	"math"

	"github.com/spf13/cobra"

	"github.com/deckwright/deckwright/engine"
)

type goldfishOptions struct {
	io        IO
	g         *globalOptions
	deck      string
	game      string
	set       engineSettings
	games     int
	seed      uint64
	workers   int
	precision float64
	maxTurns  int
	json      bool
	trace     bool
	traceGame int
	csv       string
	force     bool
	shard     shardSpec
}

// maxGames bounds --games.
const maxGames = 100_000_000

func newGoldfishCmd(io IO, g *globalOptions) *cobra.Command {
	opts := &goldfishOptions{io: io, g: g}
	cmd := &cobra.Command{
		Use:   "goldfish DECK",
		Short: "Playtest a deck: play it many times and report when it wins",
		Long: `Play DECK many times with a policy playing your side, and report how fast it
wins: the win rate, the turn of the win (mean, sd, 95% CI, median, 10th and
90th percentiles, a histogram with the chance to have won by each turn), and
per card how often it was drawn and played and how often it sat dead in hand
at the end, with the mean win turn of games that had it in the opening hand
and of those that did not. Seeker Chronicles and Arkhtide decks can be
played, and the decks of any game whose game.yaml has a playtest block
(docs/playtest.md: draws, resources, points to win, effects).

Seeker Chronicles (--mode; turns are turns):
  goldfish  your opponent never links, hyperlinks or responds; its Guardian
            stays at its printed power; you start; a game is won when your
            stack is empty for the second time
  nature    the rulebook's single-player match against Nature; --difficulty
            apprentice takes Nature's decisions in your favour, seeker (the
            default) in Nature's; a game is won when the stack runs out with
            more cards in your progress pile than in Nature's
  The report adds when the second and third Guardians came online, and
  per card how often it was linked and hyperlinked.

Arkhtide (--opponent, or --mode; turns are Rounds; a game is won at 13
Quintessence):
  empty     no opposing presence: each Round your Realm and the Neutral
            Realm only; the pure speed of the list
  passive   an opposing Seeker with a Realm Deck of its own (yours, or the
            deck given by --versus) that stands on its Realm and never acts:
            the cost of contesting a held Realm
  The report adds how games ended, Quintessence, Arkhé spent, Soul and
  Willpower per Round, the Willpower paid for non-Innate cards, per card
  how often it was invoked, extracted and discarded, and per Realm how
  often it was seen, picked and harvested.

A game's playtest block (--mode goldfish; policies greedy and planner): you
draw, spend the turn's resources on cards whose effects score points, and
win when the points reach the block's win_points. The report adds the points,
the resources left unspent and the mulligans, and per card how often it was
discarded.

A game that reaches --max-turns without an end is unfinished: the report
counts it apart from wins and losses.

Game i always draws from the random stream (--seed, i), so a run gives the
same figures, and --json the same bytes, for any --workers. --precision T
stops once the 95% CI of the mean win turn is narrower than ± T turns
(checked every 1000 games; --games is then the most). --trace first prints
game 1 move by move, --trace-game K game K. --csv TABLE prints one table as
CSV instead of the report: cards (the per-card table), histogram, or
Arkhtide's realms. --force plays a draft that breaks the deck-building rules:
its problems go to stderr and the report's first line says so. In the card
tables "-" marks a column that cannot apply to the card (a G-module is never
drawn; a module without a hyperlink cost is never hyperlinked).

Cards whose rules text the engine does not play are listed as not
simulated; cards with values not printed in the rulebook, as provisional;
cards of ours, as sample.
Exit status: 0 done, 1 the deck breaks a deck-building rule, 2 usage error
or unreadable input.`,
		Example: `  deckwright goldfish seeker-chronicles/cosmos
  deckwright goldfish my-deck.txt --policy planner --games 50000 --json
  deckwright goldfish seeker-chronicles/quantum --mode nature --difficulty apprentice
  deckwright goldfish seeker-chronicles/order --precision 0.01 --games 100000 --trace
  deckwright goldfish arkhtide/three-factions --opponent passive --policy planner
  deckwright goldfish arkhtide/ember-covenant-mono --opponent passive --versus arkhtide/three-factions
  deckwright --db docs/examples/lanterns goldfish lanterns/starter --policy planner`,
		Args: argsUsage(cobra.ExactArgs(1)),
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.deck = args[0]
			opts.set.seen(cmd)
			return runGoldfish(opts)
		},
	}
	f := cmd.Flags()
	opts.set.register(f)
	f.IntVar(&opts.games, "games", 10000, "games to play (with --precision, the most)")
	f.Uint64Var(&opts.seed, "seed", 1, "base seed: game i draws from the stream (seed, i)")
	f.IntVar(&opts.workers, "workers", 0, "goroutines playing games (0: one per CPU)")
	f.Float64Var(&opts.precision, "precision", 0, "stop once the 95% CI of the mean win turn is narrower than ± this many turns")
	f.IntVar(&opts.maxTurns, "max-turns", 0, "a game not over after this many turns (Arkhtide: Rounds) is unfinished, neither won nor lost (0: "+maxTurnsDefaults()+")")
	f.StringVar(&opts.game, "game", "", "the game of a deck list that names none")
	f.BoolVar(&opts.json, "json", false, "print JSON")
	f.BoolVar(&opts.trace, "trace", false, "first print game 1 move by move (on stderr with --json or --csv)")
	f.IntVar(&opts.traceGame, "trace-game", 0, "first print game K move by move (K from 1; on stderr with --json or --csv)")
	f.StringVar(&opts.csv, "csv", "", "print one table as CSV instead of the report: cards, histogram, or another card table (Arkhtide: realms)")
	f.BoolVar(&opts.force, "force", false, "play a draft that breaks the deck-building rules (the report's first line says so)")
	registerShard(f, &opts.shard)
	return cmd
}

func (o *goldfishOptions) check() error {
	if o.games < 1 || o.games > maxGames {
		return usageError("--games %d: want 1 to %d", o.games, maxGames)
	}
	if o.workers < 0 || o.workers > 1024 {
		return usageError("--workers %d: want 0 (one per CPU) to 1024", o.workers)
	}
	if o.precision < 0 || math.IsNaN(o.precision) || math.IsInf(o.precision, 0) {
		return usageError("--precision %v: want a positive number of turns (or 0 for off)", o.precision)
	}
	if o.traceGame < 0 {
		return usageError("--trace-game %d: want a game from 1", o.traceGame)
	}
	if o.json && o.csv != "" {
		return usageError("--json and --csv: choose one")
	}
	if o.maxTurns < 0 || o.maxTurns > 1000 {
		return usageError("--max-turns %d: want 1 to 1000 (0: the game's default)", o.maxTurns)
	}
	return o.checkShard()
}

// checkShard checks --shard: a shard writes a partial result (--json),
// and plays all its games (no --precision).
func (o *goldfishOptions) checkShard() error {
	if err := o.shard.parse(o.games); err != nil || !o.shard.on() {
		return err
	}
	switch {
	case !o.json:
		return usageError("--shard %s writes a partial result for deckwright merge: add --json", o.shard.text)
	case o.precision != 0:
		return usageError("--shard and --precision: a shard plays all its games; drop --precision")
	}
	return nil
}

func runGoldfish(opts *goldfishOptions) error {
	if err := opts.check(); err != nil {
		return err
	}
	db, err := opts.g.loadDBFor(opts.game)
	if err != nil {
		return err
	}
	if opts.json && !opts.force {
		if err := illegalJSON(opts.io, db, opts.deck, opts.game); err != nil {
			return err
		}
	}
	p, err := loadPlaytest(opts.io.Err, db, opts.deck, opts)
	if err != nil {
		return err
	}
	if opts.trace || opts.traceGame > 0 {
		w := opts.io.Out
		if opts.json || opts.csv != "" {
			w = opts.io.Err
		}
		p.trace(w, opts.seed, max(1, opts.traceGame))
	}
	if opts.shard.on() {
		return runGoldfishShard(opts, p)
	}
	prog := newProgress(opts.io.Err, opts.g.quiet || opts.json || opts.csv != "")
	s, err := p.run(engine.Config{Games: opts.games, Seed: opts.seed, Workers: opts.workers, Precision: opts.precision, Progress: func(done, total int) { prog.Update("games", done, total) }, Context: opts.io.context()})
	prog.Done()
	if err != nil {
		return err
	}
	return writeGoldfish(opts, p, s)
}

// writeGoldfish prints the report of a run (or of its shards merged).
func writeGoldfish(opts *goldfishOptions, p *playtest, s *engine.Summary) error {
	if opts.json {
		return writeJSON(opts.io, goldfishJSON(p, s, opts))
	}
	if opts.csv != "" {
		return writeGoldfishCSV(opts.io.Out, p, s, opts.csv)
	}
	printGoldfish(opts.io.Out, p, s, opts)
	return nil
}

// runGoldfishShard plays the games of one shard and writes its partial
// result.
func runGoldfishShard(opts *goldfishOptions, p *playtest) error {
	pt := newPartial("goldfish", opts.shard, opts, p)
	c, err := engine.RunCounts(p.play.Spec, engine.Config{Games: pt.Games, First: pt.First, Seed: opts.seed, Workers: opts.workers, Context: opts.io.context()}, p.play.NewGame)
	if err != nil {
		return err
	}
	pt.Counts = c
	return writeJSON(opts.io, pt)
}
