package serve

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/deckwright/deckwright/cardsdb"
	"github.com/deckwright/deckwright/deckstats"
	"github.com/deckwright/deckwright/report"
)

// deckInput is a deck for print, which takes a deck argument: a saved
// deck's file, a bundled deck GAME/NAME, or - with the request's body as
// standard input.
type deckInput struct {
	arg   string // what the command is given
	name  string // how the browser named the deck; replaces shown in answers
	shown string // how the command names the deck in what it prints
	stdin []byte // the deck's text for -, or nil
}

// deckInput finds the deck of a request: ?deck=NAME (a saved deck, or a
// bundled deck GAME/NAME) or else the body (a text decklist or YAML deck).
func (s *Server) deckInput(r *http.Request, body []byte) (*deckInput, error) {
	if name := r.FormValue("deck"); name != "" {
		return s.namedDeck(name)
	}
	if len(bytes.TrimSpace(body)) == 0 {
		return nil, badRequest("no deck: give ?deck=NAME (a saved deck, or a bundled deck GAME/NAME) or the deck as the request body")
	}
	return &deckInput{arg: "-", name: bodyName(r, body), shown: stdinName, stdin: body}, nil
}

// bodyName is how answers name the deck of a request's body: ?name= when
// it is a deck name (with the extension of the deck's format added to a
// bare name, as the editor's name field holds before saving: "mine"),
// else deck.txt or deck.yaml.
func bodyName(r *http.Request, body []byte) string {
	file := "deck.txt"
	if cardsdb.IsYAMLDeck(body) {
		file = "deck.yaml"
	}
	name := r.FormValue("name")
	if CheckDeckName(name) != nil && CheckDeckName(name+filepath.Ext(file)) == nil {
		name += filepath.Ext(file)
	}
	if CheckDeckName(name) != nil {
		name = file
	}
	return name
}

// namedDeck is a saved deck or a bundled deck GAME/NAME.
func (s *Server) namedDeck(name string) (*deckInput, error) {
	if strings.Count(name, "/") == 1 {
		for _, g := range s.games {
			for _, d := range g.Decks {
				if d == name {
					return &deckInput{arg: name, name: name, shown: name}, nil
				}
			}
		}
		return nil, badRequest("no bundled deck %q (see the games list for the bundled decks)", name)
	}
	path, err := s.decks.path(name)
	if err != nil {
		return nil, badRequest("%v", err)
	}
	return &deckInput{arg: path, name: name, shown: path}, nil
}

// run runs a command; where in is given, the deck's file path is replaced
// by the deck's name in what the command printed.
func (s *Server) run(ctx context.Context, args []string, stdin []byte, progress func(done, total int), in *deckInput, extra ...[2]string) Output {
	if s.cfg.Run == nil {
		return Output{Stderr: "deckwright: this server was started without the command line; " + args[0] + " is not available", Code: 2}
	}
	out := s.cfg.Run(ctx, args, stdin, progress)
	repl := extra
	if in != nil && in.shown != in.name {
		repl = append(repl, [2]string{in.shown, in.name})
	}
	for _, p := range repl {
		out.Stdout = bytes.ReplaceAll(out.Stdout, jsonString(p[0]), jsonString(p[1]))
		out.Stderr = strings.ReplaceAll(out.Stderr, p[0], p[1])
	}
	return out
}

// jsonString is s as the CLI's JSON writes it, without the quotes'
// surroundings trimmed.
func jsonString(s string) []byte {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(s)
	return bytes.TrimSuffix(buf.Bytes(), []byte("\n"))
}

// cliError is the error of a command that failed: its messages without
// the "deckwright: " prefix.
func cliError(out Output) error {
	var lines []string
	for _, l := range strings.Split(strings.TrimSpace(out.Stderr), "\n") {
		l = strings.TrimPrefix(l, "deckwright: ")
		if l != "" {
			lines = append(lines, l)
		}
	}
	if len(lines) == 0 {
		lines = []string{fmt.Sprintf("the command failed (exit %d)", out.Code)}
	}
	return &httpError{http.StatusBadRequest, errors.New(strings.Join(lines, "\n"))}
}

// answer writes a command's JSON: 200 when it ran (exit 0, or 1 for a
// deck that breaks a rule or a search that found nothing), 400 for a
// usage error or unreadable input, with the command's JSON when it printed
// some and {"error": ...} otherwise. The exit status is in the
// X-Deckwright-Exit header.
func (s *Server) answer(w http.ResponseWriter, r *http.Request, out Output) {
	if r.Context().Err() != nil {
		return // the browser went away
	}
	w.Header().Set("X-Deckwright-Exit", strconv.Itoa(out.Code))
	switch {
	case out.Code <= 1 && json.Valid(out.Stdout):
		writeRawJSON(w, http.StatusOK, out.Stdout)
	case out.Code == 2 && len(out.Stdout) > 0 && json.Valid(out.Stdout):
		writeRawJSON(w, http.StatusBadRequest, out.Stdout)
	default:
		s.fail(w, r, http.StatusBadRequest, cliError(out))
	}
}

// flagArgs turns the query or form values named in names into
// --name=value flags (the = form, so that no value is read as a flag).
func flagArgs(r *http.Request, names ...string) []string {
	var args []string
	for _, n := range names {
		for _, v := range r.Form[n] {
			if v != "" {
				args = append(args, "--"+n+"="+v)
			}
		}
	}
	return args
}

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

func (s *Server) apiDeckGet(w http.ResponseWriter, r *http.Request) {
	data, err := s.decks.read(r.PathValue("name"))
	if err != nil {
		s.fail(w, r, http.StatusNotFound, err)
		return
	}
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	_, _ = w.Write(data)
}

func (s *Server) deckDownload(w http.ResponseWriter, r *http.Request) {
	name := r.PathValue("name")
	data, err := s.decks.read(name)
	if err != nil {
		s.fail(w, r, http.StatusNotFound, err)
		return
	}
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.Header().Set("Content-Disposition", "attachment; filename="+strconv.Quote(name))
	_, _ = w.Write(data)
}

func (s *Server) apiDeckPut(w http.ResponseWriter, r *http.Request) {
	body, err := readBody(r)
	if err != nil {
		s.fail(w, r, statusOf(err), err)
		return
	}
	name := r.PathValue("name")
	if err := CheckDeckName(name); err != nil {
		s.fail(w, r, http.StatusBadRequest, err)
		return
	}
	if err := s.decks.write(name, body); err != nil {
		s.fail(w, r, http.StatusBadRequest, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"saved": name, "bytes": len(body)})
}

// stdinName names a deck checked from its text, as validate - does.
const stdinName = "<stdin>"

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
	data, err := cardsdb.ReadInput(stdinName, bytes.NewReader(body))
	if err != nil {
		return nil, err
	}
	list, err := cardsdb.ParseDeckData(stdinName, data)
	if err != nil {
		return nil, err
	}
	if list.Game == "" {
		list.Game = game
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

// requestDeck reads the deck of a request: ?deck=NAME (a saved deck, or
// a bundled deck GAME/NAME) or else the body (a text decklist or YAML
// deck, named by bodyName). ?game= is the game of a deck that names none.
func (s *Server) requestDeck(r *http.Request, body []byte) (*cardsdb.DeckList, string, error) {
	game := r.FormValue("game")
	if game != "" {
		if _, err := s.cfg.DB.LookupGame(game); err != nil {
			return nil, "", badRequest("--game: %v", err)
		}
	}
	var list *cardsdb.DeckList
	var err error
	name := r.FormValue("deck")
	switch {
	case name != "" && strings.Count(name, "/") == 1:
		if _, err = s.namedDeck(name); err != nil {
			return nil, "", err
		}
		list, err = s.cfg.DB.BundledDeck(name)
	case name != "":
		var data []byte
		if data, err = s.decks.read(name); err != nil {
			return nil, "", badRequest("%v", err)
		}
		list, err = cardsdb.ParseDeck(name, data)
	case len(bytes.TrimSpace(body)) == 0:
		return nil, "", badRequest("no deck: give ?deck=NAME (a saved deck, or a bundled deck GAME/NAME) or the deck as the request body")
	default:
		name = bodyName(r, body)
		list, err = cardsdb.ParseDeckData(name, body)
	}
	if err != nil {
		return nil, "", badRequest("%v", err)
	}
	if list.Game == "" {
		list.Game = game
	}
	return list, name, nil
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

// formInt reads an integer option as the command line reads its flag:
// the last value given wins, in any notation Go accepts (0x10, 1_000), and
// def when none is given. Reading it once, here, means the value checked
// is the value used.
func formInt(r *http.Request, name string, def int) (int, error) {
	vs := r.Form[name]
	if len(vs) == 0 || vs[len(vs)-1] == "" {
		return def, nil
	}
	v := vs[len(vs)-1]
	n, err := strconv.ParseInt(v, 0, 64)
	if err != nil {
		return 0, badRequest("invalid argument %q for \"--%s\" flag: %v", v, name, err)
	}
	return int(n), nil
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

// printFlags are the print options the pages and the API pass on.
var printFlags = []string{"game", "format", "paper", "card-size", "grid", "marks", "backs", "back-offset", "gap", "bleed", "margin", "dpi"}

// print runs print on a request's deck into a temporary PDF; the caller
// removes dir.
func (s *Server) print(r *http.Request, body []byte) (out Output, pdf, dir string, err error) {
	in, err := s.deckInput(r, body)
	if err != nil {
		return Output{}, "", "", err
	}
	if dir, err = s.tempDir(); err != nil {
		return Output{}, "", "", err
	}
	pdf = filepath.Join(dir, strings.TrimSuffix(filepath.Base(in.name), filepath.Ext(in.name))+".pdf")
	args := append([]string{"print", in.arg, "--json", "--output=" + pdf, "--cache-dir=" + filepath.Join(s.tmp, "art-cache")}, flagArgs(r, printFlags...)...)
	out = s.run(r.Context(), args, in.stdin, nil, in, [2]string{pdf, filepath.Base(pdf)})
	return out, pdf, dir, nil
}

func (s *Server) apiPrint(w http.ResponseWriter, r *http.Request) {
	body, err := readBody(r)
	if err != nil {
		s.fail(w, r, statusOf(err), err)
		return
	}
	_ = r.ParseForm()
	out, _, dir, err := s.print(r, body)
	if dir != "" {
		defer os.RemoveAll(dir)
	}
	if err != nil {
		s.fail(w, r, statusOf(err), err)
		return
	}
	s.answer(w, r, out)
}

// printPDF answers the PDF itself, for the print page's download.
func (s *Server) printPDF(w http.ResponseWriter, r *http.Request) {
	if err := r.ParseForm(); err != nil {
		s.fail(w, r, statusOf(err), badRequest("%v", err))
		return
	}
	out, pdf, dir, err := s.print(r, []byte(r.PostForm.Get("text")))
	if dir != "" {
		defer os.RemoveAll(dir)
	}
	if err != nil {
		s.fail(w, r, statusOf(err), err)
		return
	}
	if out.Code != 0 {
		s.fail(w, r, http.StatusBadRequest, cliError(out))
		return
	}
	f, err := os.Open(pdf)
	if err != nil {
		s.fail(w, r, http.StatusInternalServerError, err)
		return
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		s.fail(w, r, http.StatusInternalServerError, err)
		return
	}
	w.Header().Set("Content-Type", "application/pdf")
	w.Header().Set("Content-Disposition", "attachment; filename="+strconv.Quote(filepath.Base(pdf)))
	http.ServeContent(w, r, filepath.Base(pdf), st.ModTime(), f)
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
	list, err := cardsdb.ParseDeckData("deck", body)
	if err == nil && list.Game == "" {
		list.Game = r.FormValue("game")
	}
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

// readGames reads ?games= once, as the command line reads --games (the
// last value, any Go notation: 0x10, 1_000), and refuses more than
// MaxGames: the value checked is the value played. def is for none given.
func readGames(r *http.Request, def int) (int, error) {
	n, err := formInt(r, "games", def)
	if err != nil {
		return 0, err
	}
	if n < 1 || n > MaxGames {
		return 0, badRequest("games %d: the server plays at most %d games a run (and at least 1)", n, MaxGames)
	}
	return n, nil
}
