package sheet

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/deckwright/deckwright/cardsdb"
)

// ReadFile reads a table from a regular file of at most
// cardsdb.MaxFileSize bytes (see Read).
func ReadFile(name, sheetName string) (*Table, error) {
	if FormatOf(name) == "" {
		return nil, &cardsdb.Error{Pos: cardsdb.Pos{File: name}, Msg: "not a spreadsheet: want a .csv, .tsv or .xlsx file"}
	}
	// OpenRegular refuses a FIFO or device before opening it, so a named
	// pipe never blocks the read.
	f, err := cardsdb.OpenRegular(name)
	if err != nil {
		var pe *os.PathError
		if errors.As(err, &pe) {
			return nil, fmt.Errorf("%s: %w", name, pe.Err)
		}
		return nil, err // it names the file already
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, cardsdb.MaxFileSize+1))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	if len(data) > cardsdb.MaxFileSize {
		return nil, &cardsdb.Error{Pos: cardsdb.Pos{File: name}, Msg: fmt.Sprintf("file is larger than %d MiB; deckwright reads tables up to that size", cardsdb.MaxFileSize>>20)}
	}
	return Read(name, data, sheetName)
}

// GameID returns the game a table names in its game column (the first
// non-empty cell), or "".
func (t *Table) GameID() string {
	for i, h := range t.Header {
		if cardsdb.Fold(h) != "game" {
			continue
		}
		for _, r := range t.Rows {
			if s := strings.TrimSpace(r.Cells[i]); s != "" {
				return s
			}
		}
	}
	return ""
}

// AddPath loads a table of cards into db, beside the cards its game has
// already (deckwright --db cards.csv): the table's game column names the
// game. A card whose name the game has already is an error.
func AddPath(db *cardsdb.DB, name string) error {
	t, err := ReadFile(name, "")
	if err != nil {
		return err
	}
	id := t.GameID()
	if id == "" {
		return &cardsdb.Error{Pos: cardsdb.Pos{File: name}, Msg: "the table has no game column naming the game its cards are for; add one (deckwright export csv writes it), or turn it into a cards file with deckwright import csv --game ID"}
	}
	g, err := db.LookupGame(id)
	if err != nil {
		return &cardsdb.Error{Pos: cardsdb.Pos{File: name}, Msg: err.Error()}
	}
	f, err := Cards(t, g, Options{Loaded: true})
	if err != nil {
		return err
	}
	data, err := f.YAML("")
	if err != nil {
		return err
	}
	return cardsdb.ParseCards(name, data, ".", g)
}
