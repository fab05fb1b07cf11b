package cli

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestFacesDocExamples runs the shell examples of docs/faces.md (```text
// blocks starting with "$ deckwright") in a copy of docs/examples, as
// TestREADMEExamples does for the README: the worked example's files are
// pictures and a font, which a txtar script cannot hold.
func TestFacesDocExamples(t *testing.T) {
	root, err := filepath.Abs("../../../..")
	if err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(filepath.Join(root, "docs", "faces.md"))
	if err != nil {
		t.Fatal(err)
	}
	blocks := strings.Split(string(data), "```text\n$ deckwright ")
	if len(blocks) < 2 {
		t.Fatal("docs/faces.md has no ```text block starting with $ deckwright")
	}
	work := t.TempDir()
	if err := os.CopyFS(filepath.Join(work, "docs", "examples"), os.DirFS(filepath.Join(root, "docs", "examples"))); err != nil {
		t.Fatal(err)
	}
	t.Setenv("XDG_CACHE_HOME", filepath.Join(work, "cache"))
	t.Chdir(work)
	for _, b := range blocks[1:] {
		b = b[:strings.Index(b, "```")]
		cmdline, want, _ := strings.Cut(b, "\n")
		t.Run(cmdline, func(t *testing.T) {
			var out, errw bytes.Buffer
			Main(strings.Fields(cmdline), nil, &out, &errw)
			if out.String() != want || errw.Len() > 0 {
				t.Errorf("docs/faces.md shows:\n%s\ndeckwright prints:\n%s%s", want, out.String(), errw.String())
			}
		})
	}
}
