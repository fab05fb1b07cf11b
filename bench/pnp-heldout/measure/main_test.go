package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestFetchScript runs the script -sources prints against a repository
// made here: the file missing from the folder is copied at its commit
// (not as the repository holds it now), the file present is left alone.
func TestFetchScript(t *testing.T) {
	for _, tool := range []string{"git", "sh"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skipf("%s not found", tool)
		}
	}
	root := t.TempDir()
	repo := filepath.Join(root, "o", "r")
	git := func(args ...string) string {
		t.Helper()
		cmd := exec.Command("git", append([]string{"-C", repo}, args...)...)
		cmd.Env = append(os.Environ(), "GIT_AUTHOR_NAME=t", "GIT_AUTHOR_EMAIL=t@t", "GIT_COMMITTER_NAME=t", "GIT_COMMITTER_EMAIL=t@t")
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
		return strings.TrimSpace(string(out))
	}
	if err := os.MkdirAll(filepath.Join(repo, "sub"), 0o755); err != nil {
		t.Fatal(err)
	}
	git("init", "-q")
	write := func(s string) {
		if err := os.WriteFile(filepath.Join(repo, "sub", "cards.pdf"), []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
		git("add", ".")
		git("commit", "-q", "-m", s)
	}
	write("%PDF old")
	old := git("rev-parse", "HEAD")
	write("%PDF new")
	dir := filepath.Join(root, "held")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "kept.pdf"), []byte("mine"), 0o644); err != nil {
		t.Fatal(err)
	}
	entries := []entry{
		{File: "a-tool.pdf", Repo: "o/r", Path: "sub/cards.pdf", Commit: old},
		{File: "kept.pdf", Repo: "o/r", Path: "sub/cards.pdf", Commit: old},
	}
	script := fetchScript(entries, dir, "", "file://"+root+"/")
	if out, err := exec.Command("sh", "-c", script).CombinedOutput(); err != nil {
		t.Fatalf("the script failed: %v\n%s\n%s", err, out, script)
	}
	for name, want := range map[string]string{"a-tool.pdf": "%PDF old", "kept.pdf": "mine"} {
		got, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil || string(got) != want {
			t.Errorf("%s holds %q (%v), want %q", name, got, err, want)
		}
	}
}

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
