package cli

// The server's own tests, the browser's among them, are in package serve;
// these need the command line beside it.

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"sync"
	"testing"

	"github.com/deckwright/deckwright/cardsdb"
)

var (
	serveDBOnce sync.Once
	serveDB     *cardsdb.DB
	serveDBErr  error
)

// serveHandler is the server the serve command makes over db (nil: the
// bundled games), with decks in a fresh folder.
func serveHandler(t *testing.T, db *cardsdb.DB) http.Handler {
	t.Helper()
	if db == nil {
		serveDBOnce.Do(func() { serveDB, serveDBErr = (&globalOptions{}).loadDB() })
		if serveDBErr != nil {
			t.Fatal(serveDBErr)
		}
		db = serveDB
	}
	srv, err := newServer(db, t.TempDir(), "", nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { srv.Close() })
	return srv.Handler()
}

// ask sends the server a request as a browser on this machine would and
// returns the answer.
func ask(t *testing.T, h http.Handler, method, path, body string) *http.Response {
	t.Helper()
	req := httptest.NewRequest(method, path, strings.NewReader(body))
	req.Host = "127.0.0.1:8080"
	req.Header.Set("Content-Type", "text/plain")
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	return rec.Result()
}

func bodyOf(r *http.Response) string {
	data, _ := io.ReadAll(r.Body)
	return string(data)
}

// cliOut runs the command line as a user would and returns its stdout.
func cliOut(t *testing.T, stdin string, args ...string) string {
	t.Helper()
	var out, errb bytes.Buffer
	MainContext(context.Background(), args, strings.NewReader(stdin), &out, &errb)
	return out.String()
}

const typoDeck = "game: seeker-chronicles\n3 Rouge Star\n"

// draftDeck is a Seeker Chronicles draft: its three Guardians and a Stack
// of 3 modules, not the 40 the game wants.
const draftDeck = "game: seeker-chronicles\nGuardians:\nJohnson\nNewton\nHawking\nStack:\n3 Comet\n"

// The API answers exactly what the command line's --json prints.
func TestServeAPISameAsCLI(t *testing.T) {
	h := serveHandler(t, nil)
	t.Chdir(t.TempDir()) // print's -o cosmos.pdf
	// goldfish reads a deck from a file, never from standard input.
	if err := os.WriteFile("draft.txt", []byte(draftDeck), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name, method, path, body string
		cli                      []string
		stdin                    string
	}{
		{"games", "GET", "/api/games", "", []string{"games", "--json"}, ""},
		{"cards search", "GET", "/api/cards?game=seeker-chronicles&q=comet", "", []string{"cards", "comet", "--game", "seeker-chronicles", "--json"}, ""},
		{"cards where", "GET", "/api/cards?where=cost%3C%3D1&where=type%3Dmodule", "", []string{"cards", "--where", "cost<=1", "--where", "type=module", "--json"}, ""},
		{"cards none", "GET", "/api/cards?q=nosuchcardanywhere", "", []string{"cards", "nosuchcardanywhere", "--json"}, ""},
		{"validate typo", "POST", "/api/validate", typoDeck, []string{"validate", "-", "--json"}, typoDeck},
		{"validate game flag", "POST", "/api/validate?game=seeker-chronicles", "3 Comet\n", []string{"validate", "-", "--json", "--game", "seeker-chronicles"}, "3 Comet\n"},
		{"validate unreadable", "POST", "/api/validate", "sections:\n  - [\n", []string{"validate", "-", "--json"}, "sections:\n  - [\n"},
		{"stats bundled", "POST", "/api/stats?deck=seeker-chronicles/cosmos", "", []string{"stats", "seeker-chronicles/cosmos", "--json"}, ""},
		{"goldfish bundled", "POST", "/api/goldfish?deck=seeker-chronicles/cosmos&games=60&workers=1", "", []string{"goldfish", "seeker-chronicles/cosmos", "--games", "60", "--json"}, ""},
		{"goldfish forced draft", "POST", "/api/goldfish?name=draft.txt&games=60&force=true", draftDeck, []string{"goldfish", "draft.txt", "--games", "60", "--json", "--force"}, ""},
		{"compare bundled", "POST", "/api/compare?a=seeker-chronicles/cosmos&b=seeker-chronicles/order&games=200", "", []string{"compare", "seeker-chronicles/cosmos", "seeker-chronicles/order", "--games", "200", "--json"}, ""},
		// The server's art cache starts empty, as --no-cache reads none.
		{"print bundled", "POST", "/api/print?deck=seeker-chronicles/cosmos&paper=letter&backs=long", "", []string{"print", "seeker-chronicles/cosmos", "--paper", "letter", "--backs", "long", "--json", "--no-cache", "-o", "cosmos.pdf"}, ""},
		{"print body", "POST", "/api/print?grid=2x2", "game: arkhtide\n3 Ashen Acolyte\n", []string{"print", "-", "--grid", "2x2", "--json", "--no-cache", "-o", "deck.pdf"}, "game: arkhtide\n3 Ashen Acolyte\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := ask(t, h, tt.method, tt.path, tt.body)
			body := bodyOf(got)
			want := cliOut(t, tt.stdin, tt.cli...)
			if want == "" {
				t.Fatalf("the CLI printed nothing for %v", tt.cli)
			}
			if body != want {
				t.Errorf("%s %s answered (%d)\n%s\nwant what deckwright %s prints:\n%s", tt.method, tt.path, got.StatusCode, body, strings.Join(tt.cli, " "), want)
			}
			if ct := got.Header.Get("Content-Type"); ct != "application/json" {
				t.Errorf("Content-Type %q, want application/json", ct)
			}
		})
	}
}
