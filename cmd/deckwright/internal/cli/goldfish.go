package cli

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"strings"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"github.com/deckwright/deckwright/cardsdb"
	"github.com/deckwright/deckwright/engine"
	"github.com/deckwright/deckwright/engine/seeker"
	"github.com/deckwright/deckwright/validate"
)

type goldfishOptions struct {
	io         IO
	g          *globalOptions
	deck       string
	game       string
	mode       string
	difficulty string
	policy     string
	games      int
	seed       uint64
	workers    int
	precision  float64
	maxTurns   int
	json       bool
	trace      bool
	quiet      bool

	difficultySet bool
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
90th percentiles, a histogram with the chance to have won by each turn),
when the second and third Guardians came online, and per card how often it
was drawn, played, linked, hyperlinked and dead in hand at the end, with the
mean win turn of games that had it in the opening hand and of those that did
not.

Modes (Seeker Chronicles):
  goldfish  your opponent never links, hyperlinks or responds; its Guardian
            stays at its printed power; you start; a game is won when your
            stack is empty for the second time
  nature    the rulebook's single-player match against Nature; --difficulty
            apprentice takes Nature's decisions in your favour, seeker (the
            default) in Nature's; a game is won when the stack runs out with
            more cards in your progress pile than in Nature's

Game i always draws from the random stream (--seed, i), so a run gives the
same figures, and --json the same bytes, for any --workers. --precision T
stops once the 95% CI of the mean win turn is narrower than ± T turns
(checked every 1000 games; --games is then the most). --trace first prints
game 1 move by move.

Cards whose rules text the engine does not play are listed as not
simulated; cards with values not printed in the rulebook, as provisional.
Exit status: 0 done, 1 the deck breaks a deck-building rule, 2 usage error
or unreadable input.`,
		Example: `  deckwright goldfish seeker-chronicles/cosmos
  deckwright goldfish my-deck.txt --policy planner --games 50000 --json
  deckwright goldfish seeker-chronicles/quantum --mode nature --difficulty apprentice
  deckwright goldfish seeker-chronicles/order --precision 0.01 --trace`,
		Args: argsUsage(cobra.ExactArgs(1)),
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.deck = args[0]
			opts.difficultySet = cmd.Flags().Changed("difficulty")
			return runGoldfish(opts)
		},
	}
	f := cmd.Flags()
	f.StringVar(&opts.mode, "mode", "goldfish", "goldfish or nature")
	f.StringVar(&opts.difficulty, "difficulty", "seeker", "against Nature: apprentice or seeker")
	f.StringVar(&opts.policy, "policy", "greedy", "the policy playing your side: "+strings.Join(seeker.PolicyNames(), " or "))
	f.IntVar(&opts.games, "games", 10000, "games to play (with --precision, the most)")
	f.Uint64Var(&opts.seed, "seed", 1, "base seed: game i draws from the stream (seed, i)")
	f.IntVar(&opts.workers, "workers", 0, "goroutines playing games (0: one per CPU)")
	f.Float64Var(&opts.precision, "precision", 0, "stop once the 95% CI of the mean win turn is narrower than ± this many turns")
	f.IntVar(&opts.maxTurns, "max-turns", seeker.DefaultMaxTurns, "a game not over after this many turns is lost")
	f.StringVar(&opts.game, "game", "", "the game of a deck list that names none")
	f.BoolVar(&opts.json, "json", false, "print JSON")
	f.BoolVar(&opts.trace, "trace", false, "first print game 1 move by move (on stderr with --json)")
	f.BoolVarP(&opts.quiet, "quiet", "q", false, "no progress bar on stderr")
	return cmd
}

// playtest is a deck compiled and checked, ready to play.
type playtest struct {
	arg    string
	deck   *cardsdb.Deck
	d      *seeker.Deck
	opts   seeker.Options
	policy string
}

func (o *goldfishOptions) check() (seeker.Options, error) {
	var so seeker.Options
	switch o.mode {
	case "goldfish":
		so.Mode = seeker.Goldfish
	case "nature":
		so.Mode = seeker.Nature
	default:
		return so, usageError("--mode %q: want goldfish or nature", o.mode)
	}
	switch o.difficulty {
	case "apprentice":
		so.Difficulty = seeker.Apprentice
	case "seeker":
		so.Difficulty = seeker.Seeker
	default:
		return so, usageError("--difficulty %q: want apprentice or seeker", o.difficulty)
	}
	if o.difficultySet && so.Mode != seeker.Nature {
		return so, usageError("--difficulty decides Nature's choices; it needs --mode nature")
	}
	if _, err := seeker.NewPolicy(o.policy); err != nil {
		return so, usageError("--policy: %v", err)
	}
	if o.games < 1 || o.games > maxGames {
		return so, usageError("--games %d: want 1 to %d", o.games, maxGames)
	}
	if o.workers < 0 || o.workers > 1024 {
		return so, usageError("--workers %d: want 0 (one per CPU) to 1024", o.workers)
	}
	if o.precision < 0 || math.IsNaN(o.precision) || math.IsInf(o.precision, 0) {
		return so, usageError("--precision %v: want a positive number of turns (or 0 for off)", o.precision)
	}
	if o.maxTurns < 1 || o.maxTurns > 1000 {
		return so, usageError("--max-turns %d: want 1 to 1000", o.maxTurns)
	}
	so.MaxTurns = o.maxTurns
	return so, nil
}

// loadPlaytest opens, validates and compiles a deck. An illegal deck has
// its problems printed on w and gives errBrokeRules.
func loadPlaytest(w io.Writer, db *cardsdb.DB, arg, game string, so seeker.Options, policy string) (*playtest, error) {
	list, err := db.OpenDeck(arg, game)
	if err != nil {
		return nil, inputError(err)
	}
	g, err := db.GameOf(list)
	if err != nil {
		return nil, inputError(err)
	}
	if g.ID != "seeker-chronicles" {
		return nil, inputError(fmt.Errorf("%s: %s has no playtest engine yet; goldfish plays Seeker Chronicles decks", arg, g.Name))
	}
	deck, err := cardsdb.Resolve(g, list)
	if err != nil {
		return nil, inputError(err)
	}
	fs := validate.Check(deck)
	if !validate.Legal(fs) {
		for _, f := range fs {
			fmt.Fprintln(w, f)
		}
		fmt.Fprintf(w, "deckwright: %s breaks the deck-building rules above; not played\n", arg)
		return nil, errBrokeRules
	}
	d, err := seeker.Compile(deck)
	if err != nil {
		return nil, inputError(err)
	}
	if so.Mode == seeker.Nature && !d.HasBanes() {
		return nil, inputError(fmt.Errorf("%s: the game has no Bane matching every Guardian's domain, so Nature cannot pick its Banes", arg))
	}
	return &playtest{arg: arg, deck: deck, d: d, opts: so, policy: policy}, nil
}

func (p *playtest) newGame() engine.Game {
	pol, _ := seeker.NewPolicy(p.policy)
	return seeker.NewMatch(p.d, p.opts, pol)
}

func (p *playtest) run(cfg engine.Config) (*engine.Summary, error) {
	return engine.Run(seeker.Spec(p.d, p.opts), cfg, p.newGame)
}

// trace plays game 0 of the run with seed, in words, to w.
func (p *playtest) trace(w io.Writer, seed uint64) {
	m := p.newGame().(*seeker.Match)
	fmt.Fprintf(w, "Game 1 (seed %d, stream (%d, 0)), %s, policy %s\n", seed, seed, p.modeText(), p.policy)
	m.Trace(w)
	o := m.Play(engine.Stream(seed, 0), nil)
	if o.Won {
		fmt.Fprintf(w, "Game 1: won on turn %d.\n\n", o.Turns)
	} else {
		fmt.Fprintf(w, "Game 1: not won (turn %d).\n\n", o.Turns)
	}
}

func (p *playtest) modeText() string {
	if p.opts.Mode == seeker.Nature {
		return "against Nature (" + p.opts.Difficulty.String() + " mode)"
	}
	return "goldfish"
}

func runGoldfish(opts *goldfishOptions) error {
	so, err := opts.check()
	if err != nil {
		return err
	}
	db, err := opts.g.loadDB()
	if err != nil {
		return inputError(err)
	}
	if opts.game != "" {
		if _, err := db.LookupGame(opts.game); err != nil {
			return usageError("--game: %v", err)
		}
	}
	p, err := loadPlaytest(opts.io.Err, db, opts.deck, opts.game, so, opts.policy)
	if err != nil {
		return err
	}
	if opts.trace {
		w := opts.io.Out
		if opts.json {
			w = opts.io.Err
		}
		p.trace(w, opts.seed)
	}
	prog := newProgress(opts.io.Err, opts.quiet)
	if !prog.tty {
		prog.quiet = true
	}
	s, err := p.run(engine.Config{Games: opts.games, Seed: opts.seed, Workers: opts.workers, Precision: opts.precision, Progress: func(done, total int) { prog.Update("games", done, total) }})
	prog.Done()
	if err != nil {
		return err
	}
	if opts.json {
		return writeJSON(opts.io, goldfishJSON(p, s, opts))
	}
	printGoldfish(opts.io.Out, p, s, opts)
	return nil
}

// jsonObject is a JSON object that keeps its keys in order.
type jsonObject []jsonField

type jsonField struct {
	K string
	V any
}

// MarshalJSON writes the fields in order.
func (o jsonObject) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	b.WriteByte('{')
	for i, f := range o {
		if i > 0 {
			b.WriteByte(',')
		}
		k, _ := json.Marshal(f.K)
		b.Write(k)
		b.WriteByte(':')
		v, err := json.Marshal(f.V)
		if err != nil {
			return nil, err
		}
		b.Write(v)
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

// num rounds a figure to 4 decimals; NaN (no data) is null.
func num(x float64) any {
	if math.IsNaN(x) || math.IsInf(x, 0) {
		return nil
	}
	return math.Round(x*1e4) / 1e4
}

func ci(c [2]float64) []any { return []any{num(c[0]), num(c[1])} }

func goldfishJSON(p *playtest, s *engine.Summary, opts *goldfishOptions) jsonObject {
	o := jsonObject{
		{"deck", p.arg},
		{"name", p.deck.Name()},
		{"game", p.deck.Game.ID},
		{"games", s.Games},
		{"seed", opts.seed},
		{"mode", opts.mode},
	}
	if p.opts.Mode == seeker.Nature {
		o = append(o, jsonField{"difficulty", p.opts.Difficulty.String()})
	}
	o = append(o,
		jsonField{"policy", opts.policy},
		jsonField{"max_turns", p.opts.MaxTurns},
		jsonField{"precision", jsonObject{{"target", num(opts.precision)}, {"reached", s.Precision}}},
		jsonField{"won", s.Won},
		jsonField{"win_rate", num(s.WinRate)},
		jsonField{"win_rate_ci95", ci(s.WinRateCI95)},
		jsonField{"win_rate_ci_method", "wilson"},
	)
	hist := []jsonObject{}
	for _, b := range s.Turns.Histogram {
		hist = append(hist, jsonObject{{"turn", b.Turn}, {"games", b.Games}, {"won_by", num(b.Cumulative)}})
	}
	o = append(o, jsonField{"turns", jsonObject{
		{"mean", num(s.Turns.Mean)},
		{"sd", num(s.Turns.SD)},
		{"ci95", ci(s.Turns.CI95)},
		{"median", s.Turns.Median},
		{"p10", s.Turns.P10},
		{"p90", s.Turns.P90},
		{"histogram", hist},
	}})
	o = append(o, jsonField{"length", jsonObject{{"mean", num(s.Length.Mean)}, {"median", s.Length.Median}}})
	var gs []jsonObject
	for i, m := range s.Milestones {
		gs = append(gs, jsonObject{
			{"name", p.d.Cards[p.d.Guardians[i+1]].Name},
			{"stage", []string{"II", "III"}[i]},
			{"online_share", num(m.Share)},
			{"mean_turn", num(m.MeanTurn)},
			{"median_turn", m.Median},
		})
	}
	o = append(o, jsonField{"guardians", gs})
	for _, t := range s.Tallies {
		switch t.Name {
		case "mulligan":
			o = append(o, jsonField{"mulligan_rate", num(t.Mean)})
		}
	}
	if p.opts.Mode == seeker.Nature {
		o = append(o, jsonField{"progress_piles", jsonObject{{"you", num(s.Tallies[seeker.TallyYourPile].Mean)}, {"nature", num(s.Tallies[seeker.TallyNaturePile].Mean)}}})
	}
	cards := []jsonObject{}
	for _, c := range s.Cards {
		co := jsonObject{{"name", c.Name}}
		for e, name := range s.Events {
			co = append(co, jsonField{name, num(c.PerGame[e])})
		}
		co = append(co,
			jsonField{"opening_hand_games", c.OpeningGames},
			jsonField{"win_turn_opening", num(c.WinTurnOpening)},
			jsonField{"win_turn_other", num(c.WinTurnOther)},
		)
		cards = append(cards, co)
	}
	o = append(o, jsonField{"cards", cards})
	ns, pv := notes(p)
	o = append(o, jsonField{"not_simulated", ns}, jsonField{"provisional", pv})
	return o
}

// notes lists the cards not simulated and the provisional ones, the Banes
// with them against Nature.
func notes(p *playtest) ([]seeker.NotSimulated, []seeker.Provisional) {
	ns := append([]seeker.NotSimulated{}, p.d.NotSimulated...)
	pv := append([]seeker.Provisional{}, p.d.Provisional...)
	if p.opts.Mode == seeker.Nature {
		ns = append(ns, p.d.BaneNotSimulated...)
		pv = append(pv, p.d.BaneProvisional...)
	}
	return ns, pv
}

func pct(x float64) string {
	if math.IsNaN(x) {
		return "-"
	}
	return fmt.Sprintf("%.1f%%", 100*x)
}

func f2(x float64) string {
	if math.IsNaN(x) {
		return "-"
	}
	return fmt.Sprintf("%.2f", x)
}

func printGoldfish(w io.Writer, p *playtest, s *engine.Summary, opts *goldfishOptions) {
	fmt.Fprintf(w, "%s (%s): %s, policy %s, %s, seed %d\n", p.arg, p.deck.Name(), p.modeText(), opts.policy, cardsdb.Plural(s.Games, "game"), opts.seed)
	if opts.precision > 0 {
		if s.Precision {
			fmt.Fprintf(w, "stopped once the 95%% CI of the mean win turn was within ± %g turns\n", opts.precision)
		} else {
			fmt.Fprintf(w, "the 95%% CI of the mean win turn did not get within ± %g turns in %s\n", opts.precision, cardsdb.Plural(s.Games, "game"))
		}
	}
	fmt.Fprintln(w)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintf(tw, "win rate\t%s\t95%% CI %.2f%% – %.2f%% (Wilson)\n", pct(s.WinRate), 100*s.WinRateCI95[0], 100*s.WinRateCI95[1])
	t := s.Turns
	if t.N > 0 {
		fmt.Fprintf(tw, "win turn\tmean %s\tsd %s\t95%% CI %s – %s\tmedian %d\tp10 %d\tp90 %d\n", f2(t.Mean), f2(t.SD), f2(t.CI95[0]), f2(t.CI95[1]), t.Median, t.P10, t.P90)
	}
	if p.opts.Mode == seeker.Nature {
		fmt.Fprintf(tw, "match length\tmean %s turns\n", f2(s.Length.Mean))
		fmt.Fprintf(tw, "progress piles\tyours %s\tNature's %s\n", f2(s.Tallies[seeker.TallyYourPile].Mean), f2(s.Tallies[seeker.TallyNaturePile].Mean))
	}
	for i, m := range s.Milestones {
		name := p.d.Cards[p.d.Guardians[i+1]].Name + " (" + []string{"II", "III"}[i] + ")"
		fmt.Fprintf(tw, "%s online\tin %s of games\tturn %s on average\tmedian %d\n", name, pct(m.Share), f2(m.MeanTurn), m.Median)
	}
	fmt.Fprintf(tw, "mulligan\tin %s of games\n", pct(s.Tallies[seeker.TallyMulligan].Mean))
	tw.Flush()
	if len(t.Histogram) > 0 {
		fmt.Fprintln(w)
		printHistogram(w, t.Histogram)
	}
	fmt.Fprintln(w)
	tw = tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	wide := len("card")
	for _, c := range s.Cards {
		wide = max(wide, len([]rune(c.Name)))
	}
	pad := func(s string) string { return s + strings.Repeat(" ", wide-len([]rune(s))) }
	fmt.Fprintf(tw, "%s\t", pad("card"))
	for _, e := range s.Events {
		fmt.Fprintf(tw, "%s\t", e)
	}
	fmt.Fprint(tw, "in opening\twin turn if opening\tif not\t\n")
	for _, c := range s.Cards {
		fmt.Fprintf(tw, "%s\t", pad(c.Name))
		for e := range s.Events {
			fmt.Fprintf(tw, "%.2f\t", c.PerGame[e])
		}
		share := 0.0
		if s.Games > 0 {
			share = float64(c.OpeningGames) / float64(s.Games)
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t\n", pct(share), f2(c.WinTurnOpening), f2(c.WinTurnOther))
	}
	tw.Flush()
	fmt.Fprintln(w, "(per game on average; dead: in hand at the end)")
	ns, pv := notes(p)
	fmt.Fprintln(w)
	if len(ns) == 0 {
		fmt.Fprintln(w, "not simulated: none (every card's text is played)")
	} else {
		fmt.Fprintf(w, "not simulated (%s; their text is ignored):\n", cardsdb.Plural(len(ns), "card"))
		for _, n := range ns {
			fmt.Fprintf(w, "  %s: %s\n", n.Card, n.Reason)
		}
	}
	if len(pv) > 0 {
		var names []string
		for _, x := range pv {
			names = append(names, x.Card)
		}
		fmt.Fprintf(w, "provisional (%s with values not printed in the rulebook; --json and deckwright cards say which):\n", cardsdb.Plural(len(pv), "card"))
		line := " "
		for i, n := range names {
			if i < len(names)-1 {
				n += ","
			}
			if len(line)+1+len(n) > 100 {
				fmt.Fprintln(w, line)
				line = " "
			}
			line += " " + n
		}
		fmt.Fprintln(w, line)
	}
}

// printHistogram draws the win turns as bars, with the chance to have won
// by each turn.
func printHistogram(w io.Writer, h []engine.Bin) {
	const width = 40
	most := 0
	for _, b := range h {
		most = max(most, b.Games)
	}
	fmt.Fprintf(w, "%4s  %8s  %6s\n", "turn", "games", "won by")
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
		fmt.Fprintf(w, "%4d  %8d  %6s  %s\n", b.Turn, b.Games, pct(b.Cumulative), bar)
	}
}

// buildGoldfishGames is the number of games deckwright build plays for
// its goldfish summary.
const buildGoldfishGames = 2000

// printGoldfishSummary plays a short goldfish run of a legal deck (greedy
// policy, seed 1) and prints its summary in a few lines: the summary
// deckwright build adds after validating and printing.
func printGoldfishSummary(io IO, db *cardsdb.DB, arg, game string) error {
	so := seeker.Options{Mode: seeker.Goldfish, MaxTurns: seeker.DefaultMaxTurns}
	list, err := db.OpenDeck(arg, game)
	if err != nil {
		return inputError(err)
	}
	if g, err := db.GameOf(list); err != nil || g.ID != "seeker-chronicles" {
		return nil // no playtest engine for this game: nothing to add
	}
	p, err := loadPlaytest(io.Err, db, arg, game, so, "greedy")
	if err != nil {
		return err
	}
	s, err := p.run(engine.Config{Games: buildGoldfishGames, Seed: 1})
	if err != nil {
		return err
	}
	t := s.Turns
	fmt.Fprintf(io.Out, "goldfish (greedy policy, %d games, seed 1; deckwright goldfish %s for more): wins on turn %s on average (95%% CI %s – %s; median %d, p10 %d, p90 %d), win rate %s\n",
		s.Games, arg, f2(t.Mean), f2(t.CI95[0]), f2(t.CI95[1]), t.Median, t.P10, t.P90, pct(s.WinRate))
	var on []string
	for i, m := range s.Milestones {
		on = append(on, fmt.Sprintf("%s online on turn %s in %s of games", p.d.Cards[p.d.Guardians[i+1]].Name, f2(m.MeanTurn), pct(m.Share)))
	}
	fmt.Fprintf(io.Out, "  %s\n", strings.Join(on, "; "))
	ns, pv := notes(p)
	if len(ns) > 0 {
		var names []string
		for _, n := range ns {
			names = append(names, n.Card)
		}
		fmt.Fprintf(io.Out, "  not simulated: %s\n", strings.Join(names, ", "))
	}
	if len(pv) > 0 {
		fmt.Fprintf(io.Out, "  note: these figures rest on provisional values of %s (not printed in the rulebook)\n", cardsdb.Plural(len(pv), "card"))
	}
	return nil
}
