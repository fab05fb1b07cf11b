package sheet

import (
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

// loadTable reads one entry of game.yaml's tables: into g.
func loadTable(g *cardsdb.Game, spec *cardsdb.Table, name string, data []byte) error {
	t, err := Read(name, data, spec.Sheet)
	if err != nil {
		return err
	}
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
	f, err := addTable(g, t, opt, path.Dir(spec.File))
	if f != nil {
		spec.Layout = f.Columns
	}
	return err
}

// addTable turns a table into cards and adds them to g; dir is the table's
// folder inside the game's FS, where its image paths start.
func addTable(g *cardsdb.Game, t *Table, opt Options, dir string) (*File, error) {
	f, err := Cards(t, g, opt)
	if err != nil {
		return nil, err
	}
	return f, g.AddCardNodes(t.File, t.Sheet, f.Cards, dir)
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
	Of     int      // how many sheets the workbook has
	Comma  rune     // a CSV or TSV file's delimiter
	Cards  int
}

// AddPath loads a table of cards into db, beside the cards its game has
// already (deckwright --db cards.csv). The table's game column names the
// game; without one, the only game loaded from a folder (not bundled) is
// meant. A workbook read without a sheet gives every sheet named after a
// card type of the game (each of that type), or else its first sheet. A card
// whose name the game has already is an error.
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
	if FormatOf(name) == XLSX {
		var g0 *cardsdb.Game
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
			if src.Type != "" {
				return sheets[:1], nil
			}
			// The sheets named after types, when the game is known
			// without reading a sheet.
			if g0 = onlyLoaded(db); g0 == nil {
				return sheets[:1], nil
			}
			var picked []string
			for _, s := range sheets {
				if ty := typeOfSheet(g0, s); ty != nil {
					picked = append(picked, s)
					types = append(types, ty.ID)
				}
			}
			if len(picked) == 0 {
				return sheets[:1], nil
			}
			return picked, nil
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
	l := &Loaded{Game: g, Of: of, Comma: tables[0].Comma}
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
