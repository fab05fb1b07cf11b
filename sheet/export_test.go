package sheet

import (
	"bytes"
	"testing"

	"github.com/xuri/excelize/v2"
)

// TestExportXLSXSheetsAndNumbers: a workbook holds one sheet per card
// type, named after it, and whole numbers as numbers (so copies SUM).
func TestExportXLSXSheetsAndNumbers(t *testing.T) {
	g := seeker(t)
	var b bytes.Buffer
	if err := Export(&b, XLSX, g, g.Cards, ExportOptions{}); err != nil {
		t.Fatal(err)
	}
	x, err := excelize.OpenReader(&b)
	if err != nil {
		t.Fatal(err)
	}
	defer x.Close()
	var want []string
	for _, ty := range g.Types {
		want = append(want, ty.Name)
	}
	if got := x.GetSheetList(); len(got) != len(want) {
		t.Fatalf("sheets %q, want %q", got, want)
	} else {
		for i := range got {
			if got[i] != want[i] {
				t.Errorf("sheet %d is %q, want %q", i, got[i], want[i])
			}
		}
	}
	rows, _ := x.GetRows("Module")
	col := -1
	for j, h := range rows[0] {
		if h == "copies" {
			col = j
		}
	}
	if col < 0 {
		t.Fatal("no copies column")
	}
	cell, _ := excelize.CoordinatesToCellName(col+1, 2)
	if typ, _ := x.GetCellType("Module", cell); typ != excelize.CellTypeNumber && typ != excelize.CellTypeUnset {
		t.Errorf("copies cell %s has type %v, want a number", cell, typ)
	}
	if got := sheetName("Ark: Crew/Units [old]?"); got != "Ark- Crew-Units -old--" {
		t.Errorf("sheetName = %q", got)
	}
}
