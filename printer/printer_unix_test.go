//go:build unix

package printer

import (
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// TestLoadFIFO: a named pipe in the profiles file's place is refused at
// once; opening it would wait for a writer for ever.
func TestLoadFIFO(t *testing.T) {
	path := filepath.Join(t.TempDir(), "printers.yaml")
	if err := syscall.Mkfifo(path, 0o644); err != nil {
		t.Skip("no named pipes here:", err)
	}
	if _, err := Load(path); err == nil || !strings.Contains(err.Error(), "not a regular file") {
		t.Errorf("Load of a FIFO: %v, want 'not a regular file'", err)
	}
}
