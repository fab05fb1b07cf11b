package xlsxgen

import (
	"bytes"
	"testing"

	"github.com/xuri/excelize/v2"
)

// TestWorkbook: excelize opens what Workbook writes and reads its cells.
func TestWorkbook(t *testing.T) {
	f, err := excelize.OpenReader(bytes.NewReader(Workbook([]Sheet{
		{Name: "Cards", Rows: []Row{{N: 1, Cells: []Cell{{"A", "name"}, {"C", "type"}}}, {N: 3, Cells: []Cell{{"B", "x"}}}}},
		{Name: "Other"},
	})))
	if err != nil {
		t.Fatal(err)
	}
	if got := f.GetSheetList(); len(got) != 2 || got[0] != "Cards" || got[1] != "Other" {
		t.Fatalf("sheets %q", got)
	}
	for cell, want := range map[string]string{"A1": "name", "C1": "type", "B3": "x", "B1": ""} {
		if v, _ := f.GetCellValue("Cards", cell); v != want {
			t.Errorf("%s = %q, want %q", cell, v, want)
		}
	}
	if got := len(excelizeSheets(t, Sheets(12))); got != 12 {
		t.Errorf("Sheets(12) has %d sheets", got)
	}
	g, err := excelize.OpenReader(bytes.NewReader(FarCells(3)))
	if err != nil {
		t.Fatal(err)
	}
	if v, _ := g.GetCellValue("Cards", "XFD4"); v != "x" {
		t.Errorf("XFD4 = %q", v)
	}
}

func excelizeSheets(t *testing.T, data []byte) []string {
	f, err := excelize.OpenReader(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	return f.GetSheetList()
}
