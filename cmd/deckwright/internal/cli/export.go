package cli

import (
	"github.com/spf13/cobra"
)

func newExportCmd(io IO, g *globalOptions) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "export",
		Short: "Export a game's cards to other formats (a spreadsheet)",
		Long: `Export writes a game's cards in a format other tools read. See
deckwright export csv --help.`,
		Args: argsUsage(cobra.NoArgs),
		RunE: func(*cobra.Command, []string) error {
			return usageError("export needs a format: deckwright export csv --game ID (see deckwright export --help)")
		},
	}
	cmd.AddCommand(newExportCSVCmd(io, g))
	cmd.AddCommand(newExportPNGCmd(io, g), newExportTTSCmd(io, g), newExportMPCCmd(io, g))
	return cmd
}
