package serve

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/deckwright/deckwright/printjob"
)

// deckInput is a deck for print, which takes a deck argument: a saved
// deck's file, a bundled deck GAME/NAME, or - with the request's body as
// the deck's text.
type deckInput struct {
	arg   string // the deck argument print is given
	name  string // how the browser named the deck; replaces shown in answers
	shown string // how print names the deck in its messages
	text  []byte // the deck's text for -, or nil
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
	name := bodyName(r, body)
	return &deckInput{arg: "-", name: name, shown: name, text: body}, nil
}

// printRequest is a print asked for by a request: the job, its layout and
// how it is drawn, as the print command's flags would give them.
type printRequest struct {
	in   *deckInput
	job  *printjob.Job
	opts printjob.RenderOptions
	pdf  string // the PDF's file name
}

// printError is a print that failed as the print command fails: the
// command's exit status (1 for a deck that breaks a rule, 2 for the rest)
// and its message.
type printError struct {
	code int
	err  error
}

func (e *printError) Error() string { return e.err.Error() }

// asPrintError gives an error of package printjob its exit status and
// names the deck as the browser named it.
func asPrintError(in *deckInput, err error) error {
	// 2 for usage or unreadable input; an error that says its status (a
	// print that breaks a rule: printjob.RuleError, StrictError) keeps it.
	code := 2
	var st interface{ ExitStatus() int }
	if errors.As(err, &st) {
		code = st.ExitStatus()
	}
	msg := err.Error()
	if in.shown != in.name {
		msg = strings.ReplaceAll(msg, in.shown, in.name)
	}
	return &printError{code: code, err: errors.New(msg)}
}

// flagString, flagFloat and flagInt read a print option as print reads its
// flag: the last value given (empty values are not given), def for none;
// a number that does not parse is the flag's error.
func flagString(r *http.Request, name, def string) string {
	v := def
	for _, x := range r.Form[name] {
		if x != "" {
			v = x
		}
	}
	return v
}

func flagNumber[T any](r *http.Request, name string, def T, parse func(string) (T, error)) (T, error) {
	v := def
	for _, x := range r.Form[name] {
		if x == "" {
			continue
		}
		n, err := parse(x)
		if err != nil {
			return v, fmt.Errorf("invalid argument %q for \"--%s\" flag: %v (see deckwright print --help)", x, name, err)
		}
		v = n
	}
	return v, nil
}

// newPrint collects a request's print: its deck (see deckInput) and the
// print options the pages and the API pass on (?game=, ?format=, ?paper=,
// ?card-size=, ?grid=, ?marks=, ?backs=, ?back-offset=, ?gap=, ?bleed=,
// ?margin=, ?dpi=), read as print reads its flags. An error is a
// *printError unless the request names no deck it can have.
func (s *Server) newPrint(r *http.Request, body []byte) (*printRequest, error) {
	in, err := s.deckInput(r, body)
	if err != nil {
		return nil, err
	}
	fail := func(err error) (*printRequest, error) { return nil, asPrintError(in, err) }
	sheet := printjob.DefaultSheet()
	given := map[string]bool{}
	for _, f := range []struct {
		name string
		v    *string
	}{{"paper", &sheet.Paper}, {"card-size", &sheet.CardSize}, {"grid", &sheet.Grid}, {"marks", &sheet.Marks}, {"backs", &sheet.Backs}, {"back-offset", &sheet.BackOffset}} {
		*f.v = flagString(r, f.name, *f.v)
		given[f.name] = flagString(r, f.name, "") != ""
	}
	parseFloat := func(s string) (float64, error) { return strconv.ParseFloat(s, 64) }
	for _, f := range []struct {
		name string
		v    *float64
	}{{"gap", &sheet.Gap}, {"bleed", &sheet.Bleed}, {"margin", &sheet.Margin}} {
		if *f.v, err = flagNumber(r, f.name, *f.v, parseFloat); err != nil {
			return fail(err)
		}
		given[f.name] = flagString(r, f.name, "") != ""
	}
	dpi, err := flagNumber(r, "dpi", 300, func(s string) (int, error) {
		n, err := strconv.ParseInt(s, 0, 64)
		return int(n), err
	})
	if err != nil {
		return fail(err)
	}
	sheet.Given = func(name string) bool { return given[name] }
	job, err := printjob.Collect(s.cfg.DB, printjob.Options{Decks: []string{in.arg}, In: bytes.NewReader(in.text), InName: in.name,
		Game: flagString(r, "game", ""), Format: flagString(r, "format", ""), CardSize: sheet.CardSize})
	if err != nil {
		return fail(err)
	}
	lo, err := job.Layout(sheet)
	if err != nil {
		return fail(err)
	}
	p := &printRequest{in: in, job: job, pdf: strings.TrimSuffix(filepath.Base(in.name), filepath.Ext(in.name)) + ".pdf",
		opts: printjob.RenderOptions{Sheet: lo, DPI: dpi, CacheDir: filepath.Join(s.tmp, "art-cache"), Templates: s.faceTemplates()}}
	return p, nil
}

// render draws the print's PDF to w and returns print --json's report.
func (p *printRequest) render(r *http.Request, w io.Writer) (*printjob.Result, error) {
	rep, err := printjob.Render(r.Context(), w, p.job, p.opts)
	if err != nil {
		return nil, asPrintError(p.in, err)
	}
	return &printjob.Result{Job: p.job, Output: p.pdf, Sheet: p.opts.Sheet, Report: rep}, nil
}

// print prints a request's deck, the PDF thrown away, and returns print
// --json's report, typed and as print --json writes it.
func (s *Server) print(r *http.Request, body []byte) (*printRequest, *printjob.Report, []byte, error) {
	p, err := s.newPrint(r, body)
	if err != nil {
		return nil, nil, nil, err
	}
	res, err := p.render(r, io.Discard)
	if err != nil {
		return nil, nil, nil, err
	}
	rep := res.JSON()
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	if err := enc.Encode(rep); err != nil {
		return nil, nil, nil, err
	}
	return p, rep, buf.Bytes(), nil
}

// failPrint answers a print that failed: 400 with the command's message,
// its exit status in the X-Deckwright-Exit header.
func (s *Server) failPrint(w http.ResponseWriter, r *http.Request, err error) {
	if r.Context().Err() != nil {
		return // the browser went away
	}
	var pe *printError
	if errors.As(err, &pe) {
		w.Header().Set("X-Deckwright-Exit", strconv.Itoa(pe.code))
		s.fail(w, r, http.StatusBadRequest, err)
		return
	}
	s.fail(w, r, statusOf(err), err)
}

func (s *Server) apiPrint(w http.ResponseWriter, r *http.Request) {
	body, err := readBody(r)
	if err != nil {
		s.fail(w, r, statusOf(err), err)
		return
	}
	_ = r.ParseForm()
	_, _, out, err := s.print(r, body)
	if err != nil {
		s.failPrint(w, r, err)
		return
	}
	w.Header().Set("X-Deckwright-Exit", "0")
	writeRawJSON(w, http.StatusOK, out)
}

// printPDF answers the PDF itself, for the print page's download.
func (s *Server) printPDF(w http.ResponseWriter, r *http.Request) {
	if err := r.ParseForm(); err != nil {
		s.fail(w, r, statusOf(err), badRequest("%v", err))
		return
	}
	p, err := s.newPrint(r, []byte(r.PostForm.Get("text")))
	if err != nil {
		s.failPrint(w, r, err)
		return
	}
	// The PDF goes to a temporary file, not memory: a big print with art
	// is hundreds of megabytes.
	dir, err := s.tempDir()
	if err != nil {
		s.fail(w, r, http.StatusInternalServerError, err)
		return
	}
	defer os.RemoveAll(dir)
	f, err := os.Create(filepath.Join(dir, p.pdf))
	if err != nil {
		s.fail(w, r, http.StatusInternalServerError, err)
		return
	}
	defer f.Close()
	bw := bufio.NewWriterSize(f, 64<<10)
	if _, err := p.render(r, bw); err != nil {
		s.failPrint(w, r, err)
		return
	}
	if err := bw.Flush(); err != nil {
		s.fail(w, r, http.StatusInternalServerError, err)
		return
	}
	st, err := f.Stat()
	if err != nil {
		s.fail(w, r, http.StatusInternalServerError, err)
		return
	}
	w.Header().Set("Content-Type", "application/pdf")
	w.Header().Set("Content-Disposition", "attachment; filename="+strconv.Quote(p.pdf))
	http.ServeContent(w, r, p.pdf, st.ModTime(), f)
}

// errorLines are an error's messages, one a line, for the error panel.
func errorLines(err error) []string {
	var lines []string
	for _, l := range strings.Split(strings.TrimSpace(err.Error()), "\n") {
		if l != "" {
			lines = append(lines, l)
		}
	}
	return lines
}
