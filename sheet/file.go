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
	data, err := readFile(name)
	if err != nil {
		return nil, err
	}
	return Read(name, data, sheetName)
}

func readFile(name string) ([]byte, error) {
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
	return data, nil
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
