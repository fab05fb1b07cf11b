package cli

import (
	"encoding/json"
	"fmt"
	"strings"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"github.com/deckwright/deckwright/report"
)

type gamesOptions struct {
	io   IO
	g    *globalOptions
	json bool
}

func newGamesCmd(io IO, g *globalOptions) *cobra.Command {
	opts := &gamesOptions{io: io, g: g}
	cmd := &cobra.Command{
		Use:   "games",
		Short: "List the games deckwright knows, with their bundled decks",
		Args:  argsUsage(cobra.NoArgs),
		RunE:  func(*cobra.Command, []string) error { return runGames(opts) },
	}
	cmd.Flags().BoolVar(&opts.json, "json", false, "print JSON")
	return cmd
}

func runGames(opts *gamesOptions) error {
	db, err := opts.g.loadDB()
	if err != nil {
		return inputError(err)
	}
	out := report.Games(db)
	if opts.json {
		return writeJSON(opts.io, map[string]any{"games": out})
	}
	tw := tabwriter.NewWriter(opts.io.Out, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "GAME\tNAME\tCARDS\tBUNDLED DECKS")
	for _, j := range out {
		cards := fmt.Sprint(j.Cards)
		if j.Sample > 0 {
			cards += fmt.Sprintf(" (%d sample)", j.Sample)
		}
		decks := strings.Join(j.Decks, ", ")
		if decks == "" {
			decks = "-"
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\n", j.ID, j.Name, cards, decks)
	}
	return tw.Flush()
}

func writeJSON(io IO, v any) error {
	enc := json.NewEncoder(io.Out)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(v)
}
