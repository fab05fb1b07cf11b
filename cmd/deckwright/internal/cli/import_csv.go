package cli

import (
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"

	"github.com/deckwright/deckwright/cardsdb"
	"github.com/deckwright/deckwright/sheet"
)

type importCSVOptions struct {
	io     IO
	g      *globalOptions
	file   string
	game   string
	output string
	table  tableFlags
}

func newImportCSVCmd(io IO, g *globalOptions) *cobra.Command {
	opts := &importCSVOptions{io: io, g: g}
	cmd := &cobra.Command{
		Use:   "csv FILE --game ID",
		Short: "Turn a spreadsheet of cards (.csv, .tsv, .xlsx) into a cards file",
		Long: `Read a table of cards, one card a row, and write a cards file (YAML) the game
loads with --db. The first non-blank row names the columns: the game's field
names (see deckwright cards --game ID --json) and name, type, faction,
copies, deck_limit, pack, text, flavor, image, back (the back's image),
back_name, back_text, tags, sample, provisional and game. Headers are matched
ignoring case, accents and spaces ("Link Cost" is link_cost); --map
"COLUMN=FIELD" names the field of any other column, and --map "COLUMN=-"
skips it. A list cell (faction, tags, a list field) separates its items with
"|": "cosmos | order"; "%n" in a text cell is a line break. Designers'
headers are known too: Title, Description, Rules, Flavour, Quote, Art, Image,
Qty, Count... An .xlsx workbook is read from its first sheet, or --sheet
NAME; a .csv file's delimiter (comma, semicolon or tab) is found from its
header row. --type TYPE gives every row that card type (a table of one
type needs no type column). Image paths in the table are relative to the
table, and written relative to the cards file.

The same keys in game.yaml (tables: file, sheet, type, columns) read the
table every time the game loads, with no import step (docs/spreadsheets.md).

Every problem is reported at its cell as a spreadsheet names it
(cards.csv:C12, cards.xlsx:Sheet!C12); nothing is written then.
Without -o the cards file goes to standard output.

deckwright export csv writes a game's cards back as such a table, and
--db FILE.csv loads a table with a game column directly.

Exit status: 0 done, 2 bad flags, an unreadable table or a cell the game
does not accept.`,
		Example: `  deckwright import csv cards.csv --game seeker-chronicles -o mygame/cards/cards.yaml
  deckwright import csv cards.xlsx --game seeker-chronicles --sheet Modules --map "Card Title=name"
  deckwright import csv banes.csv --game seeker-chronicles --type bane --map "Type=-"`,
		Args: argsUsage(cobra.ExactArgs(1)),
		RunE: func(_ *cobra.Command, args []string) error {
			opts.file = args[0]
			return runImportCSV(opts)
		},
	}
	fl := cmd.Flags()
	fl.StringVar(&opts.game, "game", "", "the game the cards are for (default: the table's game column)")
	fl.StringVarP(&opts.output, "output", "o", "", "the cards file to write (default: standard output)")
	opts.table.register(fl, "the table")
	return cmd
}

func runImportCSV(opts *importCSVOptions) error {
	src, err := opts.table.source()
	if err != nil {
		return err
	}
	if src.Sheet != "" && sheet.FormatOf(opts.file) != sheet.XLSX {
		return usageError("--sheet: %s is not an .xlsx workbook; only workbooks have sheets", opts.file)
	}
	if sheet.FormatOf(opts.file) == "" {
		return usageError("%s: not a spreadsheet; want a .csv, .tsv or .xlsx file", opts.file)
	}
	if opts.output != "" && sheet.FormatOf(opts.output) != "" {
		return usageError("-o %s: import csv writes a YAML cards file; name it .yaml (export csv writes spreadsheets)", opts.output)
	}
	db, err := opts.g.loadDB()
	if err != nil {
		return inputError(err)
	}
	t, err := sheet.ReadFile(opts.file, src.Sheet)
	if err != nil {
		return inputError(err)
	}
	id := opts.game
	if id == "" {
		if id = t.GameID(); id == "" {
			return usageError("import csv needs --game ID: the game the cards are for (one of %s), or a game column in the table", strings.Join(db.GameIDs(), ", "))
		}
	}
	g, err := db.LookupGame(id)
	if err != nil {
		return usageError("--game: %v", err)
	}
	f, err := sheet.Cards(t, g, sheet.Options{Map: src.Map, Type: src.Type, Image: rebase(opts.file, opts.output)})
	if err != nil {
		return inputError(err)
	}
	delim := ""
	if t.Comma != 0 && t.Comma != ',' && sheet.FormatOf(opts.file) == sheet.CSV {
		delim = " (" + sheet.DelimiterName(t.Comma) + "-separated)"
		if opts.output == "" && !opts.g.quiet {
			fmt.Fprintf(opts.io.Err, "deckwright: note: %s is %s\n", opts.file, delim[2:len(delim)-1])
		}
	}
	data, err := f.YAML(opts.file)
	if err != nil {
		return inputError(err)
	}
	if opts.output == "" {
		_, err := opts.io.Out.Write(data)
		return err
	}
	if err := writeAtomic(opts.io.temps, opts.output, func(w io.Writer) error { _, err := w.Write(data); return err }); err != nil {
		return inputError(err)
	}
	fmt.Fprintf(opts.io.Out, "wrote %s of %s to %s%s\n", cardsdb.Plural(len(f.Cards), "card"), g.Name, opts.output, delim)
	return nil
}

// rebase returns the rewriting of a table's image paths (relative to the
// table) into paths relative to the cards file written (or the current
// folder, for standard output), so that the card finds its art.
func rebase(table, output string) func(string) string {
	return func(p string) string {
		if filepath.IsAbs(p) || strings.Contains(p, "://") {
			return p
		}
		return relocate(p, filepath.Dir(table), output)
	}
}

// relocate returns p, a slash-separated path relative to the folder from,
// as a path relative to the folder of the file output (or to the current
// folder, when output is "": standard output), slash-separated; p itself
// when no relative path leads there. Export csv and import csv rewrite
// image paths with it.
func relocate(p, from, output string) string {
	abs := filepath.Join(from, filepath.FromSlash(p))
	if output == "" {
		return filepath.ToSlash(abs)
	}
	rel, err := filepath.Rel(filepath.Dir(output), abs)
	if err != nil {
		return p
	}
	return filepath.ToSlash(rel)
}
