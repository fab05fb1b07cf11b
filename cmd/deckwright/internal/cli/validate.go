package cli

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/spf13/cobra"

	"github.com/deckwright/deckwright/cardsdb"
	"github.com/deckwright/deckwright/validate"
)

type validateOptions struct {
	io     IO
	g      *globalOptions
	decks  []string
	game   string
	format string
	json   bool
}

func newValidateCmd(io IO, g *globalOptions) *cobra.Command {
	opts := &validateOptions{io: io, g: g}
	cmd := &cobra.Command{
		Use:   "validate DECK...",
		Short: "Check decks against their game's deck-building rules",
		Long: `Check each DECK against its game's deck-building rules and print every
problem at once, one line each: file:line:col: severity: message [rule].

DECK is a deck file (.yaml/.yml, or a .txt decklist) or a bundled deck
GAME/NAME. Exit status: 0 when every deck is legal (warnings allowed), 1 when
a deck breaks a rule, 2 for usage errors and unreadable input.`,
		Example: `  deckwright validate seeker-chronicles/cosmos
  deckwright validate my-deck.txt --game seeker-chronicles
  deckwright validate --json decks/*.yaml`,
		Args: argsUsage(cobra.MinimumNArgs(1)),
		RunE: func(_ *cobra.Command, args []string) error {
			opts.decks = args
			return runValidate(opts)
		},
	}
	cmd.Flags().StringVar(&opts.game, "game", "", "the game of deck lists that name none")
	cmd.Flags().StringVar(&opts.format, "format", "", "the deck-building format to check (a format of the game; overrides a deck's format: line)")
	cmd.Flags().BoolVar(&opts.json, "json", false, "print JSON")
	return cmd
}

// deckReport is the public JSON shape of one validated deck.
type deckReport struct {
	Deck     string             `json:"deck"`
	Game     string             `json:"game"`
	Format   string             `json:"format,omitempty"`
	Legal    bool               `json:"legal"`
	Problems []validate.Finding `json:"problems"`

	name   string
	sample bool
	prov   int
	// effects holds the errors of card effects the playtest engine cannot
	// read: warnings here, errors for goldfish.
	effects error
}

func runValidate(opts *validateOptions) error {
	db, err := opts.g.loadDB()
	if err != nil {
		return inputError(err)
	}
	if opts.game != "" {
		if _, err := db.LookupGame(opts.game); err != nil {
			return usageError("--game: %v", err)
		}
	}
	code := ExitOK
	var reports []deckReport
	for _, arg := range opts.decks {
		r, err := validateOne(db, arg, opts.game, opts.format)
		if err != nil {
			code = ExitInput
			if !opts.json {
				printError(opts.io.Err, err)
				continue
			}
			r = deckReport{Deck: arg, Problems: inputFindings(err, arg)}
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
		if err := writeJSON(opts.io, map[string]any{"decks": reports}); err != nil {
			return err
		}
	} else {
		for _, r := range reports {
			printReport(opts.io, r)
		}
	}
	for _, r := range reports {
		warnEffects(opts.io.Err, r)
	}
	if code != ExitOK {
		return &exitError{code: code, silent: true}
	}
	return nil
}

func validateOne(db *cardsdb.DB, arg, defaultGame, format string) (deckReport, error) {
	list, err := db.OpenDeck(arg, defaultGame)
	if err != nil {
		return deckReport{}, err
	}
	g, err := db.GameOf(list)
	if err != nil {
		return deckReport{}, err
	}
	if err := chooseFormat(g, list, format); err != nil {
		return deckReport{}, err
	}
	deck, err := cardsdb.Resolve(g, list)
	if err != nil {
		return deckReport{}, err
	}
	fs := validate.Check(deck)
	if fs == nil {
		fs = []validate.Finding{}
	}
	r := deckReport{Deck: arg, Game: g.ID, Legal: validate.Legal(fs), Problems: fs, name: deck.Name(), sample: list.Sample}
	if deck.Format != nil {
		r.Format = deck.Format.ID
	}
	if check := effectCheckers[g.ID]; check != nil {
		r.effects = check(deck)
	}
	for _, dc := range deck.Cards {
		if dc.Card.Sample {
			r.sample = true
		}
		if dc.Card.HasProvisional() {
			r.prov++
		}
	}
	return r, nil
}

// inputFindings turns an input error into problems for the JSON report.
func inputFindings(err error, arg string) []validate.Finding {
	var list cardsdb.ErrorList
	var one *cardsdb.Error
	switch {
	case errors.As(err, &list):
	case errors.As(err, &one):
		list = cardsdb.ErrorList{one}
	default:
		msg := strings.TrimPrefix(err.Error(), arg+": ")
		return []validate.Finding{{Pos: cardsdb.Pos{File: arg}, Rule: "input", Severity: validate.Error, Message: msg}}
	}
	out := make([]validate.Finding, len(list))
	for i, e := range list {
		out[i] = validate.Finding{Pos: e.Pos, Rule: "input", Severity: validate.Error, Message: e.Msg}
	}
	return out
}

func printReport(io IO, r deckReport) {
	errs, warns := 0, 0
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
	fmt.Fprintf(io.Out, "%s (%s, %s): %s: %s, %s\n", r.Deck, r.name, game, verdict, cardsdb.Plural(errs, "error"), cardsdb.Plural(warns, "warning"))
	if r.sample {
		fmt.Fprintln(io.Out, "  note: this deck uses sample cards invented for deckwright, not the publisher's cards")
	}
	if r.prov > 0 {
		fmt.Fprintf(io.Out, "  note: %s of this deck carry provisional values (not printed in the rulebook; see deckwright cards)\n", cardsdb.Plural(r.prov, "card"))
	}
}

// warnEffects says on w which card effects of the deck the playtest
// engine cannot read: the deck is still legal, but goldfish refuses it.
func warnEffects(w io.Writer, r deckReport) {
	if r.effects == nil {
		return
	}
	for _, line := range strings.Split(r.effects.Error(), "\n") {
		fmt.Fprintf(w, "deckwright: warning: %s\n", line)
	}
	fmt.Fprintf(w, "deckwright: warning: %s is legal, but deckwright goldfish cannot play it until these effects are fixed\n", r.Deck)
}
