package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"testing"

	"github.com/pdfcpu/pdfcpu/pkg/api"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/model"

	"github.com/deckwright/deckwright/cardsdb"
)

var (
	serveDBOnce sync.Once
	serveDB     *cardsdb.DB
	serveDBErr  error
)

// newTestServer serves the bundled games with decks in a fresh folder.
func newTestServer(t testing.TB) (*httptest.Server, string) {
	t.Helper()
	serveDBOnce.Do(func() { serveDB, serveDBErr = (&globalOptions{}).loadDB() })
	if serveDBErr != nil {
		t.Fatal(serveDBErr)
	}
	decks := t.TempDir()
	srv, err := newServer(serveDB, decks, nil)
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(srv.Handler())
	t.Cleanup(func() { ts.Close(); srv.Close() })
	return ts, decks
}

// cliOut runs the command line as a user would and returns its stdout.
func cliOut(t *testing.T, stdin string, args ...string) string {
	t.Helper()
	var out, errb bytes.Buffer
	MainContext(context.Background(), args, strings.NewReader(stdin), &out, &errb)
	return out.String()
}

type resp struct {
	code int
	body string
	hdr  http.Header
}

func do(t *testing.T, method, u, body string, hdr ...string) resp {
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

// The API answers exactly what the command line's --json prints.
func TestServeAPISameAsCLI(t *testing.T) {
	ts, _ := newTestServer(t)
	cosmos := cliOut(t, "", "validate", "seeker-chronicles/cosmos", "--json")
	_ = cosmos
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
		{"compare bundled", "POST", "/api/compare?a=seeker-chronicles/cosmos&b=seeker-chronicles/order&games=200", "", []string{"compare", "seeker-chronicles/cosmos", "seeker-chronicles/order", "--games", "200", "--json"}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := do(t, tt.method, ts.URL+tt.path, tt.body, "Content-Type", "text/plain")
			want := cliOut(t, tt.stdin, tt.cli...)
			if want == "" {
				t.Fatalf("the CLI printed nothing for %v", tt.cli)
			}
			if got.body != want {
				t.Errorf("%s %s answered (%d)\n%s\nwant what deckwright %s prints:\n%s", tt.method, tt.path, got.code, got.body, strings.Join(tt.cli, " "), want)
			}
			if ct := got.hdr.Get("Content-Type"); ct != "application/json" {
				t.Errorf("Content-Type %q, want application/json", ct)
			}
		})
	}
}

func TestServePrint(t *testing.T) {
	ts, _ := newTestServer(t)
	got := do(t, "POST", ts.URL+"/api/print?deck=seeker-chronicles/cosmos", "")
	var rep struct {
		Output string `json:"output"`
		Report struct {
			Pages int `json:"pages"`
		} `json:"report"`
	}
	if err := json.Unmarshal([]byte(got.body), &rep); err != nil || rep.Report.Pages != 6 || rep.Output != "seeker-chronicles/cosmos.pdf" && rep.Output != "cosmos.pdf" {
		t.Errorf("print --json: %v %+v\n%s", err, rep, got.body)
	}
	pdf := do(t, "POST", ts.URL+"/print.pdf", url.Values{"deck": {"seeker-chronicles/cosmos"}, "paper": {"letter"}}.Encode(), "Content-Type", "application/x-www-form-urlencoded")
	if pdf.code != 200 || !strings.HasPrefix(pdf.body, "%PDF-") || pdf.hdr.Get("Content-Type") != "application/pdf" {
		t.Fatalf("print.pdf: %d %s %.100q", pdf.code, pdf.hdr.Get("Content-Type"), pdf.body)
	}
	if n := pdfPages(t, []byte(pdf.body)); n != 6 {
		t.Errorf("PDF has %d pages, want 6", n)
	}
	// A deck sent as the body is printed from standard input (no
	// temporary file) and named as the page named it.
	body := do(t, "POST", ts.URL+"/api/print?name=mine.txt", "game: seeker-chronicles\n3 Comet\n3 Laika\n", "Content-Type", "text/plain")
	if err := json.Unmarshal([]byte(body.body), &rep); err != nil || rep.Output != "mine.pdf" || rep.Report.Pages != 1 {
		t.Errorf("print of a body: %v %+v\n%s", err, rep, body.body)
	}
	typo := do(t, "POST", ts.URL+"/api/print?name=mine.txt", typoDeck, "Content-Type", "text/plain")
	if typo.code != 400 || !strings.Contains(typo.body, "mine.txt:2:1: no card named") || strings.Contains(typo.body, "stdin") {
		t.Errorf("print of a body with a typo: %d %s", typo.code, typo.body)
	}
	bad := do(t, "POST", ts.URL+"/print.pdf", "deck=seeker-chronicles%2Fcosmos&grid=0x0", "Content-Type", "application/x-www-form-urlencoded")
	if bad.code != 400 || !strings.Contains(bad.body, "<p>grid: grid &#34;0x0&#34;") {
		t.Errorf("bad grid: %d %s", bad.code, bad.body)
	}
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

// The print fragment runs print in-process (the other fragments are
// tested in package serve).
func TestServePartialsPrint(t *testing.T) {
	ts, _ := newTestServer(t)
	form := "application/x-www-form-urlencoded"
	tests := []struct {
		name, method, path, body, ctype string
		code                            int
		want                            []string
	}{
		{"print report", "POST", "/partial/print", "deck=seeker-chronicles%2Fcosmos&paper=a4", form, 200, []string{"Ready: 6 pages, 46 cards", `aria-label="sheet 1"`, `aria-label="sheet 2"`, "<title>Johnson</title>", `<image href="/face/seeker-chronicles/Johnson.png"`, `class="mark"`}},
		{"print preview bundled without game line", "POST", "/partial/print", "deck=kaizerseat%2Fstarter", form, 200, []string{"Ready: 11 pages", `aria-label="sheet 1"`}},
		{"print bad paper", "POST", "/partial/print", "deck=seeker-chronicles%2Fcosmos&paper=napkin", form, 200, []string{"error-panel", "<p>paper: paper &#34;napkin&#34;: unknown name"}},
		{"print no deck", "POST", "/partial/print", "paper=a4", form, 400, []string{"error-panel", "no deck"}},
		{"print not a deck", "POST", "/partial/print", "deck=%2Fetc%2Fpasswd", form, 400, []string{"error-panel"}},
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
}

// Bad print input gets the command's own message as JSON, never a 500
// (the other endpoints are tested in package serve).
func TestServeAPIBadInputPrint(t *testing.T) {
	ts, _ := newTestServer(t)
	tests := []struct {
		name, method, path, body string
		code                     int
		want                     string
	}{
		{"print bad paper", "POST", "/api/print?deck=seeker-chronicles/cosmos&paper=napkin", "", 400, `"error": "--paper: `},
		{"print saved deck missing", "POST", "/api/print?deck=gone.txt", "", 400, `"error": "no saved deck \"gone.txt\""`},
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
}
