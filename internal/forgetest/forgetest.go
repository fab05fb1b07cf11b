// Package forgetest gives the tests of card faces a copy of the worked
// example docs/examples/forge (a game with frames per faction, an art
// window, a cost badge, a title font and icons) to change and load: the
// faces and render tests of template fonts, icons and layers each start
// from it.
package forgetest

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/deckwright/deckwright/cardsdb"
	"github.com/deckwright/deckwright/templates"
)

// Dir is the example's folder from a package folder of the repository.
const Dir = "../docs/examples/forge"

// Edit replaces Old, which must stand exactly once in File (a path in
// the example's folder), with New.
type Edit struct{ File, Old, New string }

// Copy copies the example into a new folder of the test, writes files
// (a path in the folder to its contents) and then applies edits; a
// test fails at once when an edit's text is not in its file exactly
// once (the example changed under it). It returns the folder.
func Copy(t testing.TB, files map[string][]byte, edits ...Edit) string {
	t.Helper()
	dir := t.TempDir()
	if err := os.CopyFS(dir, os.DirFS(Dir)); err != nil {
		t.Fatal(err)
	}
	for name, data := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, e := range edits {
		p := filepath.Join(dir, filepath.FromSlash(e.File))
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		if n := strings.Count(string(data), e.Old); n != 1 {
			t.Fatalf("%s of the forge example holds %q %d times, want once: the example has changed; update this test", e.File, e.Old, n)
		}
		if err := os.WriteFile(p, []byte(strings.Replace(string(data), e.Old, e.New, 1)), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// Font reads a font of templates/testdata/fonts, for files of Copy.
func Font(t testing.TB, name string) []byte {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "templates", "testdata", "fonts", name))
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// Load loads the folder dir (a copy of the example) beside the bundled
// games and returns its game, forge, and the bundled templates with the
// game's own added, as print and export find them with --db.
func Load(t testing.TB, dir string) (*cardsdb.Game, *templates.Set) {
	t.Helper()
	db, err := cardsdb.LoadBundled()
	if err != nil {
		t.Fatal(err)
	}
	if err := db.AddPath(dir); err != nil {
		t.Fatal(err)
	}
	g, ok := db.Game("forge")
	if !ok {
		t.Fatal("no game forge")
	}
	set, err := templates.LoadBundled()
	if err != nil {
		t.Fatal(err)
	}
	sub, err := fs.Sub(g.FS, "templates")
	if err != nil {
		t.Fatal(err)
	}
	if err := set.AddFSFor(sub, "forge/templates/", "forge"); err != nil {
		t.Fatal(err)
	}
	return g, set
}
