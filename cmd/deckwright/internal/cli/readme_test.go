package cli

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestREADMEExamples runs every "$ deckwright ..." example of the README
// that shows its output in a text block (in a copy of docs/examples), and
// compares the output, so that the README stays true.
func TestREADMEExamples(t *testing.T) {
	root, err := filepath.Abs("../../../..")
	if err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(filepath.Join(root, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	blocks := strings.Split(string(data), "```text\n$ deckwright ")
	if len(blocks) < 2 {
		t.Fatal("README has no ```text block starting with $ deckwright")
	}
	// The examples run in a folder of their own holding a copy of
	// docs/examples (the only files they name besides the bundled
	// data), so that what they write (out/cosmos-tts, say) is not left
	// in the source tree.
	work := t.TempDir()
	if err := os.CopyFS(filepath.Join(work, "docs", "examples"), os.DirFS(filepath.Join(root, "docs", "examples"))); err != nil {
		t.Fatal(err)
	}
	t.Chdir(work)
	for _, b := range blocks[1:] {
		b = b[:strings.Index(b, "```")]
		cmdline, want, _ := strings.Cut(b, "\n")
		t.Run(cmdline, func(t *testing.T) {
			var out, errw bytes.Buffer
			Main(strings.Fields(cmdline), nil, &out, &errw)
			if out.String() != want {
				t.Errorf("README shows:\n%s\ndeckwright prints:\n%s%s", want, out.String(), errw.String())
			}
		})
	}
}
