package cli

import (
	"fmt"
	"io"
	"path"
	"strings"

	"github.com/spf13/cobra"

	"github.com/deckwright/deckwright/cardsdb"
	"github.com/deckwright/deckwright/sheet"
)

type exportCSVOptions struct {
	io     IO
	g      *globalOptions
	game   string
	output string
}

func newExportCSVCmd(io IO, g *globalOptions) *cobra.Command {
	opts := &exportCSVOptions{io: io, g: g}
	cmd := &cobra.Command{
		Use:   "csv --game ID",
		Short: "Write a game's cards as a spreadsheet (.csv, .tsv, .xlsx)",
		Long: `Write every card of a game as a table, one card a row, with the columns
deckwright import csv reads: game, name, type, copies, the game's fields and
the other keys the cards use. List cells separate their items with "|".
-o chooses the format by its extension (.csv, .tsv or .xlsx); without -o the
table goes to standard output as CSV.

import csv reads the table back into the same cards, so a designer may keep
the cards in a spreadsheet and turn them into a cards file when they change.`,
		Example: `  deckwright export csv --game seeker-chronicles -o seeker.csv
  deckwright export csv --game kaizerseat -o kaizerseat.xlsx`,
		Args: argsUsage(cobra.NoArgs),
		RunE: func(*cobra.Command, []string) error { return runExportCSV(opts) },
	}
	fl := cmd.Flags()
	fl.StringVar(&opts.game, "game", "", "the game whose cards to write (required)")
	fl.StringVarP(&opts.output, "output", "o", "", "the file to write: .csv, .tsv or .xlsx (default: CSV to standard output)")
	return cmd
}

func runExportCSV(opts *exportCSVOptions) error {
	format := sheet.CSV
	if opts.output != "" {
		if format = sheet.FormatOf(opts.output); format == "" {
			return usageError("-o %s: want a .csv, .tsv or .xlsx file", opts.output)
		}
	}
	db, err := opts.g.loadDB()
	if err != nil {
		return inputError(err)
	}
	if opts.game == "" {
		return usageError("export csv needs --game ID: the game whose cards to write (one of %s)", strings.Join(db.GameIDs(), ", "))
	}
	g, err := db.LookupGame(opts.game)
	if err != nil {
		return usageError("--game: %v", err)
	}
	xo := sheet.ExportOptions{Image: exportImage(g, opts.output)}
	if opts.output == "" {
		if err := sheet.Export(opts.io.Out, format, g, g.Cards, xo); err != nil {
			return inputError(err)
		}
		return nil
	}
	if err := writeAtomic(opts.io.temps, opts.output, func(w io.Writer) error { return sheet.Export(w, format, g, g.Cards, xo) }); err != nil {
		return inputError(err)
	}
	fmt.Fprintf(opts.io.Out, "wrote %s of %s to %s\n", cardsdb.Plural(len(g.Cards), "card"), g.Name, opts.output)
	return nil
}

// exportImage returns the rewriting of image paths (in the game's folder)
// into paths relative to the table written (or the current folder, for
// standard output), which import csv and --db read back to the same files.
// A bundled game's paths stay as they are: there is no folder to point at.
func exportImage(g *cardsdb.Game, output string) func(string) string {
	if strings.HasPrefix(g.Dir, "bundled:") {
		return nil
	}
	dir := g.Dir
	if dir == "" {
		dir = "."
	}
	return func(p string) string {
		if path.IsAbs(p) {
			return p
		}
		return relocate(p, dir, output)
	}
}
