package serve

import (
	"errors"
	"fmt"
	"net/http"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/deckwright/deckwright/cardsdb"
)

// builderRoutes registers the deck builder's routes: saving with versions,
// history, edits by + and −, the grouped deck list and the differences of
// two decks.
func (s *Server) builderRoutes(mux *http.ServeMux) {
	mux.HandleFunc("PUT /api/decks/{$}", s.apiDeckNoName)
	mux.HandleFunc("GET /api/decks/{name}/history", s.apiDeckHistory)
	mux.HandleFunc("GET /api/decks/{name}/history/{id}", s.apiDeckVersion)
	mux.HandleFunc("POST /api/deck/edit", s.apiDeckEdit)
	mux.HandleFunc("POST /api/deck/notes", s.apiDeckNotes)
	mux.HandleFunc("POST /partial/decklist", s.decklistPartial)
	mux.HandleFunc("POST /partial/diff", s.diffPartial)
	mux.HandleFunc("GET /diff", s.diffPage)
	mux.HandleFunc("GET /favicon.ico", s.favicon)
}

// favicon answers the page icon (browsers ask for /favicon.ico).
func (s *Server) favicon(w http.ResponseWriter, r *http.Request) {
	data, err := staticFS.ReadFile("static/favicon.svg")
	if err != nil {
		s.fail(w, r, http.StatusNotFound, err)
		return
	}
	w.Header().Set("Content-Type", "image/svg+xml")
	w.Header().Set("Cache-Control", "max-age=86400")
	_, _ = w.Write(data)
}

// editGame is the game of an edit: ?game=, else the deck's game: line.
func (s *Server) editGame(r *http.Request, text []byte) (*cardsdb.Game, error) {
	id := gameLine(string(text))
	if cardsdb.IsYAMLDeck(text) {
		if l, err := cardsdb.ParseDeckYAML("deck", text); err == nil && l.Game != "" {
			id = l.Game
		}
	}
	if id == "" {
		id = r.FormValue("game")
	}
	if id == "" {
		return nil, badRequest("the deck names no game; choose one")
	}
	g, err := s.cfg.DB.LookupGame(id)
	if err != nil {
		return nil, badRequest("%v", err)
	}
	return g, nil
}

// apiDeckEdit adds (?delta=1) or removes (?delta=-1) one copy of ?card=
// in the deck of the body and answers the new text (see editDeck).
func (s *Server) apiDeckEdit(w http.ResponseWriter, r *http.Request) {
	body, err := readBody(r)
	if err != nil {
		s.fail(w, r, statusOf(err), err)
		return
	}
	_ = r.ParseForm()
	delta, err := strconv.Atoi(r.FormValue("delta"))
	if err != nil || (delta != 1 && delta != -1) {
		s.fail(w, r, http.StatusBadRequest, errors.New("delta must be 1 (add a copy) or -1 (remove one)"))
		return
	}
	card := r.FormValue("card")
	if card == "" {
		s.fail(w, r, http.StatusBadRequest, errors.New("type a card's name to add it"))
		return
	}
	g, err := s.editGame(r, body)
	if err != nil {
		s.fail(w, r, statusOf(err), err)
		return
	}
	res, err := editDeck(g, string(body), card, delta)
	if err != nil {
		msg := err.Error()
		if errors.Is(err, errUnknownCard) {
			msg = msg[len(errUnknownCard.Error())+2:]
		}
		s.fail(w, r, http.StatusBadRequest, errors.New(msg))
		return
	}
	writeJSON(w, http.StatusOK, res)
}

// deckRow is one card of the grouped deck list.
type deckRow struct {
	Name  string `json:"-"`
	Count int    `json:"n"`
	// Limit is the copy limit (0: none); AtLimit is set when the deck holds
	// that many, and Why says so in words.
	Limit   int    `json:"limit,omitempty"`
	AtLimit bool   `json:"full,omitempty"`
	Why     string `json:"why,omitempty"`
	Fixed   bool   `json:"fixed,omitempty"` // comes with another card: no + or −
	Game    string `json:"-"`
}

// typeGroup is the cards of one type inside a section.
type typeGroup struct {
	Type  string
	Count int
	Rows  []deckRow
}

// sectionGroup is one section of the grouped deck list.
type sectionGroup struct {
	Name  string
	Count int
	Want  string // "exactly 40"
	OK    bool
	Types []typeGroup
}

// deckListData is the grouped deck list beside the card pool.
type deckListData struct {
	Game     string
	Sections []sectionGroup
	Unknown  []string
	Total    int
	Errors   []string
	Notes    string // the deck's notes (see deckNotes)
	// Counts is, by card name, the copies in the deck and the limit: the
	// tiles of the pool show them.
	Counts map[string]deckRow
}

// deckList groups a deck's cards by section and type, with counts.
func deckList(g *cardsdb.Game, text string) deckListData {
	d := deckListData{Game: g.ID, Counts: map[string]deckRow{}, Notes: deckNotes(text)}
	list, err := parseForEdit(text, cardsdb.IsYAMLDeck([]byte(text)))
	if err != nil {
		d.Errors = []string{firstLines(err.Error(), 3)}
		return d
	}
	if len(list.Entries) == 0 {
		return d
	}
	if list.Game == "" {
		list.Game = g.ID
	}
	deck, err := cardsdb.Resolve(g, list)
	if err != nil {
		d.Errors = []string{firstLines(err.Error(), 3)}
		return d
	}
	bySec := map[*cardsdb.Section]*sectionGroup{}
	var order []*cardsdb.Section
	var loose *sectionGroup
	for _, dc := range deck.Cards {
		sg := bySec[dc.Section]
		if dc.Section == nil {
			if loose == nil {
				loose = &sectionGroup{Name: "Outside any section", OK: false}
			}
			sg = loose
		} else if sg == nil {
			sg = &sectionGroup{Name: dc.Section.Name, Want: dc.Section.Count.String()}
			bySec[dc.Section] = sg
			order = append(order, dc.Section)
		}
		row := deckRow{Name: dc.Card.Name, Count: dc.Count, Fixed: dc.Companion || dc.Auto, Game: g.ID}
		if prev, ok := d.Counts[row.Name]; ok {
			row.Count += prev.Count
		}
		if row.Fixed {
			row.Why = fmt.Sprintf("%s comes with the card that names it", dc.Card.Name)
		} else if dc.Section != nil {
			if lim, ok := dc.Section.CopyLimit(dc.Card); ok {
				row.Limit = lim
				if row.Count >= lim {
					row.AtLimit = true
					row.Why = fmt.Sprintf("copy limit: at most %s of %s in the %s", cardsdb.Plural(lim, "copy"), dc.Card.Name, dc.Section.Name)
				}
			}
		}
		d.Counts[row.Name] = row
		tname := g.TypeName(dc.Card.Type)
		var tg *typeGroup
		for i := range sg.Types {
			if sg.Types[i].Type == tname {
				tg = &sg.Types[i]
			}
		}
		if tg == nil {
			sg.Types = append(sg.Types, typeGroup{Type: tname})
			tg = &sg.Types[len(sg.Types)-1]
		}
		merged := false
		for i := range tg.Rows {
			if tg.Rows[i].Name == row.Name {
				tg.Rows[i] = row
				merged = true
			}
		}
		if !merged {
			tg.Rows = append(tg.Rows, row)
		}
		tg.Count += dc.Count
		sg.Count += dc.Count
		d.Total += dc.Count
	}
	sort.SliceStable(order, func(i, j int) bool { return sectionIndex(g, order[i]) < sectionIndex(g, order[j]) })
	for _, sec := range order {
		sg := bySec[sec]
		sg.OK = sec.Count.Allows(sg.Count)
		d.Sections = append(d.Sections, *sg)
	}
	if loose != nil {
		d.Sections = append(d.Sections, *loose)
	}
	for _, u := range deck.Unknown {
		d.Unknown = append(d.Unknown, u.Entry.Name)
	}
	return d
}

func sectionIndex(g *cardsdb.Game, s *cardsdb.Section) int {
	for i, x := range g.Sections {
		if x == s {
			return i
		}
	}
	return len(g.Sections)
}

// decklistPartial is the grouped deck list of the body's deck.
func (s *Server) decklistPartial(w http.ResponseWriter, r *http.Request) {
	body, err := readBody(r)
	if err != nil {
		s.fail(w, r, statusOf(err), err)
		return
	}
	_ = r.ParseForm()
	g, err := s.editGame(r, body)
	if err != nil {
		s.partial(w, r, "decklist", deckListData{Errors: []string{err.Error()}})
		return
	}
	s.partial(w, r, "decklist", deckList(g, string(body)))
}

// numberField is a number a playtest form asks for, and its bounds.
type numberField struct {
	name, words string
	min, max    int
}

// playNumbers are the playtest form's numbers.
var playNumbers = []numberField{
	{"games", "games", 1, MaxGames},
	{"seed", "the seed", 0, 1<<31 - 1},
	{"max-turns", "the most turns", 1, 1000},
}

// checkNumbers refuses a playtest's numbers that are not numbers or out
// of bounds, in words a player reads: "games must be a number from 1 to
// 200,000".
func checkNumbers(r *http.Request) error {
	_ = r.ParseForm()
	for _, f := range playNumbers {
		v := strings.TrimSpace(last(r, f.name)) // the value played: the last, as readPlayOptions reads it
		if v == "" {
			continue
		}
		n, err := strconv.Atoi(strings.ReplaceAll(v, ",", ""))
		if err != nil || n < f.min || n > f.max {
			return badRequest("%s must be a number from %s to %s (not %q)", f.words, thousands(f.min), thousands(f.max), v)
		}
	}
	return nil
}

// thousands writes n with commas: 200,000.
func thousands(n int) string {
	s := strconv.Itoa(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

var (
	flagArgRE  = regexp.MustCompile(`^invalid argument "(.*)" for "(?:-\w, )?--([\w-]+)" flag: (.*)$`)
	seeHelpRE  = regexp.MustCompile(` \(see deckwright [\w-]+ --help\)$`)
	flagNameRE = regexp.MustCompile(`(^|[\s(])--([a-z][a-z-]*)`)
)

// peopleWords rewrites a command's message for the pages: a flag's value
// that is not a number says so in words ("dpi must be a number (not
// "abc")"), flags are named as the forms name them (gap, not --gap), and
// the pointer to --help goes (the page has no command line).
func peopleWords(msg string) string {
	msg = seeHelpRE.ReplaceAllString(msg, "")
	if m := flagArgRE.FindStringSubmatch(msg); m != nil {
		name := strings.ReplaceAll(m[2], "-", " ")
		if strings.Contains(m[3], "strconv.Parse") {
			return fmt.Sprintf("%s must be a number (not %q)", name, m[1])
		}
		return fmt.Sprintf("%s: %q is not a value it takes", name, m[1])
	}
	return flagNameRE.ReplaceAllString(msg, "$1$2")
}
