package serve

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/deckwright/deckwright/cardsdb"
)

// fakeRun answers games and cards with one game and card, and panics on
// validate: the server must answer with an error panel, not a stack.
func fakeRun(ctx context.Context, args []string, stdin []byte, progress func(done, total int)) Output {
	switch args[0] {
	case "games":
		return Output{Stdout: []byte(`{"games":[{"id":"g","name":"G","cards":1,"decks":[]}]}`)}
	case "cards":
		return Output{Stdout: []byte(`{"cards":[{"game":"g","name":"C","type":"t"}]}`)}
	case "stats":
		return Output{Stderr: "deckwright: x.txt:1:1: something is wrong\n", Code: 2}
	}
	panic("boom: " + strings.Join(args, " "))
}

func TestServerErrors(t *testing.T) {
	s, err := New(Config{DB: &cardsdb.DB{}, Run: fakeRun, Decks: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	h := s.Handler()
	tests := []struct {
		method, path, body string
		code               int
		want               string
	}{
		{"POST", "/api/validate", "3 C\n", 500, `"error": "internal error`},
		{"POST", "/partial/check", "3 C\n", 500, `class="error-panel"`},
		{"POST", "/api/stats?deck=", "3 C\n", 400, `"error": "x.txt:1:1: something is wrong"`},
		{"POST", "/api/stats", "", 400, "no deck"},
		{"GET", "/card/g/C", "", 200, "<h1>C"},
		{"GET", "/card/g/%3Cscript%3E", "", 404, "&lt;script&gt;"},
		{"DELETE", "/api/decks/a.txt", "", 404, `"error": "no page`},
	}
	for _, tt := range tests {
		req := httptest.NewRequest(tt.method, tt.path, strings.NewReader(tt.body))
		req.Host = "127.0.0.1:8080"
		rec := httptest.NewRecorder()
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
