package serve

import (
	"bytes"
	"math"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/deckwright/deckwright/cardsdb"
	"github.com/deckwright/deckwright/internal/testenv"
	"github.com/deckwright/deckwright/pnp"
)

// pnpPDF is the corpus's small duplex sheet: A4, 2x2 poker cards with
// bleed and cut marks; page 1 four fronts, page 2 their backs, page 3
// three fronts, page 4 their backs (7 cards).
const pnpPDF = "../pnp/testdata/corpus/cardimpose-poker.pdf"

// pnpServer is a server whose PnP imports go to a folder of the test's.
func pnpServer(t *testing.T) (*Server, string) {
	t.Helper()
	imports := t.TempDir()
	s, err := New(Config{DB: bundledDB(t), Decks: t.TempDir(), Imports: imports})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s, imports
}

// upload posts the PnP form with pdf (a file's bytes) and answers the
// response.
func upload(t *testing.T, h http.Handler, name string, pdf []byte, fields ...string) *httptest.ResponseRecorder {
	t.Helper()
	var body bytes.Buffer
	mw := multipart.NewWriter(&body)
	for i := 0; i+1 < len(fields); i += 2 {
		_ = mw.WriteField(fields[i], fields[i+1])
	}
	if pdf != nil {
		fw, _ := mw.CreateFormFile("pdf", name)
		_, _ = fw.Write(pdf)
	}
	_ = mw.Close()
	req := httptest.NewRequest("POST", "http://127.0.0.1/pnp", &body)
	req.Header.Set("Content-Type", mw.FormDataContentType())
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	return rec
}

// uploadPoker uploads pnpPDF and answers the session's id.
func uploadPoker(t *testing.T, s *Server) string {
	t.Helper()
	pdf, err := os.ReadFile(pnpPDF)
	if err != nil {
		t.Fatal(err)
	}
	rec := upload(t, s.Handler(), "cardimpose-poker.pdf", pdf, "game", "kaizerseat", "card-size", "63.5x88.19")
	if rec.Code != http.StatusSeeOther {
		t.Fatalf("upload: %d %s", rec.Code, rec.Body)
	}
	loc := rec.Header().Get("Location")
	id := strings.TrimPrefix(loc, "/pnp?id=")
	if id == loc || id == "" {
		t.Fatalf("upload redirects to %q, want /pnp?id=ID", loc)
	}
	return id
}

func pageCards(t *testing.T, html string, page int) int {
	t.Helper()
	m := regexp.MustCompile(`id="pnp-page-` + strconv.Itoa(page) + `" data-page="\d+" data-role="\w+" data-cards="(\d+)"`).FindStringSubmatch(html)
	if m == nil {
		t.Fatalf("no page %d in:\n%s", page, html)
	}
	n, _ := strconv.Atoi(m[1])
	return n
}

func TestPnPUploadEditSaveImport(t *testing.T) {
	testenv.NeedTool(t, "pdftoppm")
	s, imports := pnpServer(t)
	h := s.Handler()
	id := uploadPoker(t, s)

	a := call(t, h, "GET", "/pnp?id="+id, "")
	if a.code != 200 || !strings.Contains(a.body, "7</span> cards") {
		t.Fatalf("page: %d, want 7 cards:\n%s", a.code, a.body)
	}
	if n := pageCards(t, a.body, 1); n != 4 {
		t.Errorf("page 1 cut %d cards, want 4", n)
	}
	for _, want := range []string{`viewBox="0 0 `, `class="pnp-cut"`, `/pnp/` + id + `/card/0.png`, `name="rows"`, `<option selected>fronts</option>`} {
		if !strings.Contains(a.body, want) {
			t.Errorf("page lacks %s", want)
		}
	}
	img := call(t, h, "GET", "/pnp/"+id+"/card/0.png?v=0", "")
	if img.code != 200 || img.hdr.Get("Content-Type") != "image/png" {
		t.Errorf("card image: %d %s", img.code, img.hdr.Get("Content-Type"))
	}
	if pg := call(t, h, "GET", "/pnp/"+id+"/page/1.png", ""); pg.code != 200 && pg.code != 404 {
		t.Errorf("page picture: %d", pg.code)
	}

	// Two rows of one card: page 1 cuts 2 cards, and the recipe says so.
	e := call(t, h, "POST", "/partial/pnp/"+id+"/page/1", "role=fronts&rows=2&cols=1", "Content-Type", "application/x-www-form-urlencoded")
	if e.code != 200 {
		t.Fatalf("edit: %d %s", e.code, e.body)
	}
	if n := pageCards(t, e.body, 1); n != 2 {
		t.Errorf("page 1 after 2x1 cut %d cards, want 2:\n%s", n, e.body)
	}
	y := call(t, h, "GET", "/pnp/"+id+"/pnp.yaml", "")
	if y.code != 200 || !strings.Contains(y.hdr.Get("Content-Disposition"), "pnp.yaml") {
		t.Fatalf("recipe: %d %v", y.code, y.hdr)
	}
	rec, err := pnp.ParseRecipe("pnp.yaml", []byte(y.body))
	if err != nil {
		t.Fatalf("the recipe saved does not read back: %v\n%s", err, y.body)
	}
	if g := rec.Pages[0].Grid; g == nil || g.Rows != 2 || g.Cols != 1 {
		t.Errorf("recipe page 1 grid %+v, want 2 rows, 1 col", g)
	}

	// The grid moved 5 mm right, in mm: the same 2 cards, cut there.
	g := rec.Pages[0].Grid
	form := url.Values{"rows": {"2"}, "cols": {"1"}, "x": {strconv.FormatFloat(g.X+5, 'f', 2, 64)}, "y": {strconv.FormatFloat(g.Y, 'f', 2, 64)},
		"pitch-x": {strconv.FormatFloat(g.PitchX, 'f', 2, 64)}, "pitch-y": {strconv.FormatFloat(g.PitchY, 'f', 2, 64)},
		"cell-w": {strconv.FormatFloat(g.CellW, 'f', 2, 64)}, "cell-h": {strconv.FormatFloat(g.CellH, 'f', 2, 64)}}
	e = call(t, h, "POST", "/partial/pnp/"+id+"/page/1", form.Encode(), "Content-Type", "application/x-www-form-urlencoded")
	if e.code != 200 || pageCards(t, e.body, 1) != 2 {
		t.Fatalf("grid moved: %d %s", e.code, e.body)
	}
	y = call(t, h, "GET", "/pnp/"+id+"/pnp.yaml", "")
	if rec, err = pnp.ParseRecipe("pnp.yaml", []byte(y.body)); err != nil {
		t.Fatal(err)
	}
	if got := rec.Pages[0].Grid; got == nil || math.Abs(got.X-(g.X+5)) > 0.01 {
		t.Errorf("recipe page 1 grid %+v after moving x to %.2f", got, g.X+5)
	}

	// A bad count is one line on the page, and changes nothing.
	bad := call(t, h, "POST", "/partial/pnp/"+id+"/page/1", "rows=0&cols=1", "Content-Type", "application/x-www-form-urlencoded")
	if bad.code != http.StatusBadRequest || !strings.Contains(bad.body, "rows") {
		t.Errorf("rows=0: %d %s", bad.code, bad.body)
	}

	// Skip page 3: its 3 cards go.
	e = call(t, h, "POST", "/partial/pnp/"+id+"/page/3", "role=skipped", "Content-Type", "application/x-www-form-urlencoded")
	if e.code != 200 || pageCards(t, e.body, 3) != 0 {
		t.Fatalf("skip page 3: %d %s", e.code, e.body)
	}

	a = call(t, h, "GET", "/pnp?id="+id, "")
	m := regexp.MustCompile(`id="pnp-count">(\d+)<`).FindStringSubmatch(a.body)
	if m == nil || m[1] == "7" {
		t.Fatalf("cards after the edits: %v, want fewer than 7", m)
	}
	// The recipe saved now replays to the same cards, as import pnp
	// --recipe replays it.
	y = call(t, h, "GET", "/pnp/"+id+"/pnp.yaml", "")
	if rec, err = pnp.ParseRecipe("pnp.yaml", []byte(y.body)); err != nil {
		t.Fatal(err)
	}
	res, err := pnp.Import(t.Context(), pnpPDF, rec.Options())
	if err == nil {
		err = pnp.ApplyRecipe(t.Context(), pnpPDF, res, rec, "pnp.yaml")
	}
	if err != nil {
		t.Fatalf("replaying the saved recipe: %v\n%s", err, y.body)
	}
	if strconv.Itoa(len(res.Cards)) != m[1] {
		t.Errorf("the saved recipe replays to %d cards, the page shows %s:\n%s", len(res.Cards), m[1], y.body)
	}

	imp := call(t, h, "POST", "/partial/pnp/"+id+"/import", "")
	if imp.code != 200 || !strings.Contains(imp.body, "Imported "+m[1]+" cards") {
		t.Fatalf("import: %d %s", imp.code, imp.body)
	}
	dir := filepath.Join(imports, "kaizerseat-pnp")
	for _, f := range []string{pnp.CardsFile, pnp.RecipeFile} {
		if _, err := os.Stat(filepath.Join(dir, filepath.FromSlash(f))); err != nil {
			t.Errorf("import wrote no %s: %v", f, err)
		}
	}
	// A second import merges into the folder, keeping what the user wrote.
	cards := filepath.Join(dir, filepath.FromSlash(pnp.CardsFile))
	data, _ := os.ReadFile(cards)
	edited := regexp.MustCompile(`name: [^\n]+`).ReplaceAll(data, []byte("name: My Own Name"))
	if bytes.Equal(edited, data) {
		t.Fatalf("no name in %s:\n%s", cards, data)
	}
	if err := os.WriteFile(cards, edited, 0o644); err != nil {
		t.Fatal(err)
	}
	imp = call(t, h, "POST", "/partial/pnp/"+id+"/import", "")
	if imp.code != 200 || !strings.Contains(imp.body, "merged") {
		t.Fatalf("second import: %d %s", imp.code, imp.body)
	}
	if data, _ := os.ReadFile(cards); !bytes.Contains(data, []byte("My Own Name")) {
		t.Errorf("the second import lost the user's name:\n%s", data)
	}
}

func TestPnPBadUploads(t *testing.T) {
	s, _ := pnpServer(t)
	h := s.Handler()
	for _, tc := range []struct {
		name   string
		pdf    []byte
		fields []string
		status int
		want   string
	}{
		{"not a PDF", []byte("hello, not a PDF"), []string{"game", "kaizerseat"}, http.StatusUnprocessableEntity, "bad.pdf: "},
		{"no file", nil, []string{"game", "kaizerseat"}, http.StatusBadRequest, "no PDF"},
		{"no game", []byte("%PDF-1.4"), []string{"game", "nosuch"}, http.StatusBadRequest, "game: "},
		{"bad size", []byte("%PDF-1.4"), []string{"game", "kaizerseat", "card-size", "huge"}, http.StatusBadRequest, "card size: "},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rec := upload(t, h, "bad.pdf", tc.pdf, tc.fields...)
			if rec.Code != tc.status {
				t.Errorf("status %d, want %d: %s", rec.Code, tc.status, rec.Body)
			}
			m := regexp.MustCompile(`id="pnp-error"><p>([^<]*)</p>`).FindStringSubmatch(rec.Body.String())
			if m == nil || !strings.Contains(m[1], tc.want) {
				t.Errorf("error line %q, want it to say %q", m, tc.want)
			}
		})
	}
	// Too big: the cap answers 413.
	small, err := New(Config{DB: bundledDB(t), Decks: t.TempDir(), MaxPDF: 1000})
	if err != nil {
		t.Fatal(err)
	}
	defer small.Close()
	if rec := upload(t, small.Handler(), "big.pdf", bytes.Repeat([]byte("x"), 5000), "game", "kaizerseat"); rec.Code != http.StatusRequestEntityTooLarge {
		t.Errorf("a PDF over MaxPDF: %d, want 413: %s", rec.Code, rec.Body)
	}
	// No temporary file is left of the refused uploads.
	left, _ := filepath.Glob(filepath.Join(s.tmp, "pnp-*"))
	if len(left) > 0 {
		t.Errorf("refused uploads left %v", left)
	}
	if a := call(t, h, "GET", "/pnp?id=nosuch", ""); a.code != 404 {
		t.Errorf("unknown id: %d", a.code)
	}
}

func TestPnPImportRefusesLinks(t *testing.T) {
	s, imports := pnpServer(t)
	elsewhere := t.TempDir()
	if err := os.Symlink(elsewhere, filepath.Join(imports, "kaizerseat-pnp")); err != nil {
		t.Skip(err)
	}
	ss := &pnpSession{id: "x", game: mustGame(t, s, "kaizerseat"), res: &pnp.Result{}, rec: &pnp.Recipe{}}
	s.pnp.add(ss)
	a := call(t, s.Handler(), "POST", "/partial/pnp/x/import", "")
	if a.code != http.StatusConflict || !strings.Contains(a.body, "symbolic link") {
		t.Errorf("import through a link: %d %s", a.code, a.body)
	}
	if left, _ := os.ReadDir(elsewhere); len(left) > 0 {
		t.Errorf("wrote through the link: %v", left)
	}
}

func mustGame(t *testing.T, s *Server, id string) *cardsdb.Game {
	t.Helper()
	g, err := s.cfg.DB.LookupGame(id)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func TestPnPSessionsBounded(t *testing.T) {
	var st pnpStore
	for i := 0; i < MaxPnPSessions+2; i++ {
		st.add(&pnpSession{id: strconv.Itoa(i), path: filepath.Join(t.TempDir(), "x.pdf")})
	}
	if len(st.list) != MaxPnPSessions || st.get("0") != nil || st.get(strconv.Itoa(MaxPnPSessions+1)) == nil {
		t.Errorf("sessions %d, want the last %d", len(st.list), MaxPnPSessions)
	}
}

// TestPnPSessionsExpire: an uploaded PDF no request looks at for pnpIdle
// is dropped and its file removed; a request's look keeps it for pnpIdle
// more.
func TestPnPSessionsExpire(t *testing.T) {
	old := pnpIdle
	pnpIdle = time.Second
	defer func() { pnpIdle = old }()
	var st pnpStore
	defer st.close()
	path := filepath.Join(t.TempDir(), "x.pdf")
	if err := os.WriteFile(path, []byte("%PDF-1.4"), 0o644); err != nil {
		t.Fatal(err)
	}
	present := func() bool {
		st.mu.Lock()
		defer st.mu.Unlock()
		return len(st.list) == 1
	}
	st.add(&pnpSession{id: "a", path: path})
	time.Sleep(600 * time.Millisecond)
	if st.get("a") == nil {
		t.Fatal("dropped before its time")
	}
	touched := time.Now()
	time.Sleep(600 * time.Millisecond)
	if !present() && time.Since(touched) < pnpIdle {
		t.Errorf("dropped %s after it was looked at, %s after it was added", time.Since(touched), pnpIdle)
	}
	deadline := time.Now().Add(10 * time.Second)
	for present() && time.Now().Before(deadline) {
		time.Sleep(50 * time.Millisecond)
	}
	if present() {
		t.Fatal("an idle session was kept")
	}
	if _, err := os.Stat(path); !os.IsNotExist(err) {
		t.Errorf("the idle session's PDF was not removed: %v", err)
	}
}

// TestPnPViewFoldSheet: a fold sheet's page lists each front and then its
// back, draws both halves' cells, and counts its cards without the backs.
func TestPnPViewFoldSheet(t *testing.T) {
	front := func(row int) pnp.Face {
		return pnp.Face{Page: 1, Row: row, Col: 1, Trim: pnp.Rect{X: 10, Y: float64(row) * 90, W: 63, H: 88}}
	}
	back := func(row int) *pnp.Face {
		return &pnp.Face{Page: 1, Row: row, Col: 2, Trim: pnp.Rect{X: 120, Y: float64(row) * 90, W: 63, H: 88}}
	}
	ss := &pnpSession{id: "f", game: &cardsdb.Game{Name: "Test"}, rec: &pnp.Recipe{}, res: &pnp.Result{
		Layout: pnp.LayoutFold,
		Pages:  []pnp.PageReport{{Page: 1, Side: "fold", W: 210, H: 297}},
		Cards:  []pnp.Card{{Front: front(1), Back: back(1)}, {Front: front(2), Back: back(2)}},
	}}
	p := ss.view().Pages[0]
	if p.Count != 2 || len(p.Cards) != 4 || len(p.Cut) != 4 {
		t.Fatalf("fold page: %d cards counted, %d listed, %d cells drawn; want 2, 4, 4", p.Count, len(p.Cards), len(p.Cut))
	}
	if !strings.Contains(p.Cards[1].Src, "side=back") || strings.Contains(p.Cards[2].Src, "side=back") {
		t.Errorf("listed %q, %q: want the first card's back after it, then the second card", p.Cards[1].Src, p.Cards[2].Src)
	}
}
