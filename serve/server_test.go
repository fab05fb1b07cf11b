package serve

import (
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"github.com/deckwright/deckwright/cardsdb"
)

// TestServerErrors: a panic is an error panel (JSON for the API), not a
// stack; errors are escaped.
func TestServerErrors(t *testing.T) {
	s, err := New(Config{DB: bundledDB(t), Decks: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	// boom panics: the checks every request passes (safe) must answer it.
	boom := s.safe(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		panic("boom: " + r.URL.Path)
	}))
	tests := []struct {
		method, path, body string
		code               int
		want               string
	}{
		{"POST", "/api/print", "3 C\n", 500, `"error": "internal error`},
		{"POST", "/partial/print", "text=3+C", 500, `class="error-panel"`},
		{"POST", "/api/stats?deck=", "3 C\n", 400, `"error": "deck.txt: deck names no game`},
		{"POST", "/api/stats", "", 400, "no deck"},
		{"GET", "/card/seeker-chronicles/Comet", "", 200, "<h1>Comet"},
		{"GET", "/card/g/%3Cscript%3E", "", 404, "&lt;script&gt;"},
		{"DELETE", "/api/decks/a.txt", "", 404, `"error": "no page`},
	}
	for _, tt := range tests {
		req := httptest.NewRequest(tt.method, tt.path, strings.NewReader(tt.body))
		req.Host = "127.0.0.1:8080"
		if tt.path == "/partial/print" {
			req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		}
		rec := httptest.NewRecorder()
		h := s.Handler()
		if tt.code == 500 {
			h = boom
		}
		h.ServeHTTP(rec, req)
		body, _ := io.ReadAll(rec.Result().Body)
		if rec.Code != tt.code || !strings.Contains(string(body), tt.want) {
			t.Errorf("%s %s: %d %s, want %d with %q", tt.method, tt.path, rec.Code, body, tt.code, tt.want)
		}
		if strings.Contains(string(body), "boom") || strings.Contains(string(body), "goroutine") {
			t.Errorf("%s %s shows the panic: %s", tt.method, tt.path, body)
		}
		if strings.Contains(string(body), "<script>") {
			t.Errorf("%s %s reflects HTML: %s", tt.method, tt.path, body)
		}
	}
	_ = http.StatusOK
}

var (
	bundledOnce sync.Once
	bundled     *cardsdb.DB
	bundledErr  error
)

// bundledDB is the bundled games, loaded once for all tests.
func bundledDB(t testing.TB) *cardsdb.DB {
	t.Helper()
	bundledOnce.Do(func() { bundled, bundledErr = cardsdb.LoadBundled() })
	if bundledErr != nil {
		t.Fatal(bundledErr)
	}
	return bundled
}
