package serve

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/deckwright/deckwright/cardsdb"
)

// deckInput is a deck for a command that takes a deck file: a saved deck,
// a bundled deck GAME/NAME, or the request's body in a temporary file.
type deckInput struct {
	arg  string // what the command is given
	name string // how the browser named the deck; replaces arg in answers
	dir  string // a temporary folder to remove, or ""
}

func (d *deckInput) cleanup() {
	if d.dir != "" {
		_ = os.RemoveAll(d.dir)
	}
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
	dir, err := s.tempDir()
	if err != nil {
		return nil, err
	}
	file := "deck.txt"
	if yamlDeck(body) {
		file = "deck.yaml"
	}
	tmp := filepath.Join(dir, file)
	if err := os.WriteFile(tmp, body, 0o600); err != nil {
		_ = os.RemoveAll(dir)
		return nil, err
	}
	name := r.FormValue("name")
	if CheckDeckName(name) != nil && CheckDeckName(name+filepath.Ext(file)) == nil {
		name += filepath.Ext(file) // the editor's name field before saving: "mine"
	}
	if CheckDeckName(name) != nil {
		name = file
	}
	return &deckInput{arg: tmp, name: name, dir: dir}, nil
}

// namedDeck is a saved deck or a bundled deck GAME/NAME.
func (s *Server) namedDeck(name string) (*deckInput, error) {
	if strings.Count(name, "/") == 1 {
		for _, g := range s.games {
			for _, d := range g.Decks {
				if d == name {
					return &deckInput{arg: name, name: name}, nil
				}
			}
		}
		return nil, badRequest("no bundled deck %q (see the games list for the bundled decks)", name)
	}
	path, err := s.decks.path(name)
	if err != nil {
		return nil, badRequest("%v", err)
	}
	return &deckInput{arg: path, name: name}, nil
}

// yamlDeck tells a YAML deck from a decklist as validate - does: a YAML
// deck has a top-level "sections:" key, or "packs:" as a list.
func yamlDeck(data []byte) bool {
	for _, line := range strings.Split(string(data), "\n") {
		line = strings.TrimRight(line, " \t\r")
		if line == "sections:" || line == "packs:" || strings.HasPrefix(line, "packs: [") {
			return true
		}
	}
	return false
}

// run runs a command; where in is given, the deck's file path is replaced
// by the deck's name in what the command printed.
func (s *Server) run(ctx context.Context, args []string, stdin []byte, progress func(done, total int), in *deckInput, extra ...[2]string) Output {
	out := s.cfg.Run(ctx, args, stdin, progress)
	repl := extra
	if in != nil && in.arg != in.name {
		repl = append(repl, [2]string{in.arg, in.name})
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
	s.answer(w, r, s.run(r.Context(), []string{"games", "--json"}, nil, nil, nil))
}

// cardsArgs are the arguments of the cards command for a search.
func cardsArgs(r *http.Request) []string {
	args := append([]string{"cards", "--json"}, flagArgs(r, "game", "where")...)
	if q := r.FormValue("q"); q != "" {
		args = append(args, "--", q)
	}
	return args
}

func (s *Server) apiCards(w http.ResponseWriter, r *http.Request) {
	_ = r.ParseForm()
	s.answer(w, r, s.run(r.Context(), cardsArgs(r), nil, nil, nil))
}

func (s *Server) apiDecks(w http.ResponseWriter, r *http.Request) {
	names, err := s.decks.list()
	if err != nil {
		s.fail(w, r, http.StatusInternalServerError, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"decks": names})
}

// validate runs validate - on a deck's text.
func (s *Server) validate(r *http.Request, body []byte) Output {
	args := append([]string{"validate", "-", "--json"}, flagArgs(r, "game", "format")...)
	return s.run(r.Context(), args, body, nil, nil)
}

func (s *Server) apiValidate(w http.ResponseWriter, r *http.Request) {
	body, err := readBody(r)
	if err != nil {
		s.fail(w, r, statusOf(err), err)
		return
	}
	_ = r.ParseForm()
	s.answer(w, r, s.validate(r, body))
}

// stats runs stats on a request's deck.
func (s *Server) stats(r *http.Request, body []byte) (Output, error) {
	in, err := s.deckInput(r, body)
	if err != nil {
		return Output{}, err
	}
	defer in.cleanup()
	args := append([]string{"stats", in.arg, "--json"}, flagArgs(r, "game", "hand", "draws", "turns", "at-least", "card")...)
	return s.run(r.Context(), args, nil, nil, in), nil
}

func (s *Server) apiStats(w http.ResponseWriter, r *http.Request) {
	body, err := readBody(r)
	if err != nil {
		s.fail(w, r, statusOf(err), err)
		return
	}
	_ = r.ParseForm()
	out, err := s.stats(r, body)
	if err != nil {
		s.fail(w, r, statusOf(err), err)
		return
	}
	s.answer(w, r, out)
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
	defer in.cleanup()
	if dir, err = s.tempDir(); err != nil {
		return Output{}, "", "", err
	}
	pdf = filepath.Join(dir, strings.TrimSuffix(filepath.Base(in.name), filepath.Ext(in.name))+".pdf")
	args := append([]string{"print", in.arg, "--json", "--output=" + pdf, "--cache-dir=" + filepath.Join(s.tmp, "art-cache")}, flagArgs(r, printFlags...)...)
	out = s.run(r.Context(), args, nil, nil, in, [2]string{pdf, filepath.Base(pdf)})
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

// goldfishFlags are the goldfish options the pages and the API pass on.
var goldfishFlags = []string{"game", "mode", "difficulty", "opponent", "policy", "games", "seed", "precision", "max-turns"}

// goldfish runs goldfish on a request's deck.
func (s *Server) goldfish(r *http.Request, body []byte, progress func(done, total int)) (Output, error) {
	if err := checkGames(r); err != nil {
		return Output{}, err
	}
	in, err := s.deckInput(r, body)
	if err != nil {
		return Output{}, err
	}
	defer in.cleanup()
	args := append([]string{"goldfish", in.arg, "--json"}, flagArgs(r, goldfishFlags...)...)
	return s.run(r.Context(), args, nil, progress, in), nil
}

func (s *Server) apiGoldfish(w http.ResponseWriter, r *http.Request) {
	body, err := readBody(r)
	if err != nil {
		s.fail(w, r, statusOf(err), err)
		return
	}
	_ = r.ParseForm()
	out, err := s.goldfish(r, body, nil)
	if err != nil {
		s.fail(w, r, statusOf(err), err)
		return
	}
	s.answer(w, r, out)
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
	parse := cardsdb.ParseDecklist
	if yamlDeck(body) {
		parse = cardsdb.ParseDeckYAML
	}
	list, err := parse("deck", body)
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

// checkGames refuses a request for more than MaxGames games, or numbers
// a player did not mean, in words (see checkNumbers).
func checkGames(r *http.Request) error {
	return checkNumbers(r)
}
