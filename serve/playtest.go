package serve

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"github.com/deckwright/deckwright/cardsdb"
	"github.com/deckwright/deckwright/engine"
	"github.com/deckwright/deckwright/printjob"
	"github.com/deckwright/deckwright/report"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"
)

// printData is the print fragment: print --json's report.
type printData struct {
	Report *printjob.Report
	Sheets []sheetPreview
	Errors []string
	JSON   string
}

// printPartial prints the deck with the form's options and shows print
// --json's report and a preview of the first sheets; the page's download
// button posts the same form to /print.pdf.
func (s *Server) printPartial(w http.ResponseWriter, r *http.Request) {
	if err := r.ParseForm(); err != nil {
		s.fail(w, r, http.StatusBadRequest, badRequest("%v", err))
		return
	}
	p, rep, out, err := s.print(r, []byte(r.PostForm.Get("text")))
	var pe *printError
	switch {
	case r.Context().Err() != nil:
		return // the browser went away
	case errors.As(err, &pe):
		s.partial(w, r, "print-report", printData{Errors: errorLines(pe)})
		return
	case err != nil:
		s.fail(w, r, statusOf(err), err)
		return
	}
	d := printData{Report: rep, JSON: string(out)}
	d.Sheets = previewSheets(p.job, p.opts.Sheet)
	s.partial(w, r, "print-report", d)
}

// goldfishReport is the part of goldfish's report the playtest page
// draws, its figures rounded as --json rounds them but for the mean win
// turn, which the page rounds as the command line's text does.
type goldfishReport struct {
	Deck, Name, Game string
	Games            int
	Policy           string
	TurnUnit         string
	Won, Lost, Unfin int
	WinRate          float64
	Turns            struct {
		// Mean and Median are written as the command line writes them
		// (engine.F2, engine.TurnText): "7.84", "-" for no data.
		Mean, Median string
		Histogram    []histBin
	}
	NotSimulated []engine.NotSimulated
	Provisional  []engine.Provisional
}

// pageReport reads the figures the page shows from a goldfish report.
func pageReport(g *report.Goldfish) goldfishReport {
	s := g.Summary
	r := goldfishReport{Deck: g.Deck, Name: g.Name, Game: g.Game, Games: s.Games, Policy: g.Policy, TurnUnit: g.Unit,
		Won: s.Won, Lost: s.Lost, Unfin: s.Unfinished, WinRate: rounded(s.WinRate), NotSimulated: g.Play.NotSimulated, Provisional: g.Play.Provisional}
	r.Turns.Mean, r.Turns.Median = engine.F2(s.Turns.Mean), engine.TurnText(s.Turns.HasData(), s.Turns.Median)
	for _, b := range s.Turns.Histogram {
		r.Turns.Histogram = append(r.Turns.Histogram, histBin{Turn: b.Turn, Games: b.Games, WonBy: rounded(b.Cumulative)})
	}
	return r
}

// rounded is a figure as --json writes it (engine.Num), 0 for no data.
func rounded(x float64) float64 {
	v, _ := engine.Num(x).(float64)
	return v
}

type playtestData struct {
	Report goldfishReport
	Chart  *barChart
	// Played and Dead chart two columns of the per-card table.
	Played, Dead *hbarChart
	Columns      []string
	Rows         [][]string
	Errors       []string
	Notes        []string
}

// playtestRun plays the deck with goldfish and streams its progress as
// lines of JSON ({"done":N,"total":M}), then {"html": the report}. The
// run stops when the browser goes away (the request's context).
func (s *Server) playtestRun(w http.ResponseWriter, r *http.Request) {
	if err := r.ParseForm(); err != nil {
		s.fail(w, r, http.StatusBadRequest, badRequest("%v", err))
		return
	}
	send, progress := streamNDJSON(w)
	var rep *report.Goldfish
	var illegal *report.Validation
	err := checkNumbers(r) // in a player's words; the API keeps the command's
	if err == nil {
		rep, illegal, err = s.runGoldfish(r, []byte(r.PostForm.Get("text")), progress)
	}
	if r.Context().Err() != nil {
		return
	}
	d := playtestData{}
	switch {
	case err != nil:
		d.Errors = strings.Split(err.Error(), "\n")
	case illegal != nil && unknownCards(illegal):
		d.Errors = []string{"the deck names cards the game does not have; the engine cannot play those, even with \"Play anyway\" (see the deck editor's findings)"}
		d.Errors = append(d.Errors, problemLines(illegal)...)
	case illegal != nil:
		d.Errors = []string{"the deck breaks a deck-building rule; goldfish plays legal decks only: tick \"Play anyway\" to play the draft as it is"}
		d.Errors = append(d.Errors, problemLines(illegal)...)
	default:
		d.Report = pageReport(rep)
		d.Chart = histogramChart(d.Report.TurnUnit, d.Report.Turns.Histogram)
		if rep.Broken > 0 {
			d.Notes = append(d.Notes, fmt.Sprintf("Played anyway: the deck breaks the deck-building rules (%s; see the deck editor's findings).", cardsdb.Plural(rep.Broken, "problem")))
		}
		d.Notes = append(d.Notes, playNotes(&d.Report)...)
		d.Columns, d.Rows = cardTable(rep)
		d.Played = cardChart("Played: per game on average", d.Columns, d.Rows, "played")
		d.Dead = cardChart("Dead: copies in hand at the end, per game on average", d.Columns, d.Rows, "dead")
	}
	var html bytes.Buffer
	if err := s.pages["partials"].ExecuteTemplate(&html, "playtest-report", d); err != nil {
		s.logf("%s: fragment playtest-report: %v", r.URL.Path, err)
		html.Reset()
		_ = s.pages["partials"].ExecuteTemplate(&html, "error-panel", []string{"internal error; the server log says more"})
	}
	send(map[string]string{"html": html.String()})
}

// problemLines are the messages of a validation report.
func problemLines(v *report.Validation) []string {
	var lines []string
	for _, p := range v.Problems {
		lines = append(lines, p.Message+" ["+p.Rule+"]")
	}
	return lines
}

// cardTable is goldfish's per-card table ("cards"): the columns in the
// order --json writes them, and one row of text per card.
func cardTable(g *report.Goldfish) ([]string, [][]string) {
	for _, t := range g.Play.Report(g.Summary).CardTables {
		if t.Key != "cards" {
			continue
		}
		list := report.CardList(g.Summary, t)
		if len(list) == 0 {
			return nil, nil
		}
		cols := list[0].Columns()
		var rows [][]string
		for _, c := range list {
			var row []string
			for _, v := range c.Values() {
				row = append(row, cellText(v))
			}
			rows = append(rows, row)
		}
		return cols, rows
	}
	return nil, nil
}

// cellText is a value of a report's table as the page shows it: "–"
// for no data, numbers as they are.
func cellText(v any) string {
	switch x := v.(type) {
	case nil:
		return "–"
	case float64:
		return strconv.FormatFloat(x, 'f', -1, 64)
	case string:
		return x
	}
	data, _ := json.Marshal(v)
	return string(data)
}

// playNotes are the marks every output carries: the cards whose text the
// engine does not play, the sample cards and those with provisional values.
func playNotes(r *goldfishReport) []string {
	var notes, prov, sample []string
	if len(r.NotSimulated) > 0 {
		var names []string
		for _, n := range r.NotSimulated {
			names = append(names, n.Card+" ("+n.Reason+")")
		}
		notes = append(notes, "not simulated: "+strings.Join(names, "; "))
	}
	for _, p := range r.Provisional {
		if p.Sample {
			sample = append(sample, p.Card)
		} else {
			prov = append(prov, p.Card)
		}
	}
	if len(sample) > 0 {
		notes = append(notes, fmt.Sprintf("%d sample cards (invented for deckwright, provisional values): %s", len(sample), strings.Join(sample, ", ")))
	}
	if len(prov) > 0 {
		notes = append(notes, fmt.Sprintf("%d cards with provisional values (not printed in the rulebook): %s", len(prov), strings.Join(prov, ", ")))
	}
	return notes
}

// streamNDJSON starts a streamed answer of JSON lines: send writes one value
// and flushes it; progress sends {"done":N,"total":M} at most every 100 ms
// (and always the last). Both may be called from several goroutines, as
// the engine's workers report progress while a late one may still come
// after the run's answer.
func streamNDJSON(w http.ResponseWriter) (send func(any), progress func(done, total int)) {
	w.Header().Set("Content-Type", "application/x-ndjson")
	w.Header().Set("X-Accel-Buffering", "no")
	flusher, _ := w.(http.Flusher)
	var mu sync.Mutex
	var last time.Time
	write := func(v any) {
		data, _ := json.Marshal(v)
		_, _ = w.Write(append(data, '\n'))
		if flusher != nil {
			flusher.Flush()
		}
	}
	send = func(v any) {
		mu.Lock()
		defer mu.Unlock()
		write(v)
	}
	progress = func(done, total int) {
		mu.Lock()
		defer mu.Unlock()
		if time.Since(last) < 100*time.Millisecond && done < total {
			return
		}
		last = time.Now()
		write(map[string]int{"done": done, "total": total})
	}
	return send, progress
}
