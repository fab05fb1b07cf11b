package cardsdb_test

import (
	"fmt"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/deckwright/deckwright/cardsdb"
)

// deckCardString writes a resolved entry compactly for the tables:
// "SECTION|NAME|COUNT@LINE", with "+companion" or "+misplaced".
func deckCardString(dc cardsdb.DeckCard) string {
	sec := ""
	if dc.Section != nil {
		sec = dc.Section.ID
	}
	s := fmt.Sprintf("%s|%s|%d@%d", sec, dc.Card.Name, dc.Count, dc.Pos.Line)
	if dc.Companion {
		s += "+companion"
	}
	if dc.Misplaced {
		s += "+misplaced"
	}
	return s
}

func resolveText(t *testing.T, g *cardsdb.Game, text string) (*cardsdb.Deck, error) {
	t.Helper()
	l, err := cardsdb.ParseDecklist("deck.txt", []byte(text))
	if err != nil {
		t.Fatal(err)
	}
	return cardsdb.Resolve(g, l)
}

// TestResolve checks how deck list entries become a deck: sections by id,
// name or alias in any case; cards before a header go to the first section
// that takes their type; G-modules are added from the Guardians unless
// listed; unknown names are kept with suggestions.
func TestResolve(t *testing.T) {
	sc := bundledGame(t, "seeker-chronicles")
	tests := []struct {
		name    string
		in      string
		cards   []string
		unknown []string // "NAME@LINE: suggestions"
	}{
		{
			name: "G-modules follow the Guardians",
			in:   "Guardians:\nJohnson\nNewton\nHawking\nStack:\n3 rogue star\n",
			cards: []string{
				"guardians|Johnson|1@2", "guardians|Newton|1@3", "guardians|Hawking|1@4", "stack|Rogue Star|3@6",
				"gmodules|Spaceflight|1@2+companion", "gmodules|Optical Prism|1@3+companion", "gmodules|Hawking Radiation|1@4+companion",
			},
		},
		{
			name: "a listed G-module is not added twice",
			in:   "GUARDIANS:\nJohnson\nNewton\ng-module:\nSpaceflight\n",
			cards: []string{
				"guardians|Johnson|1@2", "guardians|Newton|1@3", "gmodules|Spaceflight|1@5",
				"gmodules|Optical Prism|1@3+companion",
			},
		},
		{
			name: "cards before any header go to their type's section",
			in:   "Johnson\nSpaceflight\n2 Comet\nTime\nModules:\nLaika\n",
			cards: []string{
				"guardians|Johnson|1@1", "gmodules|Spaceflight|1@2", "stack|Comet|2@3", "|Time|1@4+misplaced", "stack|Laika|1@6",
			},
		},
		{
			name:    "unknown names are kept with suggestions",
			in:      "Stack:\n3 Rouge Star\n1 Quantum Leap\nComet\n",
			cards:   []string{"stack|Comet|1@4"},
			unknown: []string{"Rouge Star@2: Rogue Star", "Quantum Leap@3: "},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			d, err := resolveText(t, sc, tc.in)
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, dc := range d.Cards {
				got = append(got, deckCardString(dc))
			}
			if strings.Join(got, "\n") != strings.Join(tc.cards, "\n") {
				t.Errorf("cards\n got: %q\nwant: %q", got, tc.cards)
			}
			var unk []string
			for _, u := range d.Unknown {
				unk = append(unk, fmt.Sprintf("%s@%d: %s", u.Entry.Name, u.Entry.Pos.Line, strings.Join(u.Suggestions, ", ")))
			}
			if strings.Join(unk, "\n") != strings.Join(tc.unknown, "\n") {
				t.Errorf("unknown\n got: %q\nwant: %q", unk, tc.unknown)
			}
		})
	}
}

// TestResolveWrittenAndTotals checks what a resolved deck keeps of the list:
// the name as written, totals per section, the deck's name.
func TestResolveWrittenAndTotals(t *testing.T) {
	sc := bundledGame(t, "seeker-chronicles")
	d, err := resolveText(t, sc, "Guardians:\njohnson\nStack:\n3 ROGUE STAR\n2x comet\nStack:\n1 Rogue Star\n")
	if err != nil {
		t.Fatal(err)
	}
	if d.Cards[0].Written != "johnson" || d.Cards[1].Written != "ROGUE STAR" {
		t.Errorf("written names %q, %q", d.Cards[0].Written, d.Cards[1].Written)
	}
	if n := d.Total("stack"); n != 6 {
		t.Errorf("Total(stack) = %d, want 6", n)
	}
	if n := d.Total("gmodules"); n != 1 {
		t.Errorf("Total(gmodules) = %d, want 1 (Spaceflight)", n)
	}
	if n := len(d.InSection("stack")); n != 3 {
		t.Errorf("InSection(stack) has %d entries, want 3", n)
	}
	if d.Name() != "deck.txt" {
		t.Errorf("Name() = %q, want the file for a list without a name", d.Name())
	}
}

// TestResolveUnknownSection: a header that names no section of the game is
// a problem of the deck, not an error: it is kept with the game's sections,
// the closest first, and a suggestion, and the entries under it are left
// out of the deck (issue 35 item 7: it stopped everything).
func TestResolveUnknownSection(t *testing.T) {
	sc := bundledGame(t, "seeker-chronicles")
	d, err := resolveText(t, sc, "Guardians:\nJohnson\n  Stak:\n3 Rogue Star\nSideboard:\nComet\n2 Comet\nStak:\n1 Rogue Star\n")
	if err != nil {
		t.Fatalf("Resolve: %v, want no error", err)
	}
	got := fmt.Sprintf("%+v", d.UnknownSections)
	want := `[{Name:Stak Pos:deck.txt:3:3 Cards:4 Sections:[Stack Guardians G-modules] Suggestions:[Stack]} {Name:Sideboard Pos:deck.txt:5:1 Cards:3 Sections:[Stack Guardians G-modules] Suggestions:[]}]`
	if got != want {
		t.Errorf("UnknownSections\n got: %s\nwant: %s", got, want)
	}
	for _, dc := range d.Cards {
		if n := dc.Card.Name; n != "Johnson" && n != "Spaceflight" {
			t.Errorf("the deck holds %s, listed under an unknown section", n)
		}
	}

	ark := bundledGame(t, "arkhtide")
	l, err := cardsdb.ParseDeckYAML("deck.yaml", []byte("sections:\n  seeker: [Thryinn, the Last Kindler]\n  relams: [Glasswind Dunes]\n"))
	if err != nil {
		t.Fatal(err)
	}
	d, err = cardsdb.Resolve(ark, l)
	if err != nil {
		t.Fatalf("Resolve: %v, want no error", err)
	}
	if len(d.UnknownSections) != 1 || d.UnknownSections[0].Name != "relams" || d.UnknownSections[0].Pos.String() != "deck.yaml:3:3" ||
		d.UnknownSections[0].Sections[0] != "Realms" || fmt.Sprint(d.UnknownSections[0].Suggestions) != "[Realms]" {
		t.Errorf("UnknownSections = %+v, want relams at deck.yaml:3:3, Realms first and suggested", d.UnknownSections)
	}
}

// TestSectionByName: ids, names and aliases, ignoring case, accents and
// spacing.
func TestSectionByName(t *testing.T) {
	ark := bundledGame(t, "arkhtide")
	for name, want := range map[string]string{
		"main": "main", "Main Deck": "main", "MAINDECK": "main", "chronicle": "main", "deck": "main",
		"Realm deck": "realms", "realm": "realms", "REALMS": "realms", "seeker": "seeker",
		"sideboard": "", "": "",
	} {
		s := ark.SectionByName(name)
		got := ""
		if s != nil {
			got = s.ID
		}
		if got != want {
			t.Errorf("SectionByName(%q) = %q, want %q", name, got, want)
		}
	}
}

// TestSeedGame checks that a game with every field kind loads and that the
// values are read by kind.
func TestSeedGame(t *testing.T) {
	g := seedGame(t, true)
	if len(g.Cards) != 7 {
		t.Fatalf("%d cards, want 7", len(g.Cards))
	}
	star := g.Card("rogue star")
	if star == nil {
		t.Fatal("no Rogue Star")
	}
	if n, ok := star.Int("cost"); !ok || n != 2 {
		t.Errorf("cost %d %v", n, ok)
	}
	if star.Str("speed") != "fast" || strings.Join(star.List("keywords"), ",") != "fly" {
		t.Errorf("speed %q keywords %q", star.Str("speed"), star.List("keywords"))
	}
	cat := g.Card("Schrodingers Cat")
	if v := cat.Fields["cost"]; !v.X || v.Int != 0 {
		t.Errorf("cost X read as %+v", v)
	}
	coin := g.Card("aegirs ore")
	if coin == nil || coin.Name != "Ægir's Øre" || coin.Str("rules") != "Draw 1.\nDiscard 1." || coin.Str("title") != "Sea Coin" {
		t.Errorf("Ægir's Øre read as %+v", coin)
	}
	if !g.Card("2nd Law of Thermodynamics").Fields["unique"].Bool {
		t.Error("unique: true not read")
	}
	if p := g.Card("Red Hero").Pos; p.File != "testdata/seed/cards.yaml" || p.Line != 4 || p.Col != 5 {
		t.Errorf("Red Hero at %v", p)
	}
	for i, c := range g.Cards {
		if c.Index != i || c.Key != cardsdb.Fold(c.Name) || !c.Sample {
			t.Errorf("card %d: index %d key %q sample %v", i, c.Index, c.Key, c.Sample)
		}
	}

	// The leader and companion sections of the seed game.
	d, err := resolveText(t, g, "Hero:\nRed Hero\nMain deck:\n2 Rogue Star\n")
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, dc := range d.Cards {
		got = append(got, deckCardString(dc))
	}
	want := []string{"hero|Red Hero|1@2", "main|Rogue Star|2@4", "pets|Ember Cat|1@2+companion"}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("cards\n got: %q\nwant: %q", got, want)
	}
}

// TestLoadChecksCardReferences loads a game folder whose cards name cards
// that do not exist or have the wrong type, or list provisional fields the
// type does not have: all reported with positions.
func TestLoadChecksCardReferences(t *testing.T) {
	fsys := fstest.MapFS{
		"seed/game.yaml": {Data: readFile(t, "testdata/seed/game.yaml")},
		"seed/cards/a.yaml": {Data: []byte(`game: seed
cards:
  - {name: Red Hero, type: hero, power: 1, pet: Rogue Star}
  - {name: Blue Hero, type: hero, power: 1, pet: Ember Kat}
  - {name: Rogue Star, type: unit, provisional: [cost, colour]}
  - {name: Ember Cat, type: pet}
`)},
		"seed/decks/starter.txt": {Data: []byte("Hero:\nRed Hero\n")},
	}
	db := cardsdb.Empty()
	err := db.AddFS(fsys, ".", "mem/")
	want := `mem/seed/cards/a.yaml:3:49: Hero "Red Hero" names "Rogue Star" in "pet", which is a Unit, not a Pet
mem/seed/cards/a.yaml:4:50: Hero "Blue Hero" names "Ember Kat" in "pet", but the game has no such card; did you mean "Ember Cat"?
mem/seed/cards/a.yaml:5:5: card "Rogue Star" lists "colour" as provisional, but a Unit has no such field`
	if err == nil || err.Error() != want {
		t.Errorf("error\n got: %v\nwant: %s", err, want)
	}
	if _, ok := db.Game("seed"); ok {
		t.Error("a game with errors was added")
	}

	// Without the bad cards the game loads, with its bundled deck.
	fsys["seed/cards/a.yaml"] = &fstest.MapFile{Data: []byte("game: seed\ncards:\n  - {name: Red Hero, type: hero, power: 1}\n")}
	if err := db.AddFS(fsys, ".", "mem/"); err != nil {
		t.Fatal(err)
	}
	l, err := db.BundledDeck("seed/starter")
	if err != nil {
		t.Fatal(err)
	}
	if l.Game != "seed" || len(l.Entries) != 1 {
		t.Errorf("bundled deck %+v", l)
	}
	if _, err := db.BundledDeck("seed/startr"); err == nil || !strings.Contains(err.Error(), `did you mean "seed/starter"?`) {
		t.Errorf("BundledDeck(seed/startr): %v", err)
	}
}

// TestParseCardsKeepsGoodCards: cards without problems are added even when
// others in the file have some; cards with problems are not.
func TestParseCardsKeepsGoodCards(t *testing.T) {
	g := seedGame(t, false)
	err := cardsdb.ParseCards("c.yaml", []byte(`game: seed
cards:
  - {name: Good One, type: unit, power: 1}
  - {name: Bad Power, type: unit, power: 10}
  - {name: "?!", type: unit}
  - {name: Bad Key, type: unit, pwoer: 1}
  - {name: Twice, type: unit, power: 1, power: 2}
  - {name: Good Two, type: unit}
`), ".", g)
	if err == nil {
		t.Fatal("no error")
	}
	var names []string
	for _, c := range g.Cards {
		names = append(names, c.Name)
	}
	if strings.Join(names, ", ") != "Good One, Good Two" {
		t.Errorf("cards added: %q, want only Good One and Good Two\nerrors:\n%v", names, err)
	}
}
