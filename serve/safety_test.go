package serve

import (
	"net/http/httptest"
	"strings"
	"testing"
)

func TestServeSafety(t *testing.T) {
	ts, _ := newTestServer(t)
	t.Run("cross-origin POST", func(t *testing.T) {
		got := do(t, "PUT", ts.URL+"/api/decks/x.txt", "3 Comet\n", "Origin", "http://evil.example", "Sec-Fetch-Site", "cross-site")
		if got.code != 403 || !strings.Contains(got.body, "cross-origin") {
			t.Errorf("status %d: %s", got.code, got.body)
		}
	})
	t.Run("cross-origin without fetch metadata", func(t *testing.T) {
		got := do(t, "POST", ts.URL+"/api/validate", "3 Comet\n", "Origin", "http://evil.example")
		if got.code != 403 {
			t.Errorf("status %d: %s", got.code, got.body)
		}
	})
	t.Run("same-origin POST", func(t *testing.T) {
		got := do(t, "POST", ts.URL+"/api/validate", typoDeck, "Origin", ts.URL, "Sec-Fetch-Site", "same-origin")
		if got.code != 200 {
			t.Errorf("status %d: %s", got.code, got.body)
		}
	})
	t.Run("foreign host", func(t *testing.T) {
		got := do(t, "GET", ts.URL+"/", "", "Host", "evil.example:8080")
		if got.code != 403 {
			t.Errorf("status %d: %s", got.code, got.body)
		}
	})
	t.Run("body too large", func(t *testing.T) {
		got := do(t, "POST", ts.URL+"/api/validate", strings.Repeat("3 Comet\n", 200000))
		if got.code != 413 || !strings.Contains(got.body, "more than") {
			t.Errorf("status %d: %.300s", got.code, got.body)
		}
	})
	t.Run("too many games", func(t *testing.T) {
		got := do(t, "POST", ts.URL+"/api/goldfish?deck=seeker-chronicles/cosmos&games=999999999", "")
		if got.code != 400 || !strings.Contains(got.body, "at most") {
			t.Errorf("status %d: %s", got.code, got.body)
		}
	})
	t.Run("bad flag value", func(t *testing.T) {
		got := do(t, "POST", ts.URL+"/api/goldfish?deck=seeker-chronicles/cosmos&policy=--help", "")
		if got.code != 400 || !strings.Contains(got.body, "policy") {
			t.Errorf("status %d: %s", got.code, got.body)
		}
	})
	t.Run("unknown bundled deck", func(t *testing.T) {
		got := do(t, "POST", ts.URL+"/api/stats?deck=seeker-chronicles/..", "")
		if got.code != 400 || !strings.Contains(got.body, "no bundled deck") {
			t.Errorf("status %d: %s", got.code, got.body)
		}
	})
}

// Every page, fragment and API answers only requests whose Host names
// this machine by address or as localhost: a site whose name was made to
// resolve to 127.0.0.1 (DNS rebinding) is refused before any handler runs,
// so it can neither read the decks nor write them (issue 26 item 5).
func TestHostCheck(t *testing.T) {
	srv, err := New(Config{DB: bundledDB(t), Decks: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	requests := []struct{ method, path, body string }{
		{"GET", "/", ""},
		{"GET", "/api/games", ""},
		{"GET", "/api/decks", ""},
		{"PUT", "/api/decks/mine.txt", "3 Comet\n"},
		{"POST", "/api/validate", typoDeck},
		{"GET", "/static/app.js", ""},
		{"GET", "/nope", ""},
	}
	hosts := []struct {
		host string
		ok   bool
	}{
		{"127.0.0.1:8080", true},
		{"127.0.0.1", true},
		{"localhost:8080", true},
		{"[::1]:8080", true},
		{"192.168.1.20:8080", true}, // --addr on a LAN address: an IP, not a name
		{"evil.example", false},
		{"evil.example:8080", false},
		{"127.0.0.1.evil.example", false},
		{"localhost.evil.example:8080", false},
		{"", false},
	}
	for _, h := range hosts {
		for _, rq := range requests {
			req := httptest.NewRequest(rq.method, rq.path, strings.NewReader(rq.body))
			req.Host = h.host
			rec := httptest.NewRecorder()
			srv.Handler().ServeHTTP(rec, req)
			refused := rec.Code == 403 && strings.Contains(rec.Body.String(), "refused")
			if refused == h.ok {
				t.Errorf("Host %q, %s %s: status %d, want refused=%v\n%.300s", h.host, rq.method, rq.path, rec.Code, !h.ok, rec.Body.String())
			}
		}
	}
}
