package cardsdb

import (
	"errors"
	"fmt"
	"sort"
	"strings"
	"unicode"
)

// Pos is a position in an input file. Line and Col count from 1; a zero
// Line means the position is the file as a whole.
//
// A position in a spreadsheet (Cell) is a row (Line) and a column (Col) of
// one of its sheets, and prints as a spreadsheet names a cell:
// deck.xlsx:Deck!C12, or cards.csv:C12 for a file without sheets.
type Pos struct {
	File  string `json:"file"`
	Line  int    `json:"line"`
	Col   int    `json:"column"`
	Sheet string `json:"sheet,omitempty"`
	Cell  bool   `json:"cell,omitempty"`
}

// String formats p as file:line:col (or file:Sheet!C12 for a cell),
// leaving out what is unknown.
func (p Pos) String() string {
	if p.Cell {
		return p.cellString()
	}
	switch {
	case p.Line == 0:
		return p.File
	case p.Col == 0:
		return fmt.Sprintf("%s:%d", p.File, p.Line)
	}
	return fmt.Sprintf("%s:%d:%d", p.File, p.Line, p.Col)
}

func (p Pos) cellString() string {
	s := p.File
	if p.Sheet != "" {
		s += ":" + SheetRef(p.Sheet)
		if p.Line > 0 {
			s += "!"
		}
	} else if p.Line > 0 {
		s += ":"
	}
	switch {
	case p.Line == 0:
	case p.Col == 0:
		s += fmt.Sprint(p.Line) // the whole row
	default:
		s += ColumnName(p.Col-1) + fmt.Sprint(p.Line)
	}
	return s
}

// SheetRef returns a sheet's name as a formula names it: quoted when it
// holds anything but letters, digits and '_' ('Gold Path').
func SheetRef(name string) string {
	for _, r := range name {
		if !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '_' {
			return "'" + strings.ReplaceAll(name, "'", "''") + "'"
		}
	}
	return name
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

// Before reports whether p sorts before q: by file, then line, then column.
func (p Pos) Before(q Pos) bool {
	if p.File != q.File {
		return p.File < q.File
	}
	if p.Sheet != q.Sheet {
		return p.Sheet < q.Sheet
	}
	if p.Line != q.Line {
		return p.Line < q.Line
	}
	return p.Col < q.Col
}

// Error is a problem in an input file at a position.
type Error struct {
	Pos Pos
	Msg string
	// Err, when set, is the kind of problem, for errors.Is (ErrNoCards);
	// Msg says it to the user.
	Err error
}

// Unwrap returns e.Err.
func (e *Error) Unwrap() error { return e.Err }

func (e *Error) Error() string {
	if e.Pos.File == "" && e.Pos.Line == 0 {
		return e.Msg
	}
	return e.Pos.String() + ": " + e.Msg
}

// ErrorList is a list of input errors; it is itself an error, which prints
// one error per line sorted by position, as go/scanner.ErrorList does.
type ErrorList []*Error

// Add appends an error at pos.
func (l *ErrorList) Add(pos Pos, format string, args ...any) {
	*l = append(*l, &Error{Pos: pos, Msg: fmt.Sprintf(format, args...)})
}

// Append adds the problems err holds to l, the errors of an ErrorList or
// one *Error (wrapped or not), and reports whether it held any: a plain
// error adds nothing, for the caller to report its own way.
func (l *ErrorList) Append(err error) bool {
	var el ErrorList
	var e *Error
	switch {
	case errors.As(err, &el):
		*l = append(*l, el...)
	case errors.As(err, &e):
		*l = append(*l, e)
	default:
		return false
	}
	return true
}

// Sort sorts the list by position.
func (l ErrorList) Sort() {
	sort.SliceStable(l, func(i, j int) bool { return l[i].Pos.Before(l[j].Pos) })
}

func (l ErrorList) Error() string {
	var b strings.Builder
	for i, e := range l {
		if i > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(e.Error())
	}
	return b.String()
}

// Err returns nil for an empty list and the sorted list otherwise.
func (l ErrorList) Err() error {
	if len(l) == 0 {
		return nil
	}
	l.Sort()
	return l
}
