package cli

import (
	"encoding/csv"
	"io"
	"strconv"
	"strings"

	"github.com/deckwright/deckwright/engine"
)

// writeGoldfishCSV writes one table of a run as CSV: "histogram" (the win
// turns) or a per-card table by its key ("cards", Arkhtide's "realms").
// Figures have 4 decimals; a cell that does not apply is empty.
func writeGoldfishCSV(w io.Writer, p *playtest, s *engine.Summary, table string) error {
	cw := csv.NewWriter(w)
	f4 := func(x float64) string {
		if v := engine.Num(x); v != nil {
			return strconv.FormatFloat(v.(float64), 'f', -1, 64)
		}
		return ""
	}
	if table == "histogram" {
		cw.Write([]string{p.eng.Unit, "games", "won_by"})
		for _, b := range s.Turns.Histogram {
			cw.Write([]string{strconv.Itoa(b.Turn), strconv.Itoa(b.Games), f4(b.Cumulative)})
		}
		cw.Flush()
		return cw.Error()
	}
	rep := p.play.Report(s)
	keys := []string{"histogram"}
	for _, t := range rep.CardTables {
		keys = append(keys, t.Key)
		if t.Key != table {
			continue
		}
		head := []string{t.Title}
		for _, e := range t.Events {
			head = append(head, s.Events[e])
		}
		if t.Opening {
			head = append(head, "opening_hand_games", "win_"+p.eng.Unit+"_opening", "win_"+p.eng.Unit+"_other")
		}
		cw.Write(head)
		for _, i := range t.Cards {
			c := s.Cards[i]
			row := []string{c.Name}
			for _, e := range t.Events {
				if !t.Applies(e, i) {
					row = append(row, "")
					continue
				}
				row = append(row, f4(c.PerGame[e]))
			}
			if t.Opening {
				row = append(row, strconv.Itoa(c.OpeningGames), f4(c.WinTurnOpening), f4(c.WinTurnOther))
			}
			cw.Write(row)
		}
		cw.Flush()
		return cw.Error()
	}
	return usageError("--csv %q: want %s", table, strings.Join(keys, " or "))
}
