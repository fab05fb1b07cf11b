package cli

import (
	"fmt"
	"io"
	"sort"
	"strconv"
	"strings"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"github.com/deckwright/deckwright/cardsdb"
	"github.com/deckwright/deckwright/report"
)

type cardsOptions struct {
	io    IO
	g     *globalOptions
	query string
	game  string
	where []string
	long  bool
	json  bool
}

func newCardsCmd(io IO, g *globalOptions) *cobra.Command {
	opts := &cardsOptions{io: io, g: g}
	cmd := &cobra.Command{
		Use:   "cards [QUERY]",
		Short: "List or search cards",
		Long: `List the cards of every game, or of one with --game. QUERY keeps the cards
that carry it anywhere: name, type, faction, rules text, flavour, pack, tags
and every field (traits, keywords...), ignoring case, accents, apostrophes
and spacing ("schrodinger" finds Schrödinger's Cat, "gravity" the cards
whose text speaks of it).

--where FIELD OP VALUE keeps the cards whose field compares so; repeat it
and every condition must hold. OP is = != < <= > >= or ~ (contains):
--where 'cost<=2' --where 'type=agent' --where 'traits~pilot'. Fields are
name, type, faction, text, flavor, pack, copies, tags, sample, game and the
fields the game's types declare. --long shows each card's text.

A search that finds no card exits 1.

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
	cmd.Flags().StringArrayVar(&opts.where, "where", nil, "keep cards whose `FIELD OP VALUE` holds (OP: = != < <= > >= ~); repeatable")
	cmd.Flags().BoolVar(&opts.long, "long", false, "show each card's text")
	cmd.Flags().BoolVar(&opts.json, "json", false, "print JSON")
	return cmd
}

func runCards(opts *cardsOptions) error {
	q := cardsdb.Query{Text: opts.query}
	for _, w := range opts.where {
		c, err := cardsdb.ParseCond(w)
		if err != nil {
			return usageError("--where %v", err)
		}
		q.Where = append(q.Where, c)
	}
	db, err := opts.g.loadDB()
	if err != nil {
		return inputError(err)
	}
	games, err := report.SelectGames(db, opts.game)
	if err != nil {
		return usageError("--game: %v", err)
	}
	found, err := report.Cards(games, q)
	if err != nil {
		return usageError("--where %v", err)
	}
	if opts.json {
		if err := writeJSON(opts.io, map[string]any{"cards": found}); err != nil {
			return err
		}
		if len(found) == 0 {
			return errBrokeRules
		}
		return nil
	}
	if len(found) == 0 {
		fmt.Fprintf(opts.io.Err, "no card matches %s\n", describeQuery(q))
		return errBrokeRules
	}
	if opts.long {
		for _, c := range found {
			writeCardLong(opts.io.Out, c)
		}
		fmt.Fprintf(opts.io.Out, "%s\n", cardsdb.Plural(len(found), "card"))
		return nil
	}
	tw := tabwriter.NewWriter(opts.io.Out, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "GAME\tNAME\tTYPE\tFACTION\tCOPIES\tVALUES")
	for _, c := range found {
		name := c.Name
		if c.Sample {
			name += " *"
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%d\t%s\n", c.Game, name, c.Type, strings.Join(c.Factions, "/"), c.Copies, fieldSummary(c, tableValueWidth))
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	fmt.Fprintf(opts.io.Out, "%s\n", cardsdb.Plural(len(found), "card"))
	return nil
}

// tableValueWidth is the most characters a field value takes in the cards
// table; a longer one is cut and ends with an ellipsis.
const tableValueWidth = 24

// fieldSummary prints field values as k=v, marking provisional ones with ~.
// A value longer than width characters is cut to width, its last one an
// ellipsis; width 0 keeps every value whole (--long).
func fieldSummary(c report.Card, width int) string {
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
		if width > 0 {
			s = ellipsis(s, width)
		}
		if prov[k] || prov["*"] {
			s += "~"
		}
		parts = append(parts, k+"="+s)
	}
	return strings.Join(parts, " ")
}

// ellipsis cuts s to at most width characters (runes), the last one "…"
// when it was cut; line breaks become spaces so that a table row stays
// one line.
func ellipsis(s string, width int) string {
	s = strings.Join(strings.Fields(s), " ")
	r := []rune(s)
	if len(r) <= width {
		return s
	}
	return strings.TrimRight(string(r[:width-1]), " ") + "…"
}

// describeQuery says what a search looked for: "schrodinger",
// "gravity" with cost<=2, or the conditions alone.
func describeQuery(q cardsdb.Query) string {
	var conds []string
	for _, c := range q.Where {
		conds = append(conds, c.String())
	}
	switch {
	case q.Text != "" && len(conds) > 0:
		return strconv.Quote(q.Text) + " with " + strings.Join(conds, ", ")
	case len(conds) > 0:
		return strings.Join(conds, ", ")
	}
	return strconv.Quote(q.Text)
}

// writeCardLong prints a card as a block: a head line, its values and its
// text, indented, then a blank line.
func writeCardLong(w io.Writer, c report.Card) {
	name := c.Name
	if c.Sample {
		name += " *"
	}
	head := []string{c.Game, c.Type}
	if len(c.Factions) > 0 {
		head = append(head, strings.Join(c.Factions, "/"))
	}
	head = append(head, cardsdb.Plural(c.Copies, "copy"))
	fmt.Fprintf(w, "%s (%s)\n", name, strings.Join(head, ", "))
	if v := cardDetails(c); v != "" {
		fmt.Fprintf(w, "  %s\n", v)
	}
	if v := fieldSummary(c, 0); v != "" {
		fmt.Fprintf(w, "  %s\n", v)
	}
	for _, line := range strings.Split(c.Text, "\n") {
		if line != "" {
			fmt.Fprintf(w, "  %s\n", line)
		}
	}
	if c.Flavor != "" {
		fmt.Fprintf(w, "  %s\n", c.Flavor)
	}
	fmt.Fprintln(w)
}

// cardDetails is the line of --long that shows what the card prints
// beside its name and text: subtitle, alias, uniqueness, traits, icons,
// set and number, illustrator, and the orientation its own landscape key
// gives; "" when it has none of them.
func cardDetails(c report.Card) string {
	var parts []string
	add := func(label, v string) {
		if v != "" {
			parts = append(parts, label+": "+v)
		}
	}
	add("subtitle", c.Subtitle)
	add("alias", c.Alias)
	if c.Unique {
		parts = append(parts, "unique")
	}
	add("traits", strings.Join(c.Traits, ", "))
	var icons []string
	for _, ic := range c.Icons {
		icons = append(icons, fmt.Sprintf("%d %s", ic.Count, ic.Faction))
	}
	add("icons", strings.Join(icons, ", "))
	set := c.Set
	if c.Number != "" {
		set = strings.TrimSpace(set + " #" + c.Number)
	}
	add("set", set)
	add("illustrator", c.Illustrator)
	if c.Landscape != nil && *c.Landscape {
		parts = append(parts, "landscape")
	} else if c.Landscape != nil {
		parts = append(parts, "portrait")
	}
	return strings.Join(parts, "; ")
}
