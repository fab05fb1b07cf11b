package sheet

import (
	"archive/zip"
	"bytes"
	"fmt"
	"runtime"
	"strings"
	"testing"

	"github.com/deckwright/deckwright/internal/xlsxgen"
)

// TestDelimiterSniffed: a .csv file is read with the delimiter its header
// row uses (Excel in much of Europe saves semicolons), and says which.
func TestDelimiterSniffed(t *testing.T) {
	for _, tt := range []struct {
		text  string
		comma rune
	}{
		{"name;type;text\nA;module;\"Draw 1, then 2.\"\n", ';'},
		{"name,type,text\nA,module,\"Draw 1; then 2.\"\n", ','},
		{"name\ttype\ttext\nA\tmodule\tDraw 1, then 2; then 3.\n", '\t'},
		{"\n\"a;b\",type,text\nA,module,x\n", ','},
		{"name\nA\n", ','},
	} {
		tab, err := Read("t.csv", []byte(tt.text), "")
		if err != nil {
			t.Fatalf("%q: %v", tt.text, err)
		}
		if tab.Comma != tt.comma {
			t.Errorf("%q: delimiter %s, want %s", tt.text, DelimiterName(tab.Comma), DelimiterName(tt.comma))
		}
		if len(tab.Rows) != 1 || tab.Rows[0].Cells[0] != "A" {
			t.Errorf("%q: rows %v", tt.text, tab.Rows)
		}
	}
}

// TestLoneCR: Excel for Mac ends lines with a lone CR; the table reads as
// with LF, CRLF stays as it was, and a CR inside a quoted cell is a line
// break of the cell.
func TestLoneCR(t *testing.T) {
	g := seeker(t)
	for _, text := range []string{
		"name,type,text\rA,module,\"one\rtwo\"\rB,module,x\r",
		"name,type,text\r\nA,module,\"one\r\ntwo\"\r\nB,module,x\r\n",
	} {
		tab, err := Read("t.csv", []byte(text), "")
		if err != nil {
			t.Fatalf("%q: %v", text, err)
		}
		f, err := Cards(tab, g, Options{})
		if err != nil {
			t.Fatalf("%q: %v", text, err)
		}
		y, _ := f.YAML("")
		if !strings.Contains(string(y), "text: |-\n      one\n      two\n") || !strings.Contains(string(y), "name: B") {
			t.Errorf("%q gives\n%s", text, y)
		}
		if tab.Rows[1].N != 3 {
			t.Errorf("%q: row B is row %d, want 3 (a record is a row)", text, tab.Rows[1].N)
		}
	}
}

// TestLineBreaks: %n (Squib's and The Game Crafter's line break) and a
// line break in the cell are line breaks of text fields.
func TestLineBreaks(t *testing.T) {
	g := seeker(t)
	tab, err := Read("t.csv", []byte("name,type,text,flavor\nA,module,Draw 1.%nThen 2.,\"a\nb\"\n"), "")
	if err != nil {
		t.Fatal(err)
	}
	f, err := Cards(tab, g, Options{})
	if err != nil {
		t.Fatal(err)
	}
	y, _ := f.YAML("")
	if !strings.Contains(string(y), "text: |-\n      Draw 1.\n      Then 2.\n") || !strings.Contains(string(y), "flavor: |-\n      a\n      b\n") {
		t.Errorf("got\n%s", y)
	}
}

// TestTableType: a table of one type needs no type column, and a
// category column called Type is mapped away.
func TestTableType(t *testing.T) {
	g := seeker(t)
	tab, err := Read("t.csv", []byte("Title,Type,Power\nA,gold path,2\n"), "")
	if err != nil {
		t.Fatal(err)
	}
	f, err := Cards(tab, g, Options{Type: "Module", Map: map[string]string{"type": Skip}})
	if err != nil {
		t.Fatal(err)
	}
	y, _ := f.YAML("")
	if want := "game: seeker-chronicles\ncards:\n  - name: A\n    type: module\n    power: 2\n"; string(y) != want {
		t.Errorf("got\n%s\nwant\n%s", y, want)
	}
}

// TestWideRowRefused: a CSV row of millions of empty cells is refused
// before it is held (it took 100 times the file's size); a few thousand
// trailing empty cells, as spreadsheets export, are fine.
func TestWideRowRefused(t *testing.T) {
	wide := "name,type\nA,module" + strings.Repeat(",", 2*MaxFields) + "\n"
	_, err := Read("t.csv", []byte(wide), "")
	if err == nil || err.Error() != fmt.Sprintf("t.csv:2: a row of more than %d cells; deckwright reads tables up to that width", MaxFields) {
		t.Errorf("got %v", err)
	}
	ok := "name,type\nA,module" + strings.Repeat(",", 3000) + "\n"
	if _, err := Read("t.csv", []byte(ok), ""); err != nil {
		t.Errorf("3,000 trailing empty cells: %v", err)
	}
}

// TestSharedStringsBomb: a workbook of millions of (empty) shared strings
// is refused before excelize parses them (a 146 kB file reached 1.3 GB).
func TestSharedStringsBomb(t *testing.T) {
	var b bytes.Buffer
	z := zip.NewWriter(&b)
	w, _ := z.Create("xl/sharedStrings.xml")
	fmt.Fprint(w, `<?xml version="1.0"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">`)
	for range maxSharedStrings + 10 {
		fmt.Fprint(w, "<si><t></t></si>")
	}
	fmt.Fprint(w, "</sst>")
	z.Close()
	_, err := Read("bomb.xlsx", b.Bytes(), "")
	if err == nil || !strings.Contains(err.Error(), "distinct texts") {
		t.Errorf("got %v", err)
	}
	n, _ := countTag(strings.NewReader("<si><t>a</t></si><si/><si x='1'><sis>"), []byte("<si"))
	if n != 3 {
		t.Errorf("countTag = %d, want 3", n)
	}
}

// TestFarCellRefused: a cell far to the right on every row (column XFD,
// Excel's last) is refused at the first such row, where it is, while the
// sheet is read: 20,000 rows of them took 8.8 GB before the width was
// checked (issue 34). The memory read takes is bounded here, not its time.
func TestFarCellRefused(t *testing.T) {
	data := xlsxgen.FarCells(20000)
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	_, err := Read("far.xlsx", data, "")
	runtime.ReadMemStats(&after)
	want := "far.xlsx:Cards!XFD2: a cell in column XFD, past the 200 columns deckwright reads (A to GR); clear it, or move the table's columns left"
	if err == nil || err.Error() != want {
		t.Errorf("got %v\nwant %s", err, want)
	}
	if n := after.TotalAlloc - before.TotalAlloc; n > 200<<20 {
		t.Errorf("reading took %d MB", n>>20)
	}
	// A cell past GR that is empty (formatted only) is no cell.
	ok := xlsxgen.Workbook([]xlsxgen.Sheet{{Name: "Cards", Rows: []xlsxgen.Row{
		{N: 1, Cells: []xlsxgen.Cell{{Col: "A", Text: "name"}, {Col: "B", Text: "type"}, {Col: "XFD", Text: ""}}},
		{N: 2, Cells: []xlsxgen.Cell{{Col: "A", Text: "Rogue Star"}, {Col: "B", Text: "module"}}},
	}}})
	if tab, err := Read("ok.xlsx", ok, ""); err != nil || len(tab.Header) != 2 {
		t.Errorf("an empty cell in XFD: %v", err)
	}
}

// TestManySheets: a sheet that is not there, in a workbook of thousands
// of sheets, is one short line naming the count and the closest few (8,000
// made a line of 280 kB naming all of them); a workbook of a few names them
// all.
func TestManySheets(t *testing.T) {
	_, err := ReadXLSX("book.xlsx", xlsxgen.Sheets(2000), "Sheet numbr 7")
	want := `book.xlsx: no sheet "Sheet numbr 7"; the workbook has 2000 sheets; did you mean "Sheet number 7"`
	if err == nil || !strings.HasPrefix(err.Error(), want) || len(err.Error()) > 200 {
		t.Errorf("got %v\nwant %s...", err, want)
	}
	_, err = ReadXLSX("book.xlsx", xlsxgen.Sheets(3), "Sheet numbr 2")
	want = `book.xlsx: no sheet "Sheet numbr 2"; the workbook has "Sheet number 1", "Sheet number 2", "Sheet number 3"; did you mean "Sheet number 2"?`
	if err == nil || err.Error() != want {
		t.Errorf("got %v\nwant %s", err, want)
	}
}
