package sheet

import (
	"errors"
	"fmt"
	"io/fs"
	"strings"

	"github.com/deckwright/deckwright/cardsdb"
	"github.com/deckwright/deckwright/internal/safefile"
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
	// A FIFO or device is refused before it is opened, so a named pipe
	// never blocks the read (internal/safefile).
	data, err := safefile.ReadPath(name, cardsdb.MaxFileSize)
	var pe *fs.PathError
	switch {
	case errors.Is(err, safefile.ErrTooBig):
		return nil, &cardsdb.Error{Pos: cardsdb.Pos{File: name}, Msg: fmt.Sprintf("file is larger than %d MiB; deckwright reads tables up to that size", cardsdb.MaxFileSize>>20)}
	case errors.As(err, &pe):
		return nil, fmt.Errorf("%s: %w", name, pe.Err)
	}
	return data, err
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
