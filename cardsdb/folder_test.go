//go:build unix

package cardsdb_test

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/deckwright/deckwright/cardsdb"
)

// TestOpenFolder checks what a folder read through OpenFolder refuses: a
// FIFO (at once, not blocking), a link out of the folder and ".."; a link
// inside the folder works.
func TestOpenFolder(t *testing.T) {
	outside := t.TempDir()
	secret := filepath.Join(outside, "secret.yaml")
	if err := os.WriteFile(secret, []byte("secret: S3CRET\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "plain.yaml"), []byte("a: 1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Mkfifo(filepath.Join(dir, "fifo.yaml"), 0o644); err != nil {
		t.Skip("no FIFOs here:", err)
	}
	for name, target := range map[string]string{"out.yaml": secret, "in.yaml": "plain.yaml", "up.yaml": "../" + filepath.Base(outside) + "/secret.yaml"} {
		if err := os.Symlink(target, filepath.Join(dir, name)); err != nil {
			t.Fatal(err)
		}
	}
	fsys, err := cardsdb.OpenFolder(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		want error // nil: readable
	}{
		{"plain.yaml", nil},
		{"in.yaml", nil},
		{"fifo.yaml", cardsdb.ErrNotRegular},
		{"out.yaml", cardsdb.ErrOutside},
		{"up.yaml", cardsdb.ErrOutside},
		{"../x", fs.ErrInvalid},
	} {
		data, err := fs.ReadFile(fsys, tc.name)
		switch {
		case tc.want == nil && err != nil:
			t.Errorf("%s: %v", tc.name, err)
		case tc.want == nil && string(data) != "a: 1\n":
			t.Errorf("%s: read %q", tc.name, data)
		case tc.want != nil && !errors.Is(err, tc.want):
			t.Errorf("%s: got %v, want %v", tc.name, err, tc.want)
		case err != nil && strings.Contains(err.Error(), "S3CRET"):
			t.Errorf("%s: the error shows the target's content: %v", tc.name, err)
		}
	}
	if st, err := fs.Stat(fsys, "fifo.yaml"); err != nil || st.Mode()&fs.ModeNamedPipe == 0 {
		t.Errorf("Stat(fifo.yaml) = %v, %v; want a named pipe", st, err)
	}
	if _, err := cardsdb.ReadFile(filepath.Join(dir, "fifo.yaml")); !errors.Is(err, cardsdb.ErrNotRegular) {
		t.Errorf("ReadFile(fifo) = %v, want ErrNotRegular", err)
	}
	if data, err := cardsdb.ReadFile(filepath.Join(dir, "in.yaml")); err != nil || string(data) != "a: 1\n" {
		t.Errorf("ReadFile(in.yaml) = %q, %v", data, err)
	}
}
