package serve

import (
	"io/fs"
	"sort"
	"testing"

	"github.com/deckwright/deckwright/cardsdb"
)

// Every bundled deck of every game, rebuilt from an empty deck with +
// alone, holds the same cards as the bundled deck: + finds each card's
// section in every game (or says why it cannot).
func TestEditDeckRebuildsBundledDecks(t *testing.T) {
	db := bundledDB(t)
	for _, g := range db.Games() {
		names := make([]string, 0, len(g.Decks))
		for n := range g.Decks {
			names = append(names, n)
		}
		sort.Strings(names)
		for _, n := range names {
			data, err := fs.ReadFile(g.FS, g.Decks[n])
			if err != nil {
				t.Fatal(err)
			}
			list, err := cardsdb.ParseDeck(g.Decks[n], data)
			if err != nil {
				t.Fatal(err)
			}
			if list.IsSetup() {
				continue // a setup names packs, not cards
			}
			text, refused := "", 0
			for _, e := range list.Entries {
				for range e.Count {
					res, err := editDeck(g, text, e.Name, 1)
					if err != nil {
						t.Fatalf("%s/%s: + %s: %v", g.ID, n, e.Name, err)
					}
					if res.Refused != "" {
						refused++
						t.Logf("%s/%s: + %s refused: %s", g.ID, n, e.Name, res.Refused)
						break
					}
					text = res.Text
				}
			}
			d := diffDecks(g, "bundled", string(data), "rebuilt", text)
			t.Logf("%-18s %-22s in %d, out %d, same %d, refused %d", g.ID, n, len(d.In), len(d.Out), d.Same, refused)
			if len(d.Errors) > 0 || len(d.In) > 0 || refused == 0 && len(d.Out) > 0 {
				t.Errorf("%s/%s rebuilt with +: %v in %v out %v\n%s", g.ID, n, d.Errors, d.In, d.Out, text)
			}
			// Each card in the same section as in the bundled deck.
			want, got := sectionCounts(deckList(g, string(data))), sectionCounts(deckList(g, text))
			if want == "" {
				t.Errorf("%s/%s: the bundled deck lists no section", g.ID, n)
			}
			if refused == 0 && want != got {
				t.Errorf("%s/%s sections: rebuilt %s, bundled %s\n%s", g.ID, n, got, want, text)
			}
		}
	}
}

// sectionCounts writes a deck list's sections and counts: "Stack 40, ...".
func sectionCounts(d deckListData) string {
	out := ""
	for _, s := range d.Sections {
		out += s.Name + " " + itoa(s.Count) + ", "
	}
	return out
}
