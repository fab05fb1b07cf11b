package cli

import (
	"errors"
	"fmt"
	"io"
	"math"
	"strings"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"github.com/deckwright/deckwright/cardsdb"
	"github.com/deckwright/deckwright/engine"
	"github.com/deckwright/deckwright/engine/games"
	"github.com/deckwright/deckwright/validate"
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
played.

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

Arkhtide (--opponent; turns are Rounds; a game is won at 13 Quintessence):
  empty     no opposing presence: each Round your Realm and the Neutral
            Realm only; the pure speed of the list
  passive   an opposing Seeker with a Realm Deck of its own (yours, or the
            deck given by --versus) that stands on its Realm and never acts:
            the cost of contesting a held Realm
  The report adds how games ended, Quintessence, Arkhé spent, Soul and
  Willpower per Round, the Willpower paid for non-Innate cards, per card
  how often it was invoked, extracted and discarded, and per Realm how
  often it was seen, picked and harvested.

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
  deckwright goldfish arkhtide/ember-covenant-mono --opponent passive --versus arkhtide/three-factions`,
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
	return cmd
}

// maxTurnsDefaults says each engine's longest game: "50 turns for
// Seeker Chronicles, 20 rounds for Arkhtide, ...".
func maxTurnsDefaults() string {
	var parts []string
	for _, e := range games.Kinds() {
		if e.ID == "" {
			parts = append(parts, "a playtest block's max_turns")
			continue
		}
		parts = append(parts, cardsdb.Plural(e.DefaultMaxTurns, e.Unit)+" for "+e.Name)
	}
	return strings.Join(parts, ", ")
}

// engineOf returns the playtest engine of a game: the one written for
// it, else the engine of its playtest block, else nil.
func engineOf(g *cardsdb.Game) *engine.Engine { return games.For(g) }

// engineByID is engineOf for a game id of db.
func engineByID(db *cardsdb.DB, id string) *engine.Engine {
	g, _ := db.Game(id)
	return engineOf(g)
}

// effectCheck reads the effects of a deck's cards for the games with an
// engine, so that validate warns of an effect the playtest cannot read.
func effectCheck(g *cardsdb.Game) func(*cardsdb.Deck) error {
	if e := engineOf(g); e != nil {
		return e.CheckEffects
	}
	return nil
}

// playtestDoc is where a designer reads how to write a playtest block.
const playtestDoc = "docs/playtest.md"

// playtest is a deck checked and compiled, ready to play.
type playtest struct {
	arg    string
	db     *cardsdb.DB
	game   string // --game
	deck   *cardsdb.Deck
	policy string
	eng    *engine.Engine
	play   *engine.Play
	setup  engine.Setup
	// broken is the number of deck-building problems of a deck played
	// with --force.
	broken int
}

// problems counts the findings that make a deck illegal.
func problems(fs []validate.Finding) int {
	n := 0
	for _, f := range fs {
		if !validate.Legal([]validate.Finding{f}) {
			n++
		}
	}
	return n
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
	return nil
}

// noEngineError is the error for a deck of a game without a playtest
// engine, which build skips.
type noEngineError string

func (e noEngineError) Error() string { return string(e) }

// openLegal opens a deck, resolves it and checks it against its game's
// rules. An illegal deck has its problems printed on w and gives
// errBrokeRules.
func openLegal(w io.Writer, db *cardsdb.DB, arg, game string) (*cardsdb.Deck, error) {
	d, _, err := openDeck(w, db, arg, game, false)
	return d, err
}

// openDeck is openLegal; with force an illegal deck has its problems
// printed on w and is returned with their number.
func openDeck(w io.Writer, db *cardsdb.DB, arg, game string, force bool) (*cardsdb.Deck, int, error) {
	list, err := db.OpenDeck(arg, game)
	if err != nil {
		return nil, 0, inputError(err)
	}
	g, err := db.GameOf(list)
	if err != nil {
		return nil, 0, inputError(err)
	}
	if engineOf(g) == nil {
		return nil, 0, inputError(noEngineError(fmt.Sprintf("%s: %s has no playtest: add a playtest block to its game.yaml (see %s)", arg, g.Name, playtestDoc)))
	}
	deck, err := cardsdb.Resolve(g, list)
	if err != nil {
		return nil, 0, inputError(err)
	}
	fs := validate.Check(deck)
	if !validate.Legal(fs) {
		for _, f := range fs {
			fmt.Fprintln(w, f)
		}
		if force && len(deck.Unknown) > 0 {
			var names []string
			for _, u := range deck.Unknown {
				names = append(names, fmt.Sprintf("%q", u.Entry.Name))
			}
			fmt.Fprintf(w, "deckwright: %s names %s the game does not have (%s); a card the engine does not know cannot be played, even with --force: not played\n",
				arg, cardsdb.Plural(len(deck.Unknown), "card"), strings.Join(names, ", "))
			return nil, 0, errBrokeRules
		}
		if force {
			fmt.Fprintf(w, "deckwright: %s breaks the deck-building rules above; played anyway (--force)\n", arg)
			return deck, problems(fs), nil
		}
		fmt.Fprintf(w, "deckwright: %s breaks the deck-building rules above; not played\n", arg)
		return nil, 0, errBrokeRules
	}
	return deck, 0, nil
}

// loadPlaytest opens, validates and compiles a deck for the game's engine.
func loadPlaytest(w io.Writer, db *cardsdb.DB, arg string, opts *goldfishOptions) (*playtest, error) {
	deck, broken, err := openDeck(w, db, arg, opts.game, opts.force)
	if err != nil {
		return nil, err
	}
	e := engineOf(deck.Game)
	setup, versus, err := opts.set.setup(e, deck.Game.Name)
	if err != nil {
		return nil, err
	}
	setup.MaxTurns = opts.maxTurns
	if versus != "" {
		vdeck, err := openLegal(w, db, versus, opts.game)
		if err != nil {
			return nil, err
		}
		setup.Versus, setup.VersusName = vdeck, versus
	}
	play, err := e.Compile(deck, setup)
	var se *engine.SetupError
	switch {
	case errors.As(err, &se):
		return nil, usageError("%s", se.Msg)
	case err != nil:
		return nil, inputError(err)
	}
	return &playtest{arg: arg, db: db, game: opts.game, deck: deck, policy: play.Policy, eng: e, play: play, setup: setup, broken: broken}, nil
}

func (p *playtest) run(cfg engine.Config) (*engine.Summary, error) {
	return engine.Run(p.play.Spec, cfg, p.play.NewGame)
}

// tracer is a game that can tell its moves in words.
type tracer interface {
	engine.Game
	Trace(w io.Writer)
}

// trace plays game k (from 1) of the run with seed, in words, to w.
func (p *playtest) trace(w io.Writer, seed uint64, k int) {
	g := p.play.NewGame()
	t, ok := g.(tracer)
	if !ok {
		return
	}
	u := p.eng.Unit
	fmt.Fprintf(w, "Game %d (seed %d, stream (%d, %d)), %s, policy %s\n", k, seed, seed, k-1, p.play.ModeText, p.policy)
	t.Trace(w)
	o := t.Play(engine.Stream(seed, k-1), nil)
	switch {
	case o.Won:
		fmt.Fprintf(w, "Game %d: won on %s %d.\n\n", k, u, o.Turns)
	case o.Unfinished:
		fmt.Fprintf(w, "Game %d: unfinished (not over after %s).\n\n", k, cardsdb.Plural(o.Turns, u))
	default:
		fmt.Fprintf(w, "Game %d: lost on %s %d.\n\n", k, u, o.Turns)
	}
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
	prog := newProgress(opts.io.Err, opts.g.quiet || opts.json || opts.csv != "")
	s, err := p.run(engine.Config{Games: opts.games, Seed: opts.seed, Workers: opts.workers, Precision: opts.precision, Progress: func(done, total int) { prog.Update("games", done, total) }, Context: opts.io.context()})
	prog.Done()
	if err != nil {
		return err
	}
	if opts.json {
		return writeJSON(opts.io, goldfishJSON(p, s, opts))
	}
	if opts.csv != "" {
		return writeGoldfishCSV(opts.io.Out, p, s, opts.csv)
	}
	printGoldfish(opts.io.Out, p, s, opts)
	return nil
}

// jsonObject is a JSON object that keeps its keys in order, and
// jsonField one of its fields: the engine's, which its reports use.
type (
	jsonObject = engine.Object
	jsonField  = engine.Field
)

func ci(c [2]float64) []any { return []any{engine.Num(c[0]), engine.Num(c[1])} }

// turnOrNull is a percentile turn of d, null when d holds no game (no
// game won, a milestone never reached).
func turnOrNull(d engine.Dist, turn int) any {
	if !d.HasData() {
		return nil
	}
	return turn
}

// milestoneMedian is a milestone's median turn, null when no game reached
// it.
func milestoneMedian(m engine.MilestoneStats) any {
	if m.Games == 0 {
		return nil
	}
	return m.Median
}

func goldfishJSON(p *playtest, s *engine.Summary, opts *goldfishOptions) jsonObject {
	spec := p.play.Spec
	rep := p.play.Report(s)
	o := jsonObject{
		{K: "deck", V: p.arg},
		{K: "name", V: p.deck.Name()},
		{K: "game", V: p.deck.Game.ID},
	}
	if p.broken > 0 {
		o = append(o, jsonField{K: "forced", V: jsonObject{{K: "rule_problems", V: p.broken}}})
	}
	o = append(o, jsonField{K: "games", V: s.Games}, jsonField{K: "seed", V: opts.seed})
	o = append(o, p.play.ModeJSON...)
	o = append(o,
		jsonField{K: "policy", V: p.policy},
		jsonField{K: "turn_unit", V: p.eng.Unit},
		jsonField{K: "max_turns", V: spec.MaxTurns},
		jsonField{K: "precision", V: jsonObject{{K: "target", V: engine.Num(opts.precision)}, {K: "reached", V: s.Precision}}},
		jsonField{K: "won", V: s.Won},
		jsonField{K: "lost", V: s.Lost},
		jsonField{K: "unfinished", V: s.Unfinished},
		jsonField{K: "win_rate", V: engine.Num(s.WinRate)},
		jsonField{K: "win_rate_ci95", V: ci(s.WinRateCI95)},
		jsonField{K: "win_rate_ci_method", V: "wilson"},
		jsonField{K: "loss_rate", V: engine.Num(s.LossRate)},
		jsonField{K: "unfinished_rate", V: engine.Num(s.UnfinishedRate)},
	)
	hist := []jsonObject{}
	for _, b := range s.Turns.Histogram {
		hist = append(hist, jsonObject{{K: "turn", V: b.Turn}, {K: "games", V: b.Games}, {K: "won_by", V: engine.Num(b.Cumulative)}})
	}
	o = append(o, jsonField{K: "turns", V: jsonObject{
		{K: "mean", V: engine.Num(s.Turns.Mean)},
		{K: "sd", V: engine.Num(s.Turns.SD)},
		{K: "ci95", V: ci(s.Turns.CI95)},
		{K: "median", V: turnOrNull(s.Turns, s.Turns.Median)},
		{K: "p10", V: turnOrNull(s.Turns, s.Turns.P10)},
		{K: "p90", V: turnOrNull(s.Turns, s.Turns.P90)},
		{K: "histogram", V: hist},
	}})
	o = append(o, jsonField{K: "length", V: jsonObject{{K: "mean", V: engine.Num(s.Length.Mean)}, {K: "median", V: turnOrNull(s.Length, s.Length.Median)}}})
	o = append(o, rep.JSON...)
	for _, t := range rep.CardTables {
		o = append(o, jsonField{K: t.Key, V: jsonCardList(s, t)})
	}
	ns, pv := p.play.NotSimulated, p.play.Provisional
	if ns == nil {
		ns = []engine.NotSimulated{}
	}
	if pv == nil {
		pv = []engine.Provisional{}
	}
	o = append(o, jsonField{K: "not_simulated", V: ns}, jsonField{K: "provisional", V: pv})
	return o
}

// jsonCardList is the JSON of a card table: one object per card, its
// events per game, and with the opening columns the win turns.
func jsonCardList(s *engine.Summary, r engine.CardTable) []jsonObject {
	cards := []jsonObject{}
	for _, i := range r.Cards {
		c := s.Cards[i]
		co := jsonObject{{K: "name", V: c.Name}}
		for _, e := range r.Events {
			if !r.Applies(e, i) {
				co = append(co, jsonField{K: s.Events[e], V: nil})
				continue
			}
			co = append(co, jsonField{K: s.Events[e], V: engine.Num(c.PerGame[e])})
		}
		if r.Opening {
			co = append(co,
				jsonField{K: "opening_hand_games", V: c.OpeningGames},
				jsonField{K: "win_turn_opening", V: engine.Num(c.WinTurnOpening)},
				jsonField{K: "win_turn_other", V: engine.Num(c.WinTurnOther)},
			)
		}
		cards = append(cards, co)
	}
	return cards
}

// printTable prints a table of text, its columns right-aligned, and its
// legend.
func printTable(w io.Writer, t engine.Table) {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprint(tw, strings.Join(t.Header, "\t")+"\t\n")
	for _, r := range t.Rows {
		fmt.Fprint(tw, strings.Join(r, "\t")+"\t\n")
	}
	tw.Flush()
	if t.Legend != "" {
		fmt.Fprintln(w, t.Legend)
	}
}

// printCardTable prints a card table with its columns right-aligned.
func printCardTable(w io.Writer, s *engine.Summary, r engine.CardTable, unit string) {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	wide := len(r.Title)
	for _, i := range r.Cards {
		wide = max(wide, len([]rune(s.Cards[i].Name)))
	}
	pad := func(s string) string { return s + strings.Repeat(" ", wide-len([]rune(s))) }
	fmt.Fprintf(tw, "%s\t", pad(r.Title))
	for _, e := range r.Events {
		fmt.Fprintf(tw, "%s\t", s.Events[e])
	}
	if r.Opening {
		fmt.Fprintf(tw, "in opening\twin %s if opening\tif not\t", unit)
	}
	fmt.Fprintln(tw)
	for _, i := range r.Cards {
		c := s.Cards[i]
		fmt.Fprintf(tw, "%s\t", pad(c.Name))
		for _, e := range r.Events {
			if !r.Applies(e, i) {
				fmt.Fprint(tw, "-\t")
				continue
			}
			fmt.Fprintf(tw, "%.2f\t", c.PerGame[e])
		}
		if r.Opening {
			share := 0.0
			if s.Games > 0 {
				share = float64(c.OpeningGames) / float64(s.Games)
			}
			fmt.Fprintf(tw, "%s\t%s\t%s\t", engine.Pct(share), engine.F2(c.WinTurnOpening), engine.F2(c.WinTurnOther))
		}
		fmt.Fprintln(tw)
	}
	tw.Flush()
}

func printGoldfish(w io.Writer, p *playtest, s *engine.Summary, opts *goldfishOptions) {
	u := p.eng.Unit
	rep := p.play.Report(s)
	if p.broken > 0 {
		fmt.Fprintf(w, "DRAFT: %s breaks the deck-building rules (%s, on stderr); played anyway with --force\n", p.arg, cardsdb.Plural(p.broken, "problem"))
	}
	fmt.Fprintf(w, "%s (%s): %s, policy %s, %s, seed %d\n", p.arg, p.deck.Name(), p.play.ModeText, p.policy, cardsdb.Plural(s.Games, "game"), opts.seed)
	if opts.precision > 0 {
		if s.Precision {
			fmt.Fprintf(w, "stopped once the 95%% CI of the mean win %s was within ± %g %ss\n", u, opts.precision, u)
		} else {
			fmt.Fprintf(w, "the 95%% CI of the mean win %s did not get within ± %g %ss in %s\n", u, opts.precision, u, cardsdb.Plural(s.Games, "game"))
		}
	}
	fmt.Fprintln(w)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintf(tw, "win rate\t%s\t95%% CI %.2f%% – %.2f%% (Wilson)\n", engine.Pct(s.WinRate), 100*s.WinRateCI95[0], 100*s.WinRateCI95[1])
	fmt.Fprintf(tw, "lost\t%s\n", engine.Pct(s.LossRate))
	fmt.Fprintf(tw, "unfinished\t%s\tstopped after %s, neither won nor lost\n", engine.Pct(s.UnfinishedRate), cardsdb.Plural(p.play.Spec.MaxTurns, u))
	t := s.Turns
	if t.N > 0 {
		fmt.Fprintf(tw, "win %s\tmean %s\tsd %s\t95%% CI %s – %s\tmedian %d\tp10 %d\tp90 %d\n", u, engine.F2(t.Mean), engine.F2(t.SD), engine.F2(t.CI95[0]), engine.F2(t.CI95[1]), t.Median, t.P10, t.P90)
	}
	for _, r := range rep.Rows {
		fmt.Fprintln(tw, strings.Join(r, "\t"))
	}
	tw.Flush()
	if len(t.Histogram) > 0 {
		fmt.Fprintln(w)
		printHistogram(w, t.Histogram, u)
	}
	for _, t := range rep.Tables {
		fmt.Fprintln(w)
		printTable(w, t)
	}
	for _, t := range rep.CardTables {
		fmt.Fprintln(w)
		printCardTable(w, s, t, u)
		for _, l := range t.Legend {
			fmt.Fprintln(w, l)
		}
	}
	ns, pv := p.play.NotSimulated, p.play.Provisional
	fmt.Fprintln(w)
	if len(ns) == 0 {
		fmt.Fprintln(w, "not simulated: none (every card's text is played)")
	} else {
		fmt.Fprintf(w, "not simulated (%s; their text is ignored):\n", cardsdb.Plural(len(ns), "card"))
		for _, n := range ns {
			fmt.Fprintf(w, "  %s: %s\n", n.Card, n.Reason)
		}
	}
	printProvisional(w, pv)
}

// printProvisional lists the cards whose values are ours: sample cards
// (every value ours) and cards with provisional values.
func printProvisional(w io.Writer, pv []engine.Provisional) {
	var sample, some []string
	for _, x := range pv {
		if x.Sample {
			sample = append(sample, x.Card)
		} else {
			some = append(some, x.Card)
		}
	}
	if len(sample) > 0 {
		fmt.Fprintf(w, "sample (%s of ours, not the publisher's: the figures show how these play, not the real cards):\n", cardsdb.Plural(len(sample), "card"))
		wrapNames(w, sample)
	}
	if len(some) > 0 {
		fmt.Fprintf(w, "provisional (%s with values not printed in the rulebook; --json and deckwright cards say which):\n", cardsdb.Plural(len(some), "card"))
		wrapNames(w, some)
	}
}

// wrapNames prints names separated by commas (semicolons when a name
// holds a comma), indented, in lines of at
// most 100 columns.
func wrapNames(w io.Writer, names []string) {
	sep := ","
	for _, n := range names {
		if strings.Contains(n, ",") {
			sep = ";" // "Ondrëa, Voice Beneath" is one name
		}
	}
	line := " "
	for i, n := range names {
		if i < len(names)-1 {
			n += sep
		}
		if len(line)+1+len(n) > 100 {
			fmt.Fprintln(w, line)
			line = " "
		}
		line += " " + n
	}
	fmt.Fprintln(w, line)
}

// printHistogram draws the win turns as bars, with the chance to have won
// by each turn.
func printHistogram(w io.Writer, h []engine.Bin, unit string) {
	const width = 40
	most := 0
	for _, b := range h {
		most = max(most, b.Games)
	}
	fmt.Fprintf(w, "%*s  %8s  %6s\n", len(unit), unit, "games", "won by")
	parts := []string{"", "▏", "▎", "▍", "▌", "▋", "▊", "▉"}
	for _, b := range h {
		eighths := 0
		if most > 0 {
			eighths = int(math.Round(float64(b.Games) * width * 8 / float64(most)))
		}
		if b.Games > 0 && eighths == 0 {
			eighths = 1
		}
		bar := strings.Repeat("█", eighths/8) + parts[eighths%8]
		fmt.Fprintf(w, "%*d  %8d  %6s  %s\n", len(unit), b.Turn, b.Games, engine.Pct(b.Cumulative), bar)
	}
}

// buildGoldfishGames is the number of games deckwright build plays for
// its goldfish summary.
const buildGoldfishGames = 2000

// gameNameOf names the game of a deck for a message, or the deck.
func gameNameOf(db *cardsdb.DB, arg, game string) string {
	if list, err := db.OpenDeck(arg, game); err == nil {
		if g, err := db.GameOf(list); err == nil {
			return g.Name
		}
	}
	return arg
}

// printGoldfishSummary plays a short goldfish run of a legal deck (greedy
// policy, seed 1, the game's default opponent) and prints its summary in
// a few lines: the summary deckwright build adds after validating and
// printing. For a game without a playtest it says that it skipped it.
func printGoldfishSummary(io IO, db *cardsdb.DB, arg, game string) error {
	opts := &goldfishOptions{game: game}
	p, err := loadPlaytest(io.Err, db, arg, opts)
	var none noEngineError
	if errors.As(err, &none) {
		fmt.Fprintf(io.Out, "playtest skipped: %s has no playtest (add a playtest block to its game.yaml, see %s)\n", gameNameOf(db, arg, game), playtestDoc)
		return nil
	}
	if err != nil {
		return err
	}
	s, err := p.run(engine.Config{Games: buildGoldfishGames, Seed: 1, Context: io.context()})
	if err != nil {
		return err
	}
	t, u := s.Turns, p.eng.Unit
	h := t.HasData()
	fmt.Fprintf(io.Out, "%s (greedy policy, %d games, seed 1; deckwright goldfish %s for more): wins on %s %s on average (95%% CI %s – %s; median %s, p10 %s, p90 %s), win rate %s\n",
		p.play.ModeText, s.Games, arg, u, engine.F2(t.Mean), engine.F2(t.CI95[0]), engine.F2(t.CI95[1]), engine.TurnText(h, t.Median), engine.TurnText(h, t.P10), engine.TurnText(h, t.P90), engine.Pct(s.WinRate))
	if s.Unfinished > 0 {
		fmt.Fprintf(io.Out, "  unfinished: %s of games were not over after %s\n", engine.Pct(s.UnfinishedRate), cardsdb.Plural(p.play.Spec.MaxTurns, u))
	}
	for _, l := range p.play.Report(s).Summary {
		fmt.Fprintf(io.Out, "  %s\n", l)
	}
	ns, pv := p.play.NotSimulated, p.play.Provisional
	if len(ns) > 0 {
		var names []string
		for _, n := range ns {
			names = append(names, n.Card)
		}
		fmt.Fprintf(io.Out, "  not simulated: %s\n", strings.Join(names, ", "))
	}
	sample := 0
	for _, x := range pv {
		if x.Sample {
			sample++
		}
	}
	switch {
	case sample > 0 && sample == len(pv):
		fmt.Fprintf(io.Out, "  note: these figures rest on %s of ours (samples, not the publisher's cards)\n", cardsdb.Plural(sample, "card"))
	case len(pv) > 0:
		fmt.Fprintf(io.Out, "  note: these figures rest on provisional values of %s (not printed in the rulebook)\n", cardsdb.Plural(len(pv), "card"))
	}
	return nil
}
