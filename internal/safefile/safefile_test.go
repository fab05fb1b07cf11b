package safefile

import (
	"bytes"
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"
	"time"
)

// TestFolder checks what a Folder opens and refuses: regular files and
// folders; a link inside the folder is followed; a link or ".." out of it
// is refused with an *OutsideError naming the folder.
func TestFolder(t *testing.T) {
	outside := t.TempDir()
	if err := os.WriteFile(filepath.Join(outside, "secret.yaml"), []byte("S3CRET"), 0o644); err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	write(t, filepath.Join(dir, "plain.yaml"), "a: 1\n")
	if err := os.Mkdir(filepath.Join(dir, "sub"), 0o755); err != nil {
		t.Fatal(err)
	}
	links := map[string]string{
		"in.yaml":  "plain.yaml",
		"out.yaml": filepath.Join(outside, "secret.yaml"),
		"up.yaml":  "../" + filepath.Base(outside) + "/secret.yaml",
	}
	for name, target := range links {
		if err := os.Symlink(target, filepath.Join(dir, name)); err != nil {
			t.Skip("no symbolic links here:", err)
		}
	}
	f, err := OpenFolder(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	for _, tc := range []struct {
		name     string
		open     error // what Folder.Open gives; nil: it opens
		read     error // what ReadFile gives; nil: it reads "a: 1\n"
		outsider bool  // the error names the folder
	}{
		{name: "plain.yaml"},
		{name: "in.yaml"},
		{name: "sub", read: ErrNotRegular},
		{name: ".", read: ErrNotRegular},
		{name: "missing.yaml", open: fs.ErrNotExist, read: fs.ErrNotExist},
		{name: "out.yaml", open: ErrOutside, read: ErrOutside, outsider: true},
		{name: "up.yaml", open: ErrOutside, read: ErrOutside, outsider: true},
		// A name refused as written is fs.ErrInvalid too.
		{name: "../x.yaml", open: fs.ErrInvalid, read: ErrOutside, outsider: true},
		{name: "sub/../../x.yaml", open: ErrOutside, read: fs.ErrInvalid, outsider: true},
		{name: "/etc/passwd", open: ErrOutside, read: ErrOutside, outsider: true},
		{name: "sub/../plain.yaml", open: fs.ErrInvalid, read: fs.ErrInvalid},
	} {
		t.Run(tc.name, func(t *testing.T) {
			file, err := f.Open(tc.name)
			if err == nil {
				file.Close()
			}
			if !is(err, tc.open) {
				t.Errorf("Open: %v, want %v", err, tc.open)
			}
			data, err := ReadFile(f, tc.name, 100)
			switch {
			case !is(err, tc.read):
				t.Errorf("ReadFile: %v, want %v", err, tc.read)
			case err == nil && string(data) != "a: 1\n":
				t.Errorf("ReadFile: %q", data)
			case err != nil && strings.Contains(err.Error(), "S3CRET"):
				t.Errorf("the error shows the file's content: %v", err)
			}
			var pe *fs.PathError
			if err != nil && (!errors.As(err, &pe) || pe.Path != tc.name) {
				t.Errorf("ReadFile: %v, want a *fs.PathError naming %q", err, tc.name)
			}
			var out *OutsideError
			if tc.outsider && (!errors.As(err, &out) || out.Folder != filepath.ToSlash(dir) || out.Abs != dir ||
				!strings.Contains(err.Error(), "leads outside its folder, the folder \""+filepath.ToSlash(dir)+"\"")) {
				t.Errorf("ReadFile: %v, want an *OutsideError naming %s", err, dir)
			}
		})
	}
	if st, err := f.Stat("in.yaml"); err != nil || !st.Mode().IsRegular() {
		t.Errorf("Stat(in.yaml) = %v, %v; want the regular file it links to", st, err)
	}
	if _, err := f.Stat("out.yaml"); !errors.Is(err, ErrOutside) {
		t.Errorf("Stat(out.yaml) = %v, want ErrOutside", err)
	}
	if entries, err := fs.ReadDir(f, "."); err != nil || len(entries) != 5 {
		t.Errorf("ReadDir(.) = %v, %v; want the folder's 5 entries", entries, err)
	}
	if _, err := f.Stat("out.yaml"); errors.Is(err, fs.ErrInvalid) {
		t.Errorf("Stat(out.yaml) = %v: a link that resolves outside is not an invalid name", err)
	}
}

// TestSubFolder: a folder inside a Folder (fs.Sub: a game in a folder of
// games) reads through the same root, and a name that climbs out of it
// names it, by the kind Named gives.
func TestSubFolder(t *testing.T) {
	dir := t.TempDir()
	write(t, filepath.Join(dir, "top.yaml"), "top\n")
	if err := os.Mkdir(filepath.Join(dir, "game"), 0o755); err != nil {
		t.Fatal(err)
	}
	write(t, filepath.Join(dir, "game", "in.yaml"), "in\n")
	f, err := OpenFolder(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sub, err := fs.Sub(f.Named("game folder"), "game")
	if err != nil {
		t.Fatal(err)
	}
	game, ok := sub.(*Folder)
	if !ok || game.Name() != filepath.Join(dir, "game") {
		t.Fatalf("fs.Sub gives %T %v, want the *Folder %s/game", sub, sub, dir)
	}
	if data, err := ReadFile(sub, "in.yaml", 100); err != nil || string(data) != "in\n" {
		t.Errorf("ReadFile(in.yaml) = %q, %v", data, err)
	}
	_, err = ReadFile(sub, "../top.yaml", 100)
	var out *OutsideError
	want := "leads outside its folder, the game folder \"" + filepath.ToSlash(filepath.Join(dir, "game")) + "\""
	if !errors.As(err, &out) || out.Kind != "game folder" || !strings.Contains(err.Error(), want) {
		t.Errorf("ReadFile(../top.yaml) = %v, want %q", err, want)
	}
	if _, err := f.Sub("../x"); !errors.Is(err, ErrOutside) {
		t.Errorf("Sub(../x) = %v, want ErrOutside", err)
	}
	if _, err := ReadFile(fstest.MapFS{}, "../x", 100); !errors.Is(err, ErrOutside) || !errors.Is(err, fs.ErrInvalid) || strings.Contains(err.Error(), `""`) {
		t.Errorf("ReadFile(MapFS, ../x) = %v, want ErrOutside naming no folder", err)
	}
}

// is is errors.Is, with a nil target meaning no error.
func is(err, target error) bool {
	if target == nil {
		return err == nil
	}
	return errors.Is(err, target)
}

// TestReadCap checks the cap: a file of max bytes is read, one of max+1 is
// refused with a *TooBigError naming the cap, through every reader.
func TestReadCap(t *testing.T) {
	dir := t.TempDir()
	write(t, filepath.Join(dir, "ten.txt"), "0123456789")
	f, err := OpenFolder(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	readers := map[string]func(max int64) ([]byte, error){
		"Folder":   func(max int64) ([]byte, error) { return ReadFile(f, "ten.txt", max) },
		"other FS": func(max int64) ([]byte, error) { return ReadFile(os.DirFS(dir), "ten.txt", max) },
		"ReadPath": func(max int64) ([]byte, error) { return ReadPath(filepath.Join(dir, "ten.txt"), max) },
		"growing":  func(max int64) ([]byte, error) { return ReadFile(lyingFS{size: 5}, "ten.txt", max) },
		"in memory": func(max int64) ([]byte, error) {
			return ReadFile(fstest.MapFS{"ten.txt": {Data: []byte("0123456789")}}, "ten.txt", max)
		},
	}
	for name, read := range readers {
		for _, max := range []int64{10, 11, 1 << 20, 9, 0} {
			data, err := read(max)
			var big *TooBigError
			switch {
			case max >= 10 && (err != nil || string(data) != "0123456789"):
				t.Errorf("%s, cap %d: %q, %v; want the file", name, max, data, err)
			case max < 10 && (!errors.As(err, &big) || big.Limit != max || !errors.Is(err, ErrTooBig)):
				t.Errorf("%s, cap %d: %q, %v; want a *TooBigError with the cap", name, max, data, err)
			case max < 10 && !strings.Contains(err.Error(), "more than "+Size(max)):
				t.Errorf("%s, cap %d: %v does not name the cap", name, max, err)
			}
		}
	}
}

// lyingFS holds one file of ten bytes whose stat says it has size bytes,
// as a file that grows after it was looked at.
type lyingFS struct{ size int64 }

func (l lyingFS) Open(name string) (fs.File, error) {
	return &lyingFile{Reader: strings.NewReader("0123456789"), info: fileInfo{mode: 0o644, size: l.size}}, nil
}

type lyingFile struct {
	*strings.Reader
	info fileInfo
}

func (f *lyingFile) Stat() (fs.FileInfo, error) { return f.info, nil }
func (f *lyingFile) Close() error               { return nil }

type fileInfo struct {
	mode fs.FileMode
	size int64
}

func (i fileInfo) Name() string       { return "ten.txt" }
func (i fileInfo) Size() int64        { return i.size }
func (i fileInfo) Mode() fs.FileMode  { return i.mode }
func (i fileInfo) ModTime() time.Time { return time.Time{} }
func (i fileInfo) IsDir() bool        { return i.mode.IsDir() }
func (i fileInfo) Sys() any           { return nil }

// swapFS says its file is regular when asked by name, but the file it
// opens is a FIFO: a file replaced between the look and the open.
type swapFS struct{}

func (swapFS) Open(name string) (fs.File, error) {
	return &lyingFile{Reader: strings.NewReader(""), info: fileInfo{mode: fs.ModeNamedPipe}}, nil
}

func (swapFS) Stat(name string) (fs.FileInfo, error) { return fileInfo{mode: 0o644}, nil }

// TestOpenLooksAtTheOpenFile checks that the open file decides, not what
// its name was before it was opened.
func TestOpenLooksAtTheOpenFile(t *testing.T) {
	_, err := ReadFile(swapFS{}, "x.txt", 100)
	var nr *NotRegularError
	if !errors.As(err, &nr) || nr.Mode&fs.ModeNamedPipe == 0 {
		t.Errorf("ReadFile of a file swapped for a FIFO: %v, want a *NotRegularError for a named pipe", err)
	}
}

// TestNotRegularInMemory: a file whose mode says FIFO or device is refused
// by its mode before it is opened, with its kind in the message.
func TestNotRegularInMemory(t *testing.T) {
	fsys := fstest.MapFS{
		"p.jpg":   {Mode: fs.ModeNamedPipe},
		"d.jpg":   {Mode: fs.ModeDevice | fs.ModeCharDevice},
		"s.sock":  {Mode: fs.ModeSocket},
		"dir/a":   {Data: []byte("x")},
		"b.block": {Mode: fs.ModeDevice},
	}
	for name, kind := range map[string]string{"p.jpg": "named pipe", "d.jpg": "character device", "s.sock": "socket", "dir": "directory", "b.block": "block device"} {
		_, err := ReadFile(fsys, name, 100)
		if !errors.Is(err, ErrNotRegular) || !strings.Contains(err.Error(), "not a regular file (a "+kind+")") {
			t.Errorf("%s: %v, want ErrNotRegular saying it is a %s", name, err, kind)
		}
	}
}

// TestLimitReader: the first max bytes are returned, then the error.
func TestLimitReader(t *testing.T) {
	for _, tc := range []struct {
		in   string
		max  int64
		want string
		big  bool
	}{
		{"", 0, "", false},
		{"a", 0, "", true},
		{"abc", 3, "abc", false},
		{"abcd", 3, "abc", true},
		{strings.Repeat("x", 100000), 65536, strings.Repeat("x", 65536), true},
	} {
		var out bytes.Buffer
		_, err := io.Copy(&out, LimitReader(strings.NewReader(tc.in), tc.max))
		if out.String() != tc.want || errors.Is(err, ErrTooBig) != tc.big || (err != nil && !tc.big) {
			t.Errorf("LimitReader(%d bytes, %d): %d bytes, %v; want %d bytes, too big %v", len(tc.in), tc.max, out.Len(), err, len(tc.want), tc.big)
		}
	}
}

func TestSize(t *testing.T) {
	for n, want := range map[int64]string{0: "0 bytes", 1: "1 byte", 1000: "1000 bytes", 1024: "1 KiB", 8 << 20: "8 MiB", 256 << 20: "256 MiB", 1<<20 + 1: "1048577 bytes", 3 << 10: "3 KiB"} {
		if got := Size(n); got != want {
			t.Errorf("Size(%d) = %q, want %q", n, got, want)
		}
	}
}

func write(t *testing.T, name, text string) {
	t.Helper()
	if err := os.WriteFile(name, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}
