package pnp

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// TestRecipeRoundTrip checks that a recipe reads back as it was written.
func TestRecipeRoundTrip(t *testing.T) {
	r := &Recipe{Source: "x.pdf", CardW: 63, CardH: 88, DPI: 300, Layout: LayoutAuto, Found: LayoutDuplex, FoundWhy: "page 2 shows backs", Flip: "long",
		Pages: []RecipePage{
			{Page: 1, Role: "fronts", Reason: "grid found by lines", Grid: &RecipeGrid{X: 10.5, Y: 12.25, PitchX: 63, PitchY: 88, CellW: 63, CellH: 88, Rows: 3, Cols: 3}, Confidence: 0.95},
			{Page: 2, Role: "backs", BacksOf: 1, Grid: &RecipeGrid{X: 10.5, Y: 12.25, PitchX: 66, PitchY: 91, CellW: 88, CellH: 63, Rows: 3, Cols: 3, Rotation: 90}, Confidence: 0.57, Doubt: "1 of 9 cards found no back"},
			{Page: 3, Role: "skipped", Reason: `no grid of cards: "rules"`, Confidence: 1},
		}}
	data := r.Marshal()
	got, err := ParseRecipe("recipe.yaml", data)
	if err != nil {
		t.Fatalf("%v\n%s", err, data)
	}
	got.Found, got.FoundWhy = r.Found, r.FoundWhy // written as a comment
	if !reflect.DeepEqual(got, r) {
		t.Errorf("read back %+v\nwant %+v\n%s", got, r, data)
	}
	for i, p := range r.Pages {
		if line := strings.Split(string(data), "\n")[p.Line-1]; !strings.Contains(line, "page: ") {
			t.Errorf("page %d: line %d is %q, want its entry", i+1, p.Line, line)
		}
	}
}

// TestRecipeErrors checks that a bad recipe gives an error at its line
// and column.
func TestRecipeErrors(t *testing.T) {
	good := "card_size: 63x88\ndpi: 300\nlayout: auto\nflip: long\npages:\n  - page: 1\n    role: fronts\n    grid: {x: 1, y: 2, rows: 3, cols: 3, cell: 63x88, pitch: 63x88, rotation: 0}\n"
	if _, err := ParseRecipe("r.yaml", []byte(good)); err != nil {
		t.Fatalf("good recipe: %v", err)
	}
	for _, c := range []struct{ from, to, want string }{
		{"role: fronts", "role: frontz", `r.yaml:7:11: role "frontz": want fronts, backs, fold or skipped`},
		{"cols: 3,", "cols: x,", `r.yaml:8:39: grid cols "x": want a whole number from 1 to 100`},
		{"cell: 63x88", "cell: 63", `r.yaml:8:48: grid cell "63": want WxH in mm`},
		{"dpi: 300", "dpi: 30", `r.yaml:2:6: dpi "30": want a whole number from 72 to 1200`},
		{"layout: auto", "layout: dual", `r.yaml:3:9: layout "dual": want auto, duplex, fold or fronts`},
		{"    role: fronts\n", "    role: fronts\n    colour: red\n", `r.yaml:8:5: unknown key "colour" in a page`},
		{"rotation: 0}\n", "rotation: 0}\n  - page: 1\n    role: backs\n", `r.yaml:9:11: page 1 is listed twice`},
		{"dpi: 300\n", "dpi: 300\ndpi: 150\n", `r.yaml:3:1: duplicate key "dpi" in recipe (first at line 2)`},
		{"rotation: 0}", "rotation: 45}", `r.yaml:8:79: grid rotation 45: want 0 or 90`},
	} {
		bad := strings.Replace(good, c.from, c.to, 1)
		_, err := ParseRecipe("r.yaml", []byte(bad))
		if err == nil || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("%s -> %s: err = %v, want %s", c.from, c.to, err, c.want)
		}
	}
}

// writeAll writes res as import pnp does, recipe and all, and returns
// every file written, by its path in the folder.
func writeAll(t *testing.T, res *Result, source string, opt Options) map[string][]byte {
	t.Helper()
	_, g := seeker(t)
	dir := filepath.Join(t.TempDir(), "o")
	if _, err := Write(context.Background(), res, dir, WriteOptions{Game: g, Source: source, Recipe: RecipeOf(res, source, opt)}); err != nil {
		t.Fatal(err)
	}
	files := map[string][]byte{}
	filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err == nil && d.Type().IsRegular() {
			data, _ := os.ReadFile(p)
			rel, _ := filepath.Rel(dir, p)
			files[rel] = data
		}
		return nil
	})
	return files
}

// replay reads a recipe back and imports file with it, as import pnp
// --recipe does.
func replay(t *testing.T, file string, recipe []byte) *Result {
	t.Helper()
	rec, err := ParseRecipe(RecipeFile, recipe)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join("testdata", "corpus", file)
	opt := rec.Options()
	opt.rasterEnv = corpusFonts // as corpusImport reads it
	res, err := Import(context.Background(), path, opt)
	if err != nil {
		t.Fatal(err)
	}
	if err := ApplyRecipe(context.Background(), path, res, rec, RecipeFile); err != nil {
		t.Fatal(err)
	}
	return res
}

// TestRecipeReplay imports three corpus PDFs, writes them with their
// recipes, replays each recipe and writes again: every file is the same,
// byte for byte (a fold sheet's too, its fronts' grid written). Then one number of one page's grid is changed (a column
// dropped) and one page set to skipped: only those pages change.
func TestRecipeReplay(t *testing.T) {
	needPdftoppm(t)
	if testing.Short() {
		t.Skip("imports corpus PDFs")
	}
	entries := map[string]corpusEntry{}
	for _, e := range readCorpus(t) {
		entries[e.File] = e
	}
	for _, file := range []string{"cardfoldr-test.pdf", "cardimpose-poker.pdf", "squib-collaboration-deck.pdf", "cardfoldr-foldable.pdf"} {
		t.Run(file, func(t *testing.T) {
			t.Parallel()
			opt := corpusOptions(t, entries[file], corpusDPI(t))
			res, err := corpusImport(t, file, opt)
			if err != nil {
				t.Fatal(err)
			}
			first := writeAll(t, res, file, opt)
			recipe := first[RecipeFile]
			if len(recipe) == 0 {
				t.Fatalf("no %s written", RecipeFile)
			}
			if folds := bytes.Count(recipe, []byte("role: fold\n")); folds > 0 && bytes.Count(recipe, []byte("    grid: {")) < folds {
				t.Errorf("%d fold sheets, but %d grids in the recipe:\n%s", folds, bytes.Count(recipe, []byte("    grid: {")), recipe)
			}
			again := replay(t, file, recipe)
			second := writeAll(t, again, file, opt)
			if len(first) != len(second) {
				t.Errorf("%d files written, then %d on replay", len(first), len(second))
			}
			for name, data := range first {
				if !bytes.Equal(data, second[name]) {
					t.Errorf("%s differs on replay", name)
				}
			}
		})
	}
	t.Run("edited", func(t *testing.T) {
		t.Parallel()
		file := "cardfoldr-test.pdf" // 3 pages of 3x3 fronts, edge to edge
		opt := corpusOptions(t, entries[file], corpusDPI(t))
		res, err := corpusImport(t, file, opt)
		if err != nil {
			t.Fatal(err)
		}
		rec := RecipeOf(res, file, opt)
		data := rec.Marshal()
		lines := strings.Split(string(data), "\n")
		g1 := lines[rec.Pages[1].Line+2] // page 2's grid line
		if !strings.Contains(g1, "cols: 3,") {
			t.Fatalf("page 2's grid line is %q", g1)
		}
		lines[rec.Pages[1].Line+2] = strings.Replace(g1, "cols: 3,", "cols: 2,", 1)
		lines[rec.Pages[2].Line] = strings.Replace(lines[rec.Pages[2].Line], "role: fronts", "role: skipped", 1)
		edited := replay(t, file, []byte(strings.Join(lines, "\n")))
		count := map[int]int{}
		for _, c := range edited.Cards {
			count[c.Front.Page]++
		}
		if count[1] != 9 || count[2] != 6 || count[3] != 0 {
			t.Errorf("cards per page %v, want 9, 6 and 0", count)
		}
		// Page 1 is as it was; page 2's first two columns are cut where
		// they were, on the one grid (a cell the import clipped at the
		// page's edge, 0.17 mm short, is cut whole).
		was := map[Pos]Face{}
		for _, c := range res.Cards {
			was[c.Front.pos()] = c.Front
		}
		for _, c := range edited.Cards {
			w, ok := was[c.Front.pos()]
			if !ok || c.Front.Col > 2 && c.Front.Page == 2 {
				t.Errorf("card %v: not cut before, or past the 2 columns", c.Front.pos())
				continue
			}
			if d := HashDistance(w.Hash, c.Front.Hash); d > 0 && c.Front.Page == 1 {
				t.Errorf("card %v changed (hash distance %d)", c.Front.pos(), d)
			}
			if !sameRect(w.Trim, c.Front.Trim, 0.2) {
				t.Errorf("card %v cut at %+v, was %+v", c.Front.pos(), c.Front.Trim, w.Trim)
			}
		}
	})
}
