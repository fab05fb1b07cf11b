package cli

import (
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"github.com/deckwright/deckwright/cardsdb"
	"github.com/deckwright/deckwright/deckstats"
	"github.com/deckwright/deckwright/report"
)

type statsOptions struct {
	io      IO
	g       *globalOptions
	deck    string
	game    string
	hand    int
	draws   int
	turns   int
	atLeast int
	cards   []string
	json    bool
}

func newStatsCmd(io IO, g *globalOptions) *cobra.Command {
	opts := &statsOptions{io: io, g: g}
	cmd := &cobra.Command{
		Use:   "stats DECK",
		Short: "Show a deck's counts, cost curve and draw odds",
		Long: `Show the figures deck builders look at: how many cards of each section,
type and faction, the cost curve drawn with blocks, and the draw odds: the
chance to see at least one copy (--at-least K) of a given card, of any card
with as many copies, or of any card of a type, in the opening hand and by
each turn, on the play and on the draw.

The odds are hypergeometric (exact). The opening hand and the draws per
turn come from the game definition's draw: block, which cites the rulebook;
--hand and --draws override them. The mulligan is left out.

DECK is a deck file or a bundled deck GAME/NAME. The deck need not be
legal; cards the game does not have are left out and said so.`,
		Example: `  deckwright stats seeker-chronicles/cosmos
  deckwright stats hubworld/sample --card "Hushed Novice" --turns 3
  deckwright stats my-deck.txt --game arkhtide --hand 6 --draws 2
  deckwright stats seeker-chronicles/order --json`,
		Args: argsUsage(cobra.ExactArgs(1)),
		RunE: func(_ *cobra.Command, args []string) error {
			opts.deck = args[0]
			if opts.hand < 0 {
				return usageError("--hand %d: want a number of cards, 1 or more", opts.hand)
			}
			if opts.turns < 1 || opts.turns > 50 {
				return usageError("--turns %d: want 1 to 50", opts.turns)
			}
			if opts.atLeast < 1 {
				return usageError("--at-least %d: want 1 or more", opts.atLeast)
			}
			return runStats(opts)
		},
	}
	cmd.Flags().StringVar(&opts.game, "game", "", "the game of deck lists that name none")
	cmd.Flags().IntVar(&opts.hand, "hand", 0, "opening hand size (default: the game's)")
	cmd.Flags().IntVar(&opts.draws, "draws", -1, "cards drawn each turn")
	// -1 stands for the game's own number: say that, not "(default -1)".
	cmd.Flags().Lookup("draws").DefValue = "the game's"
	cmd.Flags().IntVar(&opts.turns, "turns", 5, "work out the odds up to this turn")
	cmd.Flags().IntVar(&opts.atLeast, "at-least", 1, "copies that must be seen")
	cmd.Flags().StringArrayVar(&opts.cards, "card", nil, "a card of the deck that gets its own row of odds (repeatable)")
	cmd.Flags().BoolVar(&opts.json, "json", false, "print JSON")
	return cmd
}

func runStats(opts *statsOptions) error {
	db, err := opts.g.loadDBFor(opts.game)
	if err != nil {
		return err
	}
	list, err := db.OpenDeck(opts.deck, opts.game)
	if err != nil {
		return inputError(err)
	}
	g, err := db.GameOf(list)
	if err != nil {
		return inputError(err)
	}
	deck, err := cardsdb.Resolve(g, list)
	if err != nil {
		return inputError(err)
	}
	st, err := report.DeckStats(opts.deck, deck, deckstats.Options{Hand: opts.hand, Draws: opts.draws, Turns: opts.turns, AtLeast: opts.atLeast, Cards: opts.cards})
	if errors.Is(err, deckstats.ErrNoCard) {
		return usageError("%v", err)
	} else if err != nil {
		return inputError(err)
	}
	if opts.json {
		return writeJSON(opts.io, st)
	}
	return writeStats(opts.io.Out, opts.deck, st.Stats, st.Unknown)
}

// writeStats prints the figures for a person.
func writeStats(w io.Writer, arg string, st *deckstats.Stats, unknown int) error {
	fmt.Fprintf(w, "%s (%s, %s): %s\n", arg, st.Name, st.Game, cardsdb.Plural(st.Cards, "card"))
	if unknown > 0 {
		fmt.Fprintf(w, "  note: %s the game does not have left out (see deckwright validate %s)\n", cardsdb.Plural(unknown, "card"), arg)
	}
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	counts := func(head string, cs []deckstats.Count) {
		if len(cs) == 0 {
			return
		}
		fmt.Fprintf(tw, "\n%s\tCARDS\n", strings.ToUpper(head))
		for _, c := range cs {
			fmt.Fprintf(tw, "%s\t%d\n", c.Name, c.Cards)
		}
	}
	counts("section", st.Sections)
	counts("type", st.Types)
	counts(st.FactionLabel, st.Factions)
	if err := tw.Flush(); err != nil {
		return err
	}
	if c := st.Curve; c != nil {
		fmt.Fprintf(w, "\nCOST CURVE (%s)\n", c.Field)
		top := c.X
		for _, b := range c.Bars {
			top = max(top, b.Cards)
		}
		bar := func(label string, n int) {
			fmt.Fprintf(w, "%3s │%s %d\n", label, deckstats.BarString(n, top, 30), n)
		}
		for _, b := range c.Bars {
			bar(strconv.Itoa(b.Cost), b.Cards)
		}
		if c.X > 0 {
			bar("X", c.X)
		}
		if c.NoCost > 0 {
			fmt.Fprintf(w, "    and %s without a cost\n", cardsdb.Plural(c.NoCost, "card"))
		}
	}
	o := st.Odds
	if o == nil {
		fmt.Fprintf(w, "\nDRAW ODDS: none: %s\n", st.NoOdds)
		return nil
	}
	from := "the deck"
	if o.DeckName != "" {
		from = "the " + o.DeckName
	}
	fmt.Fprintf(w, "\nDRAW ODDS: the chance to see at least %d, drawing from %s (%s)\n", o.AtLeast, from, cardsdb.Plural(o.Cards, "card"))
	fmt.Fprintf(w, "  %s\n", describeDraw(o))
	same := o.OnTheDraw == 0
	width := len("cards seen")
	for _, r := range o.Rows {
		width = max(width, len([]rune(r.Label+" ("+strconv.Itoa(r.Copies)+")")))
	}
	label := func(s string) string { return s + strings.Repeat(" ", max(width-len([]rune(s)), 0)) }
	table := func(title string, onDraw bool) error {
		fmt.Fprintln(w, title)
		tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
		fmt.Fprintf(tw, "%s\t", label(""))
		for _, t := range o.Turns {
			if t == 0 {
				fmt.Fprint(tw, "OPENING\t")
			} else {
				fmt.Fprintf(tw, "TURN %d\t", t)
			}
		}
		fmt.Fprintf(tw, "\n%s\t", label("cards seen"))
		for _, t := range o.Turns {
			fmt.Fprintf(tw, "%d\t", o.Seen(t, onDraw, o.Cards))
		}
		fmt.Fprintln(tw)
		for _, r := range o.Rows {
			cs := r.OnPlay
			if onDraw {
				cs = r.OnDraw
			}
			fmt.Fprintf(tw, "%s\t", label(r.Label+" ("+strconv.Itoa(r.Copies)+")"))
			for _, c := range cs {
				fmt.Fprintf(tw, "%s\t", deckstats.Percent(c.P))
			}
			fmt.Fprintln(tw)
		}
		return tw.Flush()
	}
	fmt.Fprintln(w)
	if same {
		return table("ON THE PLAY OR THE DRAW", false)
	}
	if err := table("ON THE PLAY", false); err != nil {
		return err
	}
	fmt.Fprintln(w)
	return table("ON THE DRAW", true)
}

// describeDraw says how many cards are drawn when, and where the figures
// come from.
func describeDraw(o *deckstats.Odds) string {
	s := "opening hand " + strconv.Itoa(o.OpeningHand)
	switch {
	case !o.HasPerTurn:
		s += "; no fixed draw per turn (give --draws N for later turns)"
	case o.SkipFirstDraw:
		s += ", then " + strconv.Itoa(o.PerTurn) + " a turn from the second turn"
	default:
		s += ", then " + strconv.Itoa(o.PerTurn) + " a turn"
	}
	if o.OnTheDraw > 0 {
		s += "; on the draw " + strconv.Itoa(o.OnTheDraw) + " more at the start"
	}
	if o.From == "game" {
		return s + " (the game definition's draw:, from the rulebook)"
	}
	return s + " (" + o.From + ")"
}
