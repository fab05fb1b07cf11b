package cardsdb

import (
	"io/fs"
	"strings"
	"testing"
	"testing/fstest"
)

func TestCardsFolderAddsToLoadedGame(t *testing.T) {
	db, err := LoadBundled()
	if err != nil {
		t.Fatal(err)
	}
	folder := fstest.MapFS{
		"cards/pnp.yaml": {Data: []byte(`game: seeker-chronicles
back: {image: ../images/back.png}
art:
  - {name: rogue star, image: ../images/p01-r1c1.png}
cards:
  - {name: Page 1 r1c2, type: module, image: ../images/p01-r1c2.png, back: {image: ../images/p01-r1c2-back.png}}
`)},
		"images/back.png":          {Data: []byte("back")},
		"images/p01-r1c1.png":      {Data: []byte("rogue")},
		"images/p01-r1c2.png":      {Data: []byte("new")},
		"images/p01-r1c2-back.png": {Data: []byte("newback")},
	}
	if err := db.AddFS(folder, ".", "out/sc-pnp/"); err != nil {
		t.Fatal(err)
	}
	g, _ := db.Game("seeker-chronicles")
	read := func(p string) string {
		t.Helper()
		b, err := fs.ReadFile(g.FS, p)
		if err != nil {
			t.Fatalf("reading %s from the game: %v", p, err)
		}
		return string(b)
	}
	if got := read(g.Back.Image); got != "back" {
		t.Errorf("default back %s reads %q, want the folder's back", g.Back.Image, got)
	}
	if got := read(g.Card("Rogue Star").Image); got != "rogue" {
		t.Errorf("Rogue Star's image reads %q", got)
	}
	c := g.Card("Page 1 r1c2")
	if c == nil {
		t.Fatal("the folder's new card is not in the game")
	}
	if got := read(c.Back.Image); got != "newback" {
		t.Errorf("own back reads %q", got)
	}
	// The game's own files are still there.
	if _, err := fs.ReadFile(g.FS, "game.yaml"); err != nil {
		t.Errorf("game.yaml no longer readable: %v", err)
	}
	// A second folder with the same paths gets its own mount.
	second := fstest.MapFS{
		"cards/pnp.yaml":      {Data: []byte("game: seeker-chronicles\nart:\n  - {name: Comet, image: ../images/p01-r1c1.png}\ncards: []\n")},
		"images/p01-r1c1.png": {Data: []byte("comet")},
	}
	if err := db.AddFS(second, ".", "out/sc-pnp/"); err != nil {
		t.Fatal(err)
	}
	if got := read(g.Card("Comet").Image); got != "comet" {
		t.Errorf("Comet's image reads %q", got)
	}
	if got := read(g.Card("Rogue Star").Image); got != "rogue" {
		t.Errorf("Rogue Star's image reads %q after a second folder", got)
	}
}

func TestCardsFolderErrors(t *testing.T) {
	for name, tc := range map[string]struct{ file, want string }{
		"unknown card": {"game: seeker-chronicles\nart:\n  - {name: Rouge Star, image: a.png}\ncards: []\n", `art for "Rouge Star", but Seeker Chronicles has no such card; did you mean "Rogue Star"?`},
		"unknown game": {"game: nope\ncards: []\n", `unknown game "nope"`},
		"bad art key":  {"game: seeker-chronicles\nart:\n  - {name: Comet, imag: a.png}\ncards: []\n", `unknown key "imag"`},
	} {
		t.Run(name, func(t *testing.T) {
			db, err := LoadBundled()
			if err != nil {
				t.Fatal(err)
			}
			err = db.AddFS(fstest.MapFS{"cards/x.yaml": {Data: []byte(tc.file)}}, ".", "f/")
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("error %v, want %q", err, tc.want)
			}
			if !strings.Contains(err.Error(), "f/cards/x.yaml") {
				t.Errorf("error %v does not name the file", err)
			}
		})
	}
}
