package serve

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
	"weak"

	"github.com/deckwright/deckwright/cardsdb"
	"github.com/deckwright/deckwright/templates"
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
// it is looking (a file saved before is no change) and has reloaded once:
// it saves a file of its own (whole, by a rename) and waits until the
// version stays still for twice as long as that reload took, so that no
// late reload of its own save is taken for the test's change (a save made
// while a reload runs is reloaded once more, and a reload under -race
// takes long).
func startWatch(t *testing.T, s *Server, dir string, load Reload) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	go s.Watch(ctx, []string{dir}, 20*time.Millisecond, load)
	ws := s.watching
	select {
	case <-ws.ready:
	case <-time.After(30 * time.Second):
		t.Fatal("the watch did not start looking in 30 s")
	}
	start := time.Now()
	saveWhole(t, filepath.Join(dir, "started.txt"), "x")
	for {
		ws.mu.Lock()
		v := ws.version
		ws.mu.Unlock()
		if v > 0 {
			still := 100*time.Millisecond + 2*time.Since(start)
			for {
				time.Sleep(still)
				ws.mu.Lock()
				same := ws.version == v
				v = ws.version
				ws.mu.Unlock()
				if same {
					return
				}
			}
		}
		if time.Since(start) > 30*time.Second {
			t.Fatal("the watch saw no change in 30 s")
		}
		time.Sleep(10 * time.Millisecond)
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

// watchBundled holds the bundled games, loaded once for the watch tests:
// their reloads hand it back at once, so that they test the watch, not the
// time loading takes (seconds on a busy machine).
var watchBundled = sync.OnceValues(cardsdb.LoadBundled)

// reloadBundled is a Reload that gives the bundled games, loaded once.
func reloadBundled() (*cardsdb.DB, templates.Source, error) {
	db, err := watchBundled()
	return db, nil, err
}

// watchDir serves the bundled games and watches dir with load, until the
// test ends.
func watchDir(t *testing.T, dir string, load Reload) *Server {
	t.Helper()
	db, err := watchBundled()
	if err != nil {
		t.Fatal(err)
	}
	s, err := New(Config{DB: db, Decks: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	startWatch(t, s, dir, load)
	return s
}

// watchVersion waits for the watch's version to pass since and returns it
// with its error.
func watchVersion(t *testing.T, s *Server, since int) (int, string) {
	t.Helper()
	a := call(t, s.Handler(), "GET", "/api/watch?since="+itoa(since), "")
	var j struct {
		Version int    `json:"version"`
		Error   string `json:"error"`
	}
	if a.code != 200 || json.Unmarshal([]byte(a.body), &j) != nil {
		t.Fatalf("/api/watch: %d %s", a.code, a.body)
	}
	return j.Version, j.Error
}

// TestWatchReloadPanics: a reload that panics (a broken font saved into a
// game folder made gofpdf's font reader dereference nil, and the server
// died: issue 34) is an error shown on the pages; the server goes on, and
// the next good reload clears it.
func TestWatchReloadPanics(t *testing.T) {
	dir := t.TempDir()
	load := func() (*cardsdb.DB, templates.Source, error) {
		if _, err := os.Stat(filepath.Join(dir, "broken.ttf")); err == nil {
			var font *struct{ name []byte }
			_ = font.name // what a reader that was not written for the file does
		}
		return reloadBundled()
	}
	s := watchDir(t, dir, load)
	v0, _ := watchVersion(t, s, -1)
	saveWhole(t, filepath.Join(dir, "broken.ttf"), "not a font")
	v1, e := watchVersion(t, s, v0)
	if v1 != v0+1 || !strings.Contains(e, "reading the changed files failed (runtime error: invalid memory address or nil pointer dereference)") {
		t.Fatalf("after the broken file: version %d (was %d), error %q", v1, v0, e)
	}
	if a := call(t, s.Handler(), "GET", "/", ""); a.code != 200 {
		t.Fatalf("the server after the panic: %d", a.code)
	}
	if err := os.Remove(filepath.Join(dir, "broken.ttf")); err != nil {
		t.Fatal(err)
	}
	if v2, e := watchVersion(t, s, v1); v2 != v1+1 || e != "" {
		t.Errorf("after the file is gone: version %d, error %q", v2, e)
	}
}

// TestWatchIdle: the watch is told of changes by the file system, and looks
// at no file while nothing changes (it walked the whole folder every
// 250 ms: half a core for 100,000 files); a burst of saves is one reload, or
// very few.
func TestWatchIdle(t *testing.T) {
	dir := t.TempDir()
	var reloads atomic.Int64
	load := func() (*cardsdb.DB, templates.Source, error) {
		reloads.Add(1)
		return reloadBundled()
	}
	s := watchDir(t, dir, load)
	if s.watching.polling.Load() {
		t.Skip("no file-system notifications here: the watch looks at the files")
	}
	looks := snapshots.Load()
	time.Sleep(300 * time.Millisecond) // fifteen intervals
	if n := snapshots.Load() - looks; n > 0 {
		t.Errorf("the watch looked at the files %d times while nothing changed", n)
	}
	v0, _ := watchVersion(t, s, -1)
	before := reloads.Load()
	for i := range 20 {
		saveWhole(t, filepath.Join(dir, "card"+itoa(i)+".yaml"), "x")
	}
	if v1, _ := watchVersion(t, s, v0); v1 <= v0 {
		t.Fatalf("no reload after 20 saves")
	}
	time.Sleep(200 * time.Millisecond)
	if n := reloads.Load() - before; n > 4 {
		t.Errorf("20 saves at once made %d reloads; want them as one burst", n)
	}
}

// TestWatchPolls: where notifications cannot be had (here, more folders
// than maxWatchDirs), the watch looks at the files and still sees a save.
func TestWatchPolls(t *testing.T) {
	defer func(n int) { maxWatchDirs = n }(maxWatchDirs)
	maxWatchDirs = 0
	dir := t.TempDir()
	s := watchDir(t, dir, reloadBundled)
	if !s.watching.polling.Load() {
		t.Fatal("the watch did not fall back to looking at the files")
	}
	v0, _ := watchVersion(t, s, -1)
	saveWhole(t, filepath.Join(dir, "cards.yaml"), "game: g\n")
	if v1, e := watchVersion(t, s, v0); v1 != v0+1 || e != "" {
		t.Errorf("after a save: version %d (was %d), error %q", v1, v0, e)
	}
}

// TestWatchFolderRemoved: a watched folder removed and made again is seen
// again (nothing notifies of a folder coming back: the watch looks at the
// files from then on).
func TestWatchFolderRemoved(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "game")
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	s := watchDir(t, dir, reloadBundled)
	if s.watching.polling.Load() {
		t.Skip("no file-system notifications here: the watch looks at the files")
	}
	v0, _ := watchVersion(t, s, -1)
	if err := os.RemoveAll(dir); err != nil {
		t.Fatal(err)
	}
	v1, _ := watchVersion(t, s, v0)
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "cards.yaml"), []byte("game: g\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if v2, _ := watchVersion(t, s, v1); v2 <= v1 {
		t.Errorf("the folder made again was not seen: version %d", v2)
	}
}

// TestClosedServerIsFreed closes a server whose live-preview state was
// set: nothing of the package holds on to it after, so it is collected
// (a package-level map of servers' states kept every one for ever).
func TestClosedServerIsFreed(t *testing.T) {
	s, err := New(Config{DB: bundledDB(t), Decks: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	s.SetTemplates(nil)
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	wp := weak.Make(s)
	s = nil
	for range 3 {
		runtime.GC()
	}
	if wp.Value() != nil {
		t.Error("a closed server is still reachable after garbage collection")
	}
}
