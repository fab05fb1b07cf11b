package sheet

import (
	"io/fs"
	"os"
	"path/filepath"
	"testing"

	"github.com/deckwright/deckwright/cardsdb"
	"github.com/deckwright/deckwright/internal/xlsxgen"
)

// FuzzReadSheet reads arbitrary bytes as CSV, TSV and xlsx and turns what
// reads into cards: an error is fine, a panic or a hang is not.
func FuzzReadSheet(f *testing.F) {
	for _, name := range []string{"cards.csv", "cards.tsv"} {
		data, err := os.ReadFile(filepath.Join("testdata", name))
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	f.Add([]byte("name,type\n\"X,module\n"))
	f.Add([]byte("\ufeffname;type\r\nA,module,,\r\n,,\n"))
	if data, err := os.ReadFile(filepath.Join("testdata", "tiny.xlsx")); err == nil {
		f.Add(data)
	}
	g := seeker(f)
	gameYAML, err := fs.ReadFile(g.FS, "game.yaml")
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		for _, name := range []string{"f.csv", "f.tsv", "f.xlsx"} {
			tab, err := Read(name, data, "")
			if err != nil {
				continue
			}
			if len(tab.Header) == 0 {
				t.Fatalf("%s: a table without a header", name)
			}
			for _, r := range tab.Rows {
				if len(r.Cells) != len(tab.Header) || r.N <= tab.HeaderRow {
					t.Fatalf("%s: row %d has %d cells under a header of %d at row %d", name, r.N, len(r.Cells), len(tab.Header), tab.HeaderRow)
				}
			}
			file, err := Cards(tab, g, Options{})
			if err != nil {
				continue
			}
			y, err := file.YAML(name)
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			// What Cards accepts, the loader accepts: the cards file
			// loads into the game with no error of its own.
			fresh, err := cardsdb.ParseGame("game.yaml", gameYAML, ".")
			if err != nil {
				t.Fatal(err)
			}
			if err := cardsdb.ParseCards("out.yaml", y, ".", fresh); err != nil {
				t.Fatalf("%s: Cards wrote a cards file the loader refuses: %v\n%s", name, err, y)
			}
		}
	})
}

// FuzzReadXLSX reads arbitrary bytes as an Excel workbook, every sheet of
// it, through excelize (ReadSheets, the package's one boundary around it):
// an error is fine, a panic, a hang or a table that breaks its own shape is
// not. The seeds are real workbooks (Squib's samples, one Excel saved) and
// small ones of the shapes that strained the reader (issue 34).
func FuzzReadXLSX(f *testing.F) {
	files, err := filepath.Glob(filepath.Join("testdata", "corpus", "*.xlsx"))
	if err != nil || len(files) == 0 {
		f.Fatalf("no workbooks in testdata/corpus: %v", err)
	}
	files = append(files, filepath.Join("testdata", "tiny.xlsx"))
	for _, name := range files {
		data, err := os.ReadFile(name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	f.Add(xlsxgen.FarCells(3))
	f.Add(xlsxgen.Sheets(12))
	f.Fuzz(func(t *testing.T, data []byte) {
		tables, err := ReadSheets("f.xlsx", data, func(sheets []string) ([]string, error) { return sheets, nil })
		if err != nil {
			return
		}
		for _, tab := range tables {
			if len(tab.Header) == 0 || len(tab.Header) > MaxColumns || len(tab.Rows) > MaxRows {
				t.Fatalf("sheet %q: a header of %d and %d rows", tab.Sheet, len(tab.Header), len(tab.Rows))
			}
			for _, r := range tab.Rows {
				if len(r.Cells) != len(tab.Header) || r.N <= tab.HeaderRow {
					t.Fatalf("sheet %q: row %d has %d cells under a header of %d at row %d", tab.Sheet, r.N, len(r.Cells), len(tab.Header), tab.HeaderRow)
				}
			}
		}
	})
}
