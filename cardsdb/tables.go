package cardsdb

import (
	"errors"
	"fmt"
	"io/fs"
	"path"
	"path/filepath"
	"strconv"
	"strings"
	"sync"

	"gopkg.in/yaml.v3"

	"github.com/deckwright/deckwright/internal/yamlmap"
)

// A Table is a spreadsheet whose rows are cards of the game, named in
// game.yaml's tables: and read every time the game loads, so a designer
// edits the sheet and prints again:
//
//	tables:
//	  - file: data/deck.xlsx        # relative to game.yaml: .csv, .tsv, .xlsx
//	    sheet: Deck                 # default: every sheet of cards (see Sheets)
//	    type: card                  # every row is of this type
//	    columns: {Description: text, Type: "-"}   # header -> field; "-" skips
//
// Image paths in a table are relative to the table's folder.
type Table struct {
	File    string        // path inside the game's FS
	Sheet   string        // a workbook's sheet; "" for the first
	Type    string        // the card type of every row; "" for a type column
	Columns []TableColumn // header -> field, as written
	Pos     Pos           // the entry in game.yaml
	TypePos Pos           // where type: is written
	// Layout is the table's header as read: each column's header and
	// the key it fills ("-" for none), for an export in the same order
	// (a workbook's sheets' headers one after the other, each header
	// once).
	Layout []TableColumn
	// Sheets are the sheets of a workbook read without sheet: (every
	// sheet named after a card type or with a type column), and Skipped
	// the others that hold something, each "NAME: why", for a note.
	Sheets, Skipped []string
}

// TableColumn maps a header of a table to the field its cells fill
// (Skip: none).
type TableColumn struct {
	Header, Field string
	Pos           Pos
}

// A TableLoader reads table t of game g, whose file (name in messages)
// holds data, and adds its cards to g with AddCardNodes. The sheet package
// registers one; see RegisterTableLoader.
type TableLoader func(g *Game, t *Table, name string, data []byte) error

var tableLoader struct {
	sync.Mutex
	load TableLoader
}

// RegisterTableLoader sets the function that reads the tables: of a
// game.yaml (the sheet package registers itself, as image formats do, so
// that cardsdb does not depend on a spreadsheet library).
func RegisterTableLoader(l TableLoader) {
	tableLoader.Lock()
	tableLoader.load = l
	tableLoader.Unlock()
}

// TableFormat returns the spreadsheet format a table file's extension
// names: "csv" (.csv), "tsv" (.tsv, .tab) or "xlsx" (.xlsx, .xlsm), or ""
// for none: the files a game's tables: may name, which package sheet
// reads.
func TableFormat(name string) string {
	switch strings.ToLower(filepath.Ext(name)) {
	case ".csv":
		return "csv"
	case ".tsv", ".tab":
		return "tsv"
	case ".xlsx", ".xlsm":
		return "xlsx"
	}
	return ""
}

var tableKeys = newKeys("table", []key[*Table]{
	{"file", func(d *decoder, v *yaml.Node, t *Table) {
		s := d.nameUpTo(v, "table file", maxPathLen)
		if s == "" {
			return
		}
		if TableFormat(s) == "" {
			d.errorf(v, "table file %q is not a spreadsheet; want a .csv, .tsv or .xlsx file", s)
			return
		}
		t.File = path.Join(d.dir, s)
		if !fs.ValidPath(t.File) {
			d.errorf(v, "table file %q is outside the game's folder; keep tables in it", s)
			t.File = ""
		}
	}},
	{"sheet", func(d *decoder, v *yaml.Node, t *Table) { t.Sheet = d.name(v, "sheet") }},
	{"type", func(d *decoder, v *yaml.Node, t *Table) { t.Type, t.TypePos = d.str(v, "type"), d.pos(v) }},
	{"columns", func(d *decoder, v *yaml.Node, t *Table) {
		cols, _ := yamlmap.Pairs(d, v, "columns")
		for _, c := range cols {
			if field := d.str(c.V, "column "+strconv.Quote(c.Key)); field != "" {
				t.Columns = append(t.Columns, TableColumn{Header: c.Key, Field: field, Pos: d.pos(c.K)})
			}
		}
	}},
})

// tables reads game.yaml's tables: list.
func (d *decoder) tables(n *yaml.Node) []*Table {
	items, ok := d.list(n, "tables must be a list")
	if !ok {
		return nil
	}
	var out []*Table
	for _, item := range items {
		t := &Table{Pos: d.pos(item)}
		pairs, ok := tableKeys.Decode(d, item, t)
		if !ok {
			continue
		}
		if t.File == "" {
			if !yamlmap.Has(pairs, "file") {
				d.errorf(item, "table has no \"file\"; add the spreadsheet's path, relative to game.yaml")
			}
			continue
		}
		out = append(out, t)
	}
	return out
}

// loadTables reads the game's tables from its FS; prefix is put before
// their paths in messages.
func (g *Game) loadTables(prefix string) ErrorList {
	var errs ErrorList
	if len(g.Tables) == 0 {
		return nil
	}
	tableLoader.Lock()
	load := tableLoader.load
	tableLoader.Unlock()
	for _, t := range g.Tables {
		name := prefix + t.File
		if load == nil {
			errs.Add(t.Pos, "tables: this program cannot read spreadsheets (it does not link deckwright's sheet package)")
			return errs
		}
		data, err := readRaw(g.FS, t.File)
		if err != nil {
			errs.Add(t.Pos, "table %s: %v", name, err)
			continue
		}
		if err := load(g, t, name, data); err != nil && !appendErr(&errs, err) {
			errs.Add(t.Pos, "%v", err)
		}
	}
	return errs
}

// readRaw reads a binary file of the game's FS, up to MaxFileSize.
func readRaw(fsys fs.FS, name string) ([]byte, error) {
	data, err := ReadLimited(fsys, name, MaxFileSize)
	if errors.Is(err, ErrTooLarge) {
		return nil, fmt.Errorf("file is larger than %d MiB; deckwright reads tables up to that size", MaxFileSize>>20)
	}
	return data, err
}

// AddCardNodes adds cards given as YAML mappings, as a cards file's cards:
// list holds them, to g: the rows of a table (file, and sheet for a
// workbook), each node's line and column its row and column there, so that
// every message names the cell (deck.xlsx:Deck!C12). dir is the folder
// inside the game's FS that image paths start from. Every problem is
// reported, as an ErrorList; the cards without problems are added.
func (g *Game) AddCardNodes(file, sheet string, cards []*yaml.Node, dir string) error {
	d := &decoder{file: file, dir: dir, game: g, sheet: sheet, cell: true}
	d.addCards(g, cards, false, false, nil)
	return d.errs.Err()
}
