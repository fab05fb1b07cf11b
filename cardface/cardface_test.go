package cardface_test

import (
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/deckwright/deckwright/cardface"
	"github.com/deckwright/deckwright/cardsdb"
	"github.com/deckwright/deckwright/cardsdb/cardsdbtest"
)

// gameDir writes a game of units and (landscape) realms with the cards
// given, one YAML flow mapping a line, and loads it.
func gameDir(t testing.TB, back string, cards []string) *cardsdb.Game {
	t.Helper()
	dir := t.TempDir()
	game := `id: art-test
name: Art Test
card_size: {width: 63, height: 88}
types:
  - id: unit
    name: Unit
  - id: realm
    name: Realm
    landscape: true
sections:
  - id: main
    name: Main
    types: [unit, realm]
`
	if back != "" {
		game += "back: " + back + "\n"
	}
	for name, data := range map[string]string{
		"game.yaml":        game,
		"cards/cards.yaml": "game: art-test\ncards:\n" + strings.Join(cards, "\n") + "\n",
	} {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	db := cardsdb.Empty()
	if err := db.AddPath(dir); err != nil {
		t.Fatalf("loading the test game: %v", err)
	}
	g, err := db.LookupGame("art-test")
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func TestDeckItems(t *testing.T) {
	tests := []struct {
		deck  string
		n     int
		first []string // card types of the first items, in order
	}{
		{"seeker-chronicles/cosmos", 46, []string{"guardian", "guardian", "guardian", "gmodule", "gmodule", "gmodule", "module"}},
		{"seeker-chronicles/order", 46, []string{"guardian", "guardian", "guardian", "gmodule", "gmodule", "gmodule", "module"}},
		{"arkhtide/ember-covenant-mono", 48, []string{"seeker", "unit"}},
	}
	for _, tt := range tests {
		t.Run(strings.ReplaceAll(tt.deck, "/", "_"), func(t *testing.T) {
			d := cardsdbtest.Deck(t, tt.deck)
			items := cardface.DeckItems(d)
			if len(items) != tt.n {
				t.Fatalf("%d items, want %d", len(items), tt.n)
			}
			for i, typ := range tt.first {
				if got := items[i].Front.Card.Type; got != typ {
					t.Errorf("item %d (%s) is a %s, want a %s", i, items[i].Name(), got, typ)
				}
			}
			// Every card in its count.
			want := map[string]int{}
			for _, dc := range d.Cards {
				want[dc.Card.Name] += dc.Count
			}
			got := map[string]int{}
			for _, it := range items {
				got[it.Front.Card.Name]++
				if it.Front.Game != d.Game || it.Front.FS != d.Game.FS {
					t.Errorf("%s: front not of the deck's game", it.Name())
				}
				if it.Own || it.Back.Card != nil {
					t.Errorf("%s: bundled cards have no second face, got %+v", it.Name(), it.Back)
				}
			}
			if !maps.Equal(got, want) {
				t.Errorf("counts %v, want %v", got, want)
			}
		})
	}
}

func TestDeckItemsLeavesOutUnknownCards(t *testing.T) {
	g := cardsdbtest.Game(t, "seeker-chronicles")
	list, err := cardsdb.ParseDecklist("typo.txt", []byte("game: seeker-chronicles\nGuardians:\nJohnson\nStack:\n2 Comet\n3 Rouge Star\n"))
	if err != nil {
		t.Fatal(err)
	}
	d, err := cardsdb.Resolve(g, list)
	if err != nil {
		t.Fatal(err)
	}
	if len(d.Unknown) != 1 {
		t.Fatalf("%d unknown cards, want 1 (Rouge Star)", len(d.Unknown))
	}
	items := cardface.DeckItems(d)
	var names []string
	for _, it := range items {
		names = append(names, it.Name())
	}
	// Johnson brings his G-module, Spaceflight.
	want := []string{"Johnson", "Spaceflight", "Comet", "Comet"}
	if !slices.Equal(names, want) {
		t.Errorf("items %q, want %q", names, want)
	}
}

func TestSetItems(t *testing.T) {
	for _, id := range []string{"seeker-chronicles", "arkhtide"} {
		t.Run(id, func(t *testing.T) {
			g := cardsdbtest.Game(t, id)
			want := 0
			copies := map[string]int{}
			for _, c := range g.Cards {
				want += c.Copies
				copies[c.Name] += c.Copies
			}
			items := cardface.SetItems(g)
			if len(items) != want || want == 0 {
				t.Fatalf("%d items, want the sum of copies %d", len(items), want)
			}
			got := map[string]int{}
			for _, it := range items {
				got[it.Name()]++
			}
			for name, n := range copies {
				if got[name] != n {
					t.Errorf("%s: %d items, want %d copies", name, got[name], n)
				}
			}
		})
	}
}

func TestCardItem(t *testing.T) {
	g := gameDir(t, "{image: cards/art/back.jpg, text: Art}", []string{
		"  - {name: Plain, type: unit, image: art/plain.jpg}",
		"  - {name: Vale, type: realm}",
		"  - {name: Twin, type: unit, image: art/twin.jpg, back: {name: Twin Reborn, text: Again, image: art/twin-back.jpg}}",
		"  - {name: Wide Twin, type: unit, landscape: true, back: {name: Wide Twin Reborn}}",
		"  - {name: Tall Vale, type: realm, landscape: false}",
	})
	plain, vale, twin := cardface.CardItem(g, g.Card("Plain")), cardface.CardItem(g, g.Card("Vale")), cardface.CardItem(g, g.Card("Twin"))
	if plain.Front.Image != "cards/art/plain.jpg" || plain.Front.Landscape || plain.Own {
		t.Errorf("Plain front %+v own %v", plain.Front, plain.Own)
	}
	if plain.Back.Card != nil || plain.Back.Image != "cards/art/back.jpg" || plain.Back.Second {
		t.Errorf("Plain back %+v, want the game's back", plain.Back)
	}
	if !vale.Front.Landscape || vale.Front.Image != "" {
		t.Errorf("Vale front %+v, want a landscape text face", vale.Front)
	}
	if vale.Back.Landscape {
		t.Errorf("Vale's back is the game's (portrait) back, got %+v", vale.Back)
	}
	// A card's own landscape key wins over its type's, for both faces.
	if wide := cardface.CardItem(g, g.Card("Wide Twin")); !wide.Front.Landscape || !wide.Back.Landscape || !wide.Own {
		t.Errorf("Wide Twin %+v, want landscape front and second face", wide)
	}
	if tall := cardface.CardItem(g, g.Card("Tall Vale")); tall.Front.Landscape {
		t.Errorf("Tall Vale front %+v, want portrait (landscape: false)", tall.Front)
	}
	if !twin.Own || !twin.Back.Second || twin.Back.Card != g.Card("Twin") || twin.Back.Image != "cards/art/twin-back.jpg" {
		t.Errorf("Twin item %+v, want its own second face", twin)
	}
	if plain.Name() != "Plain" || (cardface.Item{}).Name() != "card back" {
		t.Errorf("names %q, %q", plain.Name(), (cardface.Item{}).Name())
	}
}
