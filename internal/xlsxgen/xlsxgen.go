// Package xlsxgen makes Excel workbooks for tests: small files of the
// shapes that strained the reader (a cell far to the right on every row,
// thousands of sheets), made in memory so that none is kept in the
// repository. A workbook holds what Excel needs to open it and no more:
// the content types, the relationships, the workbook and its sheets, with
// inline strings (no shared strings table).
package xlsxgen

import (
	"archive/zip"
	"bytes"
	"fmt"
	"strings"
)

// Sheet is a sheet to write: its name and its rows, in order.
type Sheet struct {
	Name string
	Rows []Row
}

// Row is a row of a sheet: its number (from 1) and its cells in order.
type Row struct {
	N     int
	Cells []Cell
}

// Cell is a cell: its column name (A, XFD) and its text.
type Cell struct {
	Col, Text string
}

const ns = `xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"`

// Workbook returns the .xlsx file of sheets.
func Workbook(sheets []Sheet) []byte {
	var ct, wb, rels strings.Builder
	ct.WriteString(`<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>`)
	wb.WriteString(`<?xml version="1.0" encoding="UTF-8"?><workbook ` + ns + `><sheets>`)
	rels.WriteString(`<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">`)
	for i, s := range sheets {
		fmt.Fprintf(&ct, `<Override PartName="/xl/worksheets/sheet%d.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`, i+1)
		fmt.Fprintf(&wb, `<sheet name="%s" sheetId="%d" r:id="rId%d"/>`, s.Name, i+1, i+1)
		fmt.Fprintf(&rels, `<Relationship Id="rId%d" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet%d.xml"/>`, i+1, i+1)
	}
	ct.WriteString(`</Types>`)
	wb.WriteString(`</sheets></workbook>`)
	rels.WriteString(`</Relationships>`)
	var buf bytes.Buffer
	z := zip.NewWriter(&buf)
	part := func(name string, text ...string) {
		w, _ := z.Create(name)
		for _, t := range text {
			w.Write([]byte(t))
		}
	}
	part("[Content_Types].xml", ct.String())
	part("_rels/.rels", `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`)
	part("xl/workbook.xml", wb.String())
	part("xl/_rels/workbook.xml.rels", rels.String())
	for i, s := range sheets {
		var b strings.Builder
		b.WriteString(`<?xml version="1.0" encoding="UTF-8"?><worksheet ` + ns + `><sheetData>`)
		for _, r := range s.Rows {
			fmt.Fprintf(&b, `<row r="%d">`, r.N)
			for _, c := range r.Cells {
				fmt.Fprintf(&b, `<c r="%s%d" t="inlineStr"><is><t>%s</t></is></c>`, c.Col, r.N, c.Text)
			}
			b.WriteString(`</row>`)
		}
		b.WriteString(`</sheetData></worksheet>`)
		part(fmt.Sprintf("xl/worksheets/sheet%d.xml", i+1), b.String())
	}
	z.Close()
	return buf.Bytes()
}

// FarCells is a workbook of one sheet, Cards, whose header row names the
// columns name and type and whose rows below, rows of them, each hold one
// cell in column XFD, the last Excel has (issue 34: 20,000 such rows took
// 8.8 GB to read).
func FarCells(rows int) []byte {
	s := Sheet{Name: "Cards", Rows: []Row{{N: 1, Cells: []Cell{{"A", "name"}, {"B", "type"}}}}}
	for r := 2; r <= rows+1; r++ {
		s.Rows = append(s.Rows, Row{N: r, Cells: []Cell{{"XFD", "x"}}})
	}
	return Workbook([]Sheet{s})
}

// Sheets is a workbook of n sheets, "Sheet number 1" to "Sheet number N",
// each with a header cell (issue 34: an error naming them all was a line of
// 280 kB).
func Sheets(n int) []byte {
	sheets := make([]Sheet, n)
	for i := range sheets {
		sheets[i] = Sheet{Name: fmt.Sprintf("Sheet number %d", i+1), Rows: []Row{{N: 1, Cells: []Cell{{"A", "name"}}}}}
	}
	return Workbook(sheets)
}
