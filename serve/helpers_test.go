package serve

import (
	"bytes"
	"context"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/pdfcpu/pdfcpu/pkg/api"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/model"
)

// newTestServer serves the bundled games with decks in a fresh folder.
func newTestServer(t testing.TB) (*httptest.Server, string) {
	t.Helper()
	decks := t.TempDir()
	srv, err := New(Config{DB: bundledDB(t), Decks: decks})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { srv.Close() }) // after the HTTP server's (cleanups run last first)
	ts := startServer(t, srv.Handler())
	return ts, decks
}

// startServer serves h on a local port until the test's cleanup. The
// cleanup first ends the requests still open, such as a page's long poll
// of /api/watch (up to WatchPoll), so that closing takes no time even
// while a browser tab still shows a page.
func startServer(t testing.TB, h http.Handler) *httptest.Server {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	ts := httptest.NewUnstartedServer(h)
	ts.Config.BaseContext = func(net.Listener) context.Context { return ctx }
	ts.Start()
	t.Cleanup(func() { cancel(); ts.Close() })
	return ts
}

// builderServer is newTestServer's server without the network: its
// handler, asked with call.
func builderServer(t *testing.T) (http.Handler, string) {
	t.Helper()
	dir := t.TempDir()
	s, err := New(Config{DB: bundledDB(t), Decks: dir})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s.Handler(), dir
}

type answer struct {
	code int
	body string
	hdr  http.Header
}

func call(t *testing.T, h http.Handler, method, path, body string, hdr ...string) answer {
	t.Helper()
	req := httptest.NewRequest(method, path, strings.NewReader(body))
	req.Host = "127.0.0.1:8080"
	for i := 0; i+1 < len(hdr); i += 2 {
		req.Header.Set(hdr[i], hdr[i+1])
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	data, _ := io.ReadAll(rec.Result().Body)
	return answer{rec.Code, string(data), rec.Result().Header}
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

// pdfPages reads a PDF back with pdfcpu and returns its page count.
func pdfPages(t testing.TB, data []byte) int {
	t.Helper()
	api.DisableConfigDir()
	ctx, err := api.ReadContext(bytes.NewReader(data), model.NewDefaultConfiguration())
	if err != nil {
		t.Fatalf("pdfcpu cannot read the PDF back: %v", err)
	}
	if err := ctx.EnsurePageCount(); err != nil {
		t.Fatal(err)
	}
	return ctx.PageCount
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
