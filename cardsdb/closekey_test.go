package cardsdb_test

import (
	"strings"
	"testing"
	"testing/fstest"

	"github.com/deckwright/deckwright/cardsdb"
)

// TestUnknownKeyTwoEdits: a mistyped key two edits from the right one
// ("copys" for "copies") gets a did-you-mean (issue 25 item 19); a key
// near none gets none.
func TestUnknownKeyTwoEdits(t *testing.T) {
	for key, want := range map[string]string{
		"copys":   `unknown key "copys" in section; did you mean "copies"?`,
		"copies2": `unknown key "copies2" in section; did you mean "copies"?`,
		"zzzzzz":  `unknown key "zzzzzz" in section` + "\n",
	} {
		fsys := fstest.MapFS{
			"game.yaml": {Data: []byte("id: tiny\nname: Tiny\ncard_size: {width: 63, height: 88}\ntypes:\n  - {id: unit, name: Unit}\nsections:\n  - {id: main, name: Main, types: [unit], " + key + ": 3}\n")},
		}
		err := cardsdb.Empty().AddFS(fsys, ".", "test:")
		if err == nil || !strings.Contains(err.Error()+"\n", want) {
			t.Errorf("%s: error %v, want one saying %q", key, err, want)
		}
	}
}

func TestArticleAndPlural(t *testing.T) {
	for word, want := range map[string]string{"Agent": "an Agent", "Realm": "a Realm", "Unit": "a Unit", "Event": "an Event", "Hour": "an Hour", "Upgrade": "an Upgrade"} {
		if got := cardsdb.Article(word); got != want {
			t.Errorf("Article(%q) = %q, want %q", word, got, want)
		}
	}
	for noun, want := range map[string]string{"Hero": "2 Heroes", "Photo": "2 Photos", "Module": "2 Modules", "Ally": "2 Allies", "Boss": "2 Bosses"} {
		if got := cardsdb.Plural(2, noun); got != want {
			t.Errorf("Plural(2, %q) = %q, want %q", noun, got, want)
		}
	}
	for _, tc := range []struct {
		n          int
		noun, want string
	}{
		{1, "copy", "1 copy"}, {0, "copy", "0 copies"}, {3, "box", "3 boxes"}, {-2, "card", "-2 cards"},
		{1000000, "Abbey", "1000000 Abbeys"}, {1, "sheet", "1 sheet"},
	} {
		if got := cardsdb.Plural(tc.n, tc.noun); got != tc.want {
			t.Errorf("Plural(%d, %q) = %q, want %q", tc.n, tc.noun, got, tc.want)
		}
		if got, want := cardsdb.Noun(tc.n, tc.noun), tc.want[strings.IndexByte(tc.want, ' ')+1:]; got != want {
			t.Errorf("Noun(%d, %q) = %q, want %q", tc.n, tc.noun, got, want)
		}
	}
}
