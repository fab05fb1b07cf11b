package serve

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"image"
	"image/png"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/deckwright/deckwright/cardsdb"
	"github.com/deckwright/deckwright/layout"
	"github.com/deckwright/deckwright/pnp"
)

// The PnP page (/pnp): a print-and-play PDF uploaded, read by pnp.Import,
// shown page by page with the grid it was cut on, corrected by editing the
// import's recipe (pnp.ApplyRecipe), saved as the recipe's YAML and
// written into a card folder by pnp.Write, as import pnp does.

// DefaultMaxPDF is the largest PDF the PnP page takes unless Config.MaxPDF
// says otherwise.
const DefaultMaxPDF = 64 << 20

// MaxPnPSessions is how many uploaded PDFs the server keeps read at once;
// a new upload drops the oldest.
const MaxPnPSessions = 4

// PnPSessionIdle is how long the server keeps an uploaded PDF read that no
// request has looked at: each holds its cut cards (a 30-page import some
// hundreds of MB), which a page left open in a browser for a day should
// not. Tests shorten it (pnpIdle).
const PnPSessionIdle = time.Hour

var pnpIdle = PnPSessionIdle

// pnpSession is one uploaded PDF and what its import found, corrected by
// the edits made since. mu guards res, rec and version.
type pnpSession struct {
	id     string
	name   string // the PDF's file name as uploaded
	path   string // the server's copy, in its temporary folder
	game   *cardsdb.Game
	opt    pnp.Options
	mu     sync.Mutex
	res    *pnp.Result
	rec    *pnp.Recipe
	edited int // edits applied; part of the image addresses, so that a browser never shows an old cut
	// used is when a request last looked at it, and expiry the timer that
	// drops it pnpIdle after; the store's mu guards both.
	used   time.Time
	expiry *time.Timer
}

// pnpStore is the server's uploaded PDFs, oldest first, at most
// MaxPnPSessions.
type pnpStore struct {
	mu   sync.Mutex
	list []*pnpSession
	// reading holds a token while a PDF is imported: one at a time, as a
	// 30-page import holds some 400 MB (pnp.MemoryLimit).
	reading chan struct{}
}

func (st *pnpStore) add(s *pnpSession) {
	st.mu.Lock()
	defer st.mu.Unlock()
	s.used = time.Now()
	s.expiry = time.AfterFunc(pnpIdle, func() { st.expire(s) })
	st.list = append(st.list, s)
	for len(st.list) > MaxPnPSessions {
		st.drop(0)
	}
}

// drop forgets session i and removes its PDF; the caller holds st.mu.
func (st *pnpStore) drop(i int) {
	s := st.list[i]
	s.expiry.Stop()
	_ = os.Remove(s.path)
	st.list = append(st.list[:i], st.list[i+1:]...)
}

// expire drops s when no request has looked at it for pnpIdle, else waits
// for the rest of that time from its last use.
func (st *pnpStore) expire(s *pnpSession) {
	st.mu.Lock()
	defer st.mu.Unlock()
	i := slices.Index(st.list, s)
	if i < 0 {
		return
	}
	if left := pnpIdle - time.Since(s.used); left > 0 {
		s.expiry.Reset(left)
		return
	}
	st.drop(i)
}

func (st *pnpStore) get(id string) *pnpSession {
	st.mu.Lock()
	defer st.mu.Unlock()
	for _, s := range st.list {
		if s.id == id {
			s.used = time.Now()
			return s
		}
	}
	return nil
}

// close drops every session (the server is closing).
func (st *pnpStore) close() {
	st.mu.Lock()
	defer st.mu.Unlock()
	for len(st.list) > 0 {
		st.drop(0)
	}
}

func (s *Server) pnpRoutes(mux *http.ServeMux) {
	mux.HandleFunc("GET /pnp", s.pnpPage)
	mux.HandleFunc("POST /pnp", s.pnpUpload)
	mux.HandleFunc("GET /pnp/{id}/page/{file}", s.pnpPageImage)
	mux.HandleFunc("GET /pnp/{id}/card/{file}", s.pnpCardImage)
	mux.HandleFunc("GET /pnp/{id}/pnp.yaml", s.pnpRecipe)
	mux.HandleFunc("POST /partial/pnp/{id}/page/{n}", s.pnpEdit)
	mux.HandleFunc("POST /partial/pnp/{id}/import", s.pnpImport)
}

// pnpForm is the upload form's choices.
type pnpForm struct {
	Games    []pnpGame
	Game     string
	CardSize string
	Error    string
}

type pnpGame struct{ ID, Name, Size string }

// pnpPageData is the PnP page: the form, and the import when there is one.
type pnpPageData struct {
	Form pnpForm
	S    *pnpView
}

func (s *Server) pnpForm(game, size string) pnpForm {
	f := pnpForm{Game: game, CardSize: size}
	for _, g := range s.cfg.DB.Games() {
		f.Games = append(f.Games, pnpGame{ID: g.ID, Name: g.Name, Size: fmt.Sprintf("%gx%gmm", g.CardSize.W, g.CardSize.H)})
	}
	return f
}

func (s *Server) pnpPage(w http.ResponseWriter, r *http.Request) {
	d := pnpPageData{Form: s.pnpForm(r.FormValue("game"), "")}
	if id := r.FormValue("id"); id != "" {
		ss := s.pnp.get(id)
		if ss == nil {
			s.fail(w, r, http.StatusNotFound, errNotRead(id))
			return
		}
		ss.mu.Lock()
		d.S = ss.view()
		ss.mu.Unlock()
		d.Form.Game = ss.game.ID
	}
	s.render(w, r, "pnp", "PnP import", d)
}

// pnpUpload reads an uploaded PDF and imports it, then shows it
// (/pnp?id=...). A PDF that cannot be read is answered on the form with
// one line and a 4xx status.
func (s *Server) pnpUpload(w http.ResponseWriter, r *http.Request) {
	ss, form, err := s.readUpload(r)
	if err != nil {
		d := pnpPageData{Form: s.pnpForm(form.Game, form.CardSize)}
		d.Form.Error = strings.SplitN(err.Error(), "\n", 2)[0]
		var buf bytes.Buffer
		if e := s.pages["pnp"].ExecuteTemplate(&buf, "layout", page{Title: "PnP import", Nav: "pnp", Data: d}); e != nil {
			s.fail(w, r, http.StatusInternalServerError, e)
			return
		}
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.WriteHeader(statusOf(err))
		_, _ = w.Write(buf.Bytes())
		return
	}
	s.pnp.add(ss)
	http.Redirect(w, r, "/pnp?id="+ss.id, http.StatusSeeOther)
}

// readUpload reads the upload form as it arrives (multipart: game,
// card-size, then the PDF), the PDF streamed into the server's temporary
// folder, never held in memory or left in the system's, and imports it.
func (s *Server) readUpload(r *http.Request) (*pnpSession, pnpForm, error) {
	var form pnpForm
	mr, err := r.MultipartReader()
	if err != nil {
		return nil, form, badRequest("want a multipart form with the PDF: %v", err)
	}
	ss := &pnpSession{id: randomID()}
	ss.path = filepath.Join(s.tmp, "pnp-"+ss.id+".pdf")
	got := false
	fail := func(err error) (*pnpSession, pnpForm, error) {
		_ = os.Remove(ss.path)
		return nil, form, err
	}
	for {
		part, err := mr.NextPart()
		if err == io.EOF {
			break
		}
		if err != nil {
			return fail(bodyError(err))
		}
		switch part.FormName() {
		case "game", "card-size":
			v, err := io.ReadAll(io.LimitReader(part, 200))
			if err != nil {
				return fail(bodyError(err))
			}
			if part.FormName() == "game" {
				form.Game = strings.TrimSpace(string(v))
			} else {
				form.CardSize = strings.TrimSpace(string(v))
			}
		case "pdf":
			if got || part.FileName() == "" {
				continue
			}
			ss.name = filepath.Base(filepath.Clean("/" + part.FileName()))
			if ss.name == "/" || ss.name == "." {
				ss.name = "upload.pdf"
			}
			out, err := os.OpenFile(ss.path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
			if err != nil {
				return fail(&httpError{http.StatusInternalServerError, err})
			}
			n, err := io.Copy(out, part)
			if cerr := out.Close(); err == nil {
				err = cerr
			}
			if err != nil {
				return fail(bodyError(err))
			}
			got = n > 0
		}
	}
	if !got {
		return fail(badRequest("no PDF: choose a PDF file to upload"))
	}
	g, err := s.cfg.DB.LookupGame(form.Game)
	if err != nil {
		return fail(badRequest("game: %v", err))
	}
	ss.game = g
	card := layout.Size{W: g.CardSize.W, H: g.CardSize.H}
	if form.CardSize != "" {
		if card, err = layout.ParseCardSize(form.CardSize); err != nil {
			return fail(badRequest("card size: %v", err))
		}
	}
	ss.opt = pnp.Options{CardW: min(card.W, card.H), CardH: max(card.W, card.H), SizeGiven: form.CardSize != ""}
	select {
	case s.pnp.reading <- struct{}{}:
		defer func() { <-s.pnp.reading }()
	case <-r.Context().Done():
		return fail(&httpError{http.StatusServiceUnavailable, errors.New("another PDF is being read; try again")})
	}
	res, err := pnp.Import(r.Context(), ss.path, ss.opt)
	if err == nil && (res == nil || len(res.Cards) == 0) {
		err = errors.New("no cards found")
	}
	if err != nil {
		if errors.Is(err, context.Canceled) {
			return fail(&httpError{http.StatusRequestTimeout, err})
		}
		return fail(&httpError{http.StatusUnprocessableEntity, fmt.Errorf("%s: %v", ss.name, err)})
	}
	ss.res = res
	ss.rec = pnp.RecipeOf(res, ss.name, ss.opt)
	return ss, form, nil
}

// bodyError tells a request body's error as readBody does: too big,
// stalled, or cut short.
func bodyError(err error) error {
	_, e := readBody(&http.Request{Body: io.NopCloser(errReader{err})})
	return e
}

// errReader answers err.
type errReader struct{ err error }

func (e errReader) Read([]byte) (int, error) { return 0, e.err }

func randomID() string {
	var b [8]byte
	_, _ = rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

// errNotRead says that no upload id is kept, and for how long uploads are.
func errNotRead(id string) error {
	return fmt.Errorf("no PDF %q read here (the server keeps the last %d, for %s after their last use); upload it again", id, MaxPnPSessions, cardsdb.Plural(int(pnpIdle.Minutes()), "minute"))
}

func (s *Server) session(w http.ResponseWriter, r *http.Request) *pnpSession {
	ss := s.pnp.get(r.PathValue("id"))
	if ss == nil {
		s.fail(w, r, http.StatusNotFound, errNotRead(r.PathValue("id")))
	}
	return ss
}

func writePNG(w http.ResponseWriter, img image.Image) {
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "image/png")
	w.Header().Set("Cache-Control", "private, max-age=3600") // the address changes with each edit
	_, _ = w.Write(buf.Bytes())
}

// pngIndex reads N of "N.png".
func pngIndex(file string) (int, bool) {
	n, err := strconv.Atoi(strings.TrimSuffix(file, ".png"))
	return n, err == nil && strings.HasSuffix(file, ".png")
}

func (s *Server) pnpPageImage(w http.ResponseWriter, r *http.Request) {
	s.pnpImage(w, r, "picture of page", func(ss *pnpSession, n int) image.Image {
		for _, p := range ss.res.Pages {
			if p.Page == n {
				return p.Thumb
			}
		}
		return nil
	})
}

func (s *Server) pnpCardImage(w http.ResponseWriter, r *http.Request) {
	s.pnpImage(w, r, "card", func(ss *pnpSession, i int) image.Image {
		if i < 0 || i >= len(ss.res.Cards) {
			return nil
		}
		c := ss.res.Cards[i]
		if r.FormValue("side") != "back" {
			return c.Front.Pixels()
		}
		if c.Back != nil {
			return c.Back.Pixels()
		}
		return nil
	})
}

// pnpImage answers the PNG that pick finds in a session for the number in
// the request's file name ("3.png"), or 404 naming what it is.
func (s *Server) pnpImage(w http.ResponseWriter, r *http.Request, what string, pick func(ss *pnpSession, n int) image.Image) {
	ss := s.session(w, r)
	if ss == nil {
		return
	}
	var img image.Image
	if n, ok := pngIndex(r.PathValue("file")); ok {
		ss.mu.Lock()
		img = pick(ss, n)
		ss.mu.Unlock()
	}
	if img == nil {
		s.fail(w, r, http.StatusNotFound, fmt.Errorf("no %s %s", what, r.PathValue("file")))
		return
	}
	writePNG(w, img)
}

// pnpRecipe downloads the recipe of the import as corrected: the pnp.yaml
// import pnp --recipe replays.
func (s *Server) pnpRecipe(w http.ResponseWriter, r *http.Request) {
	ss := s.session(w, r)
	if ss == nil {
		return
	}
	ss.mu.Lock()
	data := ss.rec.Marshal()
	ss.mu.Unlock()
	w.Header().Set("Content-Type", "application/yaml; charset=utf-8")
	w.Header().Set("Content-Disposition", `attachment; filename="pnp.yaml"`)
	_, _ = w.Write(data)
}

// pnpEdit applies one page's corrections (role, grid counts, or the grid
// in mm) as an edited recipe and answers the page again.
func (s *Server) pnpEdit(w http.ResponseWriter, r *http.Request) {
	ss := s.session(w, r)
	if ss == nil {
		return
	}
	if err := r.ParseForm(); err != nil {
		s.fail(w, r, statusOf(err), badRequest("%v", err))
		return
	}
	n, err := strconv.Atoi(r.PathValue("n"))
	if err != nil {
		s.fail(w, r, http.StatusNotFound, fmt.Errorf("no page %q", r.PathValue("n")))
		return
	}
	ss.mu.Lock()
	defer ss.mu.Unlock()
	rec, err := editRecipe(ss.rec, n, r)
	if err == nil {
		err = pnp.ApplyRecipe(r.Context(), ss.path, ss.res, rec, "pnp.yaml")
	}
	if err != nil {
		// The result may be half changed: read what it holds now.
		ss.rec = pnp.RecipeOf(ss.res, ss.name, ss.opt)
		ss.edited++
		v := ss.view()
		v.pageOf(n).Error = strings.SplitN(err.Error(), "\n", 2)[0]
		status := http.StatusUnprocessableEntity // the recipe, not the request
		var he *httpError
		if errors.As(err, &he) {
			status = he.status
		}
		s.partialStatus(w, r, status, "pnp-page", v.pageOf(n))
		return
	}
	ss.rec = pnp.RecipeOf(ss.res, ss.name, ss.opt)
	ss.edited++
	s.partial(w, r, "pnp-page", ss.view().pageOf(n))
}

// editRecipe is rec with page n changed as the form asks: its role, and
// its grid: rows and cols alone (fitted to the page) when only the counts
// changed, else the whole grid in mm.
func editRecipe(rec *pnp.Recipe, n int, r *http.Request) (*pnp.Recipe, error) {
	out := *rec
	out.Pages = append([]pnp.RecipePage(nil), rec.Pages...)
	var p *pnp.RecipePage
	for i := range out.Pages {
		if out.Pages[i].Page == n {
			p = &out.Pages[i]
		}
	}
	if p == nil {
		return nil, badRequest("page %d was not read", n)
	}
	role := r.FormValue("role")
	switch role {
	case "", p.Role:
	case "fronts", "backs", "fold", "skipped":
		if p.Role == "fronts" {
			// Its backs are paired anew, with the page of fronts before them.
			for i := range out.Pages {
				if out.Pages[i].BacksOf == n {
					out.Pages[i].BacksOf = 0
				}
			}
		}
		p.Role, p.BacksOf = role, 0
		if role != "fronts" && role != "backs" {
			p.Grid = nil
			return &out, nil
		}
	default:
		return nil, badRequest("role %q: want fronts, backs, fold or skipped", role)
	}
	if p.Role != "fronts" && p.Role != "backs" {
		return &out, nil
	}
	num := func(name string, lo, hi float64) (float64, bool, error) {
		v := strings.TrimSpace(r.FormValue(name))
		if v == "" {
			return 0, false, nil
		}
		f, err := strconv.ParseFloat(v, 64)
		if err != nil || f < lo || f > hi {
			return 0, false, badRequest("%s %q: want a number from %g to %g", name, v, lo, hi)
		}
		return f, true, nil
	}
	var g pnp.RecipeGrid
	if p.Grid != nil {
		g = *p.Grid
	}
	old := g
	rows, okR, err := num("rows", 1, 100)
	if err != nil {
		return nil, err
	}
	cols, okC, err := num("cols", 1, 100)
	if err != nil {
		return nil, err
	}
	if rows != float64(int(rows)) || cols != float64(int(cols)) {
		return nil, badRequest("rows %g, cols %g: want whole numbers of cards", rows, cols)
	}
	if okR {
		g.Rows = int(rows)
	}
	if okC {
		g.Cols = int(cols)
	}
	for _, f := range []struct {
		name string
		v    *float64
		lo   float64
	}{{"x", &g.X, -1000}, {"y", &g.Y, -1000}, {"pitch-x", &g.PitchX, 1}, {"pitch-y", &g.PitchY, 1}, {"cell-w", &g.CellW, 1}, {"cell-h", &g.CellH, 1}} {
		v, ok, err := num(f.name, f.lo, 10000)
		if err != nil {
			return nil, err
		}
		if ok {
			*f.v = v
		}
	}
	if p.Grid == nil && !okR && !okC {
		return &out, nil // a new role alone: the page read as Import reads it
	}
	if g.Rows < 1 || g.Cols < 1 {
		return nil, badRequest("give the grid's rows and cols (1 to 100)")
	}
	geometry := func(a pnp.RecipeGrid) [6]float64 {
		return [6]float64{round2(a.X), round2(a.Y), round2(a.PitchX), round2(a.PitchY), round2(a.CellW), round2(a.CellH)}
	}
	switch {
	case p.Grid == nil || old.CellW == 0 || geometry(g) == geometry(old):
		// The counts alone: that many cards fitted to the page.
		g = pnp.RecipeGrid{Rows: g.Rows, Cols: g.Cols}
	}
	p.Grid = &g
	return &out, nil
}

func round2(v float64) float64 { return float64(int64(v*100+0.5*sign(v))) / 100 }

func sign(v float64) float64 {
	if v < 0 {
		return -1
	}
	return 1
}

// pnpImport writes the cards into the game's card folder for imports,
// merging into what an earlier import wrote there (pnp.Write keeps the
// user's names and cards), and answers its summary.
func (s *Server) pnpImport(w http.ResponseWriter, r *http.Request) {
	ss := s.session(w, r)
	if ss == nil {
		return
	}
	dir := filepath.Join(s.cfg.Imports, ss.game.ID+"-pnp")
	// As import pnp refuses -o through a link: the card folder is written
	// where it is, never where a link planted there points.
	for _, p := range []string{s.cfg.Imports, dir, filepath.Join(dir, "cards"), filepath.Join(dir, pnp.ImagesDir)} {
		if st, err := os.Lstat(p); err == nil && st.Mode()&os.ModeSymlink != 0 {
			s.fail(w, r, http.StatusConflict, fmt.Errorf("%s is a symbolic link; the PnP page does not write through links (remove it)", p))
			return
		}
	}
	ss.mu.Lock()
	sum, err := pnp.Write(r.Context(), ss.res, dir, pnp.WriteOptions{Game: ss.game, Source: ss.name, Recipe: ss.rec})
	ss.mu.Unlock()
	if err != nil {
		s.fail(w, r, http.StatusUnprocessableEntity, fmt.Errorf("writing %s: %w", dir, err))
		return
	}
	s.partial(w, r, "pnp-summary", sum)
}

// pnpView is what the PnP page shows of an import.
type pnpView struct {
	ID, Name string
	Game     string
	Layout   string
	Why      string
	// Size is the card size the pages were read at, SizeWhy why when it
	// was measured rather than the one given.
	Size, SizeWhy string
	Cards         int
	Pages         []*pnpPageView
}

// pnpPageView is one page: its picture, the cells its cards were cut at,
// its role and doubt, the grid's inputs and its cards.
type pnpPageView struct {
	ID         string
	Page       int
	W, H       float64 // mm: the overlay's viewBox
	Picture    string  // the page's picture, "" when it was not rendered
	Role       string
	Why        string
	Doubt      string
	Confidence int // percent
	Grid       pnp.RecipeGrid
	HasGrid    bool
	Cut        []pnp.Rect    // the trims of the cards cut from it
	Found      []pnp.Rect    // the grid's cells found, cut or not
	Lines      []pnpLine     // the grid's lines that dragging moves
	Cards      []pnpCardView // a fold sheet's with their backs
	Count      int           // the cards cut from it (a fold sheet's backs not counted)
	Error      string
}

// pnpLine is the left (axis x) or top (axis y) edge of the grid's column
// or row K, at At mm: dragging line 0 moves the grid, line K its pitch.
// It is a slider for the keyboard too (the arrow keys move it), from 0
// to Max mm, named by Label.
type pnpLine struct {
	Axis           string
	K              int
	At, Max        float64
	X1, Y1, X2, Y2 float64
	Label          string
}

type pnpCardView struct {
	Src, Alt string
}

func (v *pnpView) pageOf(n int) *pnpPageView {
	for _, p := range v.Pages {
		if p.Page == n {
			return p
		}
	}
	return &pnpPageView{ID: v.ID, Page: n}
}

// view is the session as the page shows it; the caller holds ss.mu.
func (ss *pnpSession) view() *pnpView {
	v := &pnpView{ID: ss.id, Name: ss.name, Game: ss.game.Name, Layout: string(ss.res.Layout), Why: ss.res.LayoutReason, SizeWhy: ss.res.SizeReason, Cards: len(ss.res.Cards)}
	if ss.res.CardW > 0 {
		v.Size = fmt.Sprintf("%gx%g mm", ss.res.CardW, ss.res.CardH)
	}
	rec := map[int]pnp.RecipePage{}
	for _, p := range ss.rec.Pages {
		rec[p.Page] = p
	}
	for _, p := range ss.res.Pages {
		rp := rec[p.Page]
		pv := &pnpPageView{ID: ss.id, Page: p.Page, W: p.W, H: p.H, Role: p.Side, Why: rp.Reason, Doubt: p.Doubt, Confidence: int(p.Confidence*100 + 0.5), Found: p.Grid}
		if p.Side == "skipped" && p.Skipped != "" {
			pv.Why = p.Skipped
		}
		if p.Thumb != nil {
			pv.Picture = fmt.Sprintf("/pnp/%s/page/%d.png?v=%d", ss.id, p.Page, ss.edited)
		}
		if rp.Grid != nil {
			pv.Grid, pv.HasGrid = *rp.Grid, true
			pv.Lines = gridLines(*rp.Grid, p.W, p.H)
		}
		for i, c := range ss.res.Cards {
			f, side := c.Front, ""
			switch {
			case c.Front.Page == p.Page:
			case c.Back != nil && c.Back.Page == p.Page:
				f, side = *c.Back, "&side=back"
			default:
				continue
			}
			pv.Cut = append(pv.Cut, f.Trim)
			pv.Count++
			pv.Cards = append(pv.Cards, pnpCardView{
				Src: fmt.Sprintf("/pnp/%s/card/%d.png?v=%d%s", ss.id, i, ss.edited, side),
				Alt: fmt.Sprintf("page %d, row %d, column %d", f.Page, f.Row, f.Col)})
			if b := c.Back; b != nil && b.Page == p.Page && c.Front.Page == p.Page {
				// A fold sheet: both halves, each front followed by its back.
				pv.Cut = append(pv.Cut, b.Trim)
				pv.Cards = append(pv.Cards, pnpCardView{
					Src: fmt.Sprintf("/pnp/%s/card/%d.png?v=%d&side=back", ss.id, i, ss.edited),
					Alt: fmt.Sprintf("page %d, row %d, column %d: the back of the card before", b.Page, b.Row, b.Col)})
			}
		}
		v.Pages = append(v.Pages, pv)
	}
	return v
}

// gridLines are the lines of g that the page lets the user drag.
func gridLines(g pnp.RecipeGrid, w, h float64) []pnpLine {
	if g.CellW == 0 {
		return nil
	}
	label := func(what string, k int) string {
		if k == 0 {
			return fmt.Sprintf("left edge of %s 1: moves the grid", what)
		}
		return fmt.Sprintf("left edge of %s %d: changes the pitch", what, k+1)
	}
	var out []pnpLine
	for k := 0; k < g.Cols; k++ {
		at := g.X + float64(k)*g.PitchX
		out = append(out, pnpLine{Axis: "x", K: k, At: at, Max: w, X1: at, Y1: 0, X2: at, Y2: h, Label: label("column", k)})
	}
	for k := 0; k < g.Rows; k++ {
		at := g.Y + float64(k)*g.PitchY
		l := strings.Replace(label("row", k), "left", "top", 1)
		out = append(out, pnpLine{Axis: "y", K: k, At: at, Max: h, X1: 0, Y1: at, X2: w, Y2: at, Label: l})
	}
	return out
}
