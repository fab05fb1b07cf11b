package cli

import (
	"encoding/json"
	"fmt"
	"strings"
	"text/tabwriter"

	"github.com/spf13/cobra"
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

type gameJSON struct {
	ID       string     `json:"id"`
	Name     string     `json:"name"`
	Cards    int        `json:"cards"`
	Sample   int        `json:"sample_cards"`
	Decks    []string   `json:"decks"`
	CardSize [2]float64 `json:"card_size_mm"`
	// Formats lists the ids of the game's deck-building formats.
	Formats []string `json:"formats,omitempty"`
}

func runGames(opts *gamesOptions) error {
	db, err := opts.g.loadDB()
	if err != nil {
		return inputError(err)
	}
	var out []gameJSON
	for _, g := range db.Games() {
		j := gameJSON{ID: g.ID, Name: g.Name, Cards: len(g.Cards), Decks: []string{}, CardSize: [2]float64{g.CardSize.W, g.CardSize.H}, Formats: g.FormatIDs()}
		for _, c := range g.Cards {
			if c.Sample {
				j.Sample++
			}
		}
		for _, d := range g.DeckNames() {
			j.Decks = append(j.Decks, g.ID+"/"+d)
		}
		out = append(out, j)
	}
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
