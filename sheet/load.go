package sheet

import (
	"errors"
	"fmt"
	"path"
	"path/filepath"
	"strings"

	"github.com/deckwright/deckwright/cardsdb"
)

func init() {
	// game.yaml's tables: are read by this package; cardsdb knows them
	// only by this hook, as image knows its formats.
	cardsdb.RegisterTableLoader(loadTable)
}

// loadTable reads one entry of game.yaml's tables: into g. A workbook
// without sheet: gives every sheet of cards (see cardSheets).
func loadTable(g *cardsdb.Game, spec *cardsdb.Table, name string, data []byte) error {
	opt := Options{MapName: "columns", Type: spec.Type, TypePos: spec.TypePos, Loaded: true, LaterCards: true}
	if len(spec.Columns) > 0 {
		opt.Map = map[string]string{}
		opt.MapPos = map[string]cardsdb.Pos{}
		for _, c := range spec.Columns {
			k := cardsdb.Fold(c.Header)
			opt.Map[k] = c.Field
			opt.MapPos[k] = c.Pos
		}
	}
	var tables []*Table
	var types []string
	if FormatOf(name) == XLSX && spec.Sheet == "" {
		pick, err := cardSheets(name, data, g, spec.Type, opt.Map)
		if err != nil {
			return err
		}
		tables, types = pick.tables, pick.types
		spec.Skipped = pick.skipped
		if pick.of > 1 {
			for _, t := range tables {
				spec.Sheets = append(spec.Sheets, t.Sheet)
			}
		}
	} else {
		t, err := Read(name, data, spec.Sheet)
		if err != nil {
			return err
		}
		tables, types = []*Table{t}, []string{""}
	}
	var errs cardsdb.ErrorList
	spec.Layout = nil
	for i, t := range tables {
		o := opt
		if types[i] != "" {
			o.Type = types[i]
		}
		// One columns: for the several sheets of a workbook.
		o.MapUnused = len(tables) > 1
		f, err := addTable(g, t, o, path.Dir(spec.File))
		if f != nil {
			spec.Layout = appendLayout(spec.Layout, f.Columns)
		}
		if err != nil && !appendErrs(&errs, err) {
			return err
		}
	}
	if len(tables) > 1 {
		// A columns: entry no sheet has, said once.
		for _, c := range spec.Columns {
			if !anyHeader(tables, cardsdb.Fold(c.Header)) {
				errs.Add(c.Pos, "columns: the table has no column %q", c.Header)
			}
		}
	}
	return errs.Err()
}

// appendLayout adds to a table's layout the columns of one more of its
// sheets that it does not have yet.
func appendLayout(layout, cols []cardsdb.TableColumn) []cardsdb.TableColumn {
	for _, c := range cols {
		seen := false
		for _, l := range layout {
			seen = seen || cardsdb.Fold(l.Header) == cardsdb.Fold(c.Header)
		}
		if !seen {
			layout = append(layout, c)
		}
	}
	return layout
}

// appendErrs is errs.Append(err).
func appendErrs(errs *cardsdb.ErrorList, err error) bool { return errs.Append(err) }

func anyHeader(tables []*Table, k string) bool {
	for _, t := range tables {
		for _, h := range t.Header {
			if cardsdb.Fold(h) == k {
				return true
			}
		}
	}
	return false
}

// sheetPick is the sheets of a workbook that hold cards: each sheet's
// table and the card type its name gives ("" for its type column), the
// sheets left out ("NAME: why") and how many the workbook has.
type sheetPick struct {
	tables  []*Table
	types   []string
	skipped []string
	of      int
}

// cardSheets reads the sheets of a workbook that hold cards of g: every
// sheet named after one of its card types (its id or name, or their
// plural: "Units"), its rows of that type, and every other sheet whose
// header has a type column (typ, the table's own type, when given, is
// every such row's). typ given, a sheet named after another type is left
// out. Sheets left out that hold something are listed with the reason;
// when no sheet holds cards this way, the first sheet is read as before,
// with typ or its errors. m is the table's columns: (folded header ->
// field).
func cardSheets(file string, data []byte, g *cardsdb.Game, typ string, m map[string]string) (*sheetPick, error) {
	p := &sheetPick{}
	var want *cardsdb.CardType
	if typ != "" {
		want = typeOf(g, typ)
	}
	err := workbook(file, data, func(sheets []string, read func(string) (*Table, error)) error {
		p.of = len(sheets)
		why := map[string]string{} // the sheets left out, and why
		for _, s := range sheets {
			ty := typeOfSheet(g, s)
			if ty != nil && want != nil && ty != want {
				why[s] = fmt.Sprintf("named after card type %s, not the table's type %s", ty.ID, want.ID)
				continue
			}
			t, err := read(s)
			switch {
			case ty != nil && err != nil:
				return err // a sheet of cards that cannot be read
			case ty != nil:
				p.tables, p.types = append(p.tables, t), append(p.types, ty.ID)
			case err != nil:
				if !isEmpty(err) {
					why[s] = errMsg(err)
				}
			case hasTypeColumn(t, m):
				p.tables, p.types = append(p.tables, t), append(p.types, "")
			default:
				why[s] = fmt.Sprintf("not named after a card type of %s (%s) and no type column", g.Name, strings.Join(g.TypeIDs(), ", "))
			}
		}
		if len(p.tables) == 0 {
			// No sheet says its cards' type: the first is read, as a
			// table of one sheet is (with the table's type, or an error
			// that asks for one).
			t, err := read(sheets[0])
			if err != nil {
				return err
			}
			p.tables, p.types = []*Table{t}, []string{""}
			delete(why, sheets[0])
		}
		for _, s := range sheets {
			if w, ok := why[s]; ok {
				p.skipped = append(p.skipped, fmt.Sprintf("%q: %s", s, w))
			}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return p, nil
}

// hasTypeColumn reports whether a table's header has a column that fills
// the card type, by its name or by the table's columns: m.
func hasTypeColumn(t *Table, m map[string]string) bool {
	for _, h := range t.Header {
		k := cardsdb.Fold(h)
		if target, ok := m[k]; ok {
			if cardsdb.Fold(target) == "type" {
				return true
			}
			continue
		}
		if k == "type" {
			return true
		}
	}
	return false
}

// isEmpty reports a sheet without a header row.
func isEmpty(err error) bool {
	return errors.Is(err, errEmptyTable)
}

// errMsg is an error's message without its position.
func errMsg(err error) string {
	var e *cardsdb.Error
	if errors.As(err, &e) {
		return e.Msg
	}
	return err.Error()
}

// addTable turns a table into cards and adds them to g; dir is the table's
// folder inside the game's FS, where its image paths start.
// The rows are added even when some cells are wrong (a cell that does not
// read is left out of its row), so that what only the game checks (the
// cards' effects, their references) is reported in the same pass.
func addTable(g *cardsdb.Game, t *Table, opt Options, dir string) (*File, error) {
	f, err := Cards(t, g, opt)
	if f == nil {
		return nil, err
	}
	var errs cardsdb.ErrorList
	if err != nil && !errs.Append(err) {
		return nil, err
	}
	var more cardsdb.ErrorList
	if err := g.AddCardNodes(t.File, t.Sheet, f.Cards, dir); err != nil && !more.Append(err) {
		return nil, err
	}
	// One message a cell: the game's own word on a cell the table's
	// reading reported already (a name in two rows) is left out.
	said := map[string]bool{}
	for _, e := range errs {
		said[e.Pos.String()] = true
	}
	for _, e := range more {
		if !said[e.Pos.String()] {
			errs = append(errs, e)
		}
	}
	return f, errs.Err()
}

// Source says how to read a table named on the command line (--db FILE,
// import csv FILE): the keys of an entry of game.yaml's tables:.
type Source struct {
	Sheet string            // a workbook's sheet ("" for --db: every sheet named after a type, else the first)
	Type  string            // the card type of every row
	Map   map[string]string // folded header -> field (ParseMap)
}

// Loaded says what AddPath read, for a note.
type Loaded struct {
	Game   *cardsdb.Game
	Sheets []string // the workbook's sheets read, by name
	// Skipped are the sheets left out that hold something, each "NAME:
	// why" (see cardSheets).
	Skipped []string
	Of      int  // how many sheets the workbook has
	Comma   rune // a CSV or TSV file's delimiter
	Cards   int
}

// AddPath loads a table of cards into db, beside the cards its game has
// already (deckwright --db cards.csv). The table's game column names the
// game; without one, the only game loaded from a folder (not bundled) is
// meant. A workbook read without a sheet or a type, beside that one game,
// gives its sheets of cards as game.yaml's tables: does (every sheet named
// after a card type, each of that type, and every sheet with a type
// column; else its first sheet); otherwise its first sheet. A card whose
// name the game has already is an error.
func AddPath(db *cardsdb.DB, name string, src Source) (*Loaded, error) {
	if FormatOf(name) == "" {
		return nil, &cardsdb.Error{Pos: cardsdb.Pos{File: name}, Msg: "not a spreadsheet: want a .csv, .tsv or .xlsx file"}
	}
	data, err := readFile(name)
	if err != nil {
		return nil, err
	}
	var tables []*Table
	var types []string
	of := 0
	var skipped []string
	if g0 := onlyLoaded(db); FormatOf(name) == XLSX && src.Sheet == "" && src.Type == "" && g0 != nil {
		// The game is known without reading a sheet: its sheets of
		// cards, as game.yaml's tables: reads them.
		var pick *sheetPick
		if pick, err = cardSheets(name, data, g0, "", src.Map); err == nil {
			tables, types, skipped, of = pick.tables, pick.types, pick.skipped, pick.of
		}
	} else if FormatOf(name) == XLSX {
		tables, err = ReadSheets(name, data, func(sheets []string) ([]string, error) {
			of = len(sheets)
			if src.Sheet != "" {
				for _, s := range sheets {
					if cardsdb.Fold(s) == cardsdb.Fold(src.Sheet) {
						return []string{s}, nil
					}
				}
				return nil, noSheet(name, src.Sheet, sheets)
			}
			return sheets[:1], nil
		})
	} else {
		var t *Table
		t, err = Read(name, data, "")
		tables = []*Table{t}
	}
	if err != nil {
		return nil, err
	}
	g, err := tableGame(db, name, tables[0])
	if err != nil {
		return nil, err
	}
	dir := tableDir(g, name)
	l := &Loaded{Game: g, Of: of, Comma: tables[0].Comma, Skipped: skipped}
	before := len(g.Cards)
	var errs cardsdb.ErrorList
	for k := range src.Map {
		found := false
		for _, t := range tables {
			for _, h := range t.Header {
				found = found || cardsdb.Fold(h) == k
			}
		}
		if !found {
			errs.Add(cardsdb.Pos{File: name}, "--map: the table has no column %q", k)
		}
	}
	for i, t := range tables {
		opt := Options{Map: src.Map, Type: src.Type, Loaded: true, MapUnused: true}
		if i < len(types) {
			opt.Type = types[i]
		}
		if t.Sheet != "" {
			l.Sheets = append(l.Sheets, t.Sheet)
		}
		if _, err := addTable(g, t, opt, dir); err != nil {
			if el, ok := err.(cardsdb.ErrorList); ok {
				errs = append(errs, el...)
				continue
			}
			return nil, err
		}
	}
	l.Cards = len(g.Cards) - before
	return l, errs.Err()
}

// typeOfSheet finds the card type a sheet is named after: its id or name,
// or their plural ("Modules").
func typeOfSheet(g *cardsdb.Game, sheet string) *cardsdb.CardType {
	if ty := typeOf(g, sheet); ty != nil {
		return ty
	}
	k := cardsdb.Fold(sheet)
	for _, ty := range g.Types {
		for _, s := range []string{ty.ID, ty.Name} {
			if f := cardsdb.Fold(s); k == f+"s" || k == f+"es" {
				return ty
			}
		}
	}
	return nil
}

// onlyLoaded returns the one game loaded from the user's folders (not
// bundled), or nil.
func onlyLoaded(db *cardsdb.DB) *cardsdb.Game {
	var found *cardsdb.Game
	for _, g := range db.Games() {
		if strings.HasPrefix(g.Dir, "bundled:") {
			continue
		}
		if found != nil {
			return nil
		}
		found = g
	}
	return found
}

// tableGame finds the game of a table: its game column, or the only game
// loaded from a folder.
func tableGame(db *cardsdb.DB, name string, t *Table) (*cardsdb.Game, error) {
	id := t.GameID()
	if id == "" {
		if g := onlyLoaded(db); g != nil {
			return g, nil
		}
		return nil, &cardsdb.Error{Pos: t.Where(), Msg: "the table has no game column naming the game its cards are for; add one (deckwright export csv writes it), load its game folder first (--db FOLDER --db " + name + "), or name the table in the game's game.yaml (tables:)"}
	}
	g, err := db.LookupGame(id)
	if err != nil {
		return nil, &cardsdb.Error{Pos: t.Where(), Msg: err.Error()}
	}
	return g, nil
}

// tableDir returns the folder of a table file inside its game's FS, for
// its image paths: the table's folder relative to the game's folder (the
// game's folder itself when the table lies outside it, or the game is
// bundled).
func tableDir(g *cardsdb.Game, name string) string {
	if strings.HasPrefix(g.Dir, "bundled:") {
		return "."
	}
	gameDir := g.Dir
	if gameDir == "" {
		gameDir = "."
	}
	rel, err := filepath.Rel(gameDir, filepath.Dir(name))
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return "."
	}
	return filepath.ToSlash(rel)
}
