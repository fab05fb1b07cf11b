package validate_test

import (
	"strings"
	"testing"

	"github.com/deckwright/deckwright/cardsdb"
	"github.com/deckwright/deckwright/validate"
)

func ownedDeck(t *testing.T, deck, owned string) (*cardsdb.Deck, *cardsdb.Collection) {
	t.Helper()
	db := loadDB(t)
	g, _ := db.Game("seeker-chronicles")
	dl, err := cardsdb.ParseDecklist("deck.txt", []byte(deck))
	if err != nil {
		t.Fatal(err)
	}
	d, err := cardsdb.Resolve(g, dl)
	if err != nil {
		t.Fatal(err)
	}
	ol, err := cardsdb.ParseDecklist("owned.txt", []byte(owned))
	if err != nil {
		t.Fatal(err)
	}
	c, err := cardsdb.NewCollection(ol, g)
	if err != nil {
		t.Fatal(err)
	}
	return d, c
}

const ownedTestDeck = `game: seeker-chronicles
Guardians:
1 Feynman
Stack:
3 Electron
2 Schrodinger's Cat
3 Photon
`

// TestCheckOwned: a warning where the deck needs more than owned, at the
// card's entry, naming the physical game's count when it falls short too
// (the box holds one Schrödinger's Cat); nothing for cards owned.
func TestCheckOwned(t *testing.T) {
	d, c := ownedDeck(t, ownedTestDeck, "Stack:\n3 Electron\n1 Schrödinger's Cat\n1 Photon\n1 Photon\nFeynman\nForgotten Lectures\n")
	fs := validate.CheckOwned(d, c)
	var got []string
	for _, f := range fs {
		if f.Severity != validate.Warning || f.Rule != validate.Owned {
			t.Errorf("%v: want an owned warning", f)
		}
		got = append(got, f.String())
	}
	want := []string{
		`deck.txt:6:1: warning: deck uses 2 copies of "Schrödinger's Cat", you own 1 (1 missing); one physical Seeker Chronicles holds 1 [owned]`,
		`deck.txt:7:1: warning: deck uses 3 copies of "Photon", you own 2 (1 missing) [owned]`,
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if !validate.Legal(fs) {
		t.Error("owned findings made the deck illegal")
	}
}

// TestMissing: the deck less the collection keeps only what is lacking.
func TestMissing(t *testing.T) {
	d, c := ownedDeck(t, ownedTestDeck, "3 Electron\n1 Schrödinger's Cat\n2 Photon\nFeynman\n")
	m := c.Missing(d)
	got := map[string]int{}
	for _, dc := range m.Cards {
		got[dc.Card.Name] += dc.Count
	}
	want := map[string]int{"Schrödinger's Cat": 1, "Photon": 1, "Forgotten Lectures": 1}
	if len(got) != len(want) {
		t.Errorf("missing %v, want %v", got, want)
	}
	for k, n := range want {
		if got[k] != n {
			t.Errorf("missing %d of %q, want %d (all: %v)", got[k], k, n, got)
		}
	}
	if len(d.Cards) != 5 || d.Cards[1].Count != 3 {
		t.Errorf("Missing changed the deck: %+v", d.Cards)
	}
}

func TestCollectionErrors(t *testing.T) {
	db := loadDB(t)
	g, _ := db.Game("seeker-chronicles")
	for _, tt := range []struct{ list, want string }{
		{"2 Photonn\n", `owned.txt:1:1: no card named "Photonn" in Seeker Chronicles; did you mean "Photon"?`},
		{"game: arkhtide\n1 Photon\n", `owned.txt:1:1: the owned list is for game "arkhtide", but the deck is a seeker-chronicles deck`},
	} {
		ol, err := cardsdb.ParseDecklist("owned.txt", []byte(tt.list))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := cardsdb.NewCollection(ol, g); err == nil || !strings.HasPrefix(err.Error(), tt.want) {
			t.Errorf("%q: got %v, want %s", tt.list, err, tt.want)
		}
	}
}
