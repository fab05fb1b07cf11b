package serve

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/deckwright/deckwright/templates"
	"github.com/deckwright/deckwright/cardsdb"
)

const watchGame = `id: g
name: G
card_size: {width: 63, height: 88}
types:
  - {id: t, name: T}
sections:
  - {id: main, name: Main, types: [t]}
`

// startWatch runs s.Watch on dir until the test ends and returns once
// it is looking: a file saved before its first look is not a change, so a
// test that saved at once could wait for a change that never comes (seen
// on a loaded machine). It saves a file of its own (whole, by a rename)
// until the watch sees it, then waits until the version stays still, so
// that no late look at its own file is taken for the test's change (seen
// under -race: a version came 2 ms after the test's save, before the
// reload of it).
func startWatch(t *testing.T, s *Server, dir string, load Reload) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	go s.Watch(ctx, []string{dir}, 20*time.Millisecond, load)
	ws := s.watch()
	for i := 0; ; i++ {
		ws.mu.Lock()
		v := ws.version
		ws.mu.Unlock()
		if v > 0 {
			for {
				time.Sleep(200 * time.Millisecond)
				ws.mu.Lock()
				still := ws.version == v
				v = ws.version
				ws.mu.Unlock()
				if still {
					return
				}
			}
		}
		if i > 600 {
			t.Fatal("the watch saw no change in 30 s")
		}
		saveWhole(t, filepath.Join(dir, "started.txt"), strings.Repeat("x", i))
		time.Sleep(50 * time.Millisecond)
	}
}

// watched is a served game folder under watch: write saves a file of
// it, get asks the server for a path (its status and body).
type watched struct {
	s     *Server
	write func(name, data string)
	get   func(path string) (int, string)
}

// saveWhole saves a file as an editor that writes a new file and renames
// it over the old one: the watch sees it whole, never truncated and half
// written (which it would report, rightly, as a file that does not load).
func saveWhole(t *testing.T, path, data string) {
	t.Helper()
	tmp := filepath.Join(t.TempDir(), filepath.Base(path)) // outside the watched folder
	if err := os.WriteFile(tmp, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(tmp, path); err != nil {
		t.Fatal(err)
	}
}

// watchFolder writes a game folder (game.yaml and one cards file),
// serves it beside the bundled games and starts the watcher on it.
func watchFolder(t *testing.T, game, cards string) watched {
	t.Helper()
	dir := t.TempDir()
	write := func(name, data string) {
		t.Helper()
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		saveWhole(t, p, data)
	}
	write("game.yaml", game)
	write("cards/cards.yaml", cards)
	load := func() (*cardsdb.DB, templates.Source, error) {
		db, err := cardsdb.LoadBundled()
		if err != nil {
			return nil, nil, err
		}
		return db, nil, db.AddPath(dir)
	}
	db, _, err := load()
	if err != nil {
		t.Fatal(err)
	}
	s, err := New(Config{DB: db, Decks: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	startWatch(t, s, dir, load)
	get := func(path string) (int, string) {
		a := call(t, s.Handler(), "GET", path, "")
		return a.code, a.body
	}
	return watched{s, write, get}
}

// TestWatch: a saved card file redraws the card's face (issue 22's live
// preview): /api/watch answers the new version at once, the face is drawn
// again from the new text, and a file that does not load is shown as an
// error while the last good face stays.
func TestWatch(t *testing.T) {
	w := watchFolder(t, watchGame, "game: g\ncards:\n  - {name: C, type: t, text: \"Draw a card.\"}\n")
	write, get := w.write, w.get
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
	v0, _ := version(-1)
	code, before := get("/face/g/C.png")
	if code != 200 {
		t.Fatalf("face: %d %s", code, before)
	}
	start := time.Now()
	write("cards/cards.yaml", "game: g\ncards:\n  - {name: C, type: t, text: \"Draw three cards, then discard two of them at random.\"}\n")
	v1, e := version(v0)
	t.Logf("the change was seen %v after the save", time.Since(start))
	if v1 != v0+1 || e != "" {
		t.Fatalf("after a save: version %d (was %d), error %q", v1, v0, e)
	}
	_, after := get("/face/g/C.png")
	if after == before {
		t.Error("the face is drawn as before the change")
	}
	write("cards/cards.yaml", "game: g\ncards:\n  - {name: C, type: t, text: [\n")
	v2, e := version(v1)
	if v2 != v1+1 || !strings.Contains(e, "cards.yaml") {
		t.Errorf("a broken file: version %d, error %q", v2, e)
	}
	if _, still := get("/face/g/C.png"); still != after {
		t.Error("a broken file changed the face")
	}
	if code, js := get("/watch.js"); code != 200 || !strings.Contains(js, "/api/watch?since=") {
		t.Errorf("/watch.js: %d", code)
	}
	if _, page := get("/card/g/C"); !strings.Contains(page, `<script src="/watch.js" defer></script>`) {
		t.Error("the card page does not load /watch.js")
	}
}

// TestWatchCardData: a saved cards file changes the card page's table of
// fields too, which /watch.js reads again and puts in place (its
// data-live part): a field's value, the rules text and a new field show
// on the page the script reads; a file that does not load keeps the last
// good table.
func TestWatchCardData(t *testing.T) {
	w := watchFolder(t, strings.Replace(watchGame, "{id: t, name: T}", "{id: t, name: T, fields: [{name: cost, kind: int}, {name: power, kind: int}]}", 1), "game: g\ncards:\n  - {name: C, type: t, cost: 2, text: \"Draw a card.\"}\n")
	write, get := w.write, w.get
	version := func(since int) int {
		t.Helper()
		var j struct {
			Version int `json:"version"`
		}
		code, body := get("/api/watch?since=" + itoa(since))
		if code != 200 || json.Unmarshal([]byte(body), &j) != nil {
			t.Fatalf("/api/watch: %d %s", code, body)
		}
		return j.Version
	}
	// live is the page's data-live part, as the script reads it.
	live := func() string {
		t.Helper()
		code, page := get("/card/g/C")
		if code != 200 {
			t.Fatalf("card page: %d %s", code, page)
		}
		i := strings.Index(page, `data-live="card"`)
		if i < 0 {
			t.Fatalf("the card page has no data-live part:\n%s", page)
		}
		return page[i:]
	}
	v0 := version(-1)
	before := live()
	for _, want := range []string{"<th>cost</th><td>2</td>", "Draw a card."} {
		if !strings.Contains(before, want) {
			t.Errorf("before the change: no %q in\n%s", want, before)
		}
	}
	write("cards/cards.yaml", "game: g\ncards:\n  - {name: C, type: t, cost: 5, power: 3, text: \"Draw three cards.\"}\n")
	v1 := version(v0)
	after := live()
	for _, want := range []string{"<th>cost</th><td>5</td>", "<th>power</th><td>3</td>", "Draw three cards."} {
		if !strings.Contains(after, want) {
			t.Errorf("after the change: no %q in\n%s", want, after)
		}
	}
	if strings.Contains(after, "<td>2</td>") || strings.Contains(after, "Draw a card.") {
		t.Errorf("after the change the old values remain:\n%s", after)
	}
	write("cards/cards.yaml", "game: g\ncards:\n  - {name: C, type: t, cost: [\n")
	version(v1)
	if still := live(); still != after {
		t.Errorf("a broken file changed the table:\n%s", still)
	}
	if _, js := get("/watch.js"); !strings.Contains(js, "[data-live]") || !strings.Contains(js, "innerHTML = now.innerHTML") {
		t.Error("/watch.js does not put the page's data-live parts in place")
	}
}
