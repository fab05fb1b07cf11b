package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"image"
	"image/color"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/deckwright/deckwright/pnp"
)

func TestParsePages(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want []int
		err  string
	}{
		{"", nil, ""},
		{"3", []int{3}, ""},
		{"3-5,9, 12-12", []int{3, 4, 5, 9, 12}, ""},
		{"12-3", nil, "runs backwards; write 3-12"},
		{"0-2", nil, `"0" is not a page number`},
		{"3-x", nil, `"x" is not a page number`},
		{"1-3,2", nil, "lists page 2 twice"},
		{"1-9223372036854775807", nil, "more than 1000 pages"},
		{"1-600,700-1300", nil, "more than 1000 pages"},
	} {
		got, err := parsePages(tc.in, 1000)
		if tc.err != "" {
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("parsePages(%q) error %v, want %q", tc.in, err, tc.err)
			}
			continue
		}
		if err != nil || !reflect.DeepEqual(got, tc.want) {
			t.Errorf("parsePages(%q) = %v, %v, want %v", tc.in, got, err, tc.want)
		}
	}
}

// fakeImport replaces pnp.Import for one test.
func fakeImport(t *testing.T, f func(context.Context, string, pnp.Options) (*pnp.Result, error)) {
	t.Helper()
	old := importPDF
	importPDF = f
	t.Cleanup(func() { importPDF = old })
}

func face(page, row, col int, shade uint8, hash uint64) pnp.Face {
	img := image.NewRGBA(image.Rect(0, 0, 63, 88))
	for i := range img.Pix {
		img.Pix[i] = shade
	}
	img.Set(row*7, col*9, color.Black)
	return pnp.Face{Page: page, Row: row, Col: col, Image: img, Hash: hash}
}

func run(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	var out, errw bytes.Buffer
	code := Main(args, strings.NewReader(""), &out, &errw)
	return code, out.String(), errw.String()
}

func TestImportPnPRuns(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	os.WriteFile("x.pdf", []byte("%PDF-1.7 fake"), 0o644)
	var got pnp.Options
	fakeImport(t, func(_ context.Context, path string, opt pnp.Options) (*pnp.Result, error) {
		got = opt
		back := face(2, 1, 1, 30, 0xF0F0)
		return &pnp.Result{
			Pages: []pnp.PageReport{{Page: 1, Side: "fronts", Method: "marks", Rows: 1, Cols: 2, Cards: 2}, {Page: 2, Side: "backs", Method: "marks", Rows: 1, Cols: 2, Cards: 2}},
			Cards: []pnp.Card{{Front: face(1, 1, 1, 200, 1), Back: &back}, {Front: face(1, 1, 2, 90, 0xFFFF0000), Back: &back}},
		}, nil
	})
	code, out, errOut := run(t, "import", "pnp", "x.pdf", "--game", "seeker-chronicles", "--pages", "1-2", "--layout", "duplex", "--flip", "short", "--card-size", "88x63")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	want := pnp.Options{Pages: []int{1, 2}, Layout: pnp.LayoutDuplex, Flip: "short", DPI: 300, CardW: 63, CardH: 88, SizeGiven: true, MaxPages: 1000}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("Import got %+v, want %+v", got, want)
	}
	for _, line := range []string{
		"read 2 pages of x.pdf:",
		"  page 1: fronts, 2 cards (2x1 grid, found by marks)",
		"2 cards cut, 2 distinct; 1 shared back (the most shared is the game's default back)",
		"2 new cards in " + filepath.Join("out", "seeker-chronicles-pnp", "cards", "pnp.yaml"),
		"print a deck with: deckwright --db " + filepath.Join("out", "seeker-chronicles-pnp") + " print DECK --backs long",
	} {
		if !strings.Contains(out, line) {
			t.Errorf("output lacks %q:\n%s", line, out)
		}
	}
	// The folder loads, and the command can print from it.
	code, out, errOut = run(t, "--db", filepath.Join("out", "seeker-chronicles-pnp"), "cards", "--game", "seeker-chronicles", "Page 1")
	if code != 0 || !strings.Contains(out, "Page 1 r1c2") {
		t.Errorf("cards from the folder: exit %d\n%s%s", code, out, errOut)
	}
	// --json, merged into the folder now.
	code, out, _ = run(t, "import", "pnp", "x.pdf", "--game", "seeker-chronicles", "--json")
	var rep struct {
		Summary pnp.Summary
	}
	if code != 0 || json.Unmarshal([]byte(out), &rep) != nil {
		t.Fatalf("--json: exit %d, %s", code, out)
	}
	if !rep.Summary.Merged || rep.Summary.Distinct != 2 || rep.Summary.Kept != 2 || rep.Summary.New != 0 || rep.Summary.DefaultBack != pnp.DefaultBack {
		t.Errorf("--json summary %+v", rep.Summary)
	}
}

func TestImportPnPFailures(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	os.WriteFile("x.pdf", []byte("%PDF-1.7 fake"), 0o644)
	for name, tc := range map[string]struct {
		res  *pnp.Result
		err  error
		code int
		msg  string
	}{
		"no cards":   {&pnp.Result{Pages: []pnp.PageReport{{Page: 1}, {Page: 2}}}, nil, 1, "deckwright: x.pdf: no cards found on 2 pages; nothing written"},
		"unreadable": {nil, errors.New("x.pdf: encrypted PDF"), 2, "deckwright: x.pdf: encrypted PDF"},
	} {
		t.Run(name, func(t *testing.T) {
			fakeImport(t, func(context.Context, string, pnp.Options) (*pnp.Result, error) { return tc.res, tc.err })
			code, out, errOut := run(t, "import", "pnp", "x.pdf", "--game", "seeker-chronicles")
			if code != tc.code || !strings.Contains(errOut, tc.msg) || out != "" {
				t.Errorf("exit %d, stdout %q, stderr %q; want exit %d and %q", code, out, errOut, tc.code, tc.msg)
			}
			if _, err := os.Stat("out"); !errors.Is(err, os.ErrNotExist) {
				t.Errorf("a failed import wrote out/: %v", err)
			}
		})
	}
}

// TestImportPnPSkipped checks that the summary names the pages skipped,
// with their reason, and the layout --layout auto chose with its own; and
// that a PDF where no page holds cards exits 1 with the pages' reasons.
func TestImportPnPSkipped(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	os.WriteFile("x.pdf", []byte("%PDF-1.7 fake"), 0o644)
	fakeImport(t, func(context.Context, string, pnp.Options) (*pnp.Result, error) {
		return &pnp.Result{
			Pages: []pnp.PageReport{
				{Page: 1, Side: "skipped", Skipped: "no grid of cards (a map, a board or rules?): the lines found run through printed matter"},
				{Page: 2, Side: "fronts", Method: "lines", Rows: 1, Cols: 2, Cards: 2},
			},
			Cards:        []pnp.Card{{Front: face(2, 1, 1, 200, 1)}, {Front: face(2, 1, 2, 90, 0xFFFF0000)}},
			Layout:       pnp.LayoutFronts,
			LayoutReason: "1 page from page 2 on: pages cannot pair as fronts and backs",
		}, nil
	})
	code, out, errOut := run(t, "import", "pnp", "x.pdf", "--game", "seeker-chronicles")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	for _, line := range []string{
		"  page 1: no grid of cards (a map, a board or rules?): the lines found run through printed matter; skipped\n",
		"  page 2: fronts, 2 cards (2x1 grid, found by lines)\n",
		"layout fronts: 1 page from page 2 on: pages cannot pair as fronts and backs\n",
	} {
		if !strings.Contains(out, line) {
			t.Errorf("output lacks %q:\n%s", line, out)
		}
	}
	code, out, _ = run(t, "import", "pnp", "x.pdf", "--game", "seeker-chronicles", "--json", "-o", "again")
	var rep struct{ Summary pnp.Summary }
	if code != 0 || json.Unmarshal([]byte(out), &rep) != nil || rep.Summary.Pages[0].Skipped == "" || rep.Summary.Layout != "fronts" || rep.Summary.LayoutReason == "" {
		t.Errorf("--json: exit %d, %s", code, out)
	}

	fakeImport(t, func(context.Context, string, pnp.Options) (*pnp.Result, error) {
		return nil, fmt.Errorf("%w: page 1: no grid of 63x88 mm cards found; page 2: no grid of 63x88 mm cards found", pnp.ErrNoCardPages)
	})
	code, out, errOut = run(t, "import", "pnp", "x.pdf", "--game", "seeker-chronicles", "-o", "none")
	if code != 1 || out != "" || !strings.Contains(errOut, "x.pdf: no page holds cards: page 1: no grid") || !strings.Contains(errOut, "nothing written") {
		t.Errorf("no card pages: exit %d, stdout %q, stderr %q; want exit 1 naming the pages", code, out, errOut)
	}
	if _, err := os.Stat("none"); err == nil {
		t.Error("a folder was written")
	}
}

// TestImportPnPUncertain checks that the summary names the pages read
// with doubt, with why, and where to look, in the full summary, with -q
// and per page in JSON (issue 21: never silently wrong).
func TestImportPnPUncertain(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	os.WriteFile("x.pdf", []byte("%PDF-1.7 fake"), 0o644)
	fakeImport(t, func(context.Context, string, pnp.Options) (*pnp.Result, error) {
		return &pnp.Result{
			Pages: []pnp.PageReport{
				{Page: 1, Side: "fronts", Method: "lines", Rows: 1, Cols: 2, Cards: 2, Confidence: 0.95},
				{Page: 3, Side: "fronts", Method: "gaps", Rows: 1, Cols: 2, Cards: 1, Confidence: 0.57, Doubt: "1 cell of its grid left empty among its cards"},
				{Page: 7, Side: "fronts", Method: "lines", Rows: 1, Cols: 1, Cards: 1, Confidence: 0.47, Doubt: "1 cards, not on the grid of page 1's 2"},
			},
			Cards:  []pnp.Card{{Front: face(1, 1, 1, 200, 1)}, {Front: face(1, 1, 2, 90, 0xFFFF0000)}, {Front: face(3, 1, 2, 40, 0xFF00)}, {Front: face(7, 1, 1, 140, 0xF0F0)}},
			Layout: pnp.LayoutFronts, LayoutReason: "asked for",
		}, nil
	})
	// The line names the recipe lines of the two pages to check.
	recipe := filepath.Join("a", "recipe.yaml")
	want := "uncertain: pages 3, 7 (1 cell of its grid left empty among its cards; 1 cards, not on the grid of page 1's 2); look at the contact sheet " + filepath.Join("a", "contact-pages.png") + "; check " + recipe + ":21, " + recipe + ":27\n"
	code, out, errOut := run(t, "import", "pnp", "x.pdf", "--game", "seeker-chronicles", "-o", "a")
	if code != 0 || !strings.Contains(out, want) {
		t.Errorf("exit %d (%s), output lacks %q:\n%s", code, errOut, want, out)
	}
	data, _ := os.ReadFile(recipe)
	if lines := strings.Split(string(data), "\n"); len(lines) < 27 || lines[20] != "  - page: 3" || lines[26] != "  - page: 7" {
		t.Errorf("%s: lines 21 and 27 are not pages 3 and 7:\n%s", recipe, data)
	}
	// -q prints the result only, no doubt (issue 33).
	code, out, _ = run(t, "-q", "import", "pnp", "x.pdf", "--game", "seeker-chronicles", "-o", "a")
	if code != 0 || strings.Contains(out, "uncertain") || strings.Count(out, "\n") != 1 {
		t.Errorf("-q: exit %d, output %q; want the one line of the result", code, out)
	}
	code, out, _ = run(t, "import", "pnp", "x.pdf", "--game", "seeker-chronicles", "--json", "-o", "b")
	var rep struct {
		Summary struct {
			Pages []struct {
				Page       int      `json:"page"`
				Confidence *float64 `json:"confidence"`
				Doubt      string   `json:"doubt"`
			} `json:"pages"`
			Uncertain    []int    `json:"uncertain"`
			UncertainWhy []string `json:"uncertain_why"`
		}
	}
	if code != 0 || json.Unmarshal([]byte(out), &rep) != nil || len(rep.Summary.Pages) != 3 {
		t.Fatalf("--json: exit %d, %s", code, out)
	}
	s := rep.Summary
	if p := s.Pages[1]; p.Confidence == nil || *p.Confidence != 0.57 || p.Doubt == "" || s.Pages[0].Doubt != "" || fmt.Sprint(s.Uncertain) != "[3 7]" || len(s.UncertainWhy) != 2 {
		t.Errorf("--json: pages %+v, uncertain %v %q", s.Pages, s.Uncertain, s.UncertainWhy)
	}
}
