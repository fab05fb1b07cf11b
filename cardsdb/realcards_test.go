package cardsdb_test

import (
	"reflect"
	"strings"
	"testing"

	"github.com/deckwright/deckwright/cardsdb"
)

const realGame = `id: real
name: Real
card_size: {width: 63, height: 88}
factions:
  label: Affiliation
  values: [{id: omniworks, name: Omniworks}, {id: remnants, name: The Remnants}]
types:
  - {id: seeker, name: Seeker}
  - {id: moment, name: Moment, fields: [{name: traits, kind: list}]}
sections:
  - {id: deck, name: Deck, types: [seeker, moment]}
`

const realCards = `game: real
cards:
  - name: "Goldie Xin: Tinkering Technician"
    type: seeker
    faction: omniworks
    alias: Goldie Xin
    subtitle: Tinkering Technician
    unique: true
    traits: [Paragon]
    illustrator: Evan Simonet
    set: pre-release
    number: "01014"
  - {name: "Goldie Xin: Junk Collector", type: seeker, faction: omniworks, alias: Goldie Xin}
  - {name: "Auntie Ruth: Proprietor of the Hidden Tea House", type: seeker, alias: Auntie Ruth}
  - {name: Dodge, type: moment, faction: remnants, icons: {remnants: 2}, traits: [Tactic]}
`

func realGameCards(t *testing.T) *cardsdb.Game {
	t.Helper()
	g, err := cardsdb.ParseGame("game.yaml", []byte(realGame), ".")
	if err != nil {
		t.Fatal(err)
	}
	if err := cardsdb.ParseCards("cards.yaml", []byte(realCards), ".", g); err != nil {
		t.Fatal(err)
	}
	return g
}

// TestRealCardKeys checks the keys real cards need: counted icons, unique,
// traits, alias, subtitle, illustrator, set and number.
func TestRealCardKeys(t *testing.T) {
	g := realGameCards(t)
	c := g.Card("Goldie Xin: Tinkering Technician")
	if c == nil {
		t.Fatal("no Goldie Xin")
	}
	if !c.Unique || c.Subtitle != "Tinkering Technician" || c.Illustrator != "Evan Simonet" || c.Set != "pre-release" || c.Number != "01014" || !reflect.DeepEqual(c.Traits, []string{"Paragon"}) {
		t.Errorf("card = %+v", c)
	}
	if got := c.IconCounts(); !reflect.DeepEqual(got, []cardsdb.Icon{{Faction: "omniworks", Count: 1}}) {
		t.Errorf("IconCounts without icons = %v, want one omniworks", got)
	}
	d := g.Card("Dodge")
	if got := d.IconCounts(); !reflect.DeepEqual(got, []cardsdb.Icon{{Faction: "remnants", Count: 2}}) {
		t.Errorf("IconCounts = %v, want remnants x2", got)
	}
	// A type that declares traits as its own field keeps it.
	if d.Traits != nil || !reflect.DeepEqual(d.List("traits"), []string{"Tactic"}) {
		t.Errorf("Dodge traits: common %v, field %v", d.Traits, d.List("traits"))
	}
}

// TestAliasLookup checks that a decklist may name a card by its alias when
// only one card has it, and that a shared alias suggests every card.
func TestAliasLookup(t *testing.T) {
	g := realGameCards(t)
	if c := g.Card("auntie ruth"); c == nil || !strings.HasPrefix(c.Name, "Auntie Ruth:") {
		t.Errorf("Card(auntie ruth) = %v, want Auntie Ruth", c)
	}
	if c := g.Card("Goldie Xin"); c != nil {
		t.Errorf("Card(Goldie Xin) = %q, want nil: two cards share the alias", c.Name)
	}
	want := []string{"Goldie Xin: Tinkering Technician", "Goldie Xin: Junk Collector"}
	if got := g.Suggest("Goldie Xin"); !reflect.DeepEqual(got, want) {
		t.Errorf("Suggest(Goldie Xin) = %q, want %q", got, want)
	}
	list, err := cardsdb.ParseDecklist("d.txt", []byte("game: real\n1 Auntie Ruth\n1 Goldie Xin\n"))
	if err != nil {
		t.Fatal(err)
	}
	deck, err := cardsdb.Resolve(g, list)
	if err != nil {
		t.Fatal(err)
	}
	if len(deck.Unknown) != 1 || deck.Unknown[0].Entry.Name != "Goldie Xin" {
		t.Errorf("unknown = %+v, want only Goldie Xin", deck.Unknown)
	}
}

func TestRealCardKeyErrors(t *testing.T) {
	g, err := cardsdb.ParseGame("game.yaml", []byte(realGame), ".")
	if err != nil {
		t.Fatal(err)
	}
	err = cardsdb.ParseCards("cards.yaml", []byte("game: real\ncards:\n  - {name: A, type: moment, icons: {omniwork: 2}}\n  - {name: B, type: moment, icons: {omniworks: 200}}\n"), ".", g)
	for _, want := range []string{`cards.yaml:3:37: icons: unknown affiliation "omniwork"; did you mean "omniworks"?`, "cards.yaml:4:48: icons: omniworks must be from 0 to 99, found 200"} {
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("error = %v, want %q", err, want)
		}
	}
}
