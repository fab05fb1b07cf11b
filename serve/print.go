package serve

import (
	"bytes"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"
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
