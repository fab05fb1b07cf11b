package cardsdb

import (
	"os"
	"path/filepath"
	"testing"
)

func TestLoadBundled(t *testing.T) {
	db, err := LoadBundled()
	if err != nil {
		t.Fatal(err)
	}
	for _, g := range db.Games() {
		t.Logf("%s: %d types, %d sections, %d cards, decks %v", g.ID, len(g.Types), len(g.Sections), len(g.Cards), g.Decks)
	}
}

// TestDeckFileNames checks that a bundled deck's positions name a file a
// user can find: bundled:GAME/decks/... for deckwright's own games, the
// --db folder (not the game id) for a user's.
func TestDeckFileNames(t *testing.T) {
	db, err := LoadBundled()
	if err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(t.TempDir(), "my-game")
	files := map[string]string{
		"game.yaml":       "id: my-duel\nname: My Duel\ncard_size: {width: 63, height: 88}\ntypes: [{id: spell, name: Spell}]\nsections: [{id: spells, name: Spells, types: [spell]}]\n",
		"cards/core.yaml": "game: my-duel\ncards:\n  - {name: Fireball, type: spell}\n",
		"decks/first.txt": "game: my-duel\n2 Fireball\n",
	}
	for name, data := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := db.AddPath(dir); err != nil {
		t.Fatal(err)
	}
	if err := db.AddPath(filepath.Join(dir, "game.yaml")); err != nil {
		t.Fatal(err)
	}
	for ref, want := range map[string]string{
		"arkhtide/three-factions": "bundled:arkhtide/decks/three-factions.yaml",
		"my-duel/first":           filepath.ToSlash(dir) + "/decks/first.txt",
	} {
		l, err := db.BundledDeck(ref)
		if err != nil {
			t.Fatal(err)
		}
		if l.File != want {
			t.Errorf("BundledDeck(%q).File = %q, want %q", ref, l.File, want)
		}
		if ref == "my-duel/first" {
			if _, err := os.Stat(filepath.FromSlash(l.File)); err != nil {
				t.Errorf("the position's file cannot be opened: %v", err)
			}
		}
	}
}

func TestResolveBundled(t *testing.T) {
	db, err := LoadBundled()
	if err != nil {
		t.Fatal(err)
	}
	d, err := db.ResolveBundled("seeker-chronicles/cosmos")
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, c := range d.Cards {
		n += c.Count
	}
	if d.Game.ID != "seeker-chronicles" || n != 46 {
		t.Errorf("cosmos: game %s, %d cards; want seeker-chronicles, 46", d.Game.ID, n)
	}
	for _, ref := range []string{"cosmos", "no-such-game/x", "seeker-chronicles/no-such-deck"} {
		if _, err := db.ResolveBundled(ref); err == nil {
			t.Errorf("%s: no error", ref)
		}
	}
}
