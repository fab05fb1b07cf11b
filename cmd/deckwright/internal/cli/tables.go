package cli

import (
	"fmt"
	"io"
	"path"
	"path/filepath"
	"strings"

	"github.com/spf13/pflag"

	"github.com/deckwright/deckwright/cardsdb"
	"github.com/deckwright/deckwright/sheet"
)

// tableFlags are the keys of an entry of game.yaml's tables: as flags:
// --sheet, --type and --map, for import csv and for --db tables.
type tableFlags struct {
	sheet string
	typ   string
	maps  []string
}

// register adds the flags to fs; what names the tables they apply to.
func (t *tableFlags) register(fs *pflag.FlagSet, what string) {
	def := "the first"
	if strings.Contains(what, "--db") {
		def = "every sheet named after a card type, else the first"
	}
	fs.StringVar(&t.sheet, "sheet", "", "the sheet of an .xlsx workbook to read, for "+what+" (default: "+def+")")
	fs.StringVar(&t.typ, "type", "", "the card type of every row, for "+what+" (default: each row's type column)")
	fs.StringArrayVar(&t.maps, "map", nil, "COLUMN=FIELD: the field a column fills, for "+what+"; FIELD - skips the column (repeatable)")
}

// source reads the flags.
func (t *tableFlags) source() (sheet.Source, error) {
	m, err := sheet.ParseMap(t.maps)
	if err != nil {
		return sheet.Source{}, usageError("%v", err)
	}
	return sheet.Source{Sheet: t.sheet, Type: t.typ, Map: m}, nil
}

// tableNote says what a --db table gave when it is not plain: which
// sheets of a workbook of several, a delimiter that is not a comma.
func tableNote(w io.Writer, name string, l *sheet.Loaded) {
	var what []string
	if l.Of > 1 {
		q := make([]string, len(l.Sheets))
		for i, s := range l.Sheets {
			q[i] = fmt.Sprintf("%q", s)
		}
		what = append(what, fmt.Sprintf("%s %s (of %d)", cardsdb.Noun(len(l.Sheets), "sheet"), strings.Join(q, ", "), l.Of))
	}
	if l.Comma != 0 && l.Comma != ',' && sheet.FormatOf(name) == sheet.CSV {
		what = append(what, sheet.DelimiterName(l.Comma)+"-separated")
	}
	if len(what) == 0 {
		return
	}
	left := ""
	if len(l.Skipped) > 0 {
		left = "; left out " + strings.Join(l.Skipped, "; ")
	}
	fmt.Fprintf(w, "deckwright: note: %s: read %s: %s of %s%s\n", name, strings.Join(what, ", "), cardsdb.Plural(l.Cards, "card"), l.Game.Name, left)
}

// skippedSheetsNote says which sheets of the workbooks of game.yaml's
// tables: were left out and why (a sheet of notes, a sheet named after no
// card type without a type column), so that no card is dropped unseen.
func skippedSheetsNote(w io.Writer, db *cardsdb.DB) {
	for _, g := range db.Games() {
		if strings.HasPrefix(g.Dir, "bundled:") {
			continue
		}
		for _, t := range g.Tables {
			if len(t.Skipped) == 0 {
				continue
			}
			name := path.Join(filepath.ToSlash(g.Dir), t.File)
			read := "the first sheet"
			if len(t.Sheets) > 0 {
				q := make([]string, len(t.Sheets))
				for i, s := range t.Sheets {
					q[i] = fmt.Sprintf("%q", s)
				}
				read = cardsdb.Noun(len(t.Sheets), "sheet") + " " + strings.Join(q, ", ")
			}
			fmt.Fprintf(w, "deckwright: note: %s: read %s; left out %s (name a sheet after a card type, add a type column, or give sheet:)\n", name, read, strings.Join(t.Skipped, "; "))
		}
	}
}
