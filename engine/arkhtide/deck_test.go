package arkhtide

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/deckwright/deckwright/cardsdb"
)

// neutralDeck is the Ember Covenant mono deck as a decklist (with 2 of its
// 3 neutral cards), with its Realm Deck given by realms.
func neutralDeck(realms ...string) string {
	return `game: arkhtide
Seeker:
Thryïnn, the Last Kindler
Main:
3 Ashen Acolyte
3 Cinderbrand Penitent
3 Kiln-Sworn Guard
3 Vigil-Keeper Osmund
2 Vessa of the Seventh Pyre
2 Brother Hallek, Ember-Tongue
2 Pyre Matron Uzzeline
2 Censer-Bearer Oduin
2 Kindled Martyr
1 Emberhold Colossus
3 Trial by Cinders
2 Penance Unending
2 Last Ember
2 Kindle the Faithful
3 Brand of the Kiln
2 Reliquary Urn
2 Arkhé Warden
Realms:
` + strings.Join(realms, "\n") + "\n"
}

var sixRealms = []string{"Cindervault Steppe", "Ruin of Saint Evorra", "Thornmere Lowlands", "Arkhé Wellspring", "The Bleached Causeway", "Ossuary of Ten Kings"}

func compileText(t *testing.T, g *cardsdb.Game, text string) (*Deck, error) {
	t.Helper()
	list, err := cardsdb.ParseDeck("deck.txt", []byte(text))
	if err != nil {
		t.Fatal(err)
	}
	deck, err := cardsdb.Resolve(g, list)
	if err != nil {
		t.Fatal(err)
	}
	return Compile(deck)
}

// TestNeutralRealm checks that the Neutral Realm is the Realm the Realm
// Deck's section keeps out by tag (exclude_tags in game.yaml, the data
// validate's copy-limit reads too), not a card name, and that a Realm
// Deck listing it is refused rather than played with 6 Realms.
func TestNeutralRealm(t *testing.T) {
	db, err := cardsdb.LoadBundled() // a DB of its own: the test edits the game
	if err != nil {
		t.Fatal(err)
	}
	g, _ := db.Game("arkhtide")

	d, err := compileText(t, g, neutralDeck(append(sixRealms, "Glasswind Dunes")...))
	if err != nil {
		t.Fatal(err)
	}
	if d.Neutral == NoCard || d.Cards[d.Neutral].Name != "The Still Eye" || len(d.Realms) != 7 {
		t.Fatalf("Neutral %d, %d Realms: want The Still Eye in the centre and 7 Realms", d.Neutral, len(d.Realms))
	}

	// Listed in the Realm Deck: an error at its line, not 6 Realms.
	_, err = compileText(t, g, neutralDeck(append(sixRealms, "The Still Eye")...))
	if err == nil || !strings.Contains(err.Error(), "deck.txt:29:1: ") || !strings.Contains(err.Error(), `"The Still Eye"`) {
		t.Errorf("a Realm Deck with the Neutral Realm: %v; want an error at deck.txt:29:1 naming it", err)
	}

	// The data decides: move the tag to Glasswind Dunes, and it is the
	// Neutral Realm (and refused in a Realm Deck), The Still Eye a Realm
	// like any other.
	eye, dunes := g.Card("The Still Eye"), g.Card("Glasswind Dunes")
	var tag string
	for _, s := range g.Sections {
		if s.Takes("realm") && len(s.ExcludeTags) > 0 {
			tag = s.ExcludeTags[0]
		}
	}
	if tag == "" {
		t.Fatal("no section of the game keeps a Realm out by tag")
	}
	eye.Tags, dunes.Tags = nil, []string{tag}
	d, err = compileText(t, g, neutralDeck(append(sixRealms, "The Still Eye")...))
	if err != nil {
		t.Fatal(err)
	}
	if d.Neutral == NoCard || d.Cards[d.Neutral].Name != "Glasswind Dunes" {
		t.Errorf("Neutral %d: want Glasswind Dunes, the card the data tags", d.Neutral)
	}
	if _, err := compileText(t, g, neutralDeck(append(sixRealms, "Glasswind Dunes")...)); err == nil {
		t.Errorf("Glasswind Dunes, now the Neutral Realm, is accepted in a Realm Deck")
	}
}

// TestStartingWillpower checks that every Seeker starts with 13 Willpower
// ("Each player sets their starting Willpower to 13", Setup step 4): a
// Seeker card that states another figure is a data error at the field,
// never a different start.
func TestStartingWillpower(t *testing.T) {
	db, err := cardsdb.LoadBundled() // a DB of its own: the test edits a card
	if err != nil {
		t.Fatal(err)
	}
	g, _ := db.Game("arkhtide")
	text := neutralDeck(append(sixRealms, "Glasswind Dunes")...)
	sk := g.Card("Thryïnn, the Last Kindler")

	delete(sk.Fields, "willpower")
	d, err := compileText(t, g, text)
	if err != nil {
		t.Fatal(err)
	}
	if w := d.Cards[d.Seeker].Willpower; w != StartingWillpower || StartingWillpower != 13 {
		t.Errorf("a Seeker without a willpower field starts with %d (StartingWillpower %d), want 13", w, StartingWillpower)
	}
	m := NewMatch(d, Options{Opponent: Passive}, &Greedy{})
	m.rng = rand.New(rand.NewPCG(1, 1))
	m.setup()
	if y, o := m.S.Side[You].Willpower, m.S.Side[Opponent].Willpower; y != 13 || o != 13 {
		t.Errorf("the match starts with %d and %d Willpower, want 13 each", y, o)
	}

	sk.Fields["willpower"] = cardsdb.Value{Kind: cardsdb.KindInt, Int: 12, Pos: cardsdb.Pos{File: "seekers.yaml", Line: 9, Col: 16}}
	_, err = compileText(t, g, text)
	if err == nil || !strings.HasPrefix(err.Error(), "seekers.yaml:9:16: ") || !strings.Contains(err.Error(), "13") {
		t.Errorf("a Seeker that states 12 Willpower: %v; want an error at its field saying 13", err)
	}
}

// TestSeekerWillpowerData checks that the bundled game definition refuses a
// Seeker card that states a starting Willpower other than 13, at its line.
func TestSeekerWillpowerData(t *testing.T) {
	db, err := cardsdb.LoadBundled() // a DB of its own: the test adds cards
	if err != nil {
		t.Fatal(err)
	}
	g, _ := db.Game("arkhtide")
	card := func(w int) []byte {
		return fmt.Appendf(nil, `game: arkhtide
cards:
  - name: Test Seeker %d
    type: seeker
    faction: ember-covenant
    willpower: %d
    soul: 2
    melee: "3"
    ranged: "."
`, w, w)
	}
	if err := cardsdb.ParseCards("ok.yaml", card(13), ".", g); err != nil {
		t.Fatalf("a Seeker with 13 Willpower: %v", err)
	}
	err = cardsdb.ParseCards("bad.yaml", card(12), ".", g)
	if err == nil || !strings.HasPrefix(err.Error(), "bad.yaml:6:16: ") {
		t.Errorf("a Seeker with 12 Willpower: %v; want an error at bad.yaml:6:16", err)
	}
}

// TestSeekerWithoutFaction checks that a Seeker without a faction gives no
// main faction: no Main Deck card is Innate, neutral ones included, and
// each costs 1 Willpower to Invoke (as validate's non-innate warns).
func TestSeekerWithoutFaction(t *testing.T) {
	db, err := cardsdb.LoadBundled() // a DB of its own: the test edits a card
	if err != nil {
		t.Fatal(err)
	}
	g, _ := db.Game("arkhtide")
	text := neutralDeck(append(sixRealms, "Glasswind Dunes")...)
	d, err := compileText(t, g, text)
	if err != nil {
		t.Fatal(err)
	}
	if d.Faction != "ember-covenant" || !d.Cards[0].Innate {
		t.Fatalf("with Thryïnn: main faction %q, %s Innate %v", d.Faction, d.Cards[0].Name, d.Cards[0].Innate)
	}
	g.Card("Thryïnn, the Last Kindler").Factions = nil
	d, err = compileText(t, g, text)
	if err != nil {
		t.Fatal(err)
	}
	if d.Faction != "" {
		t.Errorf("a Seeker without a faction gives main faction %q", d.Faction)
	}
	for i := 0; i < d.Main; i++ {
		if d.Cards[i].Innate {
			t.Errorf("%s is Innate to a Seeker without a faction", d.Cards[i].Name)
		}
	}
}
