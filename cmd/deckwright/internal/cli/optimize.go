package cli

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/deckwright/deckwright/cardsdb"
	"github.com/deckwright/deckwright/engine"
	"github.com/deckwright/deckwright/engine/search"
)

type optimizeOptions struct {
	tuneOptions
	budget time.Duration
	evals  int
	check  int
	keep   []string
	output string
}

func newOptimizeCmd(io IO, g *globalOptions) *cobra.Command {
	opts := &optimizeOptions{tuneOptions: tuneOptions{compareOptions: compareOptions{io: io, g: g}}}
	cmd := &cobra.Command{
		Use:   "optimize DECK --pool POOL",
		Short: "Search for a better list by legal swaps, on paired games, and check it on fresh ones",
		Long: `Climb from DECK swap by swap: each step races every legal swap of the current
list (one copy of a card cut for one card of the pool, in the same section;
the validator decides what is legal) on paired games, as deckwright tune
does, and keeps the winner when its 95% interval shows a gain. The search
stops at the budget or when no swap improves the list. Then the best list
found plays a final paired check against DECK on games the search never
played (from game 2^40 of the seed); the list is returned, with -o written
as a decklist, only when that check confirms the gain. The report gives the
path of swaps and the final check with its interval.

--budget is a time (default 60s; the lists found then depend on the
machine's speed); --evals N bounds the candidate lists instead, and the
result is then the same for a seed on any machine. --keep CARD never cuts
CARD (repeatable). --games is each candidate's games in the first round of a
race; --check the final check's games. Progress goes to stderr on a terminal.

--shard K/N --json (with --evals) plays shard K of N of the climb's next
round (--state: the state deckwright merge wrote after the last round) and
writes its partial result. The rounds are those of each step's race, then
the final check's; merge of a round's N parts writes the next state, and
after the check's round the report of the single run.

Exit status: 0 done (a better list found or not), 1 the deck breaks a
deck-building rule, 2 usage error or unreadable input.`,
		Example: `  deckwright optimize seeker-chronicles/cosmos --pool extra-pile.txt -o better-cosmos.txt
  deckwright optimize arkhtide/three-factions --pool arkhtide --evals 300 --seed 7 --keep "Shard of Quintessence"`,
		Args: argsUsage(cobra.ExactArgs(1)),
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.a = args[0]
			opts.set.seen(cmd)
			return runOptimize(opts)
		},
	}
	f := cmd.Flags()
	f.StringVar(&opts.pool, "pool", "", "the cards that may come in: a game (every card), or a deck list or bundled deck (its cards); default the deck's game")
	f.DurationVar(&opts.budget, "budget", 60*time.Second, "how long to search (without --evals)")
	f.IntVar(&opts.evals, "evals", 0, "the most candidate lists to evaluate (deterministic; replaces --budget)")
	f.IntVar(&opts.games, "games", 100, "each candidate's paired games in the first round of a race")
	f.IntVar(&opts.check, "check", 20000, "the final check's paired games, on games the search never played")
	f.StringArrayVar(&opts.keep, "keep", nil, "a card never to cut (repeatable)")
	f.StringVarP(&opts.output, "output", "o", "", "write the list found as a decklist (only when the final check confirms it)")
	f.StringVar(&opts.figure, "figure", "", "the figure weighed (default the game's main one)")
	opts.set.register(f)
	f.Uint64Var(&opts.seed, "seed", 1, "base seed: game i draws from the stream (seed, i); the search's order too")
	f.IntVar(&opts.workers, "workers", 0, "goroutines playing games (0: one per CPU)")
	f.IntVar(&opts.maxTurns, "max-turns", 0, "a game not over after this many turns (Arkhtide: Rounds) is unfinished (0: the game's default)")
	f.StringVar(&opts.game, "game", "", "the game of a deck list that names none")
	f.BoolVar(&opts.json, "json", false, "print JSON")
	registerShard(f, &opts.shard)
	f.StringVar(&opts.state, "state", "", "with --shard: the state deckwright merge wrote after the climb's last round (none for round 1)")
	return cmd
}

func runOptimize(opts *optimizeOptions) error {
	if err := opts.checkSearch(); err != nil {
		return err
	}
	gopts := opts.goldfish()
	gopts.games = 1
	if opts.shard.text != "" {
		gopts.games = opts.games // a shard cuts every round of --games at least
	}
	if err := gopts.check(); err != nil {
		return err
	}
	switch {
	case opts.state != "" && !gopts.shard.on():
		return usageError("--state %s: a state is for a shard of the climb's next round: add --shard K/N", opts.state)
	case gopts.shard.on() && opts.evals == 0:
		return usageError("--shard %s: a climb in shards needs --evals (on a --budget of time each shard would climb its own way)", opts.shard.text)
	case gopts.shard.on() && opts.output != "":
		return usageError("--shard and -o: a shard writes a partial result; run the climb whole to write the list")
	}
	p, prob, err := opts.optProblem(gopts)
	if err != nil {
		return err
	}
	if gopts.shard.on() {
		return optimizeShard(opts, gopts, p, prob)
	}
	prog := newProgress(opts.io.Err, opts.g.quiet || opts.json)
	if prog.tty {
		if opts.evals > 0 {
			prob.Progress = func(done, total int) { prog.Update("candidate lists", done, total) }
		} else {
			prob.Progress = func(done, total int) { prog.Update("seconds", done, total) }
		}
	}
	b := search.Budget{Evals: opts.evals}
	if opts.evals == 0 {
		b.Time = opts.budget
	}
	res, err := search.Optimize(prob, b, opts.games, opts.check)
	prog.Done()
	if err != nil {
		return searchError(err)
	}
	if opts.output != "" && res.Confirmed {
		name := p.deck.Name() + " (optimized)"
		comment := fmt.Sprintf("deckwright optimize %s, seed %d: %s", p.arg, opts.seed, pathText(res))
		if err := writeAtomic(opts.io.temps, opts.output, func(w io.Writer) error { return writeDecklist(w, res.Deck, name, comment) }); err != nil {
			return inputError(err)
		}
	}
	return writeOptimize(opts, p, res)
}

// checkSearch checks the search's own flags.
func (opts *optimizeOptions) checkSearch() error {
	if opts.evals < 0 || opts.games < 2 || opts.check < 2 || opts.budget <= 0 {
		return usageError("--evals %d, --games %d, --check %d, --budget %s: want --evals ≥ 0, --games and --check ≥ 2, a positive --budget", opts.evals, opts.games, opts.check, opts.budget)
	}
	return nil
}

// optProblem opens the deck and the pool and sets up the search, with
// the cards never cut.
func (opts *optimizeOptions) optProblem(gopts *goldfishOptions) (*playtest, *search.Problem, error) {
	p, prob, err := opts.problem(gopts)
	if err != nil {
		return nil, nil, err
	}
	prob.Keep = map[*cardsdb.Card]bool{}
	for _, k := range opts.keep {
		c := p.deck.Game.Card(k)
		if c == nil {
			return nil, nil, usageError("--keep %q: no %s card of that name", k, p.deck.Game.Name)
		}
		prob.Keep[c] = true
	}
	return p, prob, nil
}

// writeOptimize prints the report of a climb (or of its shards merged).
func writeOptimize(opts *optimizeOptions, p *playtest, res *search.Result) error {
	if opts.json {
		return writeJSON(opts.io, optimizeJSON(p, res, opts))
	}
	printOptimize(opts.io.Out, p, res, opts)
	return nil
}

func pathText(res *search.Result) string {
	var s []string
	for _, st := range res.Path {
		s = append(s, st.Swap.String())
	}
	if len(s) == 0 {
		return "no swap"
	}
	return strings.Join(s, ", ")
}

func printOptimize(w io.Writer, p *playtest, res *search.Result, opts *optimizeOptions) {
	fmt.Fprintf(w, "%s (%s): %s, policy %s, seed %d\n", p.arg, p.deck.Name(), p.play.ModeText, p.policy, opts.seed)
	// With --evals the report is the same on any machine: no time in it.
	budget := fmt.Sprintf("a %s budget, in %.1fs", opts.budget, res.Elapsed.Seconds())
	if opts.evals > 0 {
		budget = fmt.Sprintf("a budget of %s", cardsdb.Plural(opts.evals, "candidate list"))
	}
	fmt.Fprintf(w, "searched %s (%s), %s\n", cardsdb.Plural(res.Evals, "candidate list"), budget, map[bool]string{true: "until no swap improved the list", false: "until the budget ran out"}[res.Optimum])
	fmt.Fprintln(w)
	if len(res.Path) == 0 {
		fmt.Fprintln(w, "no swap improved the list: it is returned as it is")
		return
	}
	fmt.Fprintln(w, "path (each swap against the list before it, on the search's games):")
	for i, st := range res.Path {
		fmt.Fprintf(w, "  %d. %s: %s\n", i+1, st.Swap, estimateText(st.Estimate))
	}
	fmt.Fprintln(w)
	c := res.Check
	fmt.Fprintf(w, "final check against %s on %s the search never played: %s\n", p.arg, cardsdb.Plural(c.Games, "game"), estimateText(c))
	fmt.Fprintln(w, verdictOf(c))
	if res.Confirmed {
		fmt.Fprintln(w, "the list found is better: it is returned")
		if opts.output != "" {
			fmt.Fprintf(w, "wrote %s\n", opts.output)
		}
	} else {
		fmt.Fprintln(w, "the gain does not hold in the final check: the list is returned as it is")
		if opts.output != "" {
			fmt.Fprintf(w, "%s not written\n", opts.output)
		}
	}
	if pv := p.play.Provisional; len(pv) > 0 {
		fmt.Fprintln(w)
		printProvisional(w, pv)
	}
}

func verdictOf(e *search.Estimate) string { return verdict(&e.Figure) }

// optimizeReport is optimize --json.
type optimizeReport struct {
	Deck        string               `json:"deck"`
	Name        string               `json:"name"`
	Game        string               `json:"game"`
	Seed        uint64               `json:"seed"`
	Mode        string               `json:"mode"`
	Policy      string               `json:"policy"`
	Figure      string               `json:"figure"`
	Evals       int                  `json:"evals"`
	SearchGames gameRange            `json:"search_games"`
	Optimum     bool                 `json:"optimum"`
	Path        []stepJSON           `json:"path"`
	Check       *checkJSON           `json:"check"`
	Confirmed   bool                 `json:"confirmed"`
	List        []listEntry          `json:"list"`
	Provisional []engine.Provisional `json:"provisional"`
}

// MarshalJSON writes the report with its strings HTML-escaped, as every
// report's JSON is (engine.JoinObjects).
func (r *optimizeReport) MarshalJSON() ([]byte, error) {
	type plain optimizeReport
	return json.Marshal((*plain)(r))
}

// gameRange is the games the search played: from first_game, most_games
// at most for a candidate.
type gameRange struct {
	FirstGame int `json:"first_game"`
	MostGames int `json:"most_games"`
}

// stepJSON is a swap the search kept.
type stepJSON struct {
	Out      string          `json:"out"`
	In       string          `json:"in"`
	Gain     engine.Number   `json:"gain"`
	GainCI95 engine.Interval `json:"gain_ci95"`
	Games    int             `json:"games"`
}

// checkJSON is the final check of the list found against the deck.
type checkJSON struct {
	FirstGame int             `json:"first_game"`
	Games     int             `json:"games"`
	A         engine.Number   `json:"a"`
	B         engine.Number   `json:"b"`
	Diff      engine.Number   `json:"diff"`
	CI95      engine.Interval `json:"ci95"`
	Gain      engine.Number   `json:"gain"`
	GainCI95  engine.Interval `json:"gain_ci95"`
}

// listEntry is an entry of the list returned.
type listEntry struct {
	Section string `json:"section"`
	Name    string `json:"name"`
	Count   int    `json:"count"`
}

func optimizeJSON(p *playtest, res *search.Result, opts *optimizeOptions) *optimizeReport {
	r := &optimizeReport{Deck: p.arg, Name: p.deck.Name(), Game: p.deck.Game.ID, Seed: opts.seed, Mode: p.play.Mode, Policy: p.policy,
		Figure: p.play.Figures[max(0, prob0(p, opts.figure))].Key, Evals: res.Evals, SearchGames: gameRange{0, res.SearchGames},
		Optimum: res.Optimum, Path: []stepJSON{}, Confirmed: res.Confirmed, Provisional: provisionalList(p.play.Provisional)}
	for _, st := range res.Path {
		e := st.Estimate
		r.Path = append(r.Path, stepJSON{Out: st.Swap.Out.Name, In: st.Swap.In.Name, Gain: engine.Number(e.Gain), GainCI95: engine.CI95(e.GainCI), Games: e.Games})
	}
	if c := res.Check; c != nil {
		r.Check = &checkJSON{FirstGame: search.CheckFirst, Games: c.Games, A: engine.Number(c.Figure.A), B: engine.Number(c.Figure.B), Diff: engine.Number(c.Figure.Diff),
			CI95: engine.CI95(c.Figure.CI95), Gain: engine.Number(c.Gain), GainCI95: engine.CI95(c.GainCI)}
	}
	for _, dc := range res.Deck.Cards {
		if !dc.Companion {
			r.List = append(r.List, listEntry{Section: dc.Section.Name, Name: dc.Card.Name, Count: dc.Count})
		}
	}
	return r
}

// prob0 is the index of a figure key ("" the main one).
func prob0(p *playtest, key string) int {
	for i, f := range p.play.Figures {
		if f.Key == key {
			return i
		}
	}
	return 0
}
