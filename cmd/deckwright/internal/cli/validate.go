package cli

import (
	"fmt"
	"io"
	"strings"

	"github.com/spf13/cobra"

	"github.com/deckwright/deckwright/cardsdb"
	"github.com/deckwright/deckwright/report"
	"github.com/deckwright/deckwright/validate"
)

type validateOptions struct {
	io     IO
	g      *globalOptions
	decks  []string
	game   string
	format string
	json   bool
	owned  string
}

func newValidateCmd(io IO, g *globalOptions) *cobra.Command {
	opts := &validateOptions{io: io, g: g}
	cmd := &cobra.Command{
		Use:   "validate DECK...",
		Short: "Check decks against their game's deck-building rules",
		Long: `Check each DECK against its game's deck-building rules and print every
problem at once, one line each: file:line:col: severity: message [rule].

DECK is a deck file (.yaml/.yml, or a .txt decklist), a bundled deck
GAME/NAME, or - for standard input (a YAML deck when it has a top-level
"sections:" key or "packs:" list, a decklist otherwise).

With --json, card effects the playtest engine cannot read are warnings of
rule "effects" among the problems (without it, warnings on stderr).
--owned FILE lists the cards you own, in the decklist format ("3 Rogue
Star" lines): a warning [owned] then marks each card the deck uses more
copies of than you own, and says when one physical game holds fewer copies
than the deck uses. print --owned FILE --missing-only prints just those.

Exit status: 0 when every deck is legal (warnings allowed), 1 when a deck
breaks a rule, 2 for usage errors and unreadable input.`,
		Example: `  deckwright validate seeker-chronicles/cosmos
  deckwright validate my-deck.txt --game seeker-chronicles
  deckwright validate --json decks/*.yaml
  deckwright validate my-deck.txt --owned my-collection.txt
  pbpaste | deckwright validate - --game seeker-chronicles`,
		Args: argsUsage(cobra.MinimumNArgs(1)),
		RunE: func(_ *cobra.Command, args []string) error {
			opts.decks = args
			return runValidate(opts)
		},
	}
	cmd.Flags().StringVar(&opts.game, "game", "", "the game of deck lists that name none")
	cmd.Flags().StringVar(&opts.format, "format", "", "the deck-building format to check (a format of the game; overrides a deck's format: line)")
	cmd.Flags().BoolVar(&opts.json, "json", false, "print JSON")
	cmd.Flags().StringVar(&opts.owned, "owned", "", "a list of the cards you own (decklist format): warn where a deck needs more")
	return cmd
}

// deckReport is the public JSON shape of one validated deck, built by
// package report (the web page answers the same values).
type deckReport = report.Validation

func runValidate(opts *validateOptions) error {
	db, err := opts.g.loadDBFor(opts.game)
	if err != nil {
		return err
	}
	stdin := 0
	for _, arg := range opts.decks {
		if arg == "-" {
			stdin++
		}
	}
	if stdin > 1 {
		return usageError("- (standard input) given %d times; it can be read once", stdin)
	}
	owned, err := readOwned(opts.owned)
	if err != nil {
		return err
	}
	code := ExitOK
	var reports []deckReport
	for _, arg := range opts.decks {
		var r deckReport
		var err error
		if arg == "-" {
			r, err = validateStdin(db, opts.io.In, opts.game, opts.format, owned)
		} else {
			r, err = validateOne(db, arg, opts.game, opts.format, owned)
		}
		if err != nil {
			code = ExitInput
			if !opts.json {
				printError(opts.io.Err, err)
				continue
			}
			r = *report.Unreadable(arg, err)
		}
		if !r.Legal && code == ExitOK {
			code = ExitRules
		}
		reports = append(reports, r)
	}
	if opts.json {
		if reports == nil {
			reports = []deckReport{}
		}
		for i := range reports {
			reports[i].Problems = reports[i].WithEffects()
		}
		return writeValidateJSON(opts.io, reports, code)
	}
	for _, r := range reports {
		printReport(opts.io, r, opts.g.quiet)
	}
	for _, r := range reports {
		warnEffects(opts.io.Err, r)
	}
	if code != ExitOK {
		return &exitError{code: code, silent: true}
	}
	return nil
}

// writeValidateJSON prints the reports as validate --json does and returns
// the exit code's error.
func writeValidateJSON(io IO, reports []deckReport, code int) error {
	if err := writeJSON(io, map[string]any{"decks": reports}); err != nil {
		return err
	}
	if code != ExitOK {
		return &exitError{code: code, silent: true}
	}
	return nil
}

// readOwned reads --owned: nil when the flag is not given.
func readOwned(name string) (*cardsdb.DeckList, error) {
	if name == "" {
		return nil, nil
	}
	data, err := readTextFile(name, "--owned")
	if err != nil {
		return nil, err
	}
	l, err := cardsdb.ParseDeck(name, data)
	if err != nil {
		return nil, inputError(err)
	}
	return l, nil
}

func validateOne(db *cardsdb.DB, arg, defaultGame, format string, owned *cardsdb.DeckList) (deckReport, error) {
	list, err := db.OpenDeck(arg, defaultGame)
	if err != nil {
		return deckReport{}, err
	}
	r, err := validateList(db, arg, list, format, owned)
	return withGameFlag(r, list, defaultGame), err
}

// withGameFlag adds a warning when --game names another game than the
// deck's own game line, which wins: the flag is for decks that name none,
// and ignoring it in silence hides a mistake (issue 25 item 16).
func withGameFlag(r deckReport, list *cardsdb.DeckList, flag string) deckReport {
	if flag == "" || list.Game == "" || list.Game == flag || r.Problems == nil {
		return r
	}
	pos := list.GamePos
	if pos.File == "" {
		pos.File = list.File
	}
	r.Problems = append(r.Problems, validate.Finding{Pos: pos, Rule: "game-flag", Severity: validate.Warning,
		Message: fmt.Sprintf("--game %s is ignored: the deck says game: %s (drop --game, or change the deck's game line)", flag, list.Game)})
	validate.Sort(r.Problems)
	return r
}

// illegalJSON is for the commands that play or print a deck with --json:
// when arg is a deck of a game with a playtest engine that breaks the
// rules, it prints validate --json's report and returns errBrokeRules.
// Otherwise it prints nothing and returns nil, and the caller goes on (and
// reports an unreadable deck itself).
func illegalJSON(io IO, db *cardsdb.DB, arg, game string) error {
	r, err := validateOne(db, arg, game, "", nil)
	if err != nil || r.Legal || engineByID(db, r.Game) == nil {
		return nil
	}
	r.Problems = r.WithEffects()
	return writeValidateJSON(io, []deckReport{r}, ExitRules)
}

// stdinName names standard input in positions and reports.
const stdinName = cardsdb.StdinName

// validateStdin reads a deck from standard input as cardsdb.ReadDeck
// does: a YAML deck when it looks like one, a plain-text decklist
// otherwise.
func validateStdin(db *cardsdb.DB, in io.Reader, defaultGame, format string, owned *cardsdb.DeckList) (deckReport, error) {
	list, err := cardsdb.ReadDeck(stdinName, in, defaultGame)
	if err != nil {
		return deckReport{}, err
	}
	r, err := validateList(db, stdinName, list, format, owned)
	return withGameFlag(r, list, defaultGame), err
}

// validateList checks a deck list that has been read.
func validateList(db *cardsdb.DB, arg string, list *cardsdb.DeckList, format string, owned *cardsdb.DeckList) (deckReport, error) {
	r, err := report.Validate(db, arg, list, report.ValidateOptions{Format: format, Owned: owned})
	if err != nil {
		return deckReport{}, err
	}
	return *r, nil
}

// printReport prints a deck's problems and verdict; quiet folds the notes
// into a mark on the verdict line.
func printReport(io IO, r deckReport, quiet bool) {
	// The effects the playtest engine cannot read are warnings too,
	// printed on stderr after the report (warnEffects).
	errs, warns := 0, len(report.EffectFindings(r.Effects))
	for _, f := range r.Problems {
		fmt.Fprintln(io.Out, f)
		if f.Severity == validate.Error {
			errs++
		} else {
			warns++
		}
	}
	verdict := "legal"
	if !r.Legal {
		verdict = "NOT legal"
	}
	game := r.Game
	if r.Format != "" {
		game += ", format " + r.Format
	}
	fmt.Fprintf(io.Out, "%s (%s, %s): %s: %s, %s%s\n", r.Deck, r.Name, game, verdict, cardsdb.Plural(errs, "error"), cardsdb.Plural(warns, "warning"), quietMarks(quiet, r.Sample, r.Provisional))
	if quiet {
		return
	}
	if r.GameFolder != "" {
		fmt.Fprintf(io.Out, "  note: the deck names no game; it is of %s, the game of the folder %s it lies in\n", r.Game, r.GameFolder)
	}
	if r.Sample {
		fmt.Fprintln(io.Out, "  note: this deck uses sample cards invented for deckwright, not the publisher's cards")
	}
	if r.Provisional > 0 {
		verb := "carry"
		if r.Provisional == 1 {
			verb = "carries"
		}
		fmt.Fprintf(io.Out, "  note: %s of this deck %s provisional values (not printed in the rulebook; see deckwright cards)\n", cardsdb.Plural(r.Provisional, "card"), verb)
	}
}

// quietMarks is what --quiet keeps of the notes on sample cards and
// provisional values, which every output must carry: a short mark at the
// end of the result line. It is empty unless quiet.
func quietMarks(quiet, sample bool, prov int) string {
	if !quiet {
		return ""
	}
	var marks []string
	if sample {
		marks = append(marks, "sample cards")
	}
	if prov > 0 {
		marks = append(marks, cardsdb.Plural(prov, "card")+" with provisional values")
	}
	if len(marks) == 0 {
		return ""
	}
	return " [" + strings.Join(marks, "; ") + "]"
}

// warnEffects says on w which card effects of the deck the playtest
// engine cannot read: the deck is still legal, but goldfish refuses it.
func warnEffects(w io.Writer, r deckReport) {
	if r.Effects == nil {
		return
	}
	unreadable := false
	for _, e := range report.EffectErrors(r.Effects) {
		fmt.Fprintf(w, "deckwright: warning: %s\n", e)
		unreadable = unreadable || !report.Disagreement(e)
	}
	if unreadable {
		fmt.Fprintf(w, "deckwright: warning: %s is legal, but deckwright goldfish cannot play it until these effects are fixed\n", r.Deck)
	}
}
