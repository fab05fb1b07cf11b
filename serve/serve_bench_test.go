package serve

import (
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// BenchmarkServeFirstPage is the deck editor's first load as the browser
// makes it: the page, its script and its style sheet, and the card grid
// its script asks for, over a real loopback connection.
func BenchmarkServeFirstPage(b *testing.B) {
	ts, decks := newTestServer(b)
	if err := os.WriteFile(filepath.Join(decks, "mine.txt"), []byte(legalDecklist+"3 Rogue Star\n"), 0o644); err != nil {
		b.Fatal(err)
	}
	urls := []string{"/deck?name=mine.txt", "/static/app.js", "/static/style.css", "/partial/cards?game=seeker-chronicles&editor=1"}
	for b.Loop() {
		for _, u := range urls {
			r, err := http.Get(ts.URL + u)
			if err != nil {
				b.Fatal(err)
			}
			io.Copy(io.Discard, r.Body)
			r.Body.Close()
			if r.StatusCode != 200 {
				b.Fatalf("%s: %d", u, r.StatusCode)
			}
		}
	}
}

// BenchmarkServeCheck is one live validation round trip of the editor:
// the decklist posted, validate and stats run, the findings and charts
// rendered.
func BenchmarkServeCheck(b *testing.B) {
	ts, _ := newTestServer(b)
	deck := legalDecklist + "3 Rouge Star\n"
	for b.Loop() {
		r, err := http.Post(ts.URL+"/partial/check", "text/plain", strings.NewReader(deck))
		if err != nil {
			b.Fatal(err)
		}
		io.Copy(io.Discard, r.Body)
		r.Body.Close()
		if r.StatusCode != 200 {
			b.Fatal(r.StatusCode)
		}
	}
}

// BenchmarkServeAPIValidate is POST /api/validate alone.
func BenchmarkServeAPIValidate(b *testing.B) {
	ts, _ := newTestServer(b)
	deck := legalDecklist + "3 Rouge Star\n"
	for b.Loop() {
		r, err := http.Post(ts.URL+"/api/validate", "text/plain", strings.NewReader(deck))
		if err != nil {
			b.Fatal(err)
		}
		io.Copy(io.Discard, r.Body)
		r.Body.Close()
	}
}

// BenchmarkServeFace draws one card face (a text proxy) for the grid, not
// from the cache: a fresh server for each round.
func BenchmarkServeFace(b *testing.B) {
	for b.Loop() {
		b.StopTimer()
		ts, _ := newTestServer(b)
		b.StartTimer()
		r, err := http.Get(ts.URL + "/face/seeker-chronicles/Spacetime%20Curvature.png")
		if err != nil {
			b.Fatal(err)
		}
		io.Copy(io.Discard, r.Body)
		r.Body.Close()
		if r.StatusCode != 200 {
			b.Fatal(r.StatusCode)
		}
	}
}
