package generic

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/deckwright/deckwright/cardsdb"
	"github.com/deckwright/deckwright/engine"
	"github.com/deckwright/deckwright/engine/enginetest"
)

// lanterns loads the prototype game of docs/examples and its decks.
func lanterns(t testing.TB) (*cardsdb.Game, []*cardsdb.Deck) {
	t.Helper()
	db := cardsdb.Empty()
	if err := db.AddPath("../../docs/examples/lanterns"); err != nil {
		t.Fatal(err)
	}
	g, _ := db.Game("lanterns")
	var decks []*cardsdb.Deck
	for _, name := range []string{"starter", "high-flyers"} {
		d, err := db.ResolveBundled("lanterns/" + name)
		if err != nil {
			t.Fatal(err)
		}
		decks = append(decks, d)
	}
	return g, decks
}

// TestConserved: no card is lost or duplicated, with every policy, over
// the prototype's decks and a deck that discards, mulligans and hits its
// hand limit.
func TestConserved(t *testing.T) {
	g, decks := lanterns(t)
	enginetest.ConservedDecks(t, For(g), decks, 2000)
	pg := protoGame(t, "{win_points: 30, hand_limit: 3, resource_types: [land], mulligan: {times: 2, min_resources: 2, max_resources: 3, fewer: 1}}", `
  - {name: Land, type: land}
  - {name: Loot, type: spell, cost: 1, effects: ["draw 2", "discard 1"]}
  - {name: Torch, type: spell, cost: 2, effects: ["points 1 each turn", "ramp 1"]}
  - {name: Flare, type: spell, cost: 1, effects: ["resource 2", "points 2"]}
  - {name: Big, type: spell, cost: 6, effects: ["points 7"]}
`)
	enginetest.ConservedDecks(t, For(pg), []*cardsdb.Deck{protoDeck(t, pg, "16 Land, 6 Loot, 6 Torch, 6 Flare, 6 Big")}, 2000)
}

// TestTraces: game 1 to 3 of seed 1 of the prototype's decks with each
// policy, in words (testdata/*.golden, -update to rewrite), so that a
// person can check each step against the rules of docs/playtest.md.
func TestTraces(t *testing.T) {
	g, decks := lanterns(t)
	e := For(g)
	for _, deck := range decks {
		for _, pol := range e.Policies {
			name := strings.ReplaceAll(strings.ToLower(deck.Name()), " ", "-") + "-" + pol.Name
			t.Run(name, func(t *testing.T) {
				p, err := e.Compile(deck, engine.Setup{Policy: pol.Name})
				if err != nil {
					t.Fatal(err)
				}
				var b bytes.Buffer
				for i := range 3 {
					m := p.NewGame().(*Match)
					m.Trace(&b)
					o := m.Play(engine.Stream(1, i), nil)
					fmt.Fprintf(&b, "Game %d: %+v\n\n", i+1, o)
				}
				enginetest.Golden(t, "testdata/"+name+".golden", b.Bytes())
			})
		}
	}
}

// TestDeterministic: a run gives the same summary for any number of
// workers, with each policy.
func TestDeterministic(t *testing.T) {
	g, decks := lanterns(t)
	for _, pol := range PolicyNames() {
		p, err := For(g).Compile(decks[1], engine.Setup{Policy: pol})
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, w := range []int{1, 2, 3} {
			s, err := engine.Run(p.Spec, engine.Config{Games: 5000, Seed: 5, Workers: w}, p.NewGame)
			if err != nil {
				t.Fatal(err)
			}
			got = append(got, fmt.Sprintf("%v %v %v", s.Turns.Mean, s.Turns.Histogram, s.Cards))
		}
		if got[0] != got[1] || got[1] != got[2] {
			t.Errorf("%s: the summary depends on the workers", pol)
		}
	}
}
