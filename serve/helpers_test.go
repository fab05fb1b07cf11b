package serve

import (
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// newTestServer serves the bundled games with decks in a fresh folder;
// run answers the commands the server still runs (print, goldfish,
// compare), nil for none.
func newTestServer(t testing.TB, run Runner) (*httptest.Server, string) {
	t.Helper()
	decks := t.TempDir()
	srv, err := New(Config{DB: bundledDB(t), Run: run, Decks: decks})
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(srv.Handler())
	t.Cleanup(func() { ts.Close(); srv.Close() })
	return ts, decks
}

type resp struct {
	code int
	body string
	hdr  http.Header
}

// do sends a request; hdr holds header names and values in turn ("Host"
// sets the request's Host).
func do(t testing.TB, method, u, body string, hdr ...string) resp {
	t.Helper()
	req, err := http.NewRequest(method, u, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i+1 < len(hdr); i += 2 {
		if hdr[i] == "Host" {
			req.Host = hdr[i+1]
			continue
		}
		req.Header.Set(hdr[i], hdr[i+1])
	}
	r, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Body.Close()
	data, _ := io.ReadAll(r.Body)
	return resp{r.StatusCode, string(data), r.Header}
}

const typoDeck = "game: seeker-chronicles\n3 Rouge Star\n"

// legalDecklist is a legal Cosmos list but for its last three cards.
const legalDecklist = `game: seeker-chronicles
Guardians:
Johnson
Newton
Hawking
Stack:
1 Laika
2 Comet
2 Red Giant
2 Nebula
2 Cosmic Infrared Background
3 Spacetime Curvature
2 Supernova
3 Mass Accretion
2 Cosmic Jet
2 Accelerating Expansion
3 Black Hole
3 Exoplanetary Drone
2 Solar Sail
2 Telescope Array
3 GPS
3 Space Probe
`
