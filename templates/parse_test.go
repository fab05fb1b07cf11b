package templates

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/deckwright/deckwright/cardsdb"
	"github.com/deckwright/deckwright/internal/goldenfile"
)

// TestParseErrors parses every testdata/errors/*.yaml and compares the
// error with the .golden file beside it (refresh with DECKWRIGHT_UPDATE=1).
func TestParseErrors(t *testing.T) {
	files, err := filepath.Glob("testdata/errors/*.yaml")
	if err != nil || len(files) == 0 {
		t.Fatalf("no test files: %v", err)
	}
	for _, file := range files {
		t.Run(filepath.Base(file), func(t *testing.T) {
			data, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			_, perr := Parse(file, "test", data)
			if perr == nil {
				t.Fatal("no error")
			}
			got := perr.Error() + "\n"
			golden := strings.TrimSuffix(file, ".yaml") + ".golden"
			if goldenfile.Update() {
				if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (run DECKWRIGHT_UPDATE=1 go test ./templates to write it)", err)
			}
			if got != string(want) {
				t.Errorf("errors differ\ngot:\n%s\nwant:\n%s", got, want)
			}
			for _, line := range strings.Split(strings.TrimSpace(got), "\n") {
				if !strings.HasPrefix(line, file+":") {
					t.Errorf("error %q does not start with the file name", line)
				}
			}
		})
	}
}

// FuzzParse feeds Parse arbitrary files: it must return a template or an
// error, never panic, and a template it returns must render.
func FuzzParse(f *testing.F) {
	for _, name := range []string{"default.yaml", "arkhtide/realm.yaml", "seeker-chronicles/module.yaml", "card-back.yaml"} {
		data, err := fs.ReadFile(BundledFS(), name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	files, _ := filepath.Glob("testdata/errors/*.yaml")
	for _, file := range files {
		data, _ := os.ReadFile(file)
		f.Add(data)
	}
	c := &cardsdb.Card{Name: "Rogue Star 🚀", Type: "module", Sample: true, AllProvisional: true, Text: strings.Repeat("Draw 1. ", 100), Factions: []string{"cosmos"}}
	f.Fuzz(func(t *testing.T, data []byte) {
		tpl, err := Parse("fuzz.yaml", "fuzz", data)
		if err != nil {
			return
		}
		for _, size := range []cardsdb.Size{{}, {W: 88, H: 63}, {W: 1, H: 500}} {
			tpl.Render(c, nil, size, Front)
			tpl.Render(c, nil, size, Back)
		}
	})
}
