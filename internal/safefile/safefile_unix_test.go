//go:build unix

package safefile

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"
)

// TestSpecialFiles checks that a FIFO (named, or behind a link) and a
// device are refused at once by every reader, rather than blocking the
// read or never ending.
func TestSpecialFiles(t *testing.T) {
	dir := t.TempDir()
	if err := syscall.Mkfifo(filepath.Join(dir, "fifo"), 0o644); err != nil {
		t.Skip("no FIFOs here:", err)
	}
	if err := os.Symlink("fifo", filepath.Join(dir, "link")); err != nil {
		t.Fatal(err)
	}
	f, err := OpenFolder(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	reads := map[string]func() error{
		"Folder.Open": func() error {
			file, err := f.Open("fifo")
			if err == nil {
				file.Close()
			}
			return err
		},
		"ReadFile":        func() error { _, err := ReadFile(f, "fifo", 100); return err },
		"ReadFile link":   func() error { _, err := ReadFile(f, "link", 100); return err },
		"other FS":        func() error { _, err := ReadFile(os.DirFS(dir), "fifo", 100); return err },
		"ReadPath":        func() error { _, err := ReadPath(filepath.Join(dir, "fifo"), 100); return err },
		"ReadPath link":   func() error { _, err := ReadPath(filepath.Join(dir, "link"), 100); return err },
		"ReadPath device": func() error { _, err := ReadPath("/dev/zero", 100); return err },
	}
	for name, read := range reads {
		done := make(chan error, 1)
		go func() { done <- read() }()
		select {
		case err := <-done:
			var nr *NotRegularError
			if !errors.As(err, &nr) || nr.Mode&(fs.ModeNamedPipe|fs.ModeCharDevice) == 0 {
				t.Errorf("%s: %v, want a *NotRegularError for a FIFO or device", name, err)
			}
		case <-time.After(5 * time.Second):
			// Let the blocked open go before failing.
			if w, err := os.OpenFile(filepath.Join(dir, "fifo"), os.O_WRONLY|syscall.O_NONBLOCK, 0); err == nil {
				w.Close()
			}
			t.Fatalf("%s of a FIFO blocks", name)
		}
	}
}
