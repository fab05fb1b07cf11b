package pnp

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/deckwright/deckwright/layout"
)

// TestPagesRenderedOnce reads a PDF of 4 pages of fronts drawn as
// rasters, its layout guessed (which reads the pages before the import
// reads them again): each page is rendered once, by a pdftoppm that logs its
// pages, the scratch file is gone after it, and the cards are those read with no scratch file, where pages
// read again are rendered again.
func TestPagesRenderedOnce(t *testing.T) {
	needPdftoppm(t)
	if runtime.GOOS == "windows" {
		t.Skip("the logging pdftoppm is a shell script")
	}
	real, err := exec.LookPath(pdftoppm)
	if err != nil {
		t.Fatal(err)
	}
	o := layoutDefaults()
	o.Backs = layout.BacksNone
	pr := printDeck(t, t.TempDir(), 36, o, 100)
	dir := t.TempDir()
	logf := filepath.Join(dir, "log")
	script := filepath.Join(dir, "pdftoppm")
	if err := os.WriteFile(script, []byte("#!/bin/sh\necho \"$6\" >> '"+logf+"'\nexec '"+real+"' \"$@\"\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	scratch := t.TempDir()
	t.Setenv("TMPDIR", scratch) // where the scratch file is made
	old := pdftoppm
	pdftoppm = script
	defer func() { pdftoppm = old }()
	read := func() (*Result, []string) {
		os.Remove(logf)
		res, err := Import(context.Background(), pr.path, Options{DPI: 100, CardW: 63, CardH: 88, forceRaster: true})
		if err != nil {
			t.Fatal(err)
		}
		b, _ := os.ReadFile(logf)
		return res, strings.Fields(string(b))
	}
	res, pages := read()
	if left, _ := os.ReadDir(scratch); len(left) > 0 {
		t.Errorf("%s left behind in the temporary folder", left[0].Name())
	}
	if want := []string{"1", "2", "3", "4"}; !reflect.DeepEqual(slices.Sorted(slices.Values(pages)), want) {
		t.Errorf("pages rendered %v, want each of 1 to 4 once", pages)
	}
	if res.Layout != LayoutFronts || len(res.Cards) != 36 {
		t.Fatalf("layout %s, %d cards; want fronts, 36", res.Layout, len(res.Cards))
	}
	oldMax := spillMax
	spillMax = 0
	defer func() { spillMax = oldMax }()
	again, pages := read()
	if len(pages) <= 4 {
		t.Errorf("with no scratch file, pages rendered %v, want some read again", pages)
	}
	if len(again.Cards) != len(res.Cards) {
		t.Fatalf("%d cards with no scratch file, %d with one", len(again.Cards), len(res.Cards))
	}
	for i := range res.Cards {
		a, b := res.Cards[i], again.Cards[i]
		if a.Front.Page != b.Front.Page || a.Front.Trim != b.Front.Trim || !reflect.DeepEqual(a.Front.Image, b.Front.Image) {
			t.Errorf("card %d: front %d %+v read from the scratch file, %d %+v rendered again", i, a.Front.Page, a.Front.Trim, b.Front.Page, b.Front.Trim)
		}
	}
}
