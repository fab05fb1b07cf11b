package sheet

import (
	"archive/zip"
	"bytes"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
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
	Sheet     string   // the workbook's sheet it was read from; "" for CSV and TSV
	Comma     rune     // the delimiter of a CSV or TSV file (sniffed for .csv)
	HeaderRow int      // the header's row number
	Header    []string // the header cells, trimmed
	Rows      []Row    // the non-blank rows below the header
}

// Pos returns the position of a cell: row n, column col (from 0). It
// prints as deck.xlsx:Deck!C12 (cards.csv:C12 for a CSV file).
func (t *Table) Pos(n, col int) cardsdb.Pos {
	return cardsdb.Pos{File: t.File, Sheet: t.Sheet, Line: n, Col: col + 1, Cell: true}
}

// Where returns the position of the table as a whole: its file, and
// its sheet for a workbook.
func (t *Table) Where() cardsdb.Pos {
	return cardsdb.Pos{File: t.File, Sheet: t.Sheet, Cell: true}
}

// DelimiterName names a CSV delimiter for a message: "comma",
// "semicolon", "tab".
func DelimiterName(r rune) string {
	switch r {
	case ',':
		return "comma"
	case ';':
		return "semicolon"
	case '\t':
		return "tab"
	case '|':
		return "bar"
	}
	return fmt.Sprintf("%q", r)
}

// Format is a spreadsheet file format.
type Format string

// The formats Read and Export know.
const (
	CSV  Format = "csv"
	TSV  Format = "tsv"
	XLSX Format = "xlsx"
)

// FormatOf returns the format a file name's extension names, or ""
// (cardsdb.TableFormat: .csv; .tsv or .tab; .xlsx or .xlsm).
func FormatOf(name string) Format { return Format(cardsdb.TableFormat(name)) }

// Read reads a table from data, in the format file's extension names.
// sheetName chooses an .xlsx sheet ("" for the first); CSV and TSV files
// have no sheets.
func Read(file string, data []byte, sheetName string) (*Table, error) {
	switch FormatOf(file) {
	case CSV:
		return ReadCSV(file, data, 0)
	case TSV:
		return ReadCSV(file, data, '\t')
	case XLSX:
		return ReadXLSX(file, data, sheetName)
	}
	return nil, &cardsdb.Error{Pos: cardsdb.Pos{File: file}, Msg: "not a spreadsheet: want a .csv, .tsv or .xlsx file"}
}

// MaxFields is the most cells a CSV record may have, blank ones
// included (Excel's 16,384 columns): a record of millions of empty cells
// would take a hundred times the file's size to hold.
const MaxFields = 16384

// ReadCSV reads a CSV table whose cells are separated by comma (',' or
// ';' for CSV, '\t' for TSV; 0 sniffs it from the header row: the most
// frequent of comma, semicolon, tab and bar outside quotes, comma on a
// tie). A UTF-8 byte-order mark, as Excel writes, is skipped, and lone CR
// line ends (Excel for Mac) are read as line ends.
func ReadCSV(file string, data []byte, comma rune) (*Table, error) {
	data = bytes.TrimPrefix(data, []byte("\ufeff"))
	if err := cardsdb.CheckText(file, data); err != nil {
		return nil, err
	}
	data = loneCR(data)
	if comma == 0 {
		comma = sniff(data)
	}
	if err := checkFields(file, data, comma); err != nil {
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
	t, err := table(file, "", rows)
	if t != nil {
		t.Comma = comma
	}
	return t, err
}

// loneCR turns every CR that no LF follows into an LF: classic Mac line
// ends, which encoding/csv keeps inside the cells.
func loneCR(data []byte) []byte {
	lone := func(j int) bool { return data[j] == '\r' && (j+1 >= len(data) || data[j+1] != '\n') }
	first := -1
	for j := bytes.IndexByte(data, '\r'); j >= 0 && j < len(data); {
		if lone(j) {
			first = j
			break
		}
		k := bytes.IndexByte(data[j+1:], '\r')
		if k < 0 {
			break
		}
		j += k + 1
	}
	if first < 0 {
		return data
	}
	out := make([]byte, len(data))
	copy(out, data)
	for j := first; j < len(out); j++ {
		if lone(j) {
			out[j] = '\n'
		}
	}
	return out
}

// sniff returns the delimiter of the first non-blank line: the most
// frequent of ',', ';', '\t' and '|' outside quotes (',' on a tie or
// none). A table separated by bars (PyCard's) has no list cells then.
func sniff(data []byte) rune {
	counts := map[byte]int{}
	quoted := false
	for _, b := range data {
		switch {
		case b == '"':
			quoted = !quoted
		case quoted:
		case b == '\n':
			if len(counts) > 0 {
				goto done
			}
		case b == ',' || b == ';' || b == '\t' || b == '|':
			counts[b]++
		}
	}
done:
	best := byte(',')
	for _, b := range []byte{';', '\t', '|'} {
		if counts[b] > counts[best] {
			best = b
		}
	}
	return rune(best)
}

// checkFields refuses a record of more than MaxFields cells before
// encoding/csv holds it.
func checkFields(file string, data []byte, comma rune) error {
	if comma >= 0x80 {
		return nil
	}
	c := byte(comma)
	quoted := false
	line, fields := 1, 1
	for _, b := range data {
		switch {
		case b == '"':
			quoted = !quoted
		case b == '\n':
			line++
			if !quoted {
				fields = 1
			}
		case b == c && !quoted:
			fields++
			if fields > MaxFields {
				return &cardsdb.Error{Pos: cardsdb.Pos{File: file, Line: line}, Msg: fmt.Sprintf("a row of more than %d cells; deckwright reads tables up to that width", MaxFields)}
			}
		}
	}
	return nil
}

// ReadXLSX reads a sheet of an Excel workbook: the one named sheetName, or
// the first. Cells are read as the spreadsheet shows them.
func ReadXLSX(file string, data []byte, sheetName string) (*Table, error) {
	tables, err := ReadSheets(file, data, func(sheets []string) ([]string, error) {
		if sheetName == "" {
			return sheets[:1], nil
		}
		for _, s := range sheets {
			if s == sheetName || cardsdb.Fold(s) == cardsdb.Fold(sheetName) {
				return []string{s}, nil
			}
		}
		return nil, noSheet(file, sheetName, sheets)
	})
	if err != nil {
		return nil, err
	}
	return tables[0], nil
}

// maxSharedStrings bounds the distinct texts of a workbook (a parsed one
// takes a few hundred bytes): a 146 kB file may hold millions of empty
// ones.
const maxSharedStrings = 250_000

// ReadSheets reads the sheets of an Excel workbook that choose picks from
// the names of all its sheets (never none), in choose's order.
func ReadSheets(file string, data []byte, choose func(sheets []string) ([]string, error)) ([]*Table, error) {
	var tables []*Table
	err := workbook(file, data, func(sheets []string, read func(string) (*Table, error)) error {
		names, err := choose(sheets)
		if err != nil {
			return err
		}
		for _, name := range names {
			t, err := read(name)
			if err != nil {
				return err
			}
			tables = append(tables, t)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return tables, nil
}

// workbook opens an Excel workbook and calls use with the names of its
// sheets (never none) and a function that reads one.
//
// It is the package's one boundary around excelize, a reader of files
// from strangers: its budgets are checked before the work they bound (the
// file's size, what it unpacks to, its shared strings before they are
// parsed, its rows and columns as each row is read), and a panic in it is
// an error naming the file, never a crash.
func workbook(file string, data []byte, use func(sheets []string, read func(name string) (*Table, error)) error) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = &cardsdb.Error{Pos: cardsdb.Pos{File: file}, Msg: fmt.Sprintf("not a readable .xlsx workbook (%v)", r)}
		}
	}()
	if len(data) > cardsdb.MaxFileSize {
		return &cardsdb.Error{Pos: cardsdb.Pos{File: file}, Msg: fmt.Sprintf("file is larger than %d MiB; deckwright reads tables up to that size", cardsdb.MaxFileSize>>20)}
	}
	if err := checkSharedStrings(file, data); err != nil {
		return err
	}
	f, err := excelize.OpenReader(bytes.NewReader(data), excelize.Options{UnzipSizeLimit: maxUnzipped, UnzipXMLSizeLimit: maxUnzipped})
	if err != nil {
		return &cardsdb.Error{Pos: cardsdb.Pos{File: file}, Msg: "not a readable .xlsx workbook: " + err.Error()}
	}
	defer f.Close()
	sheets := f.GetSheetList()
	if len(sheets) == 0 {
		return &cardsdb.Error{Pos: cardsdb.Pos{File: file}, Msg: "the workbook has no sheet"}
	}
	return use(sheets, func(name string) (*Table, error) { return readSheet(f, file, name) })
}

func readSheet(f *excelize.File, file, name string) (*Table, error) {
	where := cardsdb.Pos{File: file, Sheet: name, Cell: true}
	it, err := f.Rows(name)
	if err != nil {
		return nil, &cardsdb.Error{Pos: where, Msg: err.Error()}
	}
	defer it.Close()
	var rows [][]string
	for it.Next() {
		n := len(rows) + 1 // the row's number in the sheet
		if len(rows) >= MaxRows {
			where.Line = n
			return nil, &cardsdb.Error{Pos: where, Msg: fmt.Sprintf("more than %d rows; deckwright reads tables up to that size", MaxRows)}
		}
		cols, err := it.Columns()
		if err != nil {
			where.Line = n
			return nil, &cardsdb.Error{Pos: where, Msg: err.Error()}
		}
		// A cell far to the right (XFD) makes a row of 16,384 cells:
		// refused here, at the first, rather than once every row is held
		// (20,000 such rows took 8.8 GB).
		if cols = trimEmpty(cols); len(cols) > MaxColumns {
			where.Line, where.Col = n, len(cols)
			return nil, &cardsdb.Error{Pos: where, Msg: fmt.Sprintf("a cell in column %s, past the %d columns deckwright reads (A to %s); clear it, or move the table's columns left", ColumnName(len(cols)-1), MaxColumns, ColumnName(MaxColumns-1))}
		}
		rows = append(rows, cols)
	}
	if err := it.Error(); err != nil {
		return nil, &cardsdb.Error{Pos: where, Msg: err.Error()}
	}
	return table(file, name, rows)
}

// noSheet says that a workbook has no sheet called name: with its sheets
// when they are few, else their count and the closest few.
func noSheet(file, name string, sheets []string) error {
	msg, guesses := fmt.Sprintf("no sheet %q; the workbook has %s", name, quoteList(sheets)), 1
	if len(sheets) > maxSheetsListed {
		msg, guesses = fmt.Sprintf("no sheet %q; the workbook has %d sheets", name, len(sheets)), 3
	}
	return &cardsdb.Error{Pos: cardsdb.Pos{File: file}, Msg: msg + cardsdb.DidYouMean(cardsdb.Suggest(name, sheets, guesses))}
}

// maxSheetsListed is the most sheets an error names all of.
const maxSheetsListed = 10

// checkSharedStrings counts the workbook's shared strings before excelize
// parses them all, streaming through the part (bounded by maxUnzipped).
func checkSharedStrings(file string, data []byte) error {
	z, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		return nil // excelize says what is wrong
	}
	for _, zf := range z.File {
		if !strings.EqualFold(zf.Name, "xl/sharedStrings.xml") {
			continue
		}
		rc, err := zf.Open()
		if err != nil {
			return nil
		}
		defer rc.Close()
		n, err := countTag(io.LimitReader(rc, maxUnzipped), []byte("<si"))
		if err == nil && n > maxSharedStrings {
			return &cardsdb.Error{Pos: cardsdb.Pos{File: file}, Msg: fmt.Sprintf("the workbook holds more than %d distinct texts; deckwright reads tables up to that size", maxSharedStrings)}
		}
		return nil
	}
	return nil
}

// countTag counts the elements that start with tag ("<si" followed by '>',
// '/' or a space) in r.
func countTag(r io.Reader, tag []byte) (int, error) {
	// One buffer: the last len(tag) bytes of a read are kept at its
	// start for the next, so a tag split between reads is counted.
	buf := make([]byte, len(tag)+64<<10)
	kept, n := 0, 0
	for {
		k, err := r.Read(buf[kept:])
		chunk := buf[:kept+k]
		end := len(chunk) - len(tag)
		for i := 0; i < end; i++ {
			if chunk[i] == '<' && bytes.HasPrefix(chunk[i:], tag) {
				if c := chunk[i+len(tag)]; c == '>' || c == '/' || c == ' ' {
					n++
				}
			}
		}
		if end > 0 {
			kept = copy(buf, chunk[end:])
		} else {
			kept = len(chunk)
		}
		if err == io.EOF {
			return n, nil
		}
		if err != nil {
			return n, err
		}
	}
}

func trimEmpty(cells []string) []string {
	for len(cells) > 0 && strings.TrimSpace(cells[len(cells)-1]) == "" {
		cells = cells[:len(cells)-1]
	}
	return cells
}

// table finds the header (the first non-blank row) and keeps the
// non-blank rows below it, each as long as the header.
// emptyTable is the message of a table without a header row, and
// errEmptyTable its kind (cardsdb.Error.Err).
const emptyTable = "the table is empty; want a header row naming the columns (name, type, ...) and one row per card"

var errEmptyTable = errors.New("empty table")

func table(file, sheetName string, rows [][]string) (*Table, error) {
	t := &Table{File: file, Sheet: sheetName}
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
		return nil, &cardsdb.Error{Pos: t.Where(), Msg: emptyTable, Err: errEmptyTable}
	}
	return t, nil
}

// ColumnName returns the spreadsheet name of column i (from 0): A, B, ...,
// Z, AA, AB, ...
func ColumnName(i int) string { return cardsdb.ColumnName(i) }

func quoteList(list []string) string {
	q := make([]string, len(list))
	for i, s := range list {
		q[i] = fmt.Sprintf("%q", s)
	}
	return strings.Join(q, ", ")
}
