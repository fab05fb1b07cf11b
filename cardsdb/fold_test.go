package cardsdb_test

import (
	"fmt"
	"strings"
	"sync"
	"testing"

	"github.com/deckwright/deckwright/cardsdb"
)

var (
	bundledOnce sync.Once
	bundledDB   *cardsdb.DB
	bundledErr  error
)

// bundled loads the bundled games once for the tests of this package.
func bundled(t testing.TB) *cardsdb.DB {
	t.Helper()
	bundledOnce.Do(func() { bundledDB, bundledErr = cardsdb.LoadBundled() })
	if bundledErr != nil {
		t.Fatal(bundledErr)
	}
	return bundledDB
}

func bundledGame(t testing.TB, id string) *cardsdb.Game {
	t.Helper()
	g, ok := bundled(t).Game(id)
	if !ok {
		t.Fatalf("no bundled game %s", id)
	}
	return g
}

// TestFold checks the lookup key: lower case, accents dropped, apostrophes,
// spaces, hyphens and punctuation removed (cardsdb.Fold's doc).
func TestFold(t *testing.T) {
	tests := []struct{ in, want string }{
		{"Schrödinger's Cat", "schrodingerscat"},
		{"schrodinger's cat", "schrodingerscat"},
		{"SCHRÖDINGER’S  CAT", "schrodingerscat"},
		{"Schrodingers Cat", "schrodingerscat"},
		{"Schro\u0308dinger\u2019s Cat", "schrodingerscat"}, // o + combining diaeresis
		{"  Schrödinger 's\tCat\n", "schrodingerscat"},
		{"Thryïnn, the Last Kindler", "thryinnthelastkindler"},
		{"Kiln-Sworn Guard", "kilnswornguard"},
		{"Arkhé Warden", "arkhewarden"},
		{"2nd Law of Thermodynamics", "2ndlawofthermodynamics"},
		{"Salvage Walker Mk. IV", "salvagewalkermkiv"},
		{"Wave-Particle Duality", "waveparticleduality"},
		{"Ægir's Øre", "aegirsore"},
		{"Straße", "strasse"},
		{"STRASSE", "strasse"},
		{"Łódź", "lodz"},
		{"Þórr", "thorr"},
		{"İstanbul", "istanbul"},
		{"Ｒｏｇｕｅ　Ｓｔａｒ", "roguestar"}, // full-width letters and space
		{"ﬁre", "fire"},             // ligature
		{"„The old guard“ — A. Einstein", "theoldguardaeinstein"},
		{"", ""},
		{" - ' ’ . ", ""},
		{"123", "123"},
	}
	for _, tc := range tests {
		t.Run(tc.in, func(t *testing.T) {
			if got := cardsdb.Fold(tc.in); got != tc.want {
				t.Errorf("Fold(%q) = %q, want %q", tc.in, got, tc.want)
			}
		})
	}
}

// TestSuggest checks the "did you mean" names: close by edit distance on
// folded names (at most a third of the name's length), or one name
// containing the other; best first, at most max.
func TestSuggest(t *testing.T) {
	sc := bundledGame(t, "seeker-chronicles").CardNames()
	tests := []struct {
		name       string
		candidates []string
		max        int
		want       []string
	}{
		{"Rouge Star", sc, 3, []string{"Rogue Star"}},
		{"schrodinger's cat", sc, 3, []string{"Schrödinger's Cat"}},
		{"SCHRÖDINGER’S  CAT", sc, 3, []string{"Schrödinger's Cat"}},
		{"Schrodingers Kat", sc, 3, []string{"Schrödinger's Cat"}},
		{"Jonson", sc, 3, []string{"Johnson"}},
		{"Tesal", sc, 3, []string{"Tesla"}}, // an adjacent transposition is one edit
		{"Quantum Leap", sc, 3, nil},
		// Edit distance 1 for "Nebula", 2 for "Nebulae": best first.
		{"Nebul", []string{"Nebulae", "Nebula", "Comet"}, 3, []string{"Nebula", "Nebulae"}},
		// Ties are broken by name.
		{"Cat", []string{"Bat", "Car", "Cot"}, 3, []string{"Bat", "Car", "Cot"}},
		{"Cat", []string{"Bat", "Car", "Cot"}, 2, []string{"Bat", "Car"}},
		{"Cat", []string{"Bat", "Car", "Cot"}, 0, nil},
		// A name that the candidate contains.
		{"Star", []string{"Rogue Star", "Star Map", "Comet"}, 3, []string{"Rogue Star", "Star Map"}},
		// A candidate that the name contains ("one name containing the other").
		{"Rogue Star Deluxe", []string{"Comet", "Rogue Star"}, 3, []string{"Rogue Star"}},
		// Too far: 5 edits on a 30-letter name (the limit is 4).
		{"abcdefghijklmnopqrstuvwxyzABCD", []string{"vwxyzfghijklmnopqrstuvwxyzabcd"}, 1, nil},
		{"", sc, 3, nil},
		{"?!", sc, 3, nil},
		{"Rogue Star", nil, 3, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := cardsdb.Suggest(tc.name, tc.candidates, tc.max)
			if strings.Join(got, "|") != strings.Join(tc.want, "|") {
				t.Errorf("Suggest(%q, max %d) = %q, want %q", tc.name, tc.max, got, tc.want)
			}
		})
	}
}

// TestGameCard checks card lookup in a game: every spelling that folds to
// the same key finds the card; other names find nothing.
func TestGameCard(t *testing.T) {
	g := bundledGame(t, "seeker-chronicles")
	for _, name := range []string{
		"Schrödinger's Cat", "schrodinger's cat", "SCHRÖDINGER’S  CAT", "Schrodingers Cat", "schrodingers-cat",
	} {
		c := g.Card(name)
		if c == nil || c.Name != "Schrödinger's Cat" {
			t.Errorf("Card(%q) = %v, want Schrödinger's Cat", name, c)
		}
	}
	for _, name := range []string{"Rouge Star", "Schrödinger", "", "Time Bane"} {
		if c := g.Card(name); c != nil {
			t.Errorf("Card(%q) = %q, want none", name, c.Name)
		}
	}
	if got := g.Suggest("Rouge Star"); len(got) == 0 || got[0] != "Rogue Star" {
		t.Errorf("Suggest(Rouge Star) = %q, want Rogue Star first", got)
	}
	ark := bundledGame(t, "arkhtide")
	if c := ark.Card("thryinn the last kindler"); c == nil || c.Name != "Thryïnn, the Last Kindler" {
		t.Errorf("arkhtide Card(thryinn the last kindler) = %v", c)
	}
}

func TestDidYouMean(t *testing.T) {
	tests := []struct {
		in   []string
		want string
	}{
		{nil, ""},
		{[]string{"Rogue Star"}, `; did you mean "Rogue Star"?`},
		{[]string{"A", "B"}, `; did you mean "A" or "B"?`},
		{[]string{"A", "B", "C"}, `; did you mean "A", "B" or "C"?`},
	}
	for _, tc := range tests {
		if got := cardsdb.DidYouMean(tc.in); got != tc.want {
			t.Errorf("DidYouMean(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

// TestSuggestionCap checks that one deck gets did-you-mean suggestions for
// its first 100 different unknown names only, and that a name repeated is
// searched once (so the same name gets the same suggestions on every line).
func TestSuggestionCap(t *testing.T) {
	g, _ := bundled(t).Game("seeker-chronicles")
	var text strings.Builder
	text.WriteString("game: seeker-chronicles\n")
	for i := range 150 {
		fmt.Fprintf(&text, "1 Rogue Star%d\n", i)
	}
	text.WriteString("1 Rogue Star7\n") // the same name again, past the cap
	l, err := cardsdb.ParseDecklist("cap.txt", []byte(text.String()))
	if err != nil {
		t.Fatal(err)
	}
	d, err := cardsdb.Resolve(g, l)
	if err != nil {
		t.Fatal(err)
	}
	if len(d.Unknown) != 151 {
		t.Fatalf("%d unknown names, want 151", len(d.Unknown))
	}
	for i, u := range d.Unknown {
		got := len(u.Suggestions) > 0 && u.Suggestions[0] == "Rogue Star"
		if want := i < 100 || i == 150; got != want {
			t.Errorf("line %d (%s): suggestions %q; want suggestions %v", u.Entry.Pos.Line, u.Entry.Name, u.Suggestions, want)
		}
	}
}
