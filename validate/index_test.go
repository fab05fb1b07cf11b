package validate_test

import (
	"fmt"
	"os"
	"reflect"
	"strings"
	"testing"

	"github.com/deckwright/deckwright/cardsdb"
	"github.com/deckwright/deckwright/validate"
)

// TestKeyIndexBothWays validates every annotated deck, every bundled deck
// and a list of every Seeker Chronicles card, each twice and some in a
// second section, with card-section's and copy-limit's index scanning
// keys, building a map at once, and switching part way: the findings must
// be the same.
func TestKeyIndexBothWays(t *testing.T) {
	db := loadDB(t)
	var decks []*cardsdb.DeckList
	for _, file := range deckFiles(t) {
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		l, err := cardsdb.ParseDeck(file, data)
		if err != nil {
			t.Fatal(err)
		}
		decks = append(decks, l)
	}
	for _, g := range db.Games() {
		for id := range g.Decks {
			l, err := db.BundledDeck(g.ID + "/" + id)
			if err != nil {
				t.Fatal(err)
			}
			decks = append(decks, l)
		}
	}
	sc, _ := db.Game("seeker-chronicles")
	var y strings.Builder
	y.WriteString("game: seeker-chronicles\nGuardians:\n")
	for i, c := range sc.Cards {
		if i%7 == 0 {
			fmt.Fprintf(&y, "1 %s\n", c.Name)
		}
	}
	y.WriteString("Stack:\n")
	for range 2 {
		for _, c := range sc.Cards {
			fmt.Fprintf(&y, "2 %s\n", c.Name)
		}
	}
	big, err := cardsdb.ParseDeck("big.txt", []byte(y.String()))
	if err != nil {
		t.Fatal(err)
	}
	if len(sc.Cards) <= 32 {
		t.Fatalf("%d cards: the big list would not pass the scan limit", len(sc.Cards))
	}
	decks = append(decks, big)

	findings := func(l *cardsdb.DeckList, limit int) []validate.Finding {
		defer validate.SetLinearMax(limit)()
		g, err := db.GameOf(l)
		if err != nil {
			t.Fatal(err)
		}
		d, err := cardsdb.Resolve(g, l)
		if err != nil {
			return nil // a list that does not resolve has no findings to compare
		}
		return validate.Check(d)
	}
	compared := 0
	for _, l := range decks {
		def := findings(l, 32)
		for _, limit := range []int{0, 1, 5, 1 << 30} {
			if got := findings(l, limit); !reflect.DeepEqual(got, def) {
				t.Errorf("%s: with a scan limit of %d:\n%v\nwith 32:\n%v", l.File, limit, got, def)
			}
		}
		compared++
	}
	var dup int
	for _, f := range findings(big, 32) {
		if f.Rule == "card-section" || f.Rule == "copy-limit" {
			dup++
		}
	}
	if dup < len(sc.Cards) {
		t.Errorf("the big list has %d card-section and copy-limit findings, want at least %d", dup, len(sc.Cards))
	}
	t.Logf("%d decks compared", compared)
}
