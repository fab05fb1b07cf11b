package cli

import (
	"encoding/json"
	"errors"
	"fmt"

	"github.com/spf13/cobra"

	"github.com/deckwright/deckwright/cardsdb"
	"github.com/deckwright/deckwright/engine"
	"github.com/deckwright/deckwright/report"
)

type buildOptions struct {
	io       IO
	g        *globalOptions
	sheet    sheetFlags
	maxCards int
	deck     string
	game     string
	format   string
	output   string
	strict   bool
	json     bool
	noExtras bool
}

func newBuildCmd(io IO, g *globalOptions) *cobra.Command {
	opts := &buildOptions{io: io, g: g}
	cmd := &cobra.Command{
		Use:   "build DECK",
		Short: "Validate a deck, print it, and playtest it",
		Long: `Validate DECK against its game's rules; when it is legal, print it as a PDF
(default out/<deck>.pdf) with the same flags as deckwright print, then show
a goldfish playtest summary for games deckwright can play.

--json prints one object: "validate" (as one deck of validate --json),
"print" (as print --json; null when the deck is not legal) and "goldfish"
(as goldfish --json for the summary's run; null when the game has no
playtest engine or the deck is not legal).`,
		Example: `  deckwright build seeker-chronicles/cosmos
  deckwright build my-deck.txt --backs long
  deckwright build arkhtide/three-factions --json`,
		Args: argsUsage(cobra.ExactArgs(1)),
		RunE: func(_ *cobra.Command, args []string) error {
			opts.deck = args[0]
			return runBuild(opts)
		},
	}
	opts.sheet.register(cmd)
	cmd.Flags().StringVarP(&opts.output, "output", "o", "", "the PDF to write (default out/<deck>.pdf)")
	cmd.Flags().StringVar(&opts.game, "game", "", "the game of a deck list that names none")
	cmd.Flags().StringVar(&opts.format, "format", "", "the deck-building format to check (overrides the deck's format: line)")
	cmd.Flags().BoolVar(&opts.strict, "strict", false, "treat print warnings as errors")
	cmd.Flags().BoolVar(&opts.json, "json", false, "print JSON")
	cmd.Flags().BoolVar(&opts.noExtras, "no-extras", false, "print only the deck's own cards, not what it needs on the table (tokens, Arkhtide's Neutral Realm)")
	registerMaxCards(cmd, &opts.maxCards)
	return cmd
}

func runBuild(opts *buildOptions) error {
	db, err := opts.g.loadDB()
	if err != nil {
		return inputError(err)
	}
	r, err := validateOne(db, opts.deck, opts.game, opts.format, nil)
	if err != nil {
		return inputError(err)
	}
	if opts.json {
		return runBuildJSON(opts, db, r)
	}
	printReport(opts.io, r, opts.g.quiet)
	if !r.Legal {
		fmt.Fprintln(opts.io.Err, "deckwright: the deck breaks the rules above; nothing printed")
		return errBrokeRules
	}
	job, err := collectPrint(db, &printOptions{decks: []string{opts.deck}, game: opts.game, format: opts.format, sheet: opts.sheet, maxCards: opts.maxCards, noExtras: opts.noExtras})
	if err != nil {
		return err
	}
	if err := renderJob(opts.io, job, &opts.sheet, opts.output, opts.strict, opts.g.quiet, false); err != nil {
		return err
	}
	return printGoldfishSummary(opts.io, db, opts.deck, opts.game)
}

// buildReport is build --json: each step's report, null for a step not
// taken.
type buildReport struct {
	Validate deckReport       `json:"validate"`
	Print    any              `json:"print"`
	Goldfish *report.Goldfish `json:"goldfish"`
}

// MarshalJSON writes the report with its strings HTML-escaped, as every
// report's JSON is (engine.JoinObjects).
func (r *buildReport) MarshalJSON() ([]byte, error) {
	type plain buildReport
	return json.Marshal((*plain)(r))
}

// runBuildJSON is build --json: the three steps' reports in one object,
// printed once every step has run.
func runBuildJSON(opts *buildOptions, db *cardsdb.DB, r deckReport) error {
	r.Problems = r.WithEffects()
	out := &buildReport{Validate: r}
	if !r.Legal {
		if err := writeJSON(opts.io, out); err != nil {
			return err
		}
		return errBrokeRules
	}
	job, err := collectPrint(db, &printOptions{decks: []string{opts.deck}, game: opts.game, format: opts.format, sheet: opts.sheet, noExtras: opts.noExtras})
	if err != nil {
		return err
	}
	res, err := renderPDF(opts.io, job, &opts.sheet, opts.output, opts.strict, true)
	if err != nil {
		return err
	}
	out.Print = res.JSON()
	gopts := &goldfishOptions{game: opts.game, seed: 1}
	p, err := loadPlaytest(opts.io.Err, db, opts.deck, gopts)
	var none noEngineError
	switch {
	case errors.As(err, &none):
		// no playtest engine for this game: "goldfish" stays null
	case err != nil:
		return err
	default:
		s, err := p.run(engine.Config{Games: buildGoldfishGames, Seed: 1})
		if err != nil {
			return err
		}
		out.Goldfish = goldfishJSON(p, s, gopts)
	}
	return writeJSON(opts.io, out)
}
