package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/deckwright/deckwright/cardsdb"
	"github.com/deckwright/deckwright/engine"
	"github.com/deckwright/deckwright/engine/search"
	"github.com/deckwright/deckwright/validate"
)

// This file holds what tune and optimize share: the pool, the legality
// check, the figure, and writing a list.

// poolOf reads --pool: a game (every card of it), or a deck list or
// bundled deck (its cards); "" is the deck's game.
func poolOf(db *cardsdb.DB, deck *cardsdb.Deck, arg string) ([]*cardsdb.Card, error) {
	g := deck.Game
	if arg != "" {
		if pg, err := db.LookupGame(arg); err == nil {
			if pg.ID != g.ID {
				return nil, usageError("--pool %s: a %s pool for a %s deck", arg, pg.Name, g.Name)
			}
		} else {
			list, err := db.OpenDeck(arg, g.ID)
			if err != nil {
				return nil, inputError(fmt.Errorf("--pool: %w", err))
			}
			pd, err := cardsdb.Resolve(g, list)
			if err != nil {
				return nil, inputError(fmt.Errorf("--pool: %w", err))
			}
			if len(pd.Unknown) > 0 {
				u := pd.Unknown[0]
				return nil, inputError(fmt.Errorf("%s: no card named %q in %s", u.Entry.Pos, u.Entry.Name, g.Name))
			}
			var pool []*cardsdb.Card
			seen := map[*cardsdb.Card]bool{}
			for _, dc := range pd.Cards {
				if !seen[dc.Card] {
					seen[dc.Card] = true
					pool = append(pool, dc.Card)
				}
			}
			return pool, nil
		}
	}
	return g.Cards, nil
}

// legal is the validator's verdict on a list.
func legal(d *cardsdb.Deck) bool { return validate.Legal(validate.Check(d)) }

// problemOf builds a search problem for a loaded deck.
func problemOf(p *playtest, pool []*cardsdb.Card, figure string, seed uint64, workers int, io IO) (*search.Problem, error) {
	fi := 0
	if figure != "" {
		fi = -1
		var keys []string
		for i, f := range p.play.Figures {
			keys = append(keys, f.Key)
			if f.Key == figure {
				fi = i
			}
		}
		if fi < 0 {
			return nil, usageError("--figure %q: the figures of %s are %s", figure, p.deck.Game.Name, strings.Join(keys, ", "))
		}
	}
	e, setup := p.eng, p.setup
	return &search.Problem{
		Base: p.deck, Pool: pool, Legal: legal, Figure: fi, Seed: seed, Workers: workers, Context: io.context(),
		Compile: func(d *cardsdb.Deck) (*engine.Play, error) { return e.Compile(d, setup) },
	}, nil
}

// gainText writes an estimate's gain and interval on its figure: "0.31
// turns sooner (95% CI 0.27–0.35)".
// A loss on a figure that is better lower reads as what it is: "0.08
// turns later (95% CI 0.02 – 0.14)", not "-0.08 turns sooner".
func estimateText(e *search.Estimate) string {
	f := &e.Figure
	if f.Lower && f.Unit != "" && e.Gain < 0 && figureText(f, e.Gain) != "0.00" {
		ci := fmt.Sprintf("95%% CI %s – %s", figureText(f, -e.GainCI[1]), figureText(f, -e.GainCI[0]))
		return fmt.Sprintf("%s %ss later (%s, %s)", figureText(f, -e.Gain), f.Unit, ci, cardsdb.Plural(e.Games, "game"))
	}
	ci := fmt.Sprintf("95%% CI %s – %s", figureText(f, e.GainCI[0]), figureText(f, e.GainCI[1]))
	return fmt.Sprintf("%s %s (%s, %s)", signed(f, e.Gain), gainWord(f), ci, cardsdb.Plural(e.Games, "game"))
}

func signed(f *engine.PairedFigure, x float64) string {
	s := figureText(f, x)
	if !strings.HasPrefix(s, "-") {
		s = "+" + s
	}
	return s
}

// gainWord says what a positive gain is on a figure.
func gainWord(f *engine.PairedFigure) string {
	switch {
	case f.Lower:
		return f.Unit + "s sooner"
	case f.Percent:
		return "win rate"
	case f.Unit != "":
		return f.Unit
	}
	return ""
}

// writeDecklist writes a deck as a text decklist that deckwright reads.
func writeDecklist(w io.Writer, d *cardsdb.Deck, name, comment string) error {
	fmt.Fprintf(w, "game: %s\nname: %s\n", d.Game.ID, name)
	for _, l := range strings.Split(comment, "\n") {
		fmt.Fprintf(w, "# %s\n", l)
	}
	var order []*cardsdb.Section
	for _, dc := range d.Cards {
		if dc.Section != nil && !containsSection(order, dc.Section) {
			order = append(order, dc.Section)
		}
	}
	for _, s := range order {
		fmt.Fprintf(w, "\n%s:\n", s.Name)
		for _, dc := range d.Cards {
			if dc.Section == s && !dc.Companion && dc.Count > 0 {
				fmt.Fprintf(w, "%d %s\n", dc.Count, dc.Card.Name)
			}
		}
	}
	return nil
}

func containsSection(ss []*cardsdb.Section, s *cardsdb.Section) bool {
	for _, x := range ss {
		if x == s {
			return true
		}
	}
	return false
}

// searchError turns a search's error into the command's.
func searchError(err error) error {
	if errors.Is(err, context.Canceled) {
		return err
	}
	return exitErr(err)
}
