package sheet

import (
	"bytes"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"github.com/xuri/excelize/v2"

	"github.com/deckwright/deckwright/cardsdb"
)

// MaxRows is the most rows a table may have (a large collectible card game
// has a few thousand cards).
const MaxRows = 20000

// MaxColumns is the most columns a table may have.
const MaxColumns = 200

// maxUnzipped bounds what an .xlsx file may unpack to, against zip bombs.
const maxUnzipped = 64 << 20

// Row is one row of a table.
type Row struct {
	N     int      // the row's number in the sheet, from 1
	Cells []string // the cells, as long as the header (missing cells are "")
}

// Table is a spreadsheet read as text: a header row and the rows below it.
type Table struct {
	File      string
	HeaderRow int      // the header's row number
	Header    []string // the header cells, trimmed
	Rows      []Row    // the non-blank rows below the header
}

// Pos returns the position of a cell: row n, column col (from 0).
func (t *Table) Pos(n, col int) cardsdb.Pos {
	return cardsdb.Pos{File: t.File, Line: n, Col: col + 1}
}

// Format is a spreadsheet file format.
type Format string

// The formats Read and Export know.
const (
	CSV  Format = "csv"
	TSV  Format = "tsv"
	XLSX Format = "xlsx"
)

// FormatOf returns the format a file name's extension names, or "".
func FormatOf(name string) Format {
	switch strings.ToLower(filepath.Ext(name)) {
	case ".csv":
		return CSV
	case ".tsv", ".tab":
		return TSV
	case ".xlsx", ".xlsm":
		return XLSX
	}
	return ""
}

// Read reads a table from data, in the format file's extension names.
// sheetName chooses an .xlsx sheet ("" for the first); CSV and TSV files
// have no sheets.
func Read(file string, data []byte, sheetName string) (*Table, error) {
	switch FormatOf(file) {
	case CSV:
		return ReadCSV(file, data, ',')
	case TSV:
		return ReadCSV(file, data, '\t')
	case XLSX:
		return ReadXLSX(file, data, sheetName)
	}
	return nil, &cardsdb.Error{Pos: cardsdb.Pos{File: file}, Msg: "not a spreadsheet: want a .csv, .tsv or .xlsx file"}
}

// ReadCSV reads a CSV table whose cells are separated by comma (',' for
// CSV, '\t' for TSV). A UTF-8 byte-order mark, as Excel writes, is skipped.
func ReadCSV(file string, data []byte, comma rune) (*Table, error) {
	data = bytes.TrimPrefix(data, []byte("\ufeff"))
	if err := cardsdb.CheckText(file, data); err != nil {
		return nil, err
	}
	r := csv.NewReader(bytes.NewReader(data))
	r.Comma = comma
	r.FieldsPerRecord = -1
	r.LazyQuotes = comma == '\t'
	var rows [][]string
	end := 0 // the line the last record ended on
	for {
		rec, err := r.Read()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			var pe *csv.ParseError
			if errors.As(err, &pe) {
				// A syntax error is where the text is: line and column.
				return nil, &cardsdb.Error{Pos: cardsdb.Pos{File: file, Line: pe.Line, Col: pe.Column}, Msg: pe.Err.Error() + " (line " + fmt.Sprint(pe.Line) + " of the file)"}
			}
			return nil, fmt.Errorf("%s: %w", file, err)
		}
		// encoding/csv skips blank lines, which a spreadsheet shows as
		// blank rows: put them back so that row numbers match.
		start, _ := r.FieldPos(0)
		for ; end+1 < start && len(rows) < MaxRows; end++ {
			rows = append(rows, nil)
		}
		if len(rows) >= MaxRows {
			return nil, &cardsdb.Error{Pos: cardsdb.Pos{File: file, Line: len(rows) + 1}, Msg: fmt.Sprintf("more than %d rows; deckwright reads tables up to that size", MaxRows)}
		}
		last, _ := r.FieldPos(len(rec) - 1)
		end = last + strings.Count(rec[len(rec)-1], "\n")
		rows = append(rows, rec)
	}
	return table(file, rows)
}

// ReadXLSX reads a sheet of an Excel workbook: the one named sheetName, or
// the first. Cells are read as the spreadsheet shows them.
func ReadXLSX(file string, data []byte, sheetName string) (t *Table, err error) {
	if len(data) > cardsdb.MaxFileSize {
		return nil, &cardsdb.Error{Pos: cardsdb.Pos{File: file}, Msg: fmt.Sprintf("file is larger than %d MiB; deckwright reads tables up to that size", cardsdb.MaxFileSize>>20)}
	}
	defer func() {
		// excelize is robust, but a workbook is untrusted input: a
		// malformed one is an error, never a crash.
		if r := recover(); r != nil {
			t, err = nil, &cardsdb.Error{Pos: cardsdb.Pos{File: file}, Msg: fmt.Sprintf("not a readable .xlsx workbook (%v)", r)}
		}
	}()
	f, err := excelize.OpenReader(bytes.NewReader(data), excelize.Options{UnzipSizeLimit: maxUnzipped, UnzipXMLSizeLimit: maxUnzipped})
	if err != nil {
		return nil, &cardsdb.Error{Pos: cardsdb.Pos{File: file}, Msg: "not a readable .xlsx workbook: " + err.Error()}
	}
	defer f.Close()
	sheets := f.GetSheetList()
	if len(sheets) == 0 {
		return nil, &cardsdb.Error{Pos: cardsdb.Pos{File: file}, Msg: "the workbook has no sheet"}
	}
	name := sheets[0]
	if sheetName != "" {
		name = ""
		for _, s := range sheets {
			if s == sheetName || cardsdb.Fold(s) == cardsdb.Fold(sheetName) {
				name = s
				break
			}
		}
		if name == "" {
			return nil, &cardsdb.Error{Pos: cardsdb.Pos{File: file}, Msg: fmt.Sprintf("no sheet %q; the workbook has %s%s", sheetName, quoteList(sheets), cardsdb.DidYouMean(cardsdb.Suggest(sheetName, sheets, 1)))}
		}
	}
	it, err := f.Rows(name)
	if err != nil {
		return nil, &cardsdb.Error{Pos: cardsdb.Pos{File: file}, Msg: fmt.Sprintf("sheet %q: %v", name, err)}
	}
	defer it.Close()
	var rows [][]string
	for it.Next() {
		if len(rows) >= MaxRows {
			return nil, &cardsdb.Error{Pos: cardsdb.Pos{File: file, Line: len(rows) + 1}, Msg: fmt.Sprintf("more than %d rows; deckwright reads tables up to that size", MaxRows)}
		}
		cols, err := it.Columns()
		if err != nil {
			return nil, &cardsdb.Error{Pos: cardsdb.Pos{File: file, Line: len(rows) + 1}, Msg: err.Error()}
		}
		if len(cols) > MaxColumns {
			cols = trimEmpty(cols)
		}
		rows = append(rows, cols)
	}
	if err := it.Error(); err != nil {
		return nil, &cardsdb.Error{Pos: cardsdb.Pos{File: file}, Msg: fmt.Sprintf("sheet %q: %v", name, err)}
	}
	return table(file, rows)
}

func trimEmpty(cells []string) []string {
	for len(cells) > 0 && strings.TrimSpace(cells[len(cells)-1]) == "" {
		cells = cells[:len(cells)-1]
	}
	return cells
}

// table finds the header (the first non-blank row) and keeps the
// non-blank rows below it, each as long as the header.
func table(file string, rows [][]string) (*Table, error) {
	t := &Table{File: file}
	for i, rec := range rows {
		n := i + 1
		rec = trimEmpty(rec)
		if len(rec) == 0 {
			continue
		}
		if len(rec) > MaxColumns {
			return nil, &cardsdb.Error{Pos: t.Pos(n, MaxColumns), Msg: fmt.Sprintf("more than %d columns", MaxColumns)}
		}
		if t.Header == nil {
			t.HeaderRow = n
			t.Header = make([]string, len(rec))
			for j, h := range rec {
				t.Header[j] = strings.TrimSpace(h)
			}
			continue
		}
		if len(rec) > len(t.Header) {
			// A cell right of the last header: name its column.
			return nil, &cardsdb.Error{Pos: t.Pos(n, len(t.Header)), Msg: fmt.Sprintf("a cell in column %s, which has no header; name the column in row %d or clear the cell", ColumnName(len(t.Header)), t.HeaderRow)}
		}
		cells := make([]string, len(t.Header))
		copy(cells, rec)
		t.Rows = append(t.Rows, Row{N: n, Cells: cells})
	}
	if t.Header == nil {
		return nil, &cardsdb.Error{Pos: cardsdb.Pos{File: file}, Msg: "the table is empty; want a header row naming the columns (name, type, ...) and one row per card"}
	}
	return t, nil
}

// ColumnName returns the spreadsheet name of column i (from 0): A, B, ...,
// Z, AA, AB, ...
func ColumnName(i int) string {
	var b []byte
	for i++; i > 0; i = (i - 1) / 26 {
		b = append([]byte{byte('A' + (i-1)%26)}, b...)
	}
	return string(b)
}

func quoteList(list []string) string {
	q := make([]string, len(list))
	for i, s := range list {
		q[i] = fmt.Sprintf("%q", s)
	}
	return strings.Join(q, ", ")
}
