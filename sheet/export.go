package sheet

import (
	"bytes"
	"encoding/csv"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/xuri/excelize/v2"

	"github.com/deckwright/deckwright/cardsdb"
)

// ExportTable returns the cards of g as a table that Cards reads back into
// the same cards: a header row, then one row per card. Columns no card
// uses are left out; game, name, type and copies are always there.
func ExportTable(g *cardsdb.Game, cards []*cardsdb.Card) ([][]string, error) {
	var cols []string
	has := map[string]bool{"game": true, "name": true, "type": true, "copies": true}
	var fields []string
	for _, t := range g.Types {
		for _, f := range t.Fields {
			if !contains(fields, f.Name) && !contains(commonColumns, f.Name) {
				fields = append(fields, f.Name)
			}
		}
	}
	var errs cardsdb.ErrorList
	rows := make([]map[string]string, len(cards))
	for i, c := range cards {
		row := map[string]string{"game": g.ID, "name": c.Name, "type": c.Type, "copies": strconv.Itoa(c.Copies)}
		set := func(k, v string) {
			if v != "" {
				row[k] = v
				has[k] = true
			}
		}
		list := func(k string, items []string) {
			for _, it := range items {
				if strings.Contains(it, Sep) {
					errs.Add(c.Pos, "card %q: the %s item %q holds %q, which a table cell uses between items; reword it", c.Name, k, it, Sep)
				}
			}
			set(k, strings.Join(items, " "+Sep+" "))
		}
		list("faction", c.Factions)
		if c.DeckLimit > 0 {
			set("deck_limit", strconv.Itoa(c.DeckLimit))
		}
		set("pack", c.Pack)
		set("text", c.Text)
		set("flavor", c.Flavor)
		set("image", c.Image)
		if c.Back != nil {
			set("back", c.Back.Image)
			set("back_name", c.Back.Name)
			set("back_text", c.Back.Text)
		}
		list("tags", c.Tags)
		if c.Sample {
			set("sample", "true")
		}
		if c.AllProvisional {
			set("provisional", "true")
		} else {
			list("provisional", c.Provisional)
		}
		for name, v := range c.Fields {
			switch v.Kind {
			case cardsdb.KindInt:
				set(name, strconv.Itoa(v.Int))
			case cardsdb.KindCost:
				if v.X {
					set(name, "X")
				} else {
					set(name, strconv.Itoa(v.Int))
				}
			case cardsdb.KindBool:
				set(name, strconv.FormatBool(v.Bool))
			case cardsdb.KindList:
				list(name, v.List)
			default:
				set(name, v.Str)
			}
		}
		rows[i] = row
	}
	if err := errs.Err(); err != nil {
		return nil, err
	}
	order := []string{"game", "name", "type", "faction", "copies", "deck_limit", "pack"}
	order = append(order, fields...)
	order = append(order, "text", "flavor", "image", "back", "back_name", "back_text", "tags", "sample", "provisional")
	for _, k := range order {
		if has[k] {
			cols = append(cols, k)
		}
	}
	out := [][]string{cols}
	for _, row := range rows {
		rec := make([]string, len(cols))
		for j, k := range cols {
			rec[j] = row[k]
		}
		out = append(out, rec)
	}
	return out, nil
}

// Export writes the cards of g to w as a table in format f (see
// ExportTable).
func Export(w io.Writer, f Format, g *cardsdb.Game, cards []*cardsdb.Card) error {
	table, err := ExportTable(g, cards)
	if err != nil {
		return err
	}
	switch f {
	case CSV, TSV:
		cw := csv.NewWriter(w)
		if f == TSV {
			cw.Comma = '\t'
		}
		if err := cw.WriteAll(table); err != nil {
			return err
		}
		return cw.Error()
	case XLSX:
		x := excelize.NewFile()
		defer x.Close()
		sheet := x.GetSheetName(0)
		for i, rec := range table {
			cell, err := excelize.CoordinatesToCellName(1, i+1)
			if err != nil {
				return err
			}
			vals := make([]any, len(rec))
			for j, s := range rec {
				vals[j] = s // text cells: "007" stays "007"
			}
			if err := x.SetSheetRow(sheet, cell, &vals); err != nil {
				return err
			}
		}
		var b bytes.Buffer
		if err := x.Write(&b); err != nil {
			return err
		}
		_, err := w.Write(b.Bytes())
		return err
	}
	return fmt.Errorf("unknown table format %q: want csv, tsv or xlsx", f)
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
