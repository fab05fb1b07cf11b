package serve

import (
	"bytes"
	"embed"
	"encoding/json"
	"errors"
	"fmt"
	"html/template"
	"io"
	"io/fs"
	"log"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/deckwright/deckwright/cardsdb"
	"github.com/deckwright/deckwright/report"
)

//go:embed templates/*.html
var templateFS embed.FS

//go:embed static
var staticFS embed.FS

// DefaultMaxBody is the largest request body the server reads unless
// Config.MaxBody says otherwise: far more than any deck.
const DefaultMaxBody = 1 << 20

// Config is what a Server serves.
type Config struct {
	// DB holds the games and cards (bundled and --db); card art is read
	// from each game's file system, which never leaves its folder.
	DB *cardsdb.DB
	// Decks is the folder where decks are saved; it is made if missing.
	Decks string
	// MaxBody caps request bodies (0: DefaultMaxBody).
	MaxBody int64
	// Log receives one line per refused or failed request; nil: none.
	Log *log.Logger
	// BodyTimeout bounds the time a request's body may take to arrive
	// (0: DefaultBodyTimeout), so that a body that stalls cannot hold its
	// connection for ever.
	BodyTimeout time.Duration
	// MaxPDF caps the PDF uploaded to the PnP page (0: DefaultMaxPDF).
	MaxPDF int64
	// Imports is the folder the PnP page writes card folders into, one
	// per game (<game>-pnp, as import pnp's out/<game>-pnp); "": a folder
	// "imported" in Decks.
	Imports string
}

// DefaultBodyTimeout is how long a request body may take to arrive unless
// Config.BodyTimeout says otherwise: a deck is a few kilobytes.
const DefaultBodyTimeout = 30 * time.Second

// The timeouts of HTTPServer: the request's header must arrive within
// HeaderTimeout, and a connection left idle between requests is closed
// after IdleTimeout. (There is no write timeout: a playtest streams its
// progress for as long as it runs, and stops when the browser leaves.)
const (
	HeaderTimeout = 10 * time.Second
	IdleTimeout   = 2 * time.Minute
)

// HTTPServer returns an http.Server that serves s's Handler with the
// timeouts a local page needs: HeaderTimeout, IdleTimeout, and the body
// timeout that Handler applies to each request.
func (s *Server) HTTPServer() *http.Server {
	return &http.Server{Handler: s.Handler(), ReadHeaderTimeout: HeaderTimeout, IdleTimeout: IdleTimeout, ErrorLog: s.cfg.Log}
}

// Server is deckwright's local web page. Make one with New, serve its
// Handler, and Close it when done (it removes its temporary folder).
type Server struct {
	cfg      Config
	decks    *deckStore
	tmp      string
	pages    map[string]*template.Template
	games    []report.Game
	cards    map[string][]report.Card // by game id
	faces    *faceCache
	watching *watchState // live preview (watch.go)
	pnp      pnpStore    // the PnP page's uploaded PDFs (pnp.go)
	handler  http.Handler
}

// New checks cfg, opens the decks folder and makes the games and cards
// lists, ready to serve.
func New(cfg Config) (*Server, error) {
	if cfg.DB == nil {
		return nil, errors.New("serve: Config needs DB")
	}
	if cfg.MaxBody <= 0 {
		cfg.MaxBody = DefaultMaxBody
	}
	if cfg.BodyTimeout <= 0 {
		cfg.BodyTimeout = DefaultBodyTimeout
	}
	if cfg.MaxPDF <= 0 {
		cfg.MaxPDF = DefaultMaxPDF
	}
	if cfg.Imports == "" {
		cfg.Imports = filepath.Join(cfg.Decks, "imported")
	}
	s := &Server{cfg: cfg, faces: newFaceCache(), watching: newWatchState(), pnp: pnpStore{reading: make(chan struct{}, 1)}}
	var err error
	if s.decks, err = openDeckStore(cfg.Decks); err != nil {
		return nil, err
	}
	if s.tmp, err = os.MkdirTemp("", "deckwright-serve-"); err != nil {
		s.decks.close()
		return nil, err
	}
	if err := s.loadPages(); err != nil {
		s.Close()
		return nil, err
	}
	s.loadLists()
	s.handler = s.routes()
	return s, nil
}

// Close removes the server's temporary files and closes the decks folder.
func (s *Server) Close() error {
	s.pnp.close()
	err := os.RemoveAll(s.tmp)
	if cerr := s.decks.close(); err == nil {
		err = cerr
	}
	return err
}

// Handler returns the server's HTTP handler with its safety checks.
func (s *Server) Handler() http.Handler { return s.handler }

// loadLists makes the games list and every game's cards, as the games
// and cards commands answer them (package report).
func (s *Server) loadLists() {
	s.games = report.Games(s.cfg.DB)
	s.cards = cardLists(s.cfg.DB)
}

// cardLists lists every game's cards of db, by game id: what the server
// starts with, and what a live reload shows (watch.go).
func cardLists(db *cardsdb.DB) map[string][]report.Card {
	out := map[string][]report.Card{}
	for _, g := range db.Games() {
		cards, _ := report.Cards([]*cardsdb.Game{g}, cardsdb.Query{})
		out[g.ID] = cards
	}
	return out
}

func (s *Server) game(id string) *report.Game {
	for i := range s.games {
		if s.games[i].ID == id {
			return &s.games[i]
		}
	}
	return nil
}

func (s *Server) card(game, name string) *report.Card {
	for i, c := range s.cards[game] {
		if c.Name == name {
			return &s.cards[game][i]
		}
	}
	return nil
}

func (s *Server) routes() http.Handler {
	mux := http.NewServeMux()
	// Pages.
	mux.HandleFunc("GET /{$}", s.homePage)
	mux.HandleFunc("GET /cards", s.cardsPage)
	mux.HandleFunc("GET /card/{game}/{name}", s.cardPage)
	mux.HandleFunc("GET /art/{game}/{name}", s.art)
	mux.HandleFunc("GET /face/{game}/{name}", s.face)
	mux.HandleFunc("GET /deck", s.deckPage)
	mux.HandleFunc("GET /print", s.printPage)
	mux.HandleFunc("GET /playtest", s.playtestPage)
	mux.HandleFunc("GET /decks/{name}", s.deckDownload)
	static, _ := fs.Sub(staticFS, "static")
	mux.Handle("GET /static/", http.StripPrefix("/static/", http.FileServerFS(static)))
	// Page fragments, fetched by the pages' scripts.
	mux.HandleFunc("POST /partial/check", s.checkPartial)
	mux.HandleFunc("GET /partial/cards", s.cardsPartial)
	mux.HandleFunc("POST /partial/hand", s.handPartial)
	mux.HandleFunc("POST /partial/print", s.printPartial)
	mux.HandleFunc("POST /print.pdf", s.printPDF)
	mux.HandleFunc("POST /convert", s.convert)
	mux.HandleFunc("POST /playtest/run", s.playtestRun)
	mux.HandleFunc("POST /playtest/compare", s.compareRun)
	// The JSON API: what the CLI's --json prints.
	mux.HandleFunc("GET /api/games", s.apiGames)
	mux.HandleFunc("GET /api/cards", s.apiCards)
	mux.HandleFunc("GET /api/decks", s.apiDecks)
	mux.HandleFunc("GET /api/decks/{name}", s.apiDeckGet)
	mux.HandleFunc("PUT /api/decks/{name}", s.apiDeckPut)
	mux.HandleFunc("POST /api/validate", s.apiValidate)
	mux.HandleFunc("POST /api/stats", s.apiStats)
	mux.HandleFunc("POST /api/print", s.apiPrint)
	mux.HandleFunc("POST /api/goldfish", s.apiGoldfish)
	mux.HandleFunc("POST /api/compare", s.apiCompare)
	s.builderRoutes(mux)
	s.watchRoutes(mux) // watch.go: live preview
	s.pnpRoutes(mux)   // pnp.go: the PnP import page
	mux.HandleFunc("/", s.notFound)
	return s.safe(mux)
}

// safe wraps h with the checks every request passes: a Host that names
// this machine (no DNS rebinding), no cross-origin request that changes
// anything, a capped body, headers that forbid framing and outside
// scripts, and a recovered panic answered as an error panel.
func (s *Server) safe(h http.Handler) http.Handler {
	cop := http.NewCrossOriginProtection()
	cop.SetDenyHandler(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		s.fail(w, r, http.StatusForbidden, errors.New("cross-origin request refused: deckwright serve answers only its own pages"))
	}))
	inner := cop.Handler(h)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		defer func() {
			if v := recover(); v != nil {
				if v == http.ErrAbortHandler {
					panic(v)
				}
				s.logf("panic serving %s %s: %v", r.Method, r.URL.Path, v)
				s.fail(w, r, http.StatusInternalServerError, errors.New("internal error; the server log says more"))
			}
		}()
		hdr := w.Header()
		hdr.Set("Content-Security-Policy", "default-src 'self'; img-src 'self' data:; frame-ancestors 'none'; form-action 'self'; base-uri 'none'")
		hdr.Set("X-Content-Type-Options", "nosniff")
		hdr.Set("Referrer-Policy", "no-referrer")
		if !localHost(r.Host) {
			s.fail(w, r, http.StatusForbidden, fmt.Errorf("host %q refused: deckwright serve answers requests for its own address only", r.Host))
			return
		}
		if r.Body != nil && r.Body != http.NoBody {
			limit := s.cfg.MaxBody
			if r.Method == http.MethodPost && r.URL.Path == "/pnp" {
				limit = s.cfg.MaxPDF // a PDF, not a deck
			}
			r.Body = http.MaxBytesReader(w, r.Body, limit)
			r.Body = deadlineBody(w, r.Body, s.cfg.BodyTimeout)
		}
		inner.ServeHTTP(w, r)
	})
}

// deadlineBody bounds the time the body takes to arrive: the connection's
// read deadline is set now and lifted once the whole body has been read,
// so that a long answer after it (a playtest) is not cut short.
func deadlineBody(w http.ResponseWriter, body io.ReadCloser, d time.Duration) io.ReadCloser {
	rc := http.NewResponseController(w)
	if rc.SetReadDeadline(time.Now().Add(d)) != nil {
		return body // not a network connection (a test's recorder)
	}
	return &timedBody{ReadCloser: body, rc: rc}
}

type timedBody struct {
	io.ReadCloser
	rc   *http.ResponseController
	done bool
}

func (b *timedBody) Read(p []byte) (int, error) {
	n, err := b.ReadCloser.Read(p)
	if err == io.EOF && !b.done {
		// The whole body came: lift the deadline. (After an error it
		// stays, so that the server gives up the rest of the body and
		// closes the connection.)
		b.done = true
		_ = b.rc.SetReadDeadline(time.Time{})
	}
	return n, err
}

// localHost reports whether a request's Host names an IP address or
// localhost: a page on another site whose name was made to resolve to
// 127.0.0.1 (DNS rebinding) sends its own name, and is refused.
func localHost(host string) bool {
	if h, _, err := net.SplitHostPort(host); err == nil {
		host = h
	}
	host = strings.TrimSuffix(strings.TrimPrefix(host, "["), "]")
	return host == "localhost" || net.ParseIP(host) != nil
}

func (s *Server) logf(format string, args ...any) {
	if s.cfg.Log != nil {
		s.cfg.Log.Printf(format, args...)
	}
}

// readBody reads a request body within the cap.
func readBody(r *http.Request) ([]byte, error) {
	data, err := io.ReadAll(r.Body)
	var tooBig *http.MaxBytesError
	if errors.As(err, &tooBig) {
		return nil, &httpError{http.StatusRequestEntityTooLarge, fmt.Errorf("request body is more than %d bytes", tooBig.Limit)}
	}
	if errors.Is(err, os.ErrDeadlineExceeded) {
		return nil, &httpError{http.StatusRequestTimeout, errors.New("request body stalled: it did not arrive in time")}
	}
	if err != nil {
		return nil, &httpError{http.StatusBadRequest, fmt.Errorf("reading request body: %w", err)}
	}
	return data, nil
}

// httpError is an error with the HTTP status to answer it with.
type httpError struct {
	status int
	err    error
}

func (e *httpError) Error() string { return e.err.Error() }
func (e *httpError) Unwrap() error { return e.err }

func badRequest(format string, args ...any) error {
	return &httpError{http.StatusBadRequest, fmt.Errorf(format, args...)}
}

func statusOf(err error) int {
	var he *httpError
	if errors.As(err, &he) {
		return he.status
	}
	return http.StatusBadRequest
}

// wantsJSON reports whether a request is for the API (answers in JSON).
func wantsJSON(r *http.Request) bool { return strings.HasPrefix(r.URL.Path, "/api/") }

// fail answers a request with an error: JSON {"error": ...} for the API,
// the error panel for a fragment, an error page otherwise. It never shows
// a stack trace.
func (s *Server) fail(w http.ResponseWriter, r *http.Request, status int, err error) {
	if status >= 500 {
		s.logf("%s %s: %v", r.Method, r.URL.Path, err)
	}
	msgs := strings.Split(strings.TrimSpace(err.Error()), "\n")
	switch {
	case wantsJSON(r):
		writeJSON(w, status, map[string]any{"error": strings.Join(msgs, "\n")})
	case strings.HasPrefix(r.URL.Path, "/partial/") || strings.HasPrefix(r.URL.Path, "/playtest/") || r.URL.Path == "/print.pdf":
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.WriteHeader(status)
		_ = s.pages["partials"].ExecuteTemplate(w, "error-panel", msgs)
	default:
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.WriteHeader(status)
		_ = s.pages["error"].ExecuteTemplate(w, "layout", page{Title: "Error", Data: msgs})
	}
}

func (s *Server) notFound(w http.ResponseWriter, r *http.Request) {
	s.fail(w, r, http.StatusNotFound, fmt.Errorf("no page %s", r.URL.Path))
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	_ = enc.Encode(v)
	writeRawJSON(w, status, buf.Bytes())
}

func writeRawJSON(w http.ResponseWriter, status int, data []byte) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_, _ = w.Write(data)
}

// tempDir makes a fresh folder in the server's temporary folder for one
// request's files; the caller removes it.
func (s *Server) tempDir() (string, error) {
	return os.MkdirTemp(s.tmp, "req-")
}
