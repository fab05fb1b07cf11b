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

// ExportOptions tune Export.
type ExportOptions struct {
	// Image, when set, rewrites the cards' image paths (paths in the
	// game's FS) into paths relative to the table written, so that the
	// table read back finds the same files.
	Image func(string) string
}

// ExportTable returns the cards of g as a table that Cards reads back into
// the same cards: a header row, then one row per card. Columns no card
// uses are left out; game, name, type and copies are always there.
func ExportTable(g *cardsdb.Game, cards []*cardsdb.Card, opt ExportOptions) ([][]string, error) {
	keys, rows, err := exportRows(g, cards, opt)
	if err != nil {
		return nil, err
	}
	return tableOf(keys, keys, rows), nil
}

// tableOf lays out rows (key -> cell) under header, one column a key.
func tableOf(header, keys []string, rows []map[string]string) [][]string {
	out := [][]string{header}
	for _, row := range rows {
		rec := make([]string, len(keys))
		for j, k := range keys {
			rec[j] = row[k]
		}
		out = append(out, rec)
	}
	return out
}

// exportRows returns the columns the cards use, in the export's order,
// and each card's cells by column.
func exportRows(g *cardsdb.Game, cards []*cardsdb.Card, opt ExportOptions) ([]string, []map[string]string, error) {
	image := func(p string) string {
		if p != "" && opt.Image != nil {
			return opt.Image(p)
		}
		return p
	}
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
		set("image", image(c.Image))
		set("subtitle", c.Subtitle)
		set("illustrator", c.Illustrator)
		if c.Back != nil {
			set("back", image(c.Back.Image))
			set("back_name", c.Back.Name)
			set("back_text", c.Back.Text)
		}
		list("tags", c.Tags)
		if c.Sample {
			set("sample", "true")
		}
		if c.Landscape != nil {
			set("landscape", strconv.FormatBool(*c.Landscape))
		}
		if c.AllProvisional {
			set("provisional", "true")
		} else {
			list("provisional", c.Provisional)
		}
		for name, v := range c.Fields {
			switch v.Kind {
			case cardsdb.KindInt, cardsdb.KindCost:
				if v.Symbol != "" {
					set(name, v.Symbol)
				} else if v.X {
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
		return nil, nil, err
	}
	order := []string{"game", "name", "type", "faction", "copies", "deck_limit", "pack"}
	order = append(order, fields...)
	order = append(order, "text", "flavor", "subtitle", "illustrator", "image", "back", "back_name", "back_text", "tags", "sample", "provisional")
	if !contains(fields, "landscape") { // a type's field of the name is in fields
		order = append(order, "landscape")
	}
	for _, k := range order {
		if has[k] {
			cols = append(cols, k)
		}
	}
	return cols, rows, nil
}

// Export writes the cards of g to w as a table in format f (see
// ExportTable). A workbook holds one sheet per card type, named after it
// (which --db reads back, each sheet as its type), numbers as numbers, and
// for the cards that came from one of the game's tables that table's
// headers in its order.
func Export(w io.Writer, f Format, g *cardsdb.Game, cards []*cardsdb.Card, opt ExportOptions) error {
	switch f {
	case CSV, TSV:
		table, err := ExportTable(g, cards, opt)
		if err != nil {
			return err
		}
		cw := csv.NewWriter(w)
		if f == TSV {
			cw.Comma = '\t'
		}
		if err := cw.WriteAll(table); err != nil {
			return err
		}
		return cw.Error()
	case XLSX:
		return exportXLSX(w, g, cards, opt)
	}
	return fmt.Errorf("unknown table format %q: want csv, tsv or xlsx", f)
}

func exportXLSX(w io.Writer, g *cardsdb.Game, cards []*cardsdb.Card, opt ExportOptions) error {
	x := excelize.NewFile()
	defer x.Close()
	first := x.GetSheetName(0)
	sheets := 0
	for _, ty := range g.Types {
		var of []*cardsdb.Card
		for _, c := range cards {
			if c.Type == ty.ID {
				of = append(of, c)
			}
		}
		if len(of) == 0 {
			continue
		}
		keys, rows, err := exportRows(g, of, opt)
		if err != nil {
			return err
		}
		header, keys := sourceLayout(g, of, keys)
		name := sheetName(ty.Name)
		if sheets == 0 {
			if err := x.SetSheetName(first, name); err != nil {
				return err
			}
		} else if _, err := x.NewSheet(name); err != nil {
			return err
		}
		sheets++
		for i, rec := range tableOf(header, keys, rows) {
			cell, err := excelize.CoordinatesToCellName(1, i+1)
			if err != nil {
				return err
			}
			vals := make([]any, len(rec))
			for j, s := range rec {
				vals[j] = s
				// A whole number is a number (copies SUM); "007"
				// stays text, as it would not read back the same.
				if n, err := strconv.Atoi(s); err == nil && strconv.Itoa(n) == s && i > 0 {
					vals[j] = n
				}
			}
			if err := x.SetSheetRow(name, cell, &vals); err != nil {
				return err
			}
		}
	}
	var b bytes.Buffer
	if err := x.Write(&b); err != nil {
		return err
	}
	_, err := w.Write(b.Bytes())
	return err
}

// sheetName makes a type's name a sheet name: at most 31 characters, none
// of []:*?/\.
func sheetName(s string) string {
	s = strings.Map(func(r rune) rune {
		if strings.ContainsRune("[]:*?/\\", r) {
			return '-'
		}
		return r
	}, s)
	if r := []rune(s); len(r) > 31 {
		s = string(r[:31])
	}
	return s
}

// sourceLayout returns the header and keys of the columns for cards that
// came from one of the game's tables: that table's headers in its order
// (the columns it filled), then the other keys the cards use. Other cards
// keep the export's own header.
func sourceLayout(g *cardsdb.Game, cards []*cardsdb.Card, keys []string) (header, order []string) {
	var src *cardsdb.Table
	for _, t := range g.Tables {
		if len(t.Layout) > 0 && strings.HasSuffix(cards[0].Pos.File, t.File) {
			src = t
		}
	}
	if src == nil {
		return keys, keys
	}
	for _, c := range cards {
		if !strings.HasSuffix(c.Pos.File, src.File) {
			return keys, keys
		}
	}
	used := map[string]bool{}
	for _, col := range src.Layout {
		if col.Field == Skip || used[col.Field] || !contains(keys, col.Field) && col.Field != "type" {
			continue
		}
		used[col.Field] = true
		header = append(header, col.Header)
		order = append(order, col.Field)
	}
	for _, k := range keys {
		if !used[k] {
			header = append(header, k)
			order = append(order, k)
		}
	}
	return header, order
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
