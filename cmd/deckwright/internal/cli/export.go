package cli

import (
	"github.com/spf13/cobra"
)

func newExportCmd(io IO, g *globalOptions) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "export",
		Short: "Export cards to other formats (a spreadsheet, images, Tabletop Simulator, print shops, Cricut)",
		Long: `Export writes cards in a format other tools read: a game's cards as a
spreadsheet (export csv), a deck's card faces as images (export png), as
Tabletop Simulator deck sheets (export tts), for a print shop (export mpc:
images and an order; export print-shop: one card a page in a PDF) or as
sheets for Cricut's Print Then Cut (export cricut).
See deckwright export FORMAT --help.`,
		Args: argsUsage(cobra.NoArgs),
		RunE: func(*cobra.Command, []string) error {
			return usageError("export needs a format: deckwright export csv --game ID (see deckwright export --help)")
		},
	}
	cmd.AddCommand(newExportCSVCmd(io, g))
	cmd.AddCommand(newExportPNGCmd(io, g), newExportTTSCmd(io, g), newExportMPCCmd(io, g), newExportCricutCmd(io, g))
	cmd.AddCommand(newExportPrintShopCmd(io, g))
	return cmd
}
