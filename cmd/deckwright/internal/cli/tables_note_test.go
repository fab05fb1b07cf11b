package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"
)

// TestTablesSkippedSheetsNote: a sheet of a workbook in game.yaml's
// tables: that is not read (a sheet of notes) is named in a note with the
// reason, so no card is dropped unseen (issue 35); -q keeps it quiet.
func TestTablesSkippedSheetsNote(t *testing.T) {
	dir := t.TempDir()
	game := `id: wb
name: Workbook Game
card_size: {width: 63, height: 88}
types:
  - {id: hero, name: Hero}
  - {id: spell, name: Spell}
sections:
  - {id: main, name: Main, types: [hero, spell]}
tables:
  - file: book.xlsx
`
	if err := os.WriteFile(filepath.Join(dir, "game.yaml"), []byte(game), 0o644); err != nil {
		t.Fatal(err)
	}
	f := excelize.NewFile()
	defer f.Close()
	if err := f.SetSheetName(f.GetSheetName(0), "Heroes"); err != nil {
		t.Fatal(err)
	}
	for _, c := range [][2]string{{"A1", "name"}, {"A2", "Ash Queen"}} {
		if err := f.SetCellStr("Heroes", c[0], c[1]); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := f.NewSheet("Notes"); err != nil {
		t.Fatal(err)
	}
	if err := f.SetCellStr("Notes", "A1", "playtest notes"); err != nil {
		t.Fatal(err)
	}
	if err := f.SaveAs(filepath.Join(dir, "book.xlsx")); err != nil {
		t.Fatal(err)
	}
	code, out, errs := run(t, "--db", dir, "cards", "--game", "wb")
	if code != 0 || !strings.Contains(out, "Ash Queen") {
		t.Fatalf("exit %d\n%s%s", code, out, errs)
	}
	want := `deckwright: note: ` + filepath.ToSlash(dir) + `/book.xlsx: read sheet "Heroes"; left out "Notes": not named after a card type of Workbook Game (hero, spell) and no type column (name a sheet after a card type, add a type column, or give sheet:)` + "\n"
	if errs != want {
		t.Errorf("stderr\n%s\nwant\n%s", errs, want)
	}
	if code, _, errs := run(t, "-q", "--db", dir, "cards", "--game", "wb"); code != 0 || errs != "" {
		t.Errorf("-q: exit %d, stderr %q", code, errs)
	}
}
