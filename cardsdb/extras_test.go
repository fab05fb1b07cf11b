package cardsdb_test

import (
	"strconv"
	"strings"
	"testing"

	"github.com/deckwright/deckwright/cardsdb"
)

// TestDeckExtras lists what Arkhtide decks need on the table: the Neutral
// Realm (5 copies, once for the table) and the tokens their cards Manifest,
// by name in their rules text; a deck whose cards name no token gets none.
func TestDeckExtras(t *testing.T) {
	g := bundledGame(t, "arkhtide")
	for _, tc := range []struct {
		list string
		want string
	}{
		{"game: arkhtide\nSeeker:\nThryïnn, the Last Kindler\nMain:\n3 Ashen Acolyte\n", "the Neutral Realm: 5 The Still Eye (table); tokens: 3 Ember Wisp"},
		{"game: arkhtide\nMain:\n3 Cinderbrand Penitent\n", "the Neutral Realm: 5 The Still Eye (table)"},
		// A deck that lists a token already holds it.
		{"game: arkhtide\nMain:\n3 Ashen Acolyte\n3 Ember Wisp\n", "the Neutral Realm: 5 The Still Eye (table)"},
	} {
		list, err := cardsdb.ParseDecklist("d.txt", []byte(tc.list))
		if err != nil {
			t.Fatal(err)
		}
		deck, err := cardsdb.Resolve(g, list)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, x := range deck.Extras() {
			s := x.Extra.What + ": " + strconv.Itoa(x.Count) + " " + x.Card.Name
			if x.Extra.PerTable {
				s += " (table)"
			}
			got = append(got, s)
		}
		if strings.Join(got, "; ") != tc.want {
			t.Errorf("extras of %q = %q, want %q", tc.list, got, tc.want)
		}
	}
	for _, g := range bundled(t).Games() {
		if g.ID != "arkhtide" && len(g.Extras) != 0 {
			t.Errorf("%s has extras %v; its rulebook names no cards outside the decks", g.ID, g.Extras)
		}
	}
}

// TestExtrasErrors checks what game.yaml's extras: refuses, with positions.
func TestExtrasErrors(t *testing.T) {
	base := "id: x\nname: X\ncard_size: {width: 63, height: 88}\ntypes: [{id: unit}, {id: token}]\nsections: [{id: main, name: Main, types: [unit]}]\n"
	for _, tc := range []struct{ extras, want string }{
		{"extras: [{what: a}]", "game.yaml:6:10: an extra selects its cards by tag or by type"},
		{"extras: [{tag: t, type: token}]", "by tag or by type"},
		{"extras: [{type: tokn}]", `game.yaml:6:17: extra: no card type "tokn"; did you mean "token"?`},
		{"extras: [{type: token, named_in: flavor}]", `extra named_in "flavor": only text`},
		{"extras: [{tag: t, per: player}]", `extra per "player": want deck or table`},
		{"extras: [{tag: t, copies: 0}]", "extra copies"},
		{"extras: [{tag: t, count: 2}]", `unknown key "count" in extra`},
	} {
		_, err := cardsdb.ParseGame("game.yaml", []byte(base+tc.extras+"\n"), ".")
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: error %v, want %q", tc.extras, err, tc.want)
		}
	}
}
