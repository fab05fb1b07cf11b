package serve

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"html/template"
	"math/rand/v2"
	"net/http"
	"net/url"
	"path"
	"sort"
	"strconv"
	"strings"

	"github.com/deckwright/deckwright/cardsdb"
	"github.com/deckwright/deckwright/deckstats"
	"github.com/deckwright/deckwright/engine"
	"github.com/deckwright/deckwright/internal/safefile"
	"github.com/deckwright/deckwright/report"
	"github.com/deckwright/deckwright/validate"
)

// page is what the layout template gets.
type page struct {
	Title string
	Nav   string // the menu entry to mark
	Data  any
}

// pageNames are the templates that are whole pages (each with the layout).
var pageNames = []string{"home", "cards", "card", "deck", "print", "playtest", "diff", "pnp", "error"}

func (s *Server) loadPages() error {
	funcs := template.FuncMap{
		"pct":       engine.Pct, // as the command line writes its figures
		"join":      strings.Join,
		"pathesc":   url.PathEscape,
		"queryesc":  url.QueryEscape,
		"add":       func(a, b int) int { return a + b },
		"split":     strings.Fields,
		"cell":      cellText,
		"list":      func(s ...string) []string { return s },
		"words":     peopleWords,
		"drawnFrom": s.drawnFrom,
		"mm":        func(v float64) string { return strconv.FormatFloat(round2(v), 'f', -1, 64) },
		"json": func(v any) string {
			data, _ := json.Marshal(v)
			return string(data)
		},
	}
	s.pages = map[string]*template.Template{}
	for _, name := range pageNames {
		t, err := template.New(name).Funcs(funcs).ParseFS(templateFS, "templates/layout.html", "templates/partials.html", "templates/"+name+".html")
		if err != nil {
			return fmt.Errorf("serve: templates: %w", err)
		}
		s.pages[name] = t
	}
	t, err := template.New("partials").Funcs(funcs).ParseFS(templateFS, "templates/partials.html")
	if err != nil {
		return fmt.Errorf("serve: templates: %w", err)
	}
	s.pages["partials"] = t
	return nil
}

// render writes a whole page.
// A template that fails is answered with the error panel, never half a
// page.
func (s *Server) render(w http.ResponseWriter, r *http.Request, name, title string, data any) {
	var buf bytes.Buffer
	if err := s.pages[name].ExecuteTemplate(&buf, "layout", page{Title: title, Nav: name, Data: data}); err != nil {
		s.fail(w, r, http.StatusInternalServerError, fmt.Errorf("page %s: %w", name, err))
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	_, _ = w.Write(buf.Bytes())
}

// partial writes a fragment of a page.
func (s *Server) partial(w http.ResponseWriter, r *http.Request, name string, data any) {
	s.partialStatus(w, r, http.StatusOK, name, data)
}

// partialStatus writes a fragment of a page with status: a fragment that
// shows what was refused (a correction that could not be applied).
func (s *Server) partialStatus(w http.ResponseWriter, r *http.Request, status int, name string, data any) {
	var buf bytes.Buffer
	if err := s.pages["partials"].ExecuteTemplate(&buf, name, data); err != nil {
		s.fail(w, r, http.StatusInternalServerError, fmt.Errorf("fragment %s: %w", name, err))
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.WriteHeader(status)
	_, _ = w.Write(buf.Bytes())
}

type homeData struct {
	Games []report.Game
	Decks []string
}

func (s *Server) homePage(w http.ResponseWriter, r *http.Request) {
	decks, err := s.decks.list()
	if err != nil {
		s.fail(w, r, http.StatusInternalServerError, err)
		return
	}
	s.render(w, r, "home", "deckwright", homeData{Games: s.games, Decks: decks})
}

// cardsQuery is the card search form: the cards command's QUERY and
// --where conditions, with fields for the common ones.
type cardsQuery struct {
	Game, Q, Type, Faction, CostOp, Cost, Where string
}

func readCardsQuery(r *http.Request) cardsQuery {
	q := cardsQuery{Game: r.FormValue("game"), Q: r.FormValue("q"), Type: r.FormValue("type"), Faction: r.FormValue("faction"), CostOp: r.FormValue("costop"), Cost: r.FormValue("cost"), Where: r.FormValue("where")}
	if q.CostOp == "" {
		q.CostOp = "<="
	}
	return q
}

// wheres are the search's --where conditions: the form's fields, then
// its free conditions separated by ";".
func (q cardsQuery) wheres() []string {
	var ws []string
	if q.Type != "" {
		ws = append(ws, "type~"+q.Type)
	}
	if q.Faction != "" {
		ws = append(ws, "faction~"+q.Faction)
	}
	if q.Cost != "" {
		op := q.CostOp
		switch op {
		case "=", "<=", ">=", "<", ">":
		default:
			op = "<="
		}
		ws = append(ws, "cost"+op+q.Cost)
	}
	for _, w := range strings.Split(q.Where, ";") {
		if w = strings.TrimSpace(w); w != "" {
			ws = append(ws, w)
		}
	}
	return ws
}

// args are the cards command's arguments for the search.
func (q cardsQuery) args() []string {
	args := []string{"cards", "--json"}
	if q.Game != "" {
		args = append(args, "--game="+q.Game)
	}
	for _, w := range q.wheres() {
		args = append(args, "--where="+w)
	}
	if q.Q != "" {
		args = append(args, "--", q.Q)
	}
	return args
}

// Command is the search as a deckwright command line, shown under the form.
func (q cardsQuery) Command() string {
	var parts []string
	for _, a := range q.args()[2:] {
		if a != "--" {
			parts = append(parts, strconv.Quote(a))
		}
	}
	return "deckwright cards " + strings.Join(parts, " ")
}

type cardsData struct {
	Games  []report.Game
	Query  cardsQuery
	Cards  []report.Card
	Errors []string
	Editor bool // the grid sits in the deck editor: + and − buttons
	More   int  // cards found beyond those shown
}

// MaxGrid is the most cards a grid shows at once.
const MaxGrid = 120

// searchCards runs the cards command's search (package report).
func (s *Server) searchCards(q cardsQuery) cardsData {
	d := cardsData{Games: s.games, Query: q}
	cards, err := s.cardSearch(q.Game, q.wheres(), q.Q)
	if err != nil {
		d.Errors = strings.Split(err.Error(), "\n")
		return d
	}
	if len(cards) > MaxGrid {
		d.More = len(cards) - MaxGrid
		cards = cards[:MaxGrid]
	}
	d.Cards = cards
	return d
}

func (s *Server) cardsPage(w http.ResponseWriter, r *http.Request) {
	q := readCardsQuery(r)
	if q.Game == "" && q.Q == "" && len(s.games) > 0 && r.URL.RawQuery == "" {
		q.Game = s.games[0].ID
	}
	s.render(w, r, "cards", "Cards", s.searchCards(q))
}

func (s *Server) cardsPartial(w http.ResponseWriter, r *http.Request) {
	d := s.searchCards(readCardsQuery(r))
	d.Editor = r.FormValue("editor") != ""
	s.partial(w, r, "card-grid", d)
}

// fieldRow is one field of the card page.
type fieldRow struct {
	Name, Value string
	Provisional bool
}

type cardData struct {
	Card   *report.Card
	Game   *report.Game
	Fields []fieldRow
	// AllProvisional is set when every value of the card is provisional.
	AllProvisional bool
}

func (s *Server) cardPage(w http.ResponseWriter, r *http.Request) {
	game, name := r.PathValue("game"), r.PathValue("name")
	c := s.liveCard(game, name) // watch.go: as the cards file is now
	if c == nil {
		s.fail(w, r, http.StatusNotFound, fmt.Errorf("no card %q in game %q", name, game))
		return
	}
	prov := map[string]bool{}
	for _, p := range c.Provisional {
		prov[p] = true
	}
	d := cardData{Card: c, Game: s.game(game), AllProvisional: prov["*"]}
	keys := make([]string, 0, len(c.Fields))
	for k := range c.Fields {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		v := c.Fields[k]
		if l, ok := v.([]string); ok {
			v = strings.Join(l, ", ")
		}
		d.Fields = append(d.Fields, fieldRow{Name: k, Value: fmt.Sprint(v), Provisional: prov[k] || prov["*"]})
	}
	s.render(w, r, "card", c.Name, d)
}

// artTypes are the image files the server sends as card art.
var artTypes = map[string]string{".png": "image/png", ".jpg": "image/jpeg", ".jpeg": "image/jpeg", ".gif": "image/gif", ".webp": "image/webp"}

// MaxArt is the largest card image the server sends.
const MaxArt = 32 << 20

// art sends a card's image from its game's files: the game's file system
// never leaves the game's folder (os.OpenRoot) and opens regular files only.
func (s *Server) art(w http.ResponseWriter, r *http.Request) {
	game, name := r.PathValue("game"), r.PathValue("name")
	g, err := s.cfg.DB.LookupGame(game)
	if err != nil {
		s.fail(w, r, http.StatusNotFound, err)
		return
	}
	c := cardNamed(g, name)
	if c == nil || c.Image == "" || g.FS == nil {
		s.fail(w, r, http.StatusNotFound, fmt.Errorf("card %q of %s has no image", name, game))
		return
	}
	typ := artTypes[strings.ToLower(path.Ext(c.Image))]
	if typ == "" {
		s.fail(w, r, http.StatusNotFound, fmt.Errorf("card %q: image %s is not a PNG, JPEG, GIF or WebP file", name, c.Image))
		return
	}
	data, err := safefile.ReadFile(g.FS, c.Image, MaxArt)
	switch {
	case errors.Is(err, safefile.ErrNotRegular) || errors.Is(err, safefile.ErrTooBig):
		s.fail(w, r, http.StatusNotFound, fmt.Errorf("card %q: image %s is not a regular file of at most %d bytes", name, c.Image, MaxArt))
		return
	case err != nil:
		s.fail(w, r, http.StatusNotFound, fmt.Errorf("card %q: %v", name, err))
		return
	}
	w.Header().Set("Content-Type", typ)
	w.Header().Set("Cache-Control", "max-age=300")
	_, _ = w.Write(data)
}

type deckData struct {
	Name    string // the saved deck's name, "" for a new deck or a bundled one
	Version string // the saved deck's version, sent back with a save
	Bundled string // GAME/NAME of a bundled deck opened read-only
	Suggest string // the name offered for a copy of a bundled deck
	Links   string // the deck that print it and playtest it use
	Game    string
	Text    string
	Games   []report.Game
	Decks   []string
	Grid    cardsData
	List    deckListData
	// CardNames are the game's cards, for quick add.
	CardNames []string
	TextOpen  bool
}

// deckPage is the deck builder: ?name= opens a saved deck, ?bundled=
// a bundled deck (read only, with a button to make an editable copy),
// ?game= starts an empty deck of a game.
func (s *Server) deckPage(w http.ResponseWriter, r *http.Request) {
	d := deckData{Name: r.FormValue("name"), Game: r.FormValue("game"), Games: s.games, TextOpen: true}
	if d.Name != "" {
		data, err := s.decks.read(d.Name)
		if err != nil {
			s.fail(w, r, http.StatusNotFound, err)
			return
		}
		d.Text, d.Version, d.Links = string(data), deckVersion(data), d.Name
		if cardsdb.IsYAMLDeck(data) {
			if l, err := cardsdb.ParseDeckYAML(d.Name, data); err == nil && d.Game == "" {
				d.Game = l.Game
			}
		}
	} else if b := r.FormValue("bundled"); b != "" {
		in, err := s.namedDeck(b)
		if err != nil || in.text != nil {
			s.fail(w, r, http.StatusNotFound, fmt.Errorf("no bundled deck %q", b))
			return
		}
		game, deck, _ := strings.Cut(b, "/")
		g, err := s.cfg.DB.LookupGame(game)
		if err != nil {
			s.fail(w, r, http.StatusNotFound, err)
			return
		}
		data, err := readGameFile(g, g.Decks[deck])
		if err != nil {
			s.fail(w, r, http.StatusNotFound, err)
			return
		}
		d.Text, d.Bundled, d.Links = string(data), b, b
		d.Suggest = deck + "-copy" + path.Ext(g.Decks[deck])
		if d.Game == "" {
			d.Game = game // a bundled deck may name no game: its folder does
		}
	}
	if d.Game == "" {
		d.Game = gameLine(d.Text)
	}
	if d.Game == "" && len(s.games) > 0 {
		d.Game = s.games[0].ID
	}
	var err error
	if d.Decks, err = s.decks.list(); err != nil {
		s.fail(w, r, http.StatusInternalServerError, err)
		return
	}
	for _, c := range s.cards[d.Game] {
		d.CardNames = append(d.CardNames, c.Name)
	}
	if g, err := s.cfg.DB.LookupGame(d.Game); err == nil {
		d.List = deckList(g, d.Text)
	}
	d.Grid = cardsData{Games: s.games, Query: cardsQuery{Game: d.Game}, Editor: true}
	s.render(w, r, "deck", "Deck builder", d)
}

// gameLine returns the game a deck's text names ("game: ID"), or "".
func gameLine(text string) string {
	for _, l := range strings.Split(text, "\n") {
		if k, v, ok := strings.Cut(strings.TrimSpace(l), ":"); ok && strings.EqualFold(strings.TrimSpace(k), "game") {
			return strings.TrimSpace(v)
		}
	}
	return ""
}

// finding is a validation finding as the findings panel shows it.
type finding struct {
	Rule, Severity, Message, Card, File string
	Line, Column                        int
}

func findings(fs []validate.Finding) []finding {
	out := make([]finding, len(fs))
	for i, f := range fs {
		out[i] = finding{Rule: f.Rule, Severity: f.Severity.String(), Message: f.Message, Card: f.Card, File: f.Pos.File, Line: f.Pos.Line, Column: f.Pos.Col}
	}
	return out
}

type checkData struct {
	Legal    bool
	Deck     string
	Game     string
	Format   string
	Problems []finding
	Errors   []string // the command failed
	Notes    []string
	// Sample and Provisional count the deck's cards (copies included) that
	// are samples or carry provisional values: every output says so.
	Sample, Provisional int
	Stats               *deckstats.Stats
	Unknown             int
	Curve               *barChart
	Types               *barChart
	Factions            *barChart
}

// checkPartial validates the editor's deck and works out its statistics:
// the findings panel and the charts beside the list.
func (s *Server) checkPartial(w http.ResponseWriter, r *http.Request) {
	body, err := readBody(r)
	if err != nil {
		s.fail(w, r, statusOf(err), err)
		return
	}
	_ = r.ParseForm()
	d := checkData{}
	v, code, err := s.validate(r, body)
	if err != nil {
		d.Errors = strings.Split(err.Error(), "\n")
		s.partial(w, r, "check", d)
		return
	}
	d.Legal, d.Deck, d.Game, d.Format, d.Problems = v.Legal && code < 2, v.Deck, v.Game, v.Format, findings(v.WithEffects())
	if deck, err := s.resolve(body, r.FormValue("game")); err == nil {
		for _, dc := range deck.Cards {
			if dc.Card.Sample {
				d.Sample += dc.Count
			}
			if dc.Card.HasProvisional() {
				d.Provisional += dc.Count
			}
		}
	}
	if code <= 1 {
		if st, err := s.stats(r, body); err == nil {
			d.Stats, d.Unknown = st.Stats, st.Unknown
			d.Curve, d.Types, d.Factions = curveChart(d.Stats), countChart(d.Stats.Types), countChart(d.Stats.Factions)
		} else {
			d.Notes = append(d.Notes, "stats: "+err.Error())
		}
	}
	s.partial(w, r, "check", d)
}

type handData struct {
	Seed  uint64
	Hand  []string
	From  string
	Size  int
	Pool  int
	Note  string
	Error string
}

// MaxSeed bounds the hand drawer's seeds so they stay short to write.
const MaxSeed = 1 << 53

// handPartial draws a sample opening hand from the editor's deck: the
// game's opening hand size from its draw: block, from the section it
// draws from, shuffled with the seed shown (so a hand can be drawn again).
func (s *Server) handPartial(w http.ResponseWriter, r *http.Request) {
	body, err := readBody(r)
	if err != nil {
		s.fail(w, r, statusOf(err), err)
		return
	}
	_ = r.ParseForm()
	seed, err := strconv.ParseUint(r.FormValue("seed"), 10, 64)
	if err != nil || seed == 0 || seed > MaxSeed {
		seed = rand.Uint64N(MaxSeed) + 1
	}
	d := handData{Seed: seed}
	deck, err := s.resolve(body, r.FormValue("game"))
	if err != nil {
		d.Error = err.Error()
		s.partial(w, r, "hand", d)
		return
	}
	g := deck.Game
	if g.Draw == nil || g.Draw.OpeningHand <= 0 {
		d.Error = fmt.Sprintf("%s has no opening hand in its game definition (draw: block)", g.Name)
		s.partial(w, r, "hand", d)
		return
	}
	var pool []string
	for _, dc := range deck.Cards {
		if g.Draw.Deck != "" && (dc.Section == nil || dc.Section.ID != g.Draw.Deck) {
			continue
		}
		for range dc.Count {
			pool = append(pool, dc.Card.Name)
		}
	}
	d.Size, d.Pool, d.From = g.Draw.OpeningHand, len(pool), g.Draw.Deck
	rng := rand.New(rand.NewPCG(seed, 0))
	rng.Shuffle(len(pool), func(i, j int) { pool[i], pool[j] = pool[j], pool[i] })
	d.Hand = pool[:min(len(pool), d.Size)]
	if len(deck.Unknown) > 0 {
		d.Note = fmt.Sprintf("%d cards the game does not have are left out", len(deck.Unknown))
	}
	s.partial(w, r, "hand", d)
}

// resolve reads a deck's text as validate - does and resolves its cards.
func (s *Server) resolve(body []byte, game string) (*cardsdb.Deck, error) {
	list, err := cardsdb.ReadDeck("deck", bytes.NewReader(body), game)
	if err != nil {
		return nil, err
	}
	g, err := s.cfg.DB.GameOf(list)
	if err != nil {
		return nil, err
	}
	return cardsdb.Resolve(g, list)
}

type deckChoice struct {
	Games []report.Game
	Decks []string
	Deck  string
	Text  string
	// Game is the chosen deck's game: it decides the playtest options.
	Game string
	// B is the deck that compare plays against by default: another deck
	// of the same game, never the deck itself.
	B string
}

func (s *Server) deckChoice(w http.ResponseWriter, r *http.Request) (deckChoice, bool) {
	decks, err := s.decks.list()
	if err != nil {
		s.fail(w, r, http.StatusInternalServerError, err)
		return deckChoice{}, false
	}
	d := deckChoice{Games: s.games, Decks: decks, Deck: r.FormValue("deck")}
	if d.Deck == "" {
		d.Deck = r.FormValue("name") // as the deck page names a saved deck
	}
	if d.Deck == "" && len(decks) > 0 {
		d.Deck = decks[0]
	}
	if d.Deck == "" {
		for _, g := range s.games {
			if len(g.Decks) > 0 {
				d.Deck = g.Decks[0]
				break
			}
		}
	}
	d.Game = s.gameOfDeck(d.Deck)
	for _, g := range s.games {
		for _, b := range g.Decks {
			if d.B == "" && b != d.Deck && (d.Game == "" || g.ID == d.Game) {
				d.B = b
			}
		}
	}
	for _, n := range decks {
		if d.B == "" && n != d.Deck {
			d.B = n
		}
	}
	return d, true
}

// gameOfDeck is the game of a saved or bundled deck, or "".
func (s *Server) gameOfDeck(name string) string {
	if game, _, ok := strings.Cut(name, "/"); ok {
		return game
	}
	data, err := s.decks.read(name)
	if err != nil {
		return ""
	}
	if cardsdb.IsYAMLDeck(data) {
		if l, err := cardsdb.ParseDeckYAML(name, data); err == nil {
			return l.Game
		}
	}
	return gameLine(string(data))
}

func (s *Server) printPage(w http.ResponseWriter, r *http.Request) {
	if d, ok := s.deckChoice(w, r); ok {
		s.render(w, r, "print", "Print", d)
	}
}

func (s *Server) playtestPage(w http.ResponseWriter, r *http.Request) {
	if d, ok := s.deckChoice(w, r); ok {
		s.render(w, r, "playtest", "Playtest", playtestChoice{d, s.formSettings(d.Game)})
	}
}
