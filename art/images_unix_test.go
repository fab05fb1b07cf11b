//go:build unix

package art

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"testing/fstest"
	"time"
)

// TestPrepareImagesSpecialFiles checks that art which is a FIFO or a
// device is refused at once, through the OS and through an fs.FS, rather
// than blocking a worker in open or reading forever.
func TestPrepareImagesSpecialFiles(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "art.jpg")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skipf("no FIFOs here: %v", err)
	}
	link := filepath.Join(dir, "link.jpg")
	if err := os.Symlink(fifo, link); err != nil {
		t.Fatal(err)
	}
	specs := []ImageSpec{
		poker(fifo, 0),
		poker(link, 0),
		{FS: os.DirFS(dir), Path: "art.jpg", TrimW: 63, TrimH: 88, DPI: 300},
		poker("/dev/zero", 0),
		// A MapFS file whose mode says FIFO.
		{FS: fstest.MapFS{"p.jpg": {Mode: os.ModeNamedPipe}}, Path: "p.jpg", TrimW: 63, TrimH: 88, DPI: 300},
	}
	want := []string{"open: not a regular file (a named pipe)", "(a named pipe)", "(a named pipe)", "open: not a regular file (a character device)", "(a named pipe)"}
	done := make(chan []error, 1)
	go func() {
		_, errs := PrepareImages(context.Background(), specs, PrepareOptions{})
		done <- errs
	}()
	select {
	case errs := <-done:
		for i, err := range errs {
			if err == nil || !strings.Contains(err.Error(), want[i]) {
				t.Errorf("spec %d (%s): got %v, want an error saying %q", i, specs[i].Path, err, want[i])
			}
		}
	case <-time.After(10 * time.Second):
		// Let the blocked opens go before failing.
		for _, p := range []string{fifo} {
			if f, err := os.OpenFile(p, os.O_WRONLY|syscall.O_NONBLOCK, 0); err == nil {
				f.Close()
			}
		}
		t.Fatal("preparing special files as art hangs")
	}
}
