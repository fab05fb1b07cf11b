package serve

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"strconv"
	"strings"
	"sync"
	"time"
)

// printData is the print fragment: print --json's report.
type printData struct {
	Report  map[string]any
	Sheets  []sheetPreview
	Preview string // why there is no preview
	Errors  []string
	JSON    string
}

// printPartial prints the deck with the form's options and shows print
// --json's report; the page's download button posts the same form to
// /print.pdf.
func (s *Server) printPartial(w http.ResponseWriter, r *http.Request) {
	if err := r.ParseForm(); err != nil {
		s.fail(w, r, http.StatusBadRequest, badRequest("%v", err))
		return
	}
	out, _, dir, err := s.print(r, []byte(r.PostForm.Get("text")))
	if dir != "" {
		defer os.RemoveAll(dir)
	}
	if err != nil {
		s.fail(w, r, statusOf(err), err)
		return
	}
	d := printData{}
	if out.Code != 0 || json.Unmarshal(out.Stdout, &d.Report) != nil {
		d.Errors = strings.Split(cliError(out).Error(), "\n")
	}
	d.JSON = string(out.Stdout)
	if d.Errors == nil {
		if d.Sheets, err = s.previewSheets(r); err != nil {
			d.Preview = "no preview: " + err.Error()
		}
	}
	s.partial(w, r, "print-report", d)
}

// goldfishReport is the part of goldfish --json the playtest page draws.
type goldfishReport struct {
	Deck     string  `json:"deck"`
	Name     string  `json:"name"`
	Game     string  `json:"game"`
	Games    int     `json:"games"`
	Policy   string  `json:"policy"`
	TurnUnit string  `json:"turn_unit"`
	Won      int     `json:"won"`
	Lost     int     `json:"lost"`
	Unfin    int     `json:"unfinished"`
	WinRate  float64 `json:"win_rate"`
	Turns    struct {
		Mean      float64   `json:"mean"`
		Median    float64   `json:"median"`
		Histogram []histBin `json:"histogram"`
	} `json:"turns"`
	NotSimulated []struct {
		Name   string `json:"name"`
		Reason string `json:"reason"`
	} `json:"not_simulated"`
	Provisional []struct {
		Name   string   `json:"name"`
		Fields []string `json:"fields"`
		Sample bool     `json:"sample"`
	} `json:"provisional"`
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
	out, err := s.goldfish(r, []byte(r.PostForm.Get("text")), progress)
	if r.Context().Err() != nil {
		return
	}
	d := playtestData{}
	switch {
	case err != nil:
		d.Errors = strings.Split(err.Error(), "\n")
	case out.Code != 0 || json.Unmarshal(out.Stdout, &d.Report) != nil:
		if out.Code == 1 {
			d.Errors = []string{"the deck breaks a deck-building rule; goldfish plays legal decks only (see the deck editor's findings)"}
			d.Errors = append(d.Errors, problemLines(out.Stdout)...)
		} else {
			d.Errors = strings.Split(cliError(out).Error(), "\n")
		}
	default:
		d.Chart = histogramChart(d.Report.TurnUnit, d.Report.Turns.Histogram)
		d.Notes = append(d.Notes, playNotes(&d.Report)...)
		d.Columns, d.Rows = cardTable(out.Stdout)
		d.Played = cardChart("Played: per game on average", d.Columns, d.Rows, "played")
		d.Dead = cardChart("Dead: copies in hand at the end, per game on average", d.Columns, d.Rows, "dead")
		for _, l := range strings.Split(strings.TrimSpace(out.Stderr), "\n") {
			if l = strings.TrimPrefix(l, "deckwright: "); l != "" && !strings.HasPrefix(l, "playing games:") {
				d.Notes = append(d.Notes, l)
			}
		}
	}
	var html bytes.Buffer
	if err := s.pages["partials"].ExecuteTemplate(&html, "playtest-report", d); err != nil {
		s.logf("%s: fragment playtest-report: %v", r.URL.Path, err)
		html.Reset()
		_ = s.pages["partials"].ExecuteTemplate(&html, "error-panel", []string{"internal error; the server log says more"})
	}
	send(map[string]string{"html": html.String()})
}

// problemLines are the messages of validate --json's report, as goldfish
// --json prints it for a deck that breaks the rules.
func problemLines(data []byte) []string {
	var rep struct {
		Decks []struct {
			Problems []struct {
				Rule    string `json:"rule"`
				Message string `json:"message"`
			} `json:"problems"`
		} `json:"decks"`
	}
	_ = json.Unmarshal(data, &rep)
	var lines []string
	for _, d := range rep.Decks {
		for _, p := range d.Problems {
			lines = append(lines, p.Message+" ["+p.Rule+"]")
		}
	}
	return lines
}

// cardTable is goldfish --json's per-card table: the columns in the order
// the command prints them, and one row of text per card.
func cardTable(data []byte) ([]string, [][]string) {
	var rep struct {
		Cards []json.RawMessage `json:"cards"`
	}
	if json.Unmarshal(data, &rep) != nil || len(rep.Cards) == 0 {
		return nil, nil
	}
	cols := orderedKeys(rep.Cards[0])
	var rows [][]string
	for _, raw := range rep.Cards {
		var m map[string]any
		if json.Unmarshal(raw, &m) != nil {
			continue
		}
		row := make([]string, len(cols))
		for i, c := range cols {
			row[i] = cellText(m[c])
		}
		rows = append(rows, row)
	}
	return cols, rows
}

// orderedKeys returns the keys of a JSON object in their order.
func orderedKeys(raw json.RawMessage) []string {
	dec := json.NewDecoder(bytes.NewReader(raw))
	if t, err := dec.Token(); err != nil || t != json.Delim('{') {
		return nil
	}
	var keys []string
	for dec.More() {
		t, err := dec.Token()
		if err != nil {
			return keys
		}
		k, _ := t.(string)
		keys = append(keys, k)
		var skip json.RawMessage
		if dec.Decode(&skip) != nil {
			return keys
		}
	}
	return keys
}

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
			names = append(names, n.Name+" ("+n.Reason+")")
		}
		notes = append(notes, "not simulated: "+strings.Join(names, "; "))
	}
	for _, p := range r.Provisional {
		if p.Sample {
			sample = append(sample, p.Name)
		} else {
			prov = append(prov, p.Name)
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
