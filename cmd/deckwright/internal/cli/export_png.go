package cli

import (
	"fmt"

	"github.com/spf13/cobra"

	"github.com/deckwright/deckwright/cardsdb"
	"github.com/deckwright/deckwright/export"
	"github.com/deckwright/deckwright/faces"
)

type exportPNGOptions struct {
	exportDeckFlags
	dpi    int
	bleed  float64
	unique bool
}

func newExportPNGCmd(io IO, g *globalOptions) *cobra.Command {
	opts := &exportPNGOptions{exportDeckFlags: exportDeckFlags{io: io, g: g}}
	cmd := &cobra.Command{
		Use:   "png DECK",
		Short: "Write one PNG image per card of a deck, for other tools",
		Long: `Write every card of DECK as a PNG image, drawn as print draws it (art, or a
text proxy from the card's template), into a folder (default
out/<deck>-png): 001-name.png, 002-name.png... in the deck's order, one file
per copy unless --unique; NNN-name-back.png for the second face of a
double-faced card; back.png for the game's card back.

Art that cannot be read is an error: nothing is written.

An earlier export into the same folder is replaced (the files it wrote,
listed in the folder's .deckwright-files); other files are left alone.`,
		Example: `  deckwright export png seeker-chronicles/cosmos --unique --dpi 150`,
		Args:    argsUsage(cobra.ExactArgs(1)),
		RunE: func(_ *cobra.Command, args []string) error {
			if opts.dpi < 50 || opts.dpi > 1200 {
				return usageError("--dpi %d: want 50 to 1200", opts.dpi)
			}
			if !(opts.bleed >= 0 && opts.bleed <= 20) {
				return usageError("--bleed %g: want 0 to 20 mm", opts.bleed)
			}
			return runExportPNG(opts, args[0])
		},
	}
	opts.register(cmd, "png")
	fl := cmd.Flags()
	fl.IntVar(&opts.dpi, "dpi", faces.DefaultDPI, "resolution of the images at the card's printed size")
	fl.Float64Var(&opts.bleed, "bleed", 0, "bleed around each card, mm (art is extended at its edges, a text proxy's frame runs on into it)")
	fl.BoolVar(&opts.unique, "unique", false, "one image per card rather than one per copy")
	return cmd
}

func runExportPNG(opts *exportPNGOptions, arg string) error {
	job, err := opts.collect(arg, "png")
	if err != nil {
		return err
	}
	res, err := export.PNG(opts.io.context(), job.dir, job.items, export.PNGOptions{Options: job.opts, DPI: opts.dpi, Bleed: opts.bleed, Unique: opts.unique})
	if err != nil {
		return exportError(err)
	}
	return opts.report(job, res, fmt.Sprintf("%s, %s", cardsdb.Plural(res.Cards, "card"), cardsdb.Plural(len(res.Files), "image")), res)
}
