package arkhtide_test

import (
	"fmt"
	"os"

	"github.com/deckwright/deckwright/cardsdb"
	"github.com/deckwright/deckwright/engine"
	"github.com/deckwright/deckwright/engine/arkhtide"
)

// Play 5,000 games of the bundled three-faction deck against the passive
// opponent with the planner, and read the figures.
func Example() {
	db, _ := cardsdb.LoadBundled()
	list, _ := db.BundledDeck("arkhtide/three-factions")
	g, _ := db.Game(list.Game)
	deck, _ := cardsdb.Resolve(g, list)
	d, err := arkhtide.Compile(deck)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return
	}
	opts := arkhtide.Options{Opponent: arkhtide.Passive}
	s, _ := engine.Run(arkhtide.Spec(d, opts), engine.Config{Games: 5000, Seed: 1}, func() engine.Game {
		p, _ := arkhtide.NewPolicy("planner")
		return arkhtide.NewMatch(d, opts, p)
	})
	fmt.Printf("won %.0f%% of games, in Round %.2f on average\n", 100*s.WinRate, s.Turns.Mean)
	for _, r := range arkhtide.Rounds(s) {
		fmt.Printf("Round %d (%.0f%% of games): %.1f Quintessence, %.1f Arkhé spent\n", r.Round, 100*r.Share, r.Quintessence, r.Arkhe)
	}
	fmt.Printf("Willpower paid for non-Innate cards: %.2f a game\n", s.Tallies[arkhtide.TallyWillpowerNonInnate].Mean)
	// Output:
	// won 100% of games, in Round 1.72 on average
	// Round 1 (100% of games): 11.3 Quintessence, 10.9 Arkhé spent
	// Round 2 (72% of games): 13.9 Quintessence, 7.5 Arkhé spent
	// Round 3 (0% of games): 15.0 Quintessence, 7.0 Arkhé spent
	// Willpower paid for non-Innate cards: 3.04 a game
}
