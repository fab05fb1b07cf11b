package serve

// The server answers from the libraries, and its tests live beside it,
// the browser's too (browser_test.go). The command's package keeps the
// tests that need the command line itself: TestServeAPISameAsCLI compares
// the API's answers with what --json prints.

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"html"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/deckwright/deckwright/cardsdb"
	"github.com/deckwright/deckwright/templates"
)

// The deck in the body gets the name it was given, not a temporary path.
func TestServeAPIStatsBody(t *testing.T) {
	ts, _ := newTestServer(t)
	got := do(t, "POST", ts.URL+"/api/stats?name=mine.txt", "game: seeker-chronicles\n3 Comet\n2 Laika\n", "Content-Type", "text/plain")
	if got.code != 200 {
		t.Fatalf("status %d: %s", got.code, got.body)
	}
	var st struct {
		Deck  string `json:"deck"`
		Cards int    `json:"cards"`
	}
	if err := json.Unmarshal([]byte(got.body), &st); err != nil {
		t.Fatal(err)
	}
	if st.Deck != "mine.txt" || st.Cards != 5 {
		t.Errorf("deck %q with %d cards, want mine.txt with 5", st.Deck, st.Cards)
	}
	if strings.Contains(got.body, os.TempDir()) {
		t.Errorf("answer shows a temporary path:\n%s", got.body)
	}
}

func TestServePages(t *testing.T) {
	ts, decks := newTestServer(t)
	if err := os.WriteFile(filepath.Join(decks, "saved.txt"), []byte(typoDeck), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name, path string
		code       int
		want       []string
	}{
		{"home", "/", 200, []string{"Seeker Chronicles", "Arkhtide", "saved.txt", "seeker-chronicles/cosmos"}},
		{"cards", "/cards?game=seeker-chronicles&q=comet", 200, []string{`<div class="caption">Comet`, "/card/seeker-chronicles/Comet", `src="/face/seeker-chronicles/Comet.png"`}},
		{"cards cost", "/cards?game=seeker-chronicles&cost=0&costop=%3D&type=module", 200, []string{"cards", "--where=cost=0"}},
		{"cards bad where", "/cards?where=bogus%3C%3D1", 200, []string{"error-panel", "bogus"}},
		{"card", "/card/seeker-chronicles/Comet", 200, []string{"<h1>Comet", "provisional", "link_cost"}},
		{"card sample", "/card/hubworld/Hushed%20Novice", 200, []string{"sample"}},
		{"card missing", "/card/seeker-chronicles/Nope", 404, []string{"error-panel", `no card &#34;Nope&#34;`}},
		{"art none", "/art/seeker-chronicles/Comet", 404, []string{"has no image"}},
		{"face unknown", "/face/seeker-chronicles/Nope.png", 404, []string{"no card"}},
		{"face unknown game", "/face/nope/Comet.png", 404, []string{"error-panel"}},
		{"deck new", "/deck?game=arkhtide", 200, []string{"deck-text", `value="arkhtide" selected`}},
		{"deck saved", "/deck?name=saved.txt", 200, []string{"3 Rouge Star", `href="/print?deck=saved.txt"`}},
		{"deck bundled", "/deck?bundled=seeker-chronicles/cosmos", 200, []string{"Cosmos starter", `placeholder="cosmos-copy.yaml"`, `href="/print?deck=seeker-chronicles%2fcosmos"`, "Make an editable copy"}},
		{"deck bundled without game line", "/deck?bundled=kaizerseat/starter", 200, []string{`value="kaizerseat" selected`}},
		{"deck missing", "/deck?name=nope.txt", 404, []string{"no saved deck"}},
		{"deck bad name", "/deck?name=..%2F..%2Fetc%2Fpasswd", 404, []string{"folder"}},
		{"print", "/print?deck=saved.txt", 200, []string{"print-form", `value="saved.txt" selected`}},
		{"print name", "/print?name=seeker-chronicles%2Forder", 200, []string{"print-form", `value="seeker-chronicles/order" selected`, `name="deck" value="seeker-chronicles/order"`}},
		{"playtest name", "/playtest?name=seeker-chronicles%2Forder", 200, []string{"playtest-form", `name="deck" value="seeker-chronicles/order"`}},
		{"playtest", "/playtest", 200, []string{"playtest-form", "seeker-chronicles/cosmos"}},
		{"static", "/static/app.js", 200, []string{"deckwright serve"}},
		{"download", "/decks/saved.txt", 200, []string{"Rouge Star"}},
		{"not found", "/nope", 404, []string{"no page /nope"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := do(t, "GET", ts.URL+tt.path, "")
			if got.code != tt.code {
				t.Errorf("GET %s: status %d, want %d\n%s", tt.path, got.code, tt.code, got.body)
			}
			for _, w := range tt.want {
				if !strings.Contains(got.body, w) {
					t.Errorf("GET %s: no %q in\n%.3000s", tt.path, w, got.body)
				}
			}
			if strings.Contains(got.body, "goroutine ") || strings.Contains(got.body, "panic") {
				t.Errorf("GET %s shows a stack trace", tt.path)
			}
			if csp := got.hdr.Get("Content-Security-Policy"); !strings.Contains(csp, "default-src 'self'") {
				t.Errorf("GET %s: Content-Security-Policy %q", tt.path, csp)
			}
		})
	}
}

func TestServePartials(t *testing.T) {
	ts, _ := newTestServer(t)
	tests := []struct {
		name, method, path, body, ctype string
		code                            int
		want                            []string
	}{
		{"check typo", "POST", "/partial/check", typoDeck, "text/plain", 200, []string{"NOT legal", `no card named &#34;Rouge Star&#34; in Seeker Chronicles; did you mean &#34;Rogue Star&#34;?`, "[unknown-card]"}},
		{"check unreadable", "POST", "/partial/check", "sections:\n  - [\n", "text/plain", 200, []string{"NOT legal", "[input]"}},
		{"check no game", "POST", "/partial/check?game=", "3 Comet\n", "text/plain", 200, []string{"NOT legal", "deck names no game", "[input]"}},
		{"check legal", "POST", "/partial/check?name=mine", legalDecklist + "3 Rogue Star\n", "text/plain", 200, []string{"verdict legal", "mine.txt: 46 cards", "46 cards of this deck carry provisional values", "Cost curve (link_cost)", "<svg", "a given 3-of"}},
		{"check sample", "POST", "/partial/check", "game: hubworld\n2 Hushed Novice\n", "text/plain", 200, []string{"2 cards of this deck are samples"}},
		{"cards grid", "GET", "/partial/cards?game=seeker-chronicles&q=rogue&editor=1", "", "", 200, []string{"data-add=\"Rogue Star\""}},
		{"hand", "POST", "/partial/hand?game=seeker-chronicles&seed=7", "game: seeker-chronicles\n3 Comet\n3 Laika\n", "text/plain", 200, []string{"Opening hand of 2", "seed <code id=\"hand-seed\">7</code>"}},
		{"hand unreadable", "POST", "/partial/hand", "", "text/plain", 200, []string{"error-panel"}},
		{"convert to yaml", "POST", "/convert?to=yaml&game=seeker-chronicles", "Guardians:\nJohnson\nStack:\n3 Rogue Star\n", "text/plain", 200, []string{"game: seeker-chronicles\nsections:\n  Guardians:\n    - {name: Johnson, count: 1}\n  Stack:\n    - {name: Rogue Star, count: 3}\n"}},
		{"convert to txt", "POST", "/convert?to=txt", "game: arkhtide\nsections:\n  main: {Gutter Crew: 2}\n", "text/plain", 200, []string{"game: arkhtide\n\nmain:\n2 Gutter Crew\n"}},
		{"convert refused", "POST", "/convert?to=yaml", "3 Rogue Star\n", "text/plain", 400, []string{"deck:1:1: \"Rogue Star\" comes before any section header"}},
		{"convert bad target", "POST", "/convert?to=pdf", "3 Rogue Star\n", "text/plain", 400, []string{"want txt or yaml"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := do(t, tt.method, ts.URL+tt.path, tt.body, "Content-Type", tt.ctype)
			if got.code != tt.code {
				t.Errorf("%s %s: status %d, want %d\n%s", tt.method, tt.path, got.code, tt.code, got.body)
			}
			for _, w := range tt.want {
				if !strings.Contains(got.body, w) {
					t.Errorf("%s %s: no %q in\n%.3000s", tt.method, tt.path, w, got.body)
				}
			}
		})
	}
	// The same seed draws the same hand; the hand is drawn from the deck.
	a := do(t, "POST", ts.URL+"/partial/hand?seed=42", "game: seeker-chronicles\n3 Comet\n3 Laika\n")
	b := do(t, "POST", ts.URL+"/partial/hand?seed=42", "game: seeker-chronicles\n3 Comet\n3 Laika\n")
	if a.body != b.body || strings.Count(a.body, "<li>") != 2 {
		t.Errorf("hands for one seed differ or are not 2 cards:\n%s\n%s", a.body, b.body)
	}
}

// The grid's card images are text proxies drawn by package faces from the
// PDF's templates; a sample card carries its notice.
func TestServeFaces(t *testing.T) {
	ts, _ := newTestServer(t)
	comet := facePNG(t, ts.URL+"/face/seeker-chronicles/Comet.png")
	again := facePNG(t, ts.URL+"/face/seeker-chronicles/Comet.png") // from the cache
	if imagesDiffer(comet, again) {
		t.Error("the same face drawn twice differs")
	}
	laika := facePNG(t, ts.URL+"/face/seeker-chronicles/Laika.png")
	if !imagesDiffer(comet, laika) {
		t.Error("Comet and Laika have the same face")
	}
	facePNG(t, ts.URL+"/face/hubworld/Hushed%20Novice.png")
}

func TestServeDecks(t *testing.T) {
	ts, decks := newTestServer(t)
	got := do(t, "PUT", ts.URL+"/api/decks/mine.txt", typoDeck, "Content-Type", "text/plain")
	if got.code != 200 || !strings.Contains(got.body, `"saved": "mine.txt"`) {
		t.Fatalf("PUT: %d %s", got.code, got.body)
	}
	data, err := os.ReadFile(filepath.Join(decks, "mine.txt"))
	if err != nil || string(data) != typoDeck {
		t.Fatalf("saved file: %q, %v", data, err)
	}
	if got := do(t, "GET", ts.URL+"/api/decks/mine.txt", ""); got.body != typoDeck {
		t.Errorf("GET deck: %q", got.body)
	}
	if got := do(t, "GET", ts.URL+"/api/decks", ""); !strings.Contains(got.body, `"mine.txt"`) {
		t.Errorf("GET decks: %s", got.body)
	}
	entries, _ := os.ReadDir(decks)
	if len(entries) != 1 {
		t.Errorf("decks folder holds %d files after a save, want 1 (no temporary file left)", len(entries))
	}
	bad := []struct{ name, path string }{
		{"dot dot", "/api/decks/..%2Fescape.txt"},
		{"slash", "/api/decks/a%2Fb.txt"},
		{"hidden", "/api/decks/.hidden.txt"},
		{"extension", "/api/decks/evil.sh"},
		{"control", "/api/decks/a%1Bb.txt"},
		{"absolute", "/api/decks/%2Fetc%2Fx.txt"},
	}
	for _, b := range bad {
		t.Run(b.name, func(t *testing.T) {
			got := do(t, "PUT", ts.URL+b.path, "3 Comet\n", "Content-Type", "text/plain")
			if got.code != 400 && got.code != 404 {
				t.Errorf("PUT %s: status %d, want 400: %s", b.path, got.code, got.body)
			}
			if !strings.Contains(got.body, `"error"`) {
				t.Errorf("PUT %s: no error message: %s", b.path, got.body)
			}
		})
	}
	if _, err := os.Stat(filepath.Join(filepath.Dir(decks), "escape.txt")); err == nil {
		t.Error("a deck was written outside the decks folder")
	}
	// A symbolic link in the folder is never followed out of it.
	outside := filepath.Join(t.TempDir(), "outside.txt")
	os.WriteFile(outside, []byte("secret"), 0o644)
	if err := os.Symlink(outside, filepath.Join(decks, "link.txt")); err != nil {
		t.Skip(err)
	}
	if got := do(t, "GET", ts.URL+"/api/decks/link.txt", ""); got.code == 200 || strings.Contains(got.body, "secret") {
		t.Errorf("GET through a link: %d %s", got.code, got.body)
	}
	if got := do(t, "PUT", ts.URL+"/api/decks/link.txt", "3 Comet\n"); got.code == 200 {
		t.Errorf("PUT over a link: %d %s", got.code, got.body)
	}
	if data, _ := os.ReadFile(outside); string(data) != "secret" {
		t.Errorf("the file outside was changed: %q", data)
	}
}

func TestServePlaytestStream(t *testing.T) {
	ts, _ := newTestServer(t)
	req, _ := http.NewRequest("POST", ts.URL+"/playtest/run", strings.NewReader("deck=seeker-chronicles%2Fcosmos&games=4000&seed=3"))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	r, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Body.Close()
	sc := bufio.NewScanner(r.Body)
	sc.Buffer(nil, 4<<20)
	progress, html := 0, ""
	for sc.Scan() {
		var m map[string]any
		if err := json.Unmarshal(sc.Bytes(), &m); err != nil {
			t.Fatalf("line %q: %v", sc.Text(), err)
		}
		if _, ok := m["done"]; ok {
			progress++
		}
		if h, ok := m["html"].(string); ok {
			html = h
		}
	}
	if progress == 0 {
		t.Error("no progress line")
	}
	for _, w := range []string{"4000 games", "<svg", "<polyline", "Comet", "Played: per game on average", "Dead: copies in hand at the end", `class="hlab">`} {
		if !strings.Contains(html, w) {
			t.Errorf("report has no %q:\n%.2000s", w, html)
		}
	}
	// An illegal deck gets the findings, not a report.
	bad := do(t, "POST", ts.URL+"/playtest/run", url.Values{"text": {typoDeck}}.Encode(), "Content-Type", "application/x-www-form-urlencoded")
	if !strings.Contains(bad.body, "error-panel") || !strings.Contains(bad.body, "Rogue Star") {
		t.Errorf("illegal deck: %s", bad.body)
	}
}

// Long work stops when the browser goes away.
func TestServeCancel(t *testing.T) {
	ts, _ := newTestServer(t)
	ctx, cancel := context.WithCancel(context.Background())
	req, _ := http.NewRequestWithContext(ctx, "POST", ts.URL+"/api/goldfish?deck=seeker-chronicles/cosmos&games=200000&policy=planner", nil)
	done := make(chan struct{})
	go func() {
		r, err := http.DefaultClient.Do(req)
		if err == nil {
			r.Body.Close()
		}
		close(done)
	}()
	time.Sleep(300 * time.Millisecond)
	cancel()
	<-done
	// The server's handler must be free again soon: a new request is
	// answered while the cancelled run would still be playing.
	got := do(t, "POST", ts.URL+"/api/validate", typoDeck)
	if got.code != 200 {
		t.Errorf("after cancel: %d %s", got.code, got.body)
	}
	// httptest.Server.Close (in Cleanup) waits for every handler: it
	// hangs, and the test times out, if the run was not cancelled.
}

// Card art is sent from the game's folder only: a link out of it is not
// followed.
func TestServeArt(t *testing.T) {
	dir := t.TempDir()
	game := filepath.Join(dir, "mini")
	for name, text := range map[string]string{
		"game.yaml":       "id: mini\nname: Mini\ncard_size: {width: 63, height: 88}\ntypes:\n  - {id: unit, name: Unit}\nsections:\n  - {id: main, name: Main, types: [unit]}\n",
		"cards/core.yaml": "game: mini\ncards:\n  - {name: Alpha, type: unit, image: ../art/alpha.png}\n  - {name: Beta, type: unit, image: ../art/beta.png}\n  - {name: Gamma, type: unit}\n",
	} {
		os.MkdirAll(filepath.Dir(filepath.Join(game, name)), 0o755)
		if err := os.WriteFile(filepath.Join(game, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	os.MkdirAll(filepath.Join(game, "art"), 0o755)
	var art bytes.Buffer
	img := image.NewRGBA(image.Rect(0, 0, 6, 8))
	draw.Draw(img, img.Bounds(), image.NewUniform(color.RGBA{200, 10, 10, 255}), image.Point{}, draw.Src)
	if err := png.Encode(&art, img); err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(game, "art", "alpha.png"), art.Bytes(), 0o644)
	secret := filepath.Join(dir, "secret.png")
	os.WriteFile(secret, []byte("secret outside the game folder"), 0o644)
	if err := os.Symlink(secret, filepath.Join(game, "art", "beta.png")); err != nil {
		t.Skip(err)
	}
	db := cardsdb.Empty()
	if err := db.AddPath(game); err != nil {
		t.Fatal(err)
	}
	srv, err := New(Config{DB: db, Decks: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(srv.Handler())
	defer func() { ts.Close(); srv.Close() }()

	got := do(t, "GET", ts.URL+"/art/mini/Alpha", "")
	if got.code != 200 || got.body != art.String() || got.hdr.Get("Content-Type") != "image/png" {
		t.Errorf("Alpha: %d %s %d bytes", got.code, got.hdr.Get("Content-Type"), len(got.body))
	}
	got = do(t, "GET", ts.URL+"/art/mini/Beta", "")
	if got.code != 404 || strings.Contains(got.body, "secret") {
		t.Errorf("Beta (a link out of the folder): %d %s", got.code, got.body)
	}
	got = do(t, "GET", ts.URL+"/cards?game=mini", "")
	for _, w := range []string{`<img class="face" src="/face/mini/Alpha.png"`, `src="/face/mini/Gamma.png"`, `title="drawn from the card&#39;s art"`, `title="text proxy, as the PDF prints it"`} {
		if !strings.Contains(got.body, w) {
			t.Errorf("grid has no %s:\n%.2000s", w, got.body)
		}
	}
	// The faces are drawn by package faces: the art, or a text proxy
	// (also for Beta, whose art leads out of the folder).
	alpha := facePNG(t, ts.URL+"/face/mini/Alpha.png")
	gamma := facePNG(t, ts.URL+"/face/mini/Gamma.png")
	beta := facePNG(t, ts.URL+"/face/mini/Beta.png")
	if r, _, _, _ := alpha.At(alpha.Bounds().Dx()/2, alpha.Bounds().Dy()/2).RGBA(); r>>8 < 100 {
		t.Errorf("Alpha's face is not drawn from its (red-dot) art")
	}
	if !imagesDiffer(alpha, gamma) {
		t.Errorf("Alpha (art) and Gamma (proxy) faces are the same")
	}
	if r, g, _, _ := beta.At(beta.Bounds().Dx()/2, beta.Bounds().Dy()/2).RGBA(); r>>8 > 150 && g>>8 < 50 {
		t.Errorf("Beta's face looks drawn from art that leads out of the folder")
	}
}

// facePNG fetches a face and decodes it: a portrait card image at FaceDPI.
func facePNG(t *testing.T, u string) image.Image {
	t.Helper()
	got := do(t, "GET", u, "")
	if got.code != 200 || got.hdr.Get("Content-Type") != "image/png" {
		t.Fatalf("GET %s: %d %s %.200s", u, got.code, got.hdr.Get("Content-Type"), got.body)
	}
	img, err := png.Decode(strings.NewReader(got.body))
	if err != nil {
		t.Fatalf("GET %s: %v", u, err)
	}
	if b := img.Bounds(); b.Dx() < 240 || b.Dx() > 256 || b.Dy() < 340 || b.Dy() > 352 {
		t.Errorf("GET %s: %v, want a 63 x 88 mm card at 100 DPI", u, b)
	}
	return img
}

func imagesDiffer(a, b image.Image) bool {
	if a.Bounds() != b.Bounds() {
		return true
	}
	for y := a.Bounds().Min.Y; y < a.Bounds().Max.Y; y += 7 {
		for x := a.Bounds().Min.X; x < a.Bounds().Max.X; x += 7 {
			if a.At(x, y) != b.At(x, y) {
				return true
			}
		}
	}
	return false
}

// Requests run their commands at the same time over one database (the
// CI runs this under -race).
func TestServeConcurrent(t *testing.T) {
	ts, _ := newTestServer(t)
	var wg sync.WaitGroup
	errs := make(chan string, 64)
	for i := range 12 {
		wg.Go(func() {
			var r *http.Response
			var err error
			switch i % 4 {
			case 0:
				r, err = http.Post(ts.URL+"/api/validate", "text/plain", strings.NewReader(typoDeck))
			case 1:
				r, err = http.Post(ts.URL+"/partial/check", "text/plain", strings.NewReader(legalDecklist))
			case 2:
				r, err = http.Get(ts.URL + "/api/cards?q=star")
			case 3:
				r, err = http.Post(ts.URL+"/api/goldfish?deck=seeker-chronicles/order&games=200", "text/plain", nil)
			}
			if err != nil {
				errs <- err.Error()
				return
			}
			io.Copy(io.Discard, r.Body)
			r.Body.Close()
			if r.StatusCode != 200 {
				errs <- fmt.Sprintf("request %d: status %d", i, r.StatusCode)
			}
		})
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Error(e)
	}
}

// Bad input gets the command's own message as JSON, never a 500.
func TestServeAPIBadInput(t *testing.T) {
	ts, _ := newTestServer(t)
	tests := []struct {
		name, method, path, body string
		code                     int
		want                     string
	}{
		{"cards bad where", "GET", "/api/cards?where=bogus%3C%3D1", "", 400, `"error": "--where`},
		{"cards bad game", "GET", "/api/cards?game=nope", "", 400, `"error": "--game: `},
		{"validate empty", "POST", "/api/validate", "", 400, `"rule": "input"`},
		{"validate bad game", "POST", "/api/validate?game=nope", "3 Comet\n", 400, `"error": "--game: `},
		{"stats unreadable", "POST", "/api/stats", "game: seeker-chronicles\n1000 Comet\n", 400, `"error": "`},
		{"stats no deck", "POST", "/api/stats", "", 400, `"error": "no deck`},
		{"stats bad turns", "POST", "/api/stats?deck=seeker-chronicles/cosmos&turns=99", "", 400, `"error": "--turns 99: want 1 to 50"`},
		{"goldfish illegal", "POST", "/api/goldfish", typoDeck, 200, `"legal": false`},
		{"goldfish no engine", "POST", "/api/goldfish?deck=hubworld/sample", "", 400, `has no playtest: add a playtest block`},
		{"compare unknown deck", "POST", "/api/compare?a=seeker-chronicles/cosmos&b=nope.txt", "", 400, `"error": "no saved deck \"nope.txt\""`},
		{"compare two games", "POST", "/api/compare?a=seeker-chronicles/cosmos&b=arkhtide/three-factions&games=10", "", 400, `"error": "`},
		{"goldfish bad games", "POST", "/api/goldfish?deck=seeker-chronicles/cosmos&games=abc", "", 400, `"error": "invalid argument \"abc\" for \"--games\"`},
		{"deck get bad name", "GET", "/api/decks/%2E%2E", "", 404, `"error": "deck name \"..\" contains`},
		{"deck get missing", "GET", "/api/decks/nope.txt", "", 404, `"error": "no saved deck`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := do(t, tt.method, ts.URL+tt.path, tt.body, "Content-Type", "text/plain")
			if got.code != tt.code || !strings.Contains(got.body, tt.want) {
				t.Errorf("%s %s: %d %s\nwant %d with %s", tt.method, tt.path, got.code, got.body, tt.code, tt.want)
			}
			if ct := got.hdr.Get("Content-Type"); ct != "application/json" {
				t.Errorf("Content-Type %q", ct)
			}
		})
	}
	bad := do(t, "POST", ts.URL+"/playtest/run", "deck=seeker-chronicles%2Fcosmos&games=abc", "Content-Type", "application/x-www-form-urlencoded")
	if !strings.Contains(bad.body, `error-panel`) || !strings.Contains(bad.body, "games must be a number from 1 to 200,000") {
		t.Errorf("playtest with games=abc: %s", bad.body)
	}
}

// compare streams its progress and draws its figures as a table.
func TestServeCompareStream(t *testing.T) {
	ts, decks := newTestServer(t)
	if err := os.WriteFile(filepath.Join(decks, "mine.txt"), []byte(legalDecklist+"3 Rogue Star\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	got := do(t, "POST", ts.URL+"/playtest/compare", "a=mine.txt&b=seeker-chronicles%2Fcosmos&games=1500", "Content-Type", "application/x-www-form-urlencoded")
	lines := strings.Split(strings.TrimSpace(got.body), "\n")
	var last map[string]string
	if err := json.Unmarshal([]byte(lines[len(lines)-1]), &last); err != nil {
		t.Fatalf("%v: %s", err, got.body)
	}
	if len(lines) < 2 {
		t.Errorf("no progress line before the report: %s", got.body)
	}
	for _, w := range []string{"mine.txt (A) against Cosmos starter (B): 1500 paired games", "<td>win_turn</td>", "no difference"} {
		if !strings.Contains(last["html"], w) {
			t.Errorf("report has no %q:\n%s", w, last["html"])
		}
	}
	if strings.Contains(got.body, decks) {
		t.Errorf("the report shows the decks folder's path: %s", got.body)
	}
}

// The playtest page's form offers the settings the deck's game's engine
// declares, with their values, and no other game's (issue 23: no Nature
// or Arkhtide options on a Kaizerseat deck).
func TestServePlaytestForm(t *testing.T) {
	ts, _ := newTestServer(t)
	for _, tt := range []struct {
		deck      string
		want, not []string
	}{
		{"seeker-chronicles/cosmos", []string{
			`<select name="policy"><option value="">the game's default</option><option>greedy</option>`,
			`<select name="mode"><option value="">the game's default</option><option>goldfish</option><option>nature</option></select>`,
			`<select name="difficulty"><option value="">the game's default</option><option>apprentice</option><option>seeker</option></select>`,
		}, []string{`name="opponent"`}},
		{"arkhtide/three-factions", []string{
			`<select name="opponent"><option value="">the game's default</option><option>empty</option><option>passive</option></select>`,
		}, []string{`name="difficulty"`, `name="mode"`}},
		{"kaizerseat/starter", nil, []string{`name="difficulty"`, `name="mode"`, `name="opponent"`, `name="policy"`}},
	} {
		got := do(t, "GET", ts.URL+"/playtest?deck="+tt.deck, "")
		for _, want := range tt.want {
			if !strings.Contains(got.body, want) {
				t.Errorf("%s: the playtest page has no %s", tt.deck, want)
			}
		}
		for _, not := range tt.not {
			if strings.Contains(got.body, not) {
				t.Errorf("%s: the playtest page offers %s, not a setting of its game", tt.deck, not)
			}
		}
	}
}

// A draft that breaks the deck-building rules is refused with the way to
// play it anyway; "Play anyway" (?force=) plays it as goldfish --force
// does, and the report says so; a card the game does not have is never
// played.
func TestServePlaytestForce(t *testing.T) {
	ts, _ := newTestServer(t)
	form := func(v url.Values) string {
		body := do(t, "POST", ts.URL+"/playtest/run", v.Encode(), "Content-Type", "application/x-www-form-urlencoded").body
		lines := strings.Split(strings.TrimSpace(body), "\n")
		var last struct{ HTML string }
		if err := json.Unmarshal([]byte(lines[len(lines)-1]), &last); err != nil {
			t.Fatalf("%v: %.300s", err, body)
		}
		return html.UnescapeString(last.HTML)
	}
	refused := form(url.Values{"text": {legalDecklist}, "games": {"50"}})
	if !strings.Contains(refused, "error-panel") || !strings.Contains(refused, `tick "Play anyway"`) {
		t.Errorf("a draft without force: %.1500s", refused)
	}
	played := form(url.Values{"text": {legalDecklist}, "games": {"50"}, "force": {"on"}})
	if strings.Contains(played, "error-panel") || !strings.Contains(played, "50 games") || !strings.Contains(played, "Played anyway: the deck breaks the deck-building rules (1 problem") {
		t.Errorf("a draft with force: %.1500s", played)
	}
	typo := form(url.Values{"text": {typoDeck}, "games": {"50"}, "force": {"on"}})
	if !strings.Contains(typo, "error-panel") || !strings.Contains(typo, "even with") {
		t.Errorf("unknown cards with force: %.1500s", typo)
	}

	api := do(t, "POST", ts.URL+"/api/goldfish?games=50&force=true", legalDecklist, "Content-Type", "text/plain")
	if api.code != 200 || !strings.Contains(api.body, `"forced": {`) || !strings.Contains(api.body, `"rule_problems": 1`) {
		t.Errorf("API with force=true: %d %.600s", api.code, api.body)
	}
	if got := do(t, "POST", ts.URL+"/api/goldfish?games=50", legalDecklist, "Content-Type", "text/plain"); !strings.Contains(got.body, `"legal": false`) {
		t.Errorf("API without force: %d %.600s", got.code, got.body)
	}
	if got := do(t, "POST", ts.URL+"/api/goldfish?games=50&force=maybe", legalDecklist, "Content-Type", "text/plain"); got.code != 400 || !strings.Contains(got.body, `for \"--force\" flag`) {
		t.Errorf("API with force=maybe: %d %.600s", got.code, got.body)
	}
}

// The draw-odds heading names what the hand is drawn from: a section
// (the Stack), or the whole deck for a game whose draw: block names none.
func TestServeOddsHeading(t *testing.T) {
	db, err := cardsdb.LoadBundled()
	if err != nil {
		t.Fatal(err)
	}
	if err := db.AddPath(filepath.Join("..", "docs", "examples", "mechanics", "orchard")); err != nil {
		t.Fatal(err)
	}
	srv, err := New(Config{DB: db, Decks: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { srv.Close() })
	deck, err := os.ReadFile(filepath.Join("..", "docs", "examples", "mechanics", "orchard", "decks", "sun.txt"))
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct{ name, deck, want string }{
		{"section", legalDecklist + "3 Rogue Star\n", "(drawing from the Stack, 40 cards; opening hand 2)</h4>"},
		{"whole deck", string(deck), "(drawing from the deck, "},
	} {
		got := call(t, srv.Handler(), "POST", "/partial/check", tt.deck)
		i := strings.Index(got.body, "Draw odds:")
		if i < 0 || !strings.Contains(got.body[i:], tt.want) || strings.Contains(got.body, "(, ") {
			t.Errorf("%s: the heading is not %q: %.300s", tt.name, tt.want, got.body[max(i, 0):])
		}
	}
}

// The grid's tooltip says what a face is drawn from, as the print summary
// counts faces: a card of a type with the game's own template is drawn
// from that template (a designed face), not a text proxy.
func TestServeFaceTooltip(t *testing.T) {
	game := filepath.Join(t.TempDir(), "mini")
	for name, text := range map[string]string{
		"game.yaml":           "id: mini\nname: Mini\ncard_size: {width: 63, height: 88}\ntypes:\n  - {id: unit, name: Unit}\n  - {id: spell, name: Spell}\nsections:\n  - {id: main, name: Main, types: [unit, spell]}\n",
		"cards/core.yaml":     "game: mini\ncards:\n  - {name: Alpha, type: unit}\n  - {name: Omega, type: spell}\n",
		"templates/unit.yaml": "size: {width: 63, height: 88}\nlayers:\n  - {name: title, content: \"{{.Name}}\", x: 3, y: 3, w: 57, h: 10}\n",
	} {
		if err := os.MkdirAll(filepath.Dir(filepath.Join(game, name)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(game, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	db := cardsdb.Empty()
	if err := db.AddPath(game); err != nil {
		t.Fatal(err)
	}
	set, err := templates.LoadBundled()
	if err != nil {
		t.Fatal(err)
	}
	if err := set.AddFSFor(os.DirFS(filepath.Join(game, "templates")), "templates/", "mini"); err != nil {
		t.Fatal(err)
	}
	srv, err := New(Config{DB: db, Decks: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { srv.Close() })
	srv.SetTemplates(set)
	got := call(t, srv.Handler(), "GET", "/cards?game=mini", "")
	for _, w := range []string{
		`src="/face/mini/Alpha.png" alt="Alpha: unit" title="drawn from your template templates/unit.yaml, as the PDF prints it"`,
		`src="/face/mini/Omega.png" alt="Omega: spell" title="text proxy, as the PDF prints it"`,
	} {
		if !strings.Contains(got.body, w) {
			t.Errorf("grid has no %s:\n%.2000s", w, got.body)
		}
	}
}
