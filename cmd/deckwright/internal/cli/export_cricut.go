package cli

import (
	"fmt"

	"github.com/spf13/cobra"

	"github.com/deckwright/deckwright/cardsdb"
	"github.com/deckwright/deckwright/export"
	"github.com/deckwright/deckwright/layout"
)

type exportCricutOptions struct {
	exportDeckFlags
	dpi    int
	gap    float64
	corner float64
	// cornerSet says --corner was given; otherwise the game's radius is used.
	cornerSet bool
}

func newExportCricutCmd(io IO, g *globalOptions) *cobra.Command {
	opts := &exportCricutOptions{exportDeckFlags: exportDeckFlags{io: io, g: g}}
	cmd := &cobra.Command{
		Use:   "cricut DECK",
		Short: "Write a deck as PNG sheets for Cricut's Print Then Cut",
		Long: `Write the fronts of DECK as PNG sheets for Cricut Design Space's Print Then
Cut into a folder (default out/<deck>-cricut): sheet-001.png, sheet-002.png...,
each at most 6.75 x 9.25 inches (Print Then Cut's largest image) at 300 DPI.
The sheets are transparent but for the cards: each card is one opaque shape
with rounded corners and --gap of transparent space around it, so Design
Space cuts every card on its own.

In Design Space: Upload each sheet as a Print Then Cut image, insert it
at the size the summary gives (do not resize it), Make It with "Add bleed"
on, print, and cut. Print Then Cut prints one side: for backs, glue the
cards to a back sheet printed with deckwright print.`,
		Example: `  deckwright export cricut seeker-chronicles/cosmos
  deckwright export cricut arkhtide/three-factions --corner 0`,
		Args: argsUsage(cobra.ExactArgs(1)),
		RunE: func(cmd *cobra.Command, args []string) error {
			if opts.dpi < 72 || opts.dpi > 600 {
				return usageError("--dpi %d: want 72 to 600", opts.dpi)
			}
			if !(opts.gap >= export.CricutMinGap && opts.gap <= 50) {
				return usageError("--gap %g: want %d to 50 mm (Design Space prints a bleed around each card, which must not reach the next)", opts.gap, export.CricutMinGap)
			}
			if cmd.Flags().Changed("corner") && !(opts.corner >= 0) { // NaN too
				return usageError("--corner %g: want 0 to half the card's width, mm", opts.corner)
			}
			opts.cornerSet = cmd.Flags().Changed("corner")
			return runExportCricut(opts, args[0])
		},
	}
	opts.register(cmd, "cricut")
	fl := cmd.Flags()
	fl.IntVar(&opts.dpi, "dpi", 300, "resolution of the sheets (Design Space prints at 300)")
	fl.Float64Var(&opts.gap, "gap", export.CricutDefaultGap, "transparent space between cards, mm")
	fl.Float64Var(&opts.corner, "corner", 0, "corner radius of the cut, mm; 0 for square corners (default: the game's, else 3, 2 for cards under 50 mm)")
	return cmd
}

func runExportCricut(opts *exportCricutOptions, arg string) error {
	job, err := opts.collect(arg, "cricut")
	if err != nil {
		return err
	}
	corner := opts.corner
	if !opts.cornerSet {
		corner = cornerOf(job.deck.Game)
	}
	res, err := export.Cricut(opts.io.context(), job.dir, job.items, export.CricutOptions{Options: job.opts, DPI: opts.dpi, Gap: opts.gap, Corner: corner})
	if err != nil {
		return exportError(err)
	}
	summary := fmt.Sprintf("%s on %s (%d a sheet, %.2fx%.2f in)", cardsdb.Plural(res.Cards, "card"), cardsdb.Plural(res.Sheets, "sheet"), res.PerSheet, res.WidthIn, res.HeightIn)
	return opts.report(job, &res.Result, summary, res)
}

// cornerOf is the corner radius of a game's cards for cut files: the
// game's own (game.yaml corner_radius), else the usual one for its size.
func cornerOf(g *cardsdb.Game) float64 {
	if g.CornerRadius > 0 {
		return g.CornerRadius
	}
	return layout.DefaultCorner(layout.Size{W: g.CardSize.W, H: g.CardSize.H})
}
