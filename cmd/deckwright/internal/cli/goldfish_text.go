package cli

import (
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"github.com/deckwright/deckwright/cardsdb"
	"github.com/deckwright/deckwright/engine"
)

// printTable prints a table of text, its columns right-aligned, and its
// legend.
func printTable(w io.Writer, t engine.Table) {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprint(tw, strings.Join(t.Header, "\t")+"\t\n")
	for _, r := range t.Rows {
		fmt.Fprint(tw, strings.Join(r, "\t")+"\t\n")
	}
	tw.Flush()
	if t.Legend != "" {
		fmt.Fprintln(w, t.Legend)
	}
}

// printCardTable prints a card table with its columns right-aligned.
func printCardTable(w io.Writer, s *engine.Summary, r engine.CardTable, unit string) {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	wide := len(r.Title)
	for _, i := range r.Cards {
		wide = max(wide, len([]rune(s.Cards[i].Name)))
	}
	pad := func(s string) string { return s + strings.Repeat(" ", wide-len([]rune(s))) }
	fmt.Fprintf(tw, "%s\t", pad(r.Title))
	for _, e := range r.Events {
		fmt.Fprintf(tw, "%s\t", s.Events[e])
	}
	if r.Opening {
		fmt.Fprintf(tw, "in opening\twin %s if opening\tif not\t", unit)
	}
	fmt.Fprintln(tw)
	for _, i := range r.Cards {
		c := s.Cards[i]
		fmt.Fprintf(tw, "%s\t", pad(c.Name))
		for _, e := range r.Events {
			if !r.Applies(e, i) {
				fmt.Fprint(tw, "-\t")
				continue
			}
			fmt.Fprintf(tw, "%.2f\t", c.PerGame[e])
		}
		if r.Opening {
			share := 0.0
			if s.Games > 0 {
				share = float64(c.OpeningGames) / float64(s.Games)
			}
			fmt.Fprintf(tw, "%s\t%s\t%s\t", engine.Pct(share), engine.F2(c.WinTurnOpening), engine.F2(c.WinTurnOther))
		}
		fmt.Fprintln(tw)
	}
	tw.Flush()
}

func printGoldfish(w io.Writer, p *playtest, s *engine.Summary, opts *goldfishOptions) {
	u := p.eng.Unit
	rep := p.play.Report(s)
	if p.broken > 0 {
		fmt.Fprintf(w, "DRAFT: %s breaks the deck-building rules (%s, on stderr); played anyway with --force\n", p.arg, cardsdb.Plural(p.broken, "problem"))
	}
	fmt.Fprintf(w, "%s (%s): %s, policy %s, %s, seed %d\n", p.arg, p.deck.Name(), p.play.ModeText, p.policy, cardsdb.Plural(s.Games, "game"), opts.seed)
	if opts.precision > 0 {
		if s.Precision {
			fmt.Fprintf(w, "stopped once the 95%% CI of the mean win %s was within ± %g %ss\n", u, opts.precision, u)
		} else {
			fmt.Fprintf(w, "the 95%% CI of the mean win %s did not get within ± %g %ss in %s\n", u, opts.precision, u, cardsdb.Plural(s.Games, "game"))
		}
	}
	fmt.Fprintln(w)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintf(tw, "win rate\t%s\t95%% CI %.2f%% – %.2f%% (Wilson)\n", engine.Pct(s.WinRate), 100*s.WinRateCI95[0], 100*s.WinRateCI95[1])
	fmt.Fprintf(tw, "lost\t%s\n", engine.Pct(s.LossRate))
	fmt.Fprintf(tw, "unfinished\t%s\tstopped after %s, neither won nor lost\n", engine.Pct(s.UnfinishedRate), cardsdb.Plural(p.play.Spec.MaxTurns, u))
	t := s.Turns
	if t.N > 0 {
		fmt.Fprintf(tw, "win %s\tmean %s\tsd %s\t95%% CI %s – %s\tmedian %d\tp10 %d\tp90 %d\n", u, engine.F2(t.Mean), engine.F2(t.SD), engine.F2(t.CI95[0]), engine.F2(t.CI95[1]), t.Median, t.P10, t.P90)
	}
	for _, r := range rep.Rows {
		fmt.Fprintln(tw, strings.Join(r, "\t"))
	}
	tw.Flush()
	if len(t.Histogram) > 0 {
		fmt.Fprintln(w)
		printHistogram(w, t.Histogram, u)
	}
	for _, t := range rep.Tables {
		fmt.Fprintln(w)
		printTable(w, t)
	}
	for _, t := range rep.CardTables {
		fmt.Fprintln(w)
		printCardTable(w, s, t, u)
		for _, l := range t.Legend {
			fmt.Fprintln(w, l)
		}
	}
	ns, pv := p.play.NotSimulated, p.play.Provisional
	fmt.Fprintln(w)
	if len(ns) == 0 {
		fmt.Fprintln(w, "not simulated: none (every card's text is played)")
	} else {
		fmt.Fprintf(w, "not simulated (%s; their text is ignored):\n", cardsdb.Plural(len(ns), "card"))
		for _, n := range ns {
			fmt.Fprintf(w, "  %s: %s\n", n.Card, n.Reason)
		}
	}
	printProvisional(w, pv)
}

// printProvisional lists the cards whose values are ours: sample cards
// (every value ours) and cards with provisional values.
func printProvisional(w io.Writer, pv []engine.Provisional) {
	var sample, some []string
	for _, x := range pv {
		if x.Sample {
			sample = append(sample, x.Card)
		} else {
			some = append(some, x.Card)
		}
	}
	if len(sample) > 0 {
		fmt.Fprintf(w, "sample (%s of ours, not the publisher's: the figures show how these play, not the real cards):\n", cardsdb.Plural(len(sample), "card"))
		wrapNames(w, sample)
	}
	if len(some) > 0 {
		fmt.Fprintf(w, "provisional (%s with values not printed in the rulebook; --json and deckwright cards say which):\n", cardsdb.Plural(len(some), "card"))
		wrapNames(w, some)
	}
}

// wrapNames prints names separated by commas (semicolons when a name
// holds a comma), indented, in lines of at
// most 100 columns.
func wrapNames(w io.Writer, names []string) {
	sep := ","
	for _, n := range names {
		if strings.Contains(n, ",") {
			sep = ";" // "Ondrëa, Voice Beneath" is one name
		}
	}
	line := " "
	for i, n := range names {
		if i < len(names)-1 {
			n += sep
		}
		if len(line)+1+len(n) > 100 {
			fmt.Fprintln(w, line)
			line = " "
		}
		line += " " + n
	}
	fmt.Fprintln(w, line)
}
