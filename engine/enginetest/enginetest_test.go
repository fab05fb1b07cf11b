package enginetest

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestDiff(t *testing.T) {
	if d := Diff("a\nb\nc\n", "a\nx\nc\n"); !strings.Contains(d, "line 2:\n  want: b\n  got:  x") {
		t.Errorf("Diff = %q", d)
	}
	if d := Diff("a\n", "a\n"); d != "(same lines)" {
		t.Errorf("Diff of equal texts = %q", d)
	}
}

// TestGolden: a file that matches passes; -update writes one.
func TestGolden(t *testing.T) {
	p := filepath.Join(t.TempDir(), "x.golden")
	if err := os.WriteFile(p, []byte("same\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	Golden(t, p, []byte("same\n"))
	*Update = true
	defer func() { *Update = false }()
	Golden(t, p, []byte("new\n"))
	if b, _ := os.ReadFile(p); string(b) != "new\n" {
		t.Errorf("-update wrote %q", b)
	}
}
