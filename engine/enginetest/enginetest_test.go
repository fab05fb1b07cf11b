package enginetest

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/deckwright/deckwright/internal/goldenfile"
)

func TestDiff(t *testing.T) {
	if d := Diff("a\nb\nc\n", "a\nx\nc\n"); !strings.Contains(d, "line 2:\n  want: b\n  got:  x") {
		t.Errorf("Diff = %q", d)
	}
	if d := Diff("a\n", "a\n"); d != "(same lines)" {
		t.Errorf("Diff of equal texts = %q", d)
	}
}

// TestGolden: a file that matches passes; DECKWRIGHT_UPDATE=1 writes one.
func TestGolden(t *testing.T) {
	p := filepath.Join(t.TempDir(), "x.golden")
	if err := os.WriteFile(p, []byte("same\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	Golden(t, p, []byte("same\n"))
	t.Setenv(goldenfile.Env, "1")
	Golden(t, p, []byte("new\n"))
	if b, _ := os.ReadFile(p); string(b) != "new\n" {
		t.Errorf("DECKWRIGHT_UPDATE=1 wrote %q", b)
	}
}
