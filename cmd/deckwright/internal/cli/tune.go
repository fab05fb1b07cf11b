package cli

import (
	"encoding/json"
	"fmt"
	"io"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"github.com/deckwright/deckwright/cardsdb"
	"github.com/deckwright/deckwright/engine"
	"github.com/deckwright/deckwright/engine/search"
)

type tuneOptions struct {
	compareOptions
	pool   string
	top    int
	figure string
	state  string
}

func newTuneCmd(io IO, g *globalOptions) *cobra.Command {
	opts := &tuneOptions{compareOptions: compareOptions{io: io, g: g}}
	cmd := &cobra.Command{
		Use:   "tune DECK",
		Short: "Value each card of a deck by the swaps that cut it, on paired games",
		Long: `For each card of DECK, cut one copy for each card of the pool that can
legally replace it (the validator decides), and weigh each swap against DECK
on the same games (see deckwright compare): the value of a card is the mean
effect of cutting it over its legal replacements, with a 95% interval.
Cards are ranked most valuable first: the card whose cuts lose most first,
the one whose cuts gain most (the card to cut) last. The best swaps follow.

The swaps race by successive halving: every swap plays a few games, the
better half goes on to twice as many, and so on, so that clearly bad swaps
are dropped early and close ones get more games; --games bounds the paired
games in all. --pool is a game (every card of it; default the deck's game)
or a deck list or bundled deck whose cards make the pool. --figure chooses
the figure weighed (default the game's main one; deckwright compare --json
lists them).

--shard K/N --json plays shard K of N of the race's next round (--state:
the state deckwright merge wrote after the last round) and writes its
partial result; see deckwright merge and docs/goldfish.md.

Exit status: 0 done, 1 the deck breaks a deck-building rule, 2 usage error
or unreadable input.`,
		Example: `  deckwright tune seeker-chronicles/cosmos --pool extra-pile.txt
  deckwright tune arkhtide/three-factions --games 500000 --top 20`,
		Args: argsUsage(cobra.ExactArgs(1)),
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.a = args[0]
			opts.set.seen(cmd)
			return runTune(opts)
		},
	}
	f := cmd.Flags()
	f.StringVar(&opts.pool, "pool", "", "the cards that may come in: a game (every card), or a deck list or bundled deck (its cards); default the deck's game")
	f.IntVar(&opts.top, "top", 10, "how many of the best swaps to list")
	f.StringVar(&opts.figure, "figure", "", "the figure weighed (default the game's main one)")
	opts.set.register(f)
	f.IntVar(&opts.games, "games", 200000, "the most paired games in all")
	f.Uint64Var(&opts.seed, "seed", 1, "base seed: game i draws from the stream (seed, i)")
	f.IntVar(&opts.workers, "workers", 0, "goroutines playing games (0: one per CPU)")
	f.IntVar(&opts.maxTurns, "max-turns", 0, "a game not over after this many turns (Arkhtide: Rounds) is unfinished (0: the game's default)")
	f.StringVar(&opts.game, "game", "", "the game of a deck list that names none")
	f.BoolVar(&opts.json, "json", false, "print JSON")
	registerShard(f, &opts.shard)
	f.StringVar(&opts.state, "state", "", "with --shard: the state deckwright merge wrote after the race's last round (none for round 1)")
	return cmd
}

func runTune(opts *tuneOptions) error {
	if opts.top < 1 {
		return usageError("--top %d: want 1 or more", opts.top)
	}
	gopts := opts.goldfish()
	if err := gopts.check(); err != nil {
		return err
	}
	if opts.state != "" && !gopts.shard.on() {
		return usageError("--state %s: a state is for a shard of the race's next round: add --shard K/N", opts.state)
	}
	p, prob, err := opts.problem(gopts)
	if err != nil {
		return err
	}
	if gopts.shard.on() {
		return tuneShard(opts, gopts, p, prob)
	}
	prog := newProgress(opts.io.Err, opts.g.quiet || opts.json)
	prob.Progress = func(done, total int) { prog.Update("paired games", done, total) }
	res, err := search.Tune(prob, opts.games)
	prog.Done()
	if err != nil {
		return searchError(err)
	}
	return writeTune(opts, p, res)
}

// writeTune prints the report of a tune race (or of its shards merged).
func writeTune(opts *tuneOptions, p *playtest, res *search.Tuning) error {
	if opts.json {
		return writeJSON(opts.io, tuneJSON(p, res, opts))
	}
	printTune(opts.io.Out, p, res, opts)
	return nil
}

func printTune(w io.Writer, p *playtest, res *search.Tuning, opts *tuneOptions) {
	swaps, values := res.Swaps, res.Values
	f := &swaps[0].Figure
	fmt.Fprintf(w, "%s (%s): %s, policy %s, seed %d\n", p.arg, p.deck.Name(), p.play.ModeText, p.policy, opts.seed)
	raced := cardsdb.Plural(len(swaps), "legal swap")
	if res.Sampled {
		raced = fmt.Sprintf("%d of %s", len(swaps), cardsdb.Plural(res.Legal, "legal swap"))
	}
	fmt.Fprintf(w, "%s raced on the %s (B − A against the deck, game by game)\n", raced, f.Name)
	if res.Sampled {
		fmt.Fprintf(w, "(a sample drawn from the seed, an equal share for each card: --games %d plays each at least %d games)\n", opts.games, search.MinGames)
	}
	fmt.Fprintln(w)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintf(tw, "rank\tcard\tcutting it\t95%% CI\tswaps\tbest replacement\n")
	for i, v := range values {
		b := v.Best
		fmt.Fprintf(tw, "%d\t%s\t%s\t%s – %s\t%d\t%s: %s\n", i+1, v.Card.Name, signed(f, v.Gain), figureText(f, v.GainCI[0]), figureText(f, v.GainCI[1]), v.Swaps, b.Swaps[0].In.Name, estimateText(b))
	}
	tw.Flush()
	fmt.Fprintf(w, "(cutting it: the mean gain, in %s, of the legal swaps that cut one copy; negative: the card is worth keeping;\n most valuable first, the card to cut last)\n\n", gainWord(f))
	fmt.Fprintf(w, "best swaps:\n")
	tw = tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	for i, e := range swaps[:min(opts.top, len(swaps))] {
		fmt.Fprintf(tw, "%d\t%s\t%s\tround %d\n", i+1, e.Swaps[0], estimateText(e), e.Round)
	}
	tw.Flush()
	fmt.Fprintln(w, "(raced by successive halving: a swap that reached a later round played more games)")
	if pv := p.play.Provisional; len(pv) > 0 {
		fmt.Fprintln(w)
		printProvisional(w, pv)
	}
}

// tuneReport is tune --json.
type tuneReport struct {
	Deck        string               `json:"deck"`
	Name        string               `json:"name"`
	Game        string               `json:"game"`
	Seed        uint64               `json:"seed"`
	Mode        string               `json:"mode"`
	Policy      string               `json:"policy"`
	Figure      string               `json:"figure"`
	Budget      int                  `json:"budget"`
	LegalSwaps  int                  `json:"legal_swaps"`
	RacedSwaps  int                  `json:"raced_swaps"`
	Cards       []cardValueJSON      `json:"cards"`
	BestSwaps   []swapJSON           `json:"best_swaps"`
	Provisional []engine.Provisional `json:"provisional"`
}

// MarshalJSON writes the report with its strings HTML-escaped, as every
// report's JSON is (engine.JoinObjects).
func (r *tuneReport) MarshalJSON() ([]byte, error) {
	type plain tuneReport
	return json.Marshal((*plain)(r))
}

// cardValueJSON is a card's value: the mean gain of cutting it, and the
// best swap that cuts it.
type cardValueJSON struct {
	Name        string          `json:"name"`
	CutGain     engine.Number   `json:"cut_gain"`
	CutGainCI95 engine.Interval `json:"cut_gain_ci95"`
	Swaps       int             `json:"swaps"`
	Best        swapJSON        `json:"best"`
}

// swapJSON is a swap raced, with its estimate.
type swapJSON struct {
	Out      string          `json:"out"`
	In       string          `json:"in"`
	Gain     engine.Number   `json:"gain"`
	GainCI95 engine.Interval `json:"gain_ci95"`
	Diff     engine.Number   `json:"diff"`
	CI95     engine.Interval `json:"ci95"`
	Games    int             `json:"games"`
	Round    int             `json:"round"`
}

func swapOf(e *search.Estimate) swapJSON {
	return swapJSON{Out: e.Swaps[0].Out.Name, In: e.Swaps[0].In.Name, Gain: engine.Number(e.Gain), GainCI95: engine.CI95(e.GainCI),
		Diff: engine.Number(e.Figure.Diff), CI95: engine.CI95(e.Figure.CI95), Games: e.Games, Round: e.Round}
}

func tuneJSON(p *playtest, res *search.Tuning, opts *tuneOptions) *tuneReport {
	swaps := res.Swaps
	r := &tuneReport{Deck: p.arg, Name: p.deck.Name(), Game: p.deck.Game.ID, Seed: opts.seed, Mode: p.play.Mode, Policy: p.policy,
		Figure: swaps[0].Figure.Key, Budget: opts.games, LegalSwaps: res.Legal, RacedSwaps: len(swaps),
		Cards: []cardValueJSON{}, BestSwaps: []swapJSON{}, Provisional: provisionalList(p.play.Provisional)}
	for _, v := range res.Values {
		r.Cards = append(r.Cards, cardValueJSON{Name: v.Card.Name, CutGain: engine.Number(v.Gain), CutGainCI95: engine.CI95(v.GainCI), Swaps: v.Swaps, Best: swapOf(v.Best)})
	}
	for _, e := range swaps[:min(opts.top, len(swaps))] {
		r.BestSwaps = append(r.BestSwaps, swapOf(e))
	}
	return r
}

func provisionalList(pv []engine.Provisional) []engine.Provisional {
	if pv == nil {
		return []engine.Provisional{}
	}
	return pv
}

// problem loads the deck to search from and its pool, and makes the search
// problem that tune and optimize race swaps on.
func (opts *tuneOptions) problem(gopts *goldfishOptions) (*playtest, *search.Problem, error) {
	db, err := opts.g.loadDB()
	if err != nil {
		return nil, nil, inputError(err)
	}
	p, err := loadPlaytest(opts.io.Err, db, opts.a, gopts)
	if err != nil {
		return nil, nil, err
	}
	pool, err := poolOf(db, p.deck, opts.pool)
	if err != nil {
		return nil, nil, err
	}
	prob, err := problemOf(p, pool, opts.figure, opts.seed, opts.workers, opts.io)
	if err != nil {
		return nil, nil, err
	}
	return p, prob, nil
}
