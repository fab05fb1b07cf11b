package serve

import (
	"bytes"
	"errors"
	"net/http"
	"strings"

	"github.com/deckwright/deckwright/engine"
	"github.com/deckwright/deckwright/report"
)

func (s *Server) apiCompare(w http.ResponseWriter, r *http.Request) {
	if _, err := readBody(r); err != nil {
		s.fail(w, r, statusOf(err), err)
		return
	}
	_ = r.ParseForm()
	rep, err := s.runCompare(r, nil)
	if err != nil {
		s.answerError(w, r, err)
		return
	}
	s.answerJSON(w, r, 0, rep)
}

// compareFigure is one figure of compare's report, as --json writes it.
type compareFigure struct {
	Key         string
	A, B, Diff  any
	CI95        []any
	Games       int
	Significant bool
	Verdict     string
}

type compareData struct {
	A, B    string
	Games   int
	Figures []compareFigure
	Errors  []string
}

// compareRun is playtestRun for compare: progress lines, then the report.
func (s *Server) compareRun(w http.ResponseWriter, r *http.Request) {
	if err := r.ParseForm(); err != nil {
		s.fail(w, r, http.StatusBadRequest, badRequest("%v", err))
		return
	}
	send, progress := streamNDJSON(w)
	var rep *report.Compare
	err := checkNumbers(r) // in a player's words; the API keeps the command's
	if err == nil {
		rep, err = s.runCompare(r, progress)
	}
	if r.Context().Err() != nil {
		return
	}
	d := compareData{}
	var illegal *illegalError
	switch {
	case errors.As(err, &illegal):
		d.Errors = []string{illegal.v.Deck + " breaks the deck-building rules; compare plays legal decks only"}
		d.Errors = append(d.Errors, problemLines(illegal.v)...)
	case err != nil:
		d.Errors = strings.Split(err.Error(), "\n")
	default:
		d.Figures, d.A, d.B, d.Games = compareFigures(rep), rep.A.Name, rep.B.Name, rep.Paired.Games
	}
	var html bytes.Buffer
	if err := s.pages["partials"].ExecuteTemplate(&html, "compare-report", d); err != nil {
		html.Reset()
		_ = s.pages["partials"].ExecuteTemplate(&html, "error-panel", []string{"internal error; the server log says more"})
	}
	send(map[string]string{"html": html.String()})
}

// compareFigures are the report's figures in their order, their values
// rounded as --json rounds them.
func compareFigures(c *report.Compare) []compareFigure {
	var figs []compareFigure
	for i := range c.Paired.Figures {
		f := &c.Paired.Figures[i]
		figs = append(figs, compareFigure{Key: f.Key, A: engine.Num(f.A), B: engine.Num(f.B), Diff: engine.Num(f.Diff),
			CI95: []any{engine.Num(f.CI95[0]), engine.Num(f.CI95[1])}, Games: f.N, Significant: f.Significant(), Verdict: report.Verdict(f)})
	}
	return figs
}
