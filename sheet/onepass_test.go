package sheet

import (
	"strings"
	"testing"
	"testing/fstest"

	"github.com/deckwright/deckwright/cardsdb"
)

// TestFolderOnePass: a game folder with one error in game.yaml, one in a
// table's cell and one in a card's effects reports all three in one load,
// each at its position (issue 35 item 6: game.yaml's errors stopped the
// load, and a table with a bad cell had its effects checked only once the
// cell was fixed).
func TestFolderOnePass(t *testing.T) {
	gameYAML := `id: lamps
name: Lamps
card_size: {width: 63, height: 88}
types:
  - {id: lamp, name: Lamp, fields: [{name: cost, kind: int}, {name: effects, kind: list}]}
sections:
  - {id: deck, name: Deck, types: [lamp], count: {min: 1, max: 40}}
draw: {opening_hand: many}
tables:
  - {file: lamps.csv, type: lamp}
playtest:
  cost_field: cost
  effects_field: effects
`
	fsys := fstest.MapFS{
		"game.yaml": {Data: []byte(gameYAML)},
		"lamps.csv": {Data: []byte("name,cost,effects\nPaper Lamp,abc,points 1\nGlow Jar,2,shine brightly\n")},
	}
	err := cardsdb.Empty().AddFS(fsys, ".", "g/")
	if err == nil {
		t.Fatal("the folder loaded, want its three errors")
	}
	got := strings.Split(err.Error(), "\n")
	want := []string{
		`g/game.yaml:8:22: draw opening_hand must be a whole number`,
		`g/lamps.csv:B2: "cost" must be a whole number, found "abc"`,
		`g/lamps.csv:C3: unknown effect "shine"`,
	}
	if len(got) != len(want) {
		t.Fatalf("%d errors, want %d:\n%s", len(got), len(want), err)
	}
	for i := range want {
		if !strings.HasPrefix(got[i], want[i]) {
			t.Errorf("error %d\n got: %s\nwant: %s...", i, got[i], want[i])
		}
	}
}
