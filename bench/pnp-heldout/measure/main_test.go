package main

import (
	"os"
	"path/filepath"
	"testing"
)

func TestPageWant(t *testing.T) {
	for w, want := range map[string]struct {
		role string
		n    int
	}{"F9": {"F", 9}, "B16": {"B", 16}, "L5": {"L", 10}, "-": {"-", 0}} {
		role, n := pageWant(w)
		if role != want.role || n != want.n {
			t.Errorf("pageWant(%q) = %q, %d; want %q, %d", w, role, n, want.role, want.n)
		}
	}
}

// TestRecipeCells reads the grid of a recipe as import pnp writes it.
func TestRecipeCells(t *testing.T) {
	path := filepath.Join(t.TempDir(), "recipe.yaml")
	recipe := `source: "x.pdf"
pages:
  - page: 1
    role: fronts
    grid: {x: 10.24, y: 20.24, rows: 2, cols: 3, cell: 63.16x88.65, pitch: 63.12x88.39, rotation: 0}
  - page: 2
    role: fronts
    grid: {x: 5, y: 6, rows: 1, cols: 2, cell: 88x63, pitch: 90x64, rotation: 90}
`
	if err := os.WriteFile(path, []byte(recipe), 0o644); err != nil {
		t.Fatal(err)
	}
	cells := recipeCells(path, 1)
	if len(cells) != 6 {
		t.Fatalf("page 1: %d cells, want 6", len(cells))
	}
	if last := cells[5]; last != (rect{10.24 + 2*63.12, 20.24 + 88.39, 63.16, 88.65}) {
		t.Errorf("page 1 r2c3 = %+v", last)
	}
	cells = recipeCells(path, 2)
	if len(cells) != 2 || cells[1] != (rect{95, 6, 88, 63}) {
		t.Errorf("page 2 (landscape) = %+v, want 2 cells, the second {95 6 88 63}", cells)
	}
	if cells := recipeCells(path, 3); cells != nil {
		t.Errorf("page 3 (not in the recipe) = %+v", cells)
	}
}

// TestFrontsOf: a page of 16 fronts read as a fold sheet gives 8 fronts.
func TestFrontsOf(t *testing.T) {
	if got, want := min(frontsOf("L", 16), frontsOf("F", 16)), 8; got != want {
		t.Errorf("fronts of a page of 16 read as a fold: %d, want %d", got, want)
	}
	if frontsOf("B", 8) != 0 || frontsOf("-", 0) != 0 || frontsOf("F", 9) != 9 {
		t.Error("backs and pages without cards hold no fronts; a page of fronts all")
	}
}
