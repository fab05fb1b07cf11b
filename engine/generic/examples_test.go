package generic

import (
	"testing"

	"github.com/deckwright/deckwright/cardsdb"
	"github.com/deckwright/deckwright/engine"
	"github.com/deckwright/deckwright/engine/enginetest"
)

// exampleDeck loads a bundled deck of one of the example games of
// docs/examples.
func exampleDeck(t *testing.T, dir, deck string) (*cardsdb.Game, *cardsdb.Deck) {
	t.Helper()
	db := cardsdb.Empty()
	if err := db.AddPath("../../docs/examples/" + dir); err != nil {
		t.Fatal(err)
	}
	d, err := db.ResolveBundled(deck)
	if err != nil {
		t.Fatal(err)
	}
	return d.Game, d
}

// TestExampleGames: the example games of the six mechanics a designer
// asks for (docs/examples/mechanics and docs/examples/market) play with
// every policy, lose no card, and give the figures their rules imply.
func TestExampleGames(t *testing.T) {
	const games = 1000
	for _, tc := range []struct {
		dir, deck string
		check     func(t *testing.T, policy string, s *engine.Summary)
	}{
		{"mechanics/redgreen", "redgreen/aggro", func(t *testing.T, _ string, s *engine.Summary) {
			// 20 damage with one land a turn: never before turn 4
			if s.Won < games*95/100 || s.Turns.Mean < 4 || s.Turns.Mean > 8 {
				t.Errorf("won %d, mean win turn %.2f; want most games won on turns 4 to 8", s.Won, s.Turns.Mean)
			}
		}},
		{"mechanics/race", "race/pace", func(t *testing.T, _ string, s *engine.Summary) {
			// one card of at most 3 points a turn: 15 points take 5 turns
			if s.Won != games || s.Turns.Histogram[0].Turn < 5 {
				t.Errorf("won %d, first win on turn %d; want every game won, none before turn 5", s.Won, s.Turns.Histogram[0].Turn)
			}
		}},
		{"mechanics/combo", "combo/three", func(t *testing.T, _ string, s *engine.Summary) {
			if s.Won != games {
				t.Errorf("won %d of %d", s.Won, games)
			}
		}},
		{"mechanics/orchard", "orchard/sun", func(t *testing.T, _ string, s *engine.Summary) {
			if s.Won < games*9/10 {
				t.Errorf("won %d of %d", s.Won, games)
			}
		}},
		{"mechanics/aggro", "aggro/rush", func(t *testing.T, _ string, s *engine.Summary) {
			// the clock (5 a turn from turn 3) kills 20 life at the end of
			// turn 6, and 28 (four Medics of 2 life) at the end of turn 8:
			// some games are lost, and no game is won after turn 8
			lost := s.Games - s.Won - s.Unfinished
			if lost < games/100 || lost > games*3/10 || s.Turns.Histogram[len(s.Turns.Histogram)-1].Turn > 8 {
				t.Errorf("lost %d of %d, last win on turn %d; want some lost, no win after turn 8", lost, games, s.Turns.Histogram[len(s.Turns.Histogram)-1].Turn)
			}
		}},
		{"market", "market/starter", func(t *testing.T, policy string, s *engine.Summary) {
			switch policy {
			case "big-money":
				// Big Money takes 4 provinces in about 17 turns
				if s.Won != games || s.Turns.Mean < 15.5 || s.Turns.Mean > 18.5 {
					t.Errorf("big-money: won %d, mean win turn %.2f; want all, 15.5 to 18.5", s.Won, s.Turns.Mean)
				}
			case "forge-money":
				if s.Won != games || s.Turns.Mean < 13.5 || s.Turns.Mean > 16.5 {
					t.Errorf("forge-money: won %d, mean win turn %.2f; want all, 13.5 to 16.5", s.Won, s.Turns.Mean)
				}
			}
		}},
	} {
		t.Run(tc.deck, func(t *testing.T) {
			g, d := exampleDeck(t, tc.dir, tc.deck)
			e := For(g)
			enginetest.ConservedDecks(t, e, []*cardsdb.Deck{d}, 200)
			for _, pol := range e.Policies {
				p, err := e.Compile(d, engine.Setup{Policy: pol.Name})
				if err != nil {
					t.Fatal(err)
				}
				s, err := engine.Run(p.Spec, engine.Config{Games: games, Seed: 1}, p.NewGame)
				if err != nil {
					t.Fatal(err)
				}
				tc.check(t, pol.Name, s)
				t.Logf("%s %s: won %.1f%%, mean win turn %.2f", tc.deck, pol.Name, 100*float64(s.Won)/games, s.Turns.Mean)
			}
		})
	}
}
