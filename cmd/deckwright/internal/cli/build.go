package cli

import (
	"fmt"

	"github.com/spf13/cobra"
)

type buildOptions struct {
	io     IO
	g      *globalOptions
	sheet  sheetFlags
	deck   string
	game   string
	format string
	output string
	strict bool
	quiet  bool
}

func newBuildCmd(io IO, g *globalOptions) *cobra.Command {
	opts := &buildOptions{io: io, g: g}
	cmd := &cobra.Command{
		Use:   "build DECK",
		Short: "Validate a deck, print it, and playtest it",
		Long: `Validate DECK against its game's rules; when it is legal, print it as a PDF
(default out/<deck>.pdf) with the same flags as deckwright print, then show
a goldfish playtest summary for games deckwright can play.`,
		Example: `  deckwright build seeker-chronicles/cosmos
  deckwright build my-deck.txt --backs long`,
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
	cmd.Flags().BoolVarP(&opts.quiet, "quiet", "q", false, "no progress on stderr")
	return cmd
}

func runBuild(opts *buildOptions) error {
	db, err := opts.g.loadDB()
	if err != nil {
		return inputError(err)
	}
	r, err := validateOne(db, opts.deck, opts.game, opts.format)
	if err != nil {
		return inputError(err)
	}
	printReport(opts.io, r)
	if !r.Legal {
		fmt.Fprintln(opts.io.Err, "deckwright: the deck breaks the rules above; nothing printed")
		return errBrokeRules
	}
	job, err := collectPrint(db, &printOptions{decks: []string{opts.deck}, game: opts.game, format: opts.format, sheet: opts.sheet})
	if err != nil {
		return err
	}
	if err := renderJob(opts.io, job, &opts.sheet, opts.output, opts.strict, opts.quiet, false); err != nil {
		return err
	}
	return printGoldfishSummary(opts.io, db, opts.deck, opts.game)
}
