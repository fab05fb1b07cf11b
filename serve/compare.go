package serve

import (
	"bytes"
	"encoding/json"
	"net/http"
	"strings"
)

// compareFlags are the compare options the pages and the API pass on.
// (?games= is read apart: see gamesArg).
var compareFlags = []string{"game", "mode", "difficulty", "policy", "seed", "precision", "max-turns"}

// compare runs compare on two named decks (?a= and ?b=: saved or bundled).
func (s *Server) compare(r *http.Request, progress func(done, total int)) (Output, error) {
	games, err := gamesArg(r)
	if err != nil {
		return Output{}, err
	}
	a, err := s.namedDeck(r.FormValue("a"))
	if err != nil {
		return Output{}, err
	}
	b, err := s.namedDeck(r.FormValue("b"))
	if err != nil {
		return Output{}, err
	}
	args := append(append([]string{"compare", a.arg, b.arg, "--json"}, flagArgs(r, compareFlags...)...), games...)
	out := s.run(r.Context(), args, nil, progress, nil)
	for _, in := range []*deckInput{a, b} {
		if in.arg != in.name {
			out.Stdout = bytes.ReplaceAll(out.Stdout, jsonString(in.arg), jsonString(in.name))
			out.Stderr = strings.ReplaceAll(out.Stderr, in.arg, in.name)
		}
	}
	return out, nil
}

func (s *Server) apiCompare(w http.ResponseWriter, r *http.Request) {
	if _, err := readBody(r); err != nil {
		s.fail(w, r, statusOf(err), err)
		return
	}
	_ = r.ParseForm()
	out, err := s.compare(r, nil)
	if err != nil {
		s.fail(w, r, statusOf(err), err)
		return
	}
	s.answer(w, r, out)
}

// compareFigure is one figure of compare --json.
type compareFigure struct {
	Key         string
	A, B, Diff  any
	CI95        []any  `json:"ci95"`
	Games       int    `json:"games"`
	Significant bool   `json:"significant"`
	Verdict     string `json:"verdict"`
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
	out, err := s.compare(r, progress)
	if r.Context().Err() != nil {
		return
	}
	d := compareData{}
	switch {
	case err != nil:
		d.Errors = strings.Split(err.Error(), "\n")
	case out.Code != 0:
		d.Errors = strings.Split(cliError(out).Error(), "\n")
		d.Errors = append(d.Errors, problemLines(out.Stdout)...)
	default:
		d.Figures, d.A, d.B, d.Games = compareFigures(out.Stdout)
	}
	var html bytes.Buffer
	if err := s.pages["partials"].ExecuteTemplate(&html, "compare-report", d); err != nil {
		html.Reset()
		_ = s.pages["partials"].ExecuteTemplate(&html, "error-panel", []string{"internal error; the server log says more"})
	}
	send(map[string]string{"html": html.String()})
}

// compareFigures reads compare --json's figures in their order.
func compareFigures(data []byte) (figs []compareFigure, a, b string, games int) {
	var rep struct {
		A       struct{ Name string } `json:"a"`
		B       struct{ Name string } `json:"b"`
		Games   int                   `json:"games"`
		Figures json.RawMessage       `json:"figures"`
	}
	if json.Unmarshal(data, &rep) != nil {
		return nil, "", "", 0
	}
	var m map[string]compareFigure
	_ = json.Unmarshal(rep.Figures, &m)
	for _, k := range orderedKeys(rep.Figures) {
		f := m[k]
		f.Key = k
		figs = append(figs, f)
	}
	return figs, rep.A.Name, rep.B.Name, rep.Games
}
