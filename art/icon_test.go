package art

import (
	"io/fs"
	"strings"
	"testing"
	"testing/fstest"
)

// TestReadIconRefuses: an icon's file is a regular file of at most
// MaxIconBytes, checked as it is read.
func TestReadIconRefuses(t *testing.T) {
	fsys := fstest.MapFS{
		"big.png":  {Data: append([]byte("\x89PNG\r\n\x1a\n"), make([]byte, MaxIconBytes)...)},
		"pipe.png": {Mode: fs.ModeNamedPipe},
	}
	for name, want := range map[string]string{
		"big.png":  "over the 4 MB limit for an icon image",
		"pipe.png": "open: not a regular file (a named pipe)",
		"none.png": "open: file does not exist",
	} {
		_, _, _, err := ReadIcon(ImageSpec{FS: fsys, Path: name})
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("ReadIcon(%s): %v, want %q", name, err, want)
		}
	}
}
