package sheet

import (
	"archive/zip"
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/deckwright/deckwright/internal/xlsxgen"
)

// BenchmarkImportCSV reads and converts a 5,000-card CSV table (Seeker
// Chronicles modules), the size of a large collectible card game.
func BenchmarkImportCSV(b *testing.B) {
	g := seeker(b)
	var buf bytes.Buffer
	buf.WriteString("name,type,faction,copies,power,link_cost,hyperlink_cost,keywords,text\n")
	for i := range 5000 {
		fmt.Fprintf(&buf, "Card %d,module,cosmos | order,3,%d,%d,X,gravity | entropy,\"Draw 1, then progress 1.\"\n", i, i%10, i%5)
	}
	data := buf.Bytes()
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		t, err := Read("big.csv", data, "")
		if err != nil {
			b.Fatal(err)
		}
		f, err := Cards(t, g, Options{})
		if err != nil {
			b.Fatal(err)
		}
		if _, err := f.YAML("big.csv"); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkWideCSVRow reads an 8 MB CSV whose one row is millions of
// empty cells (issue 25: it took 800 MB): refused before encoding/csv
// holds it. Report B/op with -benchmem.
func BenchmarkWideCSVRow(b *testing.B) {
	data := []byte("name,type\nA," + strings.Repeat(",", 8<<20) + "\n")
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		if _, err := Read("wide.csv", data, ""); err == nil {
			b.Fatal("a row of 8 million cells was read")
		}
	}
}

// BenchmarkSharedStringsBomb reads a small workbook of 3.5 million empty
// shared strings (issue 25: 146 kB took 1.3 GB): refused while the part is
// streamed, before excelize parses it.
func BenchmarkSharedStringsBomb(b *testing.B) {
	var buf bytes.Buffer
	z := zip.NewWriter(&buf)
	w, _ := z.Create("xl/sharedStrings.xml")
	fmt.Fprint(w, `<?xml version="1.0"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">`)
	for range 3_500_000 {
		fmt.Fprint(w, "<si><t></t></si>")
	}
	fmt.Fprint(w, "</sst>")
	z.Close()
	data := buf.Bytes()
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		if _, err := Read("bomb.xlsx", data, ""); err == nil {
			b.Fatal("3.5 million shared strings were read")
		}
	}
}

// BenchmarkLoneCRCSV reads a 5,000-card CSV with classic Mac line ends.
func BenchmarkLoneCRCSV(b *testing.B) {
	var buf bytes.Buffer
	buf.WriteString("name,type,power\r")
	for i := range 5000 {
		fmt.Fprintf(&buf, "Card %d,module,%d\r", i, i%10)
	}
	data := buf.Bytes()
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		if _, err := Read("mac.csv", data, ""); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkFarCells reads a workbook of 20,000 rows each of one cell in
// column XFD (issue 34: 8.8 GB before the width was checked): refused at
// the first such row. Run with -benchmem: B/op is what reading takes.
func BenchmarkFarCells(b *testing.B) {
	data := xlsxgen.FarCells(20000)
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Read("far.xlsx", data, ""); err == nil {
			b.Fatal("a cell in column XFD was read")
		}
	}
}
