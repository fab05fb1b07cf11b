package cardsdb

import (
	"strings"
	"testing"
)

// TestGameAnchors: game.yaml may share fields through anchors, aliases
// and merge keys; keys written beside a merge key win.
func TestGameAnchors(t *testing.T) {
	src := `id: anch
name: Anchors
card_size: {width: 63, height: 88}
x-common: &common
  - {name: cost, kind: int, min: 0, max: 9}
  - {name: rarity, kind: enum, values: [common, rare]}
x-type: &typ
  landscape: false
  fields: *common
types:
  - {<<: *typ, id: unit, name: Unit}
  - <<: [*typ]
    id: realm
    name: Realm
    landscape: true
sections:
  - {id: deck, name: Deck, types: [unit, realm]}
`
	g, err := ParseGame("game.yaml", []byte(src), ".")
	if err != nil {
		t.Fatal(err)
	}
	if len(g.Types) != 2 {
		t.Fatalf("%d types", len(g.Types))
	}
	for _, ty := range g.Types {
		if len(ty.Fields) != 2 || ty.Fields[0].Name != "cost" || ty.Fields[1].Name != "rarity" {
			t.Errorf("type %s has fields %v", ty.ID, ty.Fields)
		}
	}
	if g.Types[0].Landscape || !g.Types[1].Landscape {
		t.Errorf("landscape: unit %v, realm %v; want the realm's own key to win over the merged one", g.Types[0].Landscape, g.Types[1].Landscape)
	}
	// The two types have fields of their own, not one shared slice.
	g.Types[0].Fields[0].Name = "changed"
	if g.Types[1].Fields[0].Name != "cost" {
		t.Error("the aliased fields are shared between types")
	}
}

// TestGameAliasBomb: aliases that repeat each other ("billion laughs")
// are an error at the alias, in well under a second.
func TestGameAliasBomb(t *testing.T) {
	var b strings.Builder
	b.WriteString("id: bomb\nname: Bomb\ncard_size: {width: 63, height: 88}\nx-a0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n")
	for i := 1; i < 10; i++ {
		b.WriteString("x-a" + string(rune('0'+i)) + ": &a" + string(rune('0'+i)) + " [")
		for j := 0; j < 9; j++ {
			if j > 0 {
				b.WriteString(", ")
			}
			b.WriteString("*a" + string(rune('0'+i-1)))
		}
		b.WriteString("]\n")
	}
	b.WriteString("types: [{id: t, name: T}]\nsections: [{id: s, name: S, types: [t]}]\n")
	_, err := ParseGame("game.yaml", []byte(b.String()), ".")
	if err == nil || !strings.Contains(err.Error(), "YAML aliases expand the file more than deckwright allows") {
		t.Fatalf("got %v", err)
	}
	if !strings.HasPrefix(err.Error(), "game.yaml:") {
		t.Errorf("no position: %v", err)
	}
}

// TestCardsFileAliasesRefused: cards files still refuse aliases (only
// game.yaml takes them).
func TestCardsFileAliasesRefused(t *testing.T) {
	g, err := ParseGame("game.yaml", []byte("id: g\nname: G\ncard_size: {width: 63, height: 88}\ntypes: [{id: t, name: T}]\nsections: [{id: s, name: S, types: [t]}]\n"), ".")
	if err != nil {
		t.Fatal(err)
	}
	err = ParseCards("cards.yaml", []byte("game: g\ncards:\n  - {name: A, type: t, text: &txt Draw.}\n  - {name: B, type: t, text: *txt}\n"), ".", g)
	if err == nil || err.Error() != "cards.yaml:4:30: YAML aliases (*name) are not supported; write the value out" {
		t.Fatalf("got %v", err)
	}
}

// TestIconAliases: an icon may be named by any word or emoji and by its
// aliases; a name used twice is an error.
func TestIconAliases(t *testing.T) {
	head := "id: g\nname: G\ncard_size: {width: 63, height: 88}\ntypes: [{id: t, name: T}]\nsections: [{id: s, name: S, types: [t]}]\n"
	g, err := ParseGame("game.yaml", []byte(head+"icons:\n  gem: {glyph: \"♦\", aliases: [\"💎\", Jewel]}\n  \"⚡\": \"ϟ\"\n"), ".")
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"gem", "💎", "jewel", "JEWEL"} {
		if ic := g.Icon(name); ic == nil || ic.Name != "gem" {
			t.Errorf("Icon(%q) = %v, want gem", name, ic)
		}
	}
	if ic := g.Icon("⚡"); ic == nil || ic.Glyph != "ϟ" {
		t.Errorf("Icon(⚡) = %v", ic)
	}
	_, err = ParseGame("game.yaml", []byte(head+"icons:\n  gem: {glyph: \"♦\", aliases: [\"💎\"]}\n  stone: {glyph: \"■\", aliases: [\"💎\", \"a b\"]}\n"), ".")
	if err == nil || !strings.Contains(err.Error(), `icon "stone": "💎" names icon "gem" already`) || !strings.Contains(err.Error(), `icon alias "a b" may not hold brackets or spaces`) {
		t.Errorf("got %v", err)
	}
}
