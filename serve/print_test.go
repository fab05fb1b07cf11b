package serve

import (
	"encoding/json"
	"net/url"
	"strings"
	"testing"
)

// POST /api/print answers print --json's report; POST /print.pdf the PDF.
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
	if typo.code != 400 || !strings.Contains(typo.body, "mine.txt:2:1: no card named") || strings.Contains(typo.body, "stdin") || typo.hdr.Get("X-Deckwright-Exit") != "1" {
		t.Errorf("print of a body with a typo: %d (exit %s) %s", typo.code, typo.hdr.Get("X-Deckwright-Exit"), typo.body)
	}
	bad := do(t, "POST", ts.URL+"/print.pdf", "deck=seeker-chronicles%2Fcosmos&grid=0x0", "Content-Type", "application/x-www-form-urlencoded")
	if bad.code != 400 || !strings.Contains(bad.body, "<p>grid: grid &#34;0x0&#34;") || bad.hdr.Get("X-Deckwright-Exit") != "2" {
		t.Errorf("bad grid: %d (exit %s) %s", bad.code, bad.hdr.Get("X-Deckwright-Exit"), bad.body)
	}
}

// The print fragment shows print --json's report and a preview of the
// first sheets.
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

// Bad print input gets the command's own message as JSON, never a 500.
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
