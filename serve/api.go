package serve

import (
	"bytes"
	"fmt"
	"math"
	"net/http"
	"strconv"

	"github.com/deckwright/deckwright/cardsdb"
	"github.com/deckwright/deckwright/deckstats"
	"github.com/deckwright/deckwright/report"
)

func (s *Server) apiGames(w http.ResponseWriter, r *http.Request) {
	s.answerJSON(w, r, 0, map[string]any{"games": s.games})
}

// cardSearch is the cards command's search for ?game=, ?where= (each a
// condition) and ?q=.
func (s *Server) cardSearch(game string, where []string, text string) ([]report.Card, error) {
	q := cardsdb.Query{Text: text}
	for _, w := range where {
		c, err := cardsdb.ParseCond(w)
		if err != nil {
			return nil, badRequest("--where %v", err)
		}
		q.Where = append(q.Where, c)
	}
	games, err := report.SelectGames(s.cfg.DB, game)
	if err != nil {
		return nil, badRequest("--game: %v", err)
	}
	cards, err := report.Cards(games, q)
	if err != nil {
		return nil, badRequest("--where %v", err)
	}
	return cards, nil
}

func (s *Server) apiCards(w http.ResponseWriter, r *http.Request) {
	_ = r.ParseForm()
	var where []string
	for _, v := range r.Form["where"] {
		if v != "" {
			where = append(where, v)
		}
	}
	cards, err := s.cardSearch(r.FormValue("game"), where, r.FormValue("q"))
	if err != nil {
		s.answerError(w, r, err)
		return
	}
	code := 0
	if len(cards) == 0 {
		code = 1 // as the command: a search that finds nothing
	}
	s.answerJSON(w, r, code, map[string]any{"cards": cards})
}

func (s *Server) apiDecks(w http.ResponseWriter, r *http.Request) {
	names, err := s.decks.list()
	if err != nil {
		s.fail(w, r, http.StatusInternalServerError, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"decks": names})
}

// validate checks a deck's text as validate - does: the report and the
// command's exit status (0 legal, 1 the deck breaks a rule, 2 unreadable:
// the report then holds the input's errors). The error is for options
// the command would refuse (an unknown ?game=).
func (s *Server) validate(r *http.Request, body []byte) (*report.Validation, int, error) {
	game := r.FormValue("game")
	if game != "" {
		if _, err := s.cfg.DB.LookupGame(game); err != nil {
			return nil, 2, badRequest("--game: %v", err)
		}
	}
	v, err := s.validateText(body, game, r.FormValue("format"))
	if err != nil {
		return report.Unreadable("-", err), 2, nil // as validate - names it
	}
	if !v.Legal {
		return v, 1, nil
	}
	return v, 0, nil
}

func (s *Server) validateText(body []byte, game, format string) (*report.Validation, error) {
	list, err := cardsdb.ReadDeck(stdinName, bytes.NewReader(body), game)
	if err != nil {
		return nil, err
	}
	return report.Validate(s.cfg.DB, stdinName, list, report.ValidateOptions{Format: format})
}

func (s *Server) apiValidate(w http.ResponseWriter, r *http.Request) {
	body, err := readBody(r)
	if err != nil {
		s.fail(w, r, statusOf(err), err)
		return
	}
	_ = r.ParseForm()
	v, code, err := s.validate(r, body)
	if err != nil {
		s.answerError(w, r, err)
		return
	}
	v.Problems = v.WithEffects()
	s.answerJSON(w, r, code, map[string]any{"decks": []*report.Validation{v}})
}

// stats works out a request's deck's statistics as stats --json does,
// with the options ?hand=, ?draws=, ?turns=, ?at-least= and ?card=.
func (s *Server) stats(r *http.Request, body []byte) (*report.Stats, error) {
	o := deckstats.Options{Cards: r.Form["card"]}
	for _, f := range []struct {
		name     string
		v        *int
		def, min int
		max      int
	}{{"hand", &o.Hand, 0, 0, math.MaxInt}, {"draws", &o.Draws, -1, math.MinInt, math.MaxInt}, {"turns", &o.Turns, 5, 1, 50}, {"at-least", &o.AtLeast, 1, 1, math.MaxInt}} {
		n, err := formInt(r, f.name, f.def)
		if err != nil {
			return nil, err
		}
		if n < f.min || n > f.max {
			return nil, badRequest("--%s %d: want %d to %d", f.name, n, f.min, f.max)
		}
		*f.v = n
	}
	list, name, err := s.requestDeck(r, body)
	if err != nil {
		return nil, err
	}
	g, err := s.cfg.DB.GameOf(list)
	if err != nil {
		return nil, badRequest("%v", err)
	}
	deck, err := cardsdb.Resolve(g, list)
	if err != nil {
		return nil, badRequest("%v", err)
	}
	st, err := report.DeckStats(name, deck, o)
	if err != nil {
		return nil, badRequest("%v", err)
	}
	return st, nil
}

func (s *Server) apiStats(w http.ResponseWriter, r *http.Request) {
	body, err := readBody(r)
	if err != nil {
		s.fail(w, r, statusOf(err), err)
		return
	}
	_ = r.ParseForm()
	st, err := s.stats(r, body)
	if err != nil {
		s.answerError(w, r, err)
		return
	}
	s.answerJSON(w, r, 0, st)
}

// answerJSON writes an answer of the JSON API: 200 when the command would
// have run (exit 0, or 1 for a deck that breaks a rule or a search that
// found nothing), 400 for a usage error or unreadable input. The exit
// status is in the X-Deckwright-Exit header.
func (s *Server) answerJSON(w http.ResponseWriter, r *http.Request, code int, v any) {
	if r.Context().Err() != nil {
		return // the browser went away
	}
	w.Header().Set("X-Deckwright-Exit", strconv.Itoa(code))
	status := http.StatusOK
	if code > 1 {
		status = http.StatusBadRequest
	}
	writeJSON(w, status, v)
}

// answerError answers an API request the command would refuse: exit 2.
func (s *Server) answerError(w http.ResponseWriter, r *http.Request, err error) {
	w.Header().Set("X-Deckwright-Exit", "2")
	s.fail(w, r, statusOf(err), err)
}

// MaxGames is the most games one playtest request may ask for.
const MaxGames = 200000

func (s *Server) apiGoldfish(w http.ResponseWriter, r *http.Request) {
	body, err := readBody(r)
	if err != nil {
		s.fail(w, r, statusOf(err), err)
		return
	}
	_ = r.ParseForm()
	rep, illegal, err := s.runGoldfish(r, body, nil)
	switch {
	case err != nil:
		s.answerError(w, r, err)
	case illegal != nil:
		s.answerJSON(w, r, 1, map[string]any{"decks": []*report.Validation{illegal}})
	default:
		s.answerJSON(w, r, 0, rep)
	}
}

// convert answers the deck in the body written in the other format:
// ?to=txt a plain-text decklist, ?to=yaml a YAML deck (the editor's
// Export buttons). Errors are plain text.
func (s *Server) convert(w http.ResponseWriter, r *http.Request) {
	body, err := readBody(r)
	if err != nil {
		http.Error(w, err.Error(), statusOf(err))
		return
	}
	_ = r.ParseForm()
	list, err := cardsdb.ReadDeck("deck", bytes.NewReader(body), r.FormValue("game"))
	var out []byte
	if err == nil {
		switch r.FormValue("to") {
		case "txt":
			var text string
			text, err = list.Text()
			out = []byte(text)
		case "yaml":
			out, err = list.YAML()
		default:
			err = fmt.Errorf("to=%q: want txt or yaml", r.FormValue("to"))
		}
	}
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	_, _ = w.Write(out)
}
