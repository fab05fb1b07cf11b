package serve

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/deckwright/deckwright/cardsdb"
	"github.com/deckwright/deckwright/internal/badfont"
	"github.com/deckwright/deckwright/templates"
)

// TestWatchBrokenFont: a broken or hostile font saved into a game folder
// while serve shows it (issue 34: the live reload panicked in gofpdf and
// killed the server; the CFF subroutine bomb would have filled memory)
// is an error on the pages, naming the template and the font, while the
// last good faces stay and the server keeps answering; a good font saved
// again is taken.
func TestWatchBrokenFont(t *testing.T) {
	good, err := os.ReadFile("../templates/testdata/fonts/smallcaps-ascii.ttf")
	if err != nil {
		t.Fatal(err)
	}
	cff, err := os.ReadFile("../templates/testdata/fonts/cfftest.otf")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	write := func(name string, data []byte) {
		t.Helper()
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		saveWhole(t, p, string(data))
	}
	write("game.yaml", []byte(watchGame))
	write("cards/cards.yaml", []byte("game: g\ncards:\n  - {name: C, type: t, text: \"Draw a card.\"}\n"))
	write("templates/default.yaml", []byte("size: {width: 63, height: 88}\nfonts:\n  body: fonts/Body.ttf\nlayers:\n  - {name: title, content: \"{{.Name}}\", x: 3, y: 3, w: 57, h: 10, font: {family: body, size: 14}}\n"))
	write("templates/fonts/Body.ttf", good)
	load := func() (*cardsdb.DB, templates.Source, error) {
		db, err := cardsdb.LoadBundled()
		if err != nil {
			return nil, nil, err
		}
		if err := db.AddPath(dir); err != nil {
			return nil, nil, err
		}
		set, err := templates.LoadBundled()
		if err != nil {
			return nil, nil, err
		}
		return db, set, set.AddFSFor(os.DirFS(filepath.Join(dir, "templates")), "templates/", "g")
	}
	db, tmpl, err := load()
	if err != nil {
		t.Fatal(err)
	}
	s, err := New(Config{DB: db, Decks: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	s.SetTemplates(tmpl)
	startWatch(t, s, dir, load)
	get := func(path string) (int, string) {
		a := call(t, s.Handler(), "GET", path, "")
		return a.code, a.body
	}
	version := func(since int) (int, string) {
		t.Helper()
		code, body := get("/api/watch?since=" + itoa(since))
		var j struct {
			Version int    `json:"version"`
			Error   string `json:"error"`
		}
		if code != 200 || json.Unmarshal([]byte(body), &j) != nil {
			t.Fatalf("/api/watch: %d %s", code, body)
		}
		return j.Version, j.Error
	}
	v, _ := version(-1)
	code, face := get("/face/g/C.png")
	if code != 200 {
		t.Fatalf("face: %d %s", code, face)
	}
	for _, tc := range []struct {
		edit string
		src  []byte
		want string
	}{
		{"no-name", good, `templates/default.yaml:3:9: font file "fonts/Body.ttf": a malformed font: it has no "name" table`},
		{"composite-cycle", good, "glyph 1 is made of itself"},
		{"cff-subr-bomb", cff, "charstring: more than 131072 operations for one glyph"},
		{"fstype=0x0002", good, "its licence forbids embedding it"},
	} {
		bad, err := badfont.Make(tc.edit, tc.src)
		if err != nil {
			t.Fatal(err)
		}
		write("templates/fonts/Body.ttf", bad)
		var e string
		v, e = version(v)
		if !strings.Contains(e, tc.want) {
			t.Errorf("%s: the page shows error %q, want one with %q", tc.edit, e, tc.want)
		}
		if code, still := get("/face/g/C.png"); code != 200 || still != face {
			t.Errorf("%s: the face changed (%d)", tc.edit, code)
		}
	}
	write("templates/fonts/Body.ttf", good)
	if _, e := version(v); e != "" {
		t.Errorf("the good font again: error %q", e)
	}
}
