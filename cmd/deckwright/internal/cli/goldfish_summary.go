package cli

import (
	"errors"
	"fmt"
	"strings"

	"github.com/deckwright/deckwright/cardsdb"
	"github.com/deckwright/deckwright/engine"
)

// buildGoldfishGames is the number of games deckwright build plays for
// its goldfish summary.
const buildGoldfishGames = 2000

// gameNameOf names the game of a deck for a message, or the deck.
func gameNameOf(db *cardsdb.DB, arg, game string) string {
	if list, err := db.OpenDeck(arg, game); err == nil {
		if g, err := db.GameOf(list); err == nil {
			return g.Name
		}
	}
	return arg
}

// printGoldfishSummary plays a short goldfish run of a legal deck (greedy
// policy, seed 1, the game's default opponent) and prints its summary in
// a few lines: the summary deckwright build adds after validating and
// printing. For a game without a playtest it says that it skipped it.
func printGoldfishSummary(io IO, db *cardsdb.DB, arg, game string) error {
	opts := &goldfishOptions{game: game}
	p, err := loadPlaytest(io.Err, db, arg, opts)
	var none noEngineError
	if errors.As(err, &none) {
		fmt.Fprintf(io.Out, "playtest skipped: %s has no playtest (add a playtest block to its game.yaml, see %s)\n", gameNameOf(db, arg, game), playtestDoc)
		return nil
	}
	if err != nil {
		return err
	}
	s, err := p.run(engine.Config{Games: buildGoldfishGames, Seed: 1, Context: io.context()})
	if err != nil {
		return err
	}
	t, u := s.Turns, p.eng.Unit
	h := t.HasData()
	fmt.Fprintf(io.Out, "%s (greedy policy, %d games, seed 1; deckwright goldfish %s for more): wins on %s %s on average (95%% CI %s – %s; median %s, p10 %s, p90 %s), win rate %s\n",
		p.play.ModeText, s.Games, arg, u, engine.F2(t.Mean), engine.F2(t.CI95[0]), engine.F2(t.CI95[1]), engine.TurnText(h, t.Median), engine.TurnText(h, t.P10), engine.TurnText(h, t.P90), engine.Pct(s.WinRate))
	if s.Unfinished > 0 {
		fmt.Fprintf(io.Out, "  unfinished: %s of games were not over after %s\n", engine.Pct(s.UnfinishedRate), cardsdb.Plural(p.play.Spec.MaxTurns, u))
	}
	for _, l := range p.play.Report(s).Summary {
		fmt.Fprintf(io.Out, "  %s\n", l)
	}
	ns, pv := p.play.NotSimulated, p.play.Provisional
	if len(ns) > 0 {
		var names []string
		for _, n := range ns {
			names = append(names, n.Card)
		}
		fmt.Fprintf(io.Out, "  not simulated: %s\n", strings.Join(names, ", "))
	}
	sample := 0
	for _, x := range pv {
		if x.Sample {
			sample++
		}
	}
	switch {
	case sample > 0 && sample == len(pv):
		fmt.Fprintf(io.Out, "  note: these figures rest on %s of ours (samples, not the publisher's cards)\n", cardsdb.Plural(sample, "card"))
	case len(pv) > 0:
		fmt.Fprintf(io.Out, "  note: these figures rest on provisional values of %s (not printed in the rulebook)\n", cardsdb.Plural(len(pv), "card"))
	}
	return nil
}
