package cardsdb_test

import (
	"reflect"
	"strings"
	"testing"
	"testing/fstest"

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
	if d.Traits != nil || !reflect.DeepEqual(d.List("traits"), []string{"Tactic"}) || !reflect.DeepEqual(d.TraitList(), []string{"Tactic"}) || !reflect.DeepEqual(c.TraitList(), []string{"Paragon"}) {
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

const formatsGame = realGame + `rules: [{name: affiliation, params: {match: icons}}]
formats:
  - {id: free-agent, name: Free Agent, override: [{name: affiliation, params: {pips: 6}}]}
  - {id: casual, skip: all}
  - {id: strict, rules: [], skip: [copy-limit], banned: [Dodge], restricted: [Auntie Ruth]}
`

// TestFormats checks how a format changes the game's rules, and how a deck
// names its format.
func TestFormats(t *testing.T) {
	g, err := cardsdb.ParseGame("game.yaml", []byte(formatsGame), ".")
	if err != nil {
		t.Fatal(err)
	}
	if err := cardsdb.ParseCards("cards.yaml", []byte(realCards), ".", g); err != nil {
		t.Fatal(err)
	}
	fa := g.Format("free agent")
	if fa == nil || fa.ID != "free-agent" || g.Format("Casual").Name != "casual" {
		t.Fatalf("Format lookups: %+v", fa)
	}
	refs := fa.RuleRefs(g)
	if len(refs) != 1 || refs[0].Params["match"] != "icons" || refs[0].Params["pips"] != 6 {
		t.Errorf("free-agent rules = %+v, want affiliation with match icons and pips 6", refs)
	}
	if refs := g.Format("casual").RuleRefs(g); len(refs) != 0 || !g.Format("casual").Skips("section-size") || g.Format("casual").Skips("unknown-card") {
		t.Errorf("casual keeps %+v", refs)
	}
	strict := g.Format("strict")
	if len(strict.RuleRefs(g)) != 0 || !strict.Skips("copy-limit") || strict.Skips("section-size") {
		t.Errorf("strict = %+v", strict)
	}
	if refs := (*cardsdb.Format)(nil).RuleRefs(g); len(refs) != 1 {
		t.Errorf("no format: %+v, want the game's rules", refs)
	}
	for _, tc := range []struct{ list, want string }{
		{"game: real\nformat: Free Agent\nDodge\n", ""},
		{"game: real\nformat: free-agnet\nDodge\n", `d.txt:2:1: unknown format "free-agnet"; Real has formats free-agent, casual, strict; did you mean "free-agent"?`},
	} {
		list, err := cardsdb.ParseDecklist("d.txt", []byte(tc.list))
		if err != nil {
			t.Fatal(err)
		}
		deck, err := cardsdb.Resolve(g, list)
		switch {
		case tc.want == "" && (err != nil || deck.Format != fa):
			t.Errorf("Resolve(%q) = %v, %v; want the free-agent format", tc.list, deck, err)
		case tc.want != "" && (err == nil || err.Error() != tc.want):
			t.Errorf("Resolve(%q) error = %v, want %s", tc.list, err, tc.want)
		}
	}
	bad := formatsGame + "  - {id: casual}\n  - {name: No id}\n  - {id: x, banned: Dodge, frobs: 1}\n"
	_, err = cardsdb.ParseGame("game.yaml", []byte(bad), ".")
	for _, want := range []string{`duplicate format "casual"`, "format has no id", "banned must be a list of card names", `unknown key "frobs" in format`} {
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("error = %v, want %q", err, want)
		}
	}
	// A banned card the game does not have is an error once its cards are loaded.
	mem := fstest.MapFS{
		"real/game.yaml":      {Data: []byte(realGame + "formats: [{id: f, banned: [Dodgy]}]\n")},
		"real/cards/all.yaml": {Data: []byte(realCards)},
	}
	err = cardsdb.Empty().AddFS(mem, "real", "")
	if err == nil || !strings.Contains(err.Error(), `format "f" names no card of Real: "Dodgy"; did you mean "Dodge"?`) {
		t.Errorf("AddFS error = %v, want the unknown banned card", err)
	}
	// So is a set that no card is in; a format without sets takes every card.
	mem["real/game.yaml"] = &fstest.MapFile{Data: []byte(realGame + "formats: [{id: f, sets: [pre-relase]}]\n")}
	err = cardsdb.Empty().AddFS(mem, "real", "")
	if err == nil || !strings.Contains(err.Error(), `game.yaml:`) || !strings.Contains(err.Error(), `format "f" names set "pre-relase", which no card of Real is in; did you mean "pre-release"?`) {
		t.Errorf("AddFS error = %v, want the unknown set with its position", err)
	}
	if !(*cardsdb.Format)(nil).AllowsSet("") || !(&cardsdb.Format{}).AllowsSet("promo") {
		t.Error("no format, or a format without sets, refuses a card")
	}
	f := &cardsdb.Format{Sets: []cardsdb.SetRef{{Code: "pre-release"}}}
	if !f.AllowsSet("Pre-Release") || f.AllowsSet("promo") || f.AllowsSet("") {
		t.Error("a format with sets: wrong cards allowed")
	}
}
