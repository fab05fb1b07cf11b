package cli

import (
	"fmt"
	"sort"
	"strings"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"github.com/deckwright/deckwright/cardsdb"
)

type cardsOptions struct {
	io    IO
	g     *globalOptions
	query string
	game  string
	json  bool
}

func newCardsCmd(io IO, g *globalOptions) *cobra.Command {
	opts := &cardsOptions{io: io, g: g}
	cmd := &cobra.Command{
		Use:   "cards [QUERY]",
		Short: "List or search cards",
		Long: `List the cards of every game, or of one with --game. QUERY keeps the cards
whose name, type or faction contains it, ignoring case, accents, apostrophes
and spacing ("schrodinger" finds Schrödinger's Cat).

Cards marked * are samples (invented, not the publisher's); values marked ~
are provisional (ours, not printed in the rulebook).`,
		Args: argsUsage(cobra.MaximumNArgs(1)),
		RunE: func(_ *cobra.Command, args []string) error {
			if len(args) == 1 {
				opts.query = args[0]
			}
			return runCards(opts)
		},
	}
	cmd.Flags().StringVar(&opts.game, "game", "", "only this game's cards")
	cmd.Flags().BoolVar(&opts.json, "json", false, "print JSON")
	return cmd
}

type cardJSON struct {
	Game        string         `json:"game"`
	Name        string         `json:"name"`
	Type        string         `json:"type"`
	Factions    []string       `json:"factions,omitempty"`
	Text        string         `json:"text,omitempty"`
	Copies      int            `json:"copies"`
	Fields      map[string]any `json:"fields,omitempty"`
	Sample      bool           `json:"sample"`
	Provisional []string       `json:"provisional,omitempty"`
	File        string         `json:"file"`
	Line        int            `json:"line"`
}

func runCards(opts *cardsOptions) error {
	db, err := opts.g.loadDB()
	if err != nil {
		return inputError(err)
	}
	games := db.Games()
	if opts.game != "" {
		g, err := db.LookupGame(opts.game)
		if err != nil {
			return usageError("--game: %v", err)
		}
		games = []*cardsdb.Game{g}
	}
	q := cardsdb.Fold(opts.query)
	var found []cardJSON
	for _, g := range games {
		for _, c := range g.Cards {
			if q != "" && !strings.Contains(c.Key, q) && !strings.Contains(cardsdb.Fold(c.Type), q) && !strings.Contains(cardsdb.Fold(strings.Join(c.Factions, " ")), q) {
				continue
			}
			found = append(found, toCardJSON(g, c))
		}
	}
	if opts.json {
		if found == nil {
			found = []cardJSON{}
		}
		return writeJSON(opts.io, map[string]any{"cards": found})
	}
	if len(found) == 0 {
		fmt.Fprintf(opts.io.Err, "no card matches %q\n", opts.query)
		return nil
	}
	tw := tabwriter.NewWriter(opts.io.Out, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "GAME\tNAME\tTYPE\tFACTION\tCOPIES\tVALUES")
	for _, c := range found {
		name := c.Name
		if c.Sample {
			name += " *"
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%d\t%s\n", c.Game, name, c.Type, strings.Join(c.Factions, "/"), c.Copies, fieldSummary(c))
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	fmt.Fprintf(opts.io.Out, "%s\n", cardsdb.Plural(len(found), "card"))
	return nil
}

func toCardJSON(g *cardsdb.Game, c *cardsdb.Card) cardJSON {
	j := cardJSON{Game: g.ID, Name: c.Name, Type: c.Type, Factions: c.Factions, Text: c.Text, Copies: c.Copies, Sample: c.Sample, File: c.Pos.File, Line: c.Pos.Line}
	if len(c.Fields) > 0 {
		j.Fields = map[string]any{}
	}
	for k, v := range c.Fields {
		j.Fields[k] = plainValue(v)
	}
	if c.AllProvisional {
		j.Provisional = []string{"*"}
	} else {
		j.Provisional = c.Provisional
	}
	return j
}

func plainValue(v cardsdb.Value) any {
	switch v.Kind {
	case cardsdb.KindInt:
		return v.Int
	case cardsdb.KindCost:
		if v.X {
			return "X"
		}
		return v.Int
	case cardsdb.KindBool:
		return v.Bool
	case cardsdb.KindList:
		return v.List
	}
	return v.Str
}

// fieldSummary prints short field values as k=v, marking provisional ones
// with ~.
func fieldSummary(c cardJSON) string {
	keys := make([]string, 0, len(c.Fields))
	for k := range c.Fields {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	prov := map[string]bool{}
	for _, p := range c.Provisional {
		prov[p] = true
	}
	var parts []string
	for _, k := range keys {
		s := fmt.Sprint(c.Fields[k])
		if len(s) > 24 {
			continue // long text does not belong in a table
		}
		if prov[k] || prov["*"] {
			s += "~"
		}
		parts = append(parts, k+"="+s)
	}
	return strings.Join(parts, " ")
}
