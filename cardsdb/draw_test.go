package cardsdb_test

import (
	"strings"
	"testing"

	"github.com/deckwright/deckwright/cardsdb"
)

// TestDrawBundled reads the draw: blocks of the bundled games, taken from
// their rulebooks (see each game.yaml's source).
func TestDrawBundled(t *testing.T) {
	tests := []struct {
		game string
		want cardsdb.Draw
	}{
		{"seeker-chronicles", cardsdb.Draw{Deck: "stack", OpeningHand: 2, PerTurn: 1, HasPerTurn: true, OnTheDraw: 1}},
		{"hubworld", cardsdb.Draw{Deck: "deck", OpeningHand: 5, PerTurn: 1, HasPerTurn: true, SkipFirstDraw: true}},
		{"arkhtide", cardsdb.Draw{Deck: "main", OpeningHand: 6}},
	}
	for _, tc := range tests {
		g := bundledGame(t, tc.game)
		if g.Draw == nil {
			t.Fatalf("%s: no draw", tc.game)
		}
		got := *g.Draw
		got.Source, got.Pos = "", cardsdb.Pos{}
		if got != tc.want {
			t.Errorf("%s: draw %+v, want %+v", tc.game, got, tc.want)
		}
	}
	if g := bundledGame(t, "kaizerseat"); g.Draw != nil {
		t.Errorf("kaizerseat: draw %+v, want none", g.Draw)
	}
}

// TestDrawErrors reports a bad draw: block at its position.
func TestDrawErrors(t *testing.T) {
	base := "id: g\nname: G\ncard_size: {width: 63, height: 88}\ntypes: [{id: unit, name: Unit}]\nsections: [{id: main, name: Main, types: [unit]}]\n"
	tests := []struct{ in, want string }{
		{"draw: {deck: mian}\n", `g.yaml:6:7: draw deck "mian" is not a section of G; did you mean "main"?`},
		{"draw: {opening: 5}\n", `g.yaml:6:8: unknown key "opening" in draw`},
		{"draw: {skip_first_draw: maybe}\n", `g.yaml:6:25: draw skip_first_draw must be true or false, found "maybe"`},
		{"draw: {per_turn: -1}\n", `g.yaml:6:18: draw per_turn`},
	}
	for _, tc := range tests {
		_, err := cardsdb.ParseGame("g.yaml", []byte(base+tc.in), ".")
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q: error %v, want %q", tc.in, err, tc.want)
		}
	}
}
