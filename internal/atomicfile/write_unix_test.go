//go:build unix

package atomicfile

import (
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/deckwright/deckwright/internal/safefile"
)

func writeHello(w io.Writer) error {
	_, err := io.WriteString(w, "%PDF-hello")
	return err
}

// noTemps fails when dir holds a temporary file of Write.
func noTemps(t *testing.T, dir string) {
	t.Helper()
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range ents {
		if strings.HasSuffix(e.Name(), ".tmp") {
			t.Errorf("temporary file %s left behind", e.Name())
		}
	}
}

func TestWriteRegular(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "sub", "out.pdf")
	if err := Write(p, Options{Through: true}, writeHello); err != nil {
		t.Fatal(err)
	}
	if err := Write(p, Options{Through: true}, func(w io.Writer) error { return errors.New("boom") }); err == nil {
		t.Fatal("a failed write returned no error")
	}
	if b, _ := os.ReadFile(p); string(b) != "%PDF-hello" {
		t.Errorf("after a failed rewrite the file holds %q, want the good one", b)
	}
	noTemps(t, filepath.Dir(p))
}

// TestWriteCharDevice writes onto a character device, a copy of
// /dev/null made with mknod (root only) so that a failure cannot destroy
// the system's own: the device must still be a device afterwards.
func TestWriteCharDevice(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "null")
	if err := syscall.Mknod(p, syscall.S_IFCHR|0o666, 1<<8|3); err != nil {
		t.Skipf("cannot make a device node (needs root): %v", err)
	}
	if err := Write(p, Options{Through: true}, writeHello); err != nil {
		t.Fatalf("writing through a character device: %v", err)
	}
	fi, err := os.Lstat(p)
	if err != nil {
		t.Fatal(err)
	}
	if fi.Mode()&fs.ModeCharDevice == 0 {
		t.Errorf("the device was replaced by a %s", FileKind(fi.Mode()))
	}
	noTemps(t, dir)
	noTemps(t, os.TempDir())
}

func TestWriteFIFO(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "pipe")
	if err := syscall.Mkfifo(p, 0o644); err != nil {
		t.Skipf("no FIFOs here: %v", err)
	}
	// Nobody reads: an error at once, not a hang.
	done := make(chan error, 1)
	go func() { done <- Write(p, Options{Through: true}, writeHello) }()
	select {
	case err := <-done:
		if err == nil || !strings.Contains(err.Error(), "no program is reading") {
			t.Errorf("writing to a FIFO nobody reads: got %v", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("writing to a FIFO nobody reads hangs")
	}
	// A reader gets the file.
	r, err := os.OpenFile(p, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	if err := Write(p, Options{Through: true}, writeHello); err != nil {
		t.Fatalf("writing through a FIFO: %v", err)
	}
	if b, _ := io.ReadAll(r); string(b) != "%PDF-hello" {
		t.Errorf("the reader of the FIFO got %q", b)
	}
	fi, err := os.Lstat(p)
	if err != nil {
		t.Fatal(err)
	}
	if fi.Mode()&fs.ModeNamedPipe == 0 {
		t.Errorf("the FIFO was replaced by a %s", FileKind(fi.Mode()))
	}
	noTemps(t, dir)
}

func TestWriteRefuses(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(dir, "target.pdf")
	if err := os.WriteFile(target, []byte("theirs"), 0o644); err != nil {
		t.Fatal(err)
	}
	sub := filepath.Join(dir, "folder")
	if err := os.Mkdir(sub, 0o755); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "link.pdf")
	dangling := filepath.Join(dir, "dangling.pdf")
	if err := os.Symlink(target, link); err != nil {
		t.Skipf("no symlinks here: %v", err)
	}
	if err := os.Symlink(filepath.Join(dir, "nothing"), dangling); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ path, want string }{
		{sub, "it is a directory, not a file"},
		{link, "it is a symbolic link to a regular file; deckwright neither replaces a link nor writes through it"},
		{dangling, "it is a symbolic link to nothing readable"},
	} {
		t.Run(filepath.Base(tc.path), func(t *testing.T) {
			called := false
			err := Write(tc.path, Options{Through: true}, func(w io.Writer) error { called = true; return writeHello(w) })
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("got error %v, want one saying %q", err, tc.want)
			}
			if called {
				t.Error("the output was made before the path was refused")
			}
		})
	}
	if fi, err := os.Lstat(link); err != nil || fi.Mode()&fs.ModeSymlink == 0 {
		t.Errorf("the link was replaced: %v %v", fi, err)
	}
	if b, _ := os.ReadFile(target); string(b) != "theirs" {
		t.Errorf("the link's target was written: %q", b)
	}
	if fi, err := os.Lstat(sub); err != nil || !fi.IsDir() {
		t.Errorf("the directory was replaced: %v %v", fi, err)
	}
	noTemps(t, dir)
}

// TestReadExistingRefuses: what a merging writer reads back of the folder
// is a regular file inside it: a FIFO is refused at once, a link out of
// the folder names the folder, each with the file's path.
func TestReadExistingRefuses(t *testing.T) {
	dir := t.TempDir()
	if err := syscall.Mkfifo(filepath.Join(dir, "fifo.yaml"), 0o644); err != nil {
		t.Skipf("no FIFOs here: %v", err)
	}
	secret := filepath.Join(t.TempDir(), "secret.yaml")
	os.WriteFile(secret, []byte("S3CRET"), 0o644)
	if err := os.Symlink(secret, filepath.Join(dir, "out.yaml")); err != nil {
		t.Fatal(err)
	}
	f, err := NewFolder(dir, FolderOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer f.Abort()
	for name, want := range map[string]error{"fifo.yaml": safefile.ErrNotRegular, "out.yaml": safefile.ErrOutside} {
		done := make(chan error, 1)
		go func() { _, err := f.ReadExisting(name, 100); done <- err }()
		select {
		case err := <-done:
			if !errors.Is(err, want) || !strings.HasPrefix(err.Error(), f.Path(name)+": ") || strings.Contains(err.Error(), "S3CRET") {
				t.Errorf("ReadExisting(%s): %v, want %v naming the file", name, err, want)
			}
		case <-time.After(5 * time.Second):
			t.Fatalf("ReadExisting(%s) blocks", name)
		}
	}
}
