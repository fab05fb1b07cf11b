package safefile

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// BenchmarkReadFile reads a 20 KB file (a cards file's size) of a game
// folder through a Folder (look, open, look again, read to the cap), and,
// for comparison, with os.Root's own fs.FS and fs.ReadFile (one open, no
// look, no cap).
func BenchmarkReadFile(b *testing.B) {
	dir := b.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "cards.yaml"), []byte(strings.Repeat("x", 20<<10)), 0o644); err != nil {
		b.Fatal(err)
	}
	f, err := OpenFolder(dir)
	if err != nil {
		b.Fatal(err)
	}
	defer f.Close()
	b.Run("safefile", func(b *testing.B) {
		for b.Loop() {
			if _, err := ReadFile(f, "cards.yaml", 8<<20); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("os.Root", func(b *testing.B) {
		fsys := f.root.FS()
		for b.Loop() {
			if _, err := fs.ReadFile(fsys, "cards.yaml"); err != nil {
				b.Fatal(err)
			}
		}
	})
}
