package safefile

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strconv"
	"strings"
)

// ErrNotRegular is matched (errors.Is) by the error for a file that is not
// a regular file: a folder, a FIFO, a device or a socket.
var ErrNotRegular = errors.New("not a regular file")

// ErrTooBig is matched by the error for a file over the size its reader
// allows.
var ErrTooBig = errors.New("file too big")

// ErrOutside is matched by the error for a name inside a folder that leads
// out of it, through a symbolic link or "..".
var ErrOutside = errors.New("leads outside its folder")

// NotRegularError says a file is not a regular file, and what it is.
type NotRegularError struct {
	Mode fs.FileMode // the file's mode, as a stat of it says
}

func (e *NotRegularError) Error() string {
	return "not a regular file (a " + Kind(e.Mode) + "); deckwright reads only regular files"
}

// Is makes errors.Is(err, ErrNotRegular) hold.
func (e *NotRegularError) Is(target error) bool { return target == ErrNotRegular }

// TooBigError says a file holds more than Limit bytes, the most its reader
// reads.
type TooBigError struct {
	Limit int64
}

func (e *TooBigError) Error() string {
	return "more than " + Size(e.Limit) + ", the most deckwright reads of such a file"
}

// Is makes errors.Is(err, ErrTooBig) hold.
func (e *TooBigError) Is(target error) bool { return target == ErrTooBig }

// OutsideError says a name leads out of its folder (a card's art written
// as ../other-game/art/x.png in a table exported from another game): it
// names the folder, as the user gave it and in full. It matches
// ErrOutside, and fs.ErrInvalid for a name that is not a valid fs.FS name
// ("..", "/abs"), refused as written before reaching the disk.
type OutsideError struct {
	Kind   string // what the folder is: "folder" (for ""), "game folder"
	Folder string // the folder as the user named it, slash-separated; "" when unknown
	Abs    string // ... and in full
	// invalid: the name was refused as written (not a link that
	// resolves outside).
	invalid bool
}

func (e *OutsideError) Error() string {
	if e.Folder == "" {
		return "leads outside its folder, through .. or a symbolic link; deckwright reads only files inside the folder it is given: copy the file into it and give its path from there"
	}
	where := strconv.Quote(e.Folder)
	if e.Abs != "" && e.Abs != e.Folder {
		where += " (" + e.Abs + ")"
	}
	kind := e.Kind
	if kind == "" {
		kind = "folder"
	}
	return "leads outside its folder, the " + kind + " " + where + ", through .. or a symbolic link; deckwright reads only files inside the folder it is given: copy the file into it and give its path from there"
}

// Is matches ErrOutside, and fs.ErrInvalid for a name refused as written.
func (e *OutsideError) Is(target error) bool {
	return target == ErrOutside || e.invalid && target == fs.ErrInvalid
}

// Kind names a kind of file for messages: "directory", "named pipe"...
func Kind(m fs.FileMode) string {
	switch {
	case m.IsDir():
		return "directory"
	case m.IsRegular():
		return "regular file"
	case m&fs.ModeSymlink != 0:
		return "symbolic link"
	case m&fs.ModeNamedPipe != 0:
		return "named pipe"
	case m&fs.ModeSocket != 0:
		return "socket"
	case m&fs.ModeCharDevice != 0:
		return "character device"
	case m&fs.ModeDevice != 0:
		return "block device"
	}
	return "special file"
}

// Size writes a number of bytes for messages: "8 MiB", "64 KiB" when it is
// a whole number of them, else "1000 bytes".
func Size(n int64) string {
	switch {
	case n >= 1<<20 && n%(1<<20) == 0:
		return fmt.Sprintf("%d MiB", n>>20)
	case n >= 1<<10 && n%(1<<10) == 0:
		return fmt.Sprintf("%d KiB", n>>10)
	case n == 1:
		return "1 byte"
	}
	return fmt.Sprintf("%d bytes", n)
}

// Folder is a folder read through os.Root: no name leads out of it. It is
// an fs.FS (an fs.StatFS and an fs.SubFS) whose Open opens regular files
// and folders only, without ever blocking on a FIFO. Names are
// slash-separated, as fs.FS names are. A Folder is safe for use by several
// goroutines at once.
type Folder struct {
	root *os.Root
	dir  string // the folder inside root: "." or a slash-separated path
	kind string // what messages call it ("" for "folder")
}

// OpenFolder opens the folder dir.
func OpenFolder(dir string) (*Folder, error) {
	root, err := os.OpenRoot(dir)
	if err != nil {
		return nil, err
	}
	return InRoot(root), nil
}

// InRoot returns the folder of a root its caller opened (and closes).
func InRoot(root *os.Root) *Folder { return &Folder{root: root, dir: "."} }

// Name is the folder's path: the root's, as given to OpenFolder or
// os.OpenRoot, joined with the sub-folder's.
func (f *Folder) Name() string {
	if f.dir == "." {
		return f.root.Name()
	}
	return filepath.Join(f.root.Name(), filepath.FromSlash(f.dir))
}

// Named returns f as a folder that messages call kind ("game folder").
func (f *Folder) Named(kind string) *Folder {
	g := *f
	g.kind = kind
	return &g
}

// Sub returns the folder dir inside f (for fs.Sub), read through the same
// root; a name that climbs out of it names it.
func (f *Folder) Sub(dir string) (fs.FS, error) {
	if !fs.ValidPath(dir) {
		return nil, f.invalid("sub", dir)
	}
	g := *f
	g.dir = f.path(dir)
	return &g, nil
}

// Close closes the folder's root, which its Sub folders share.
func (f *Folder) Close() error { return f.root.Close() }

// Open opens name if it is a regular file or a folder.
func (f *Folder) Open(name string) (fs.File, error) {
	file, err := f.open(name, true)
	if err != nil {
		return nil, err // not a nil *os.File in an fs.File
	}
	return file, nil
}

// Stat returns what name is, following links inside the folder.
func (f *Folder) Stat(name string) (fs.FileInfo, error) {
	if !fs.ValidPath(name) {
		return nil, f.invalid("stat", name)
	}
	st, err := f.root.Stat(f.native(name))
	if err != nil {
		return nil, f.pathErr("stat", name, err)
	}
	return st, nil
}

// open opens name if it is a regular file, or (dirOK) a folder.
func (f *Folder) open(name string, dirOK bool) (*os.File, error) {
	if !fs.ValidPath(name) {
		return nil, f.invalid("open", name)
	}
	native := f.native(name)
	st, err := f.root.Stat(native)
	if err != nil {
		return nil, f.pathErr("open", name, err)
	}
	return lookOpenLook(name, st, dirOK, func() (*os.File, error) {
		file, err := f.root.OpenFile(native, os.O_RDONLY|openNonblock, 0)
		if err != nil {
			return nil, f.pathErr("open", name, err)
		}
		return file, nil
	})
}

// path is name inside root, slash-separated; native, in the system's form.
func (f *Folder) path(name string) string {
	if f.dir == "." {
		return name
	}
	return path.Join(f.dir, name)
}

func (f *Folder) native(name string) string { return filepath.FromSlash(f.path(name)) }

// outside is the error for a name that leads out of f.
func (f *Folder) outside(invalid bool) *OutsideError {
	folder := f.Name()
	e := &OutsideError{Kind: f.kind, Folder: filepath.ToSlash(folder), invalid: invalid}
	if abs, err := filepath.Abs(folder); err == nil {
		e.Abs = abs
	}
	return e
}

// invalid is the error for a name that is not a valid fs.FS name: one
// that climbs out of the folder ("../other/art.png") or is absolute is an
// *OutsideError naming the folder, any other fs.ErrInvalid.
func (f *Folder) invalid(op, name string) error {
	if climbs(name) {
		return &fs.PathError{Op: op, Path: name, Err: f.outside(true)}
	}
	return &fs.PathError{Op: op, Path: name, Err: fs.ErrInvalid}
}

// climbs reports whether name leads up and out of its folder, or is
// absolute.
func climbs(name string) bool {
	c := path.Clean(strings.ReplaceAll(name, `\`, "/"))
	return c == ".." || strings.HasPrefix(c, "../") || strings.HasPrefix(c, "/") || filepath.IsAbs(name)
}

// pathErr gives os.Root's errors the name inside the folder and, for a name
// that escapes it, an *OutsideError (the one place that maps os.Root's
// escape).
func (f *Folder) pathErr(op, name string, err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		err = pe.Err
	}
	// os.Root's error for an escape is not exported; its text is stable
	// (os/root.go: errPathEscapes).
	if strings.Contains(err.Error(), "path escapes from parent") {
		err = f.outside(false)
	}
	return &fs.PathError{Op: op, Path: name, Err: err}
}

// refuse is the cause for not opening a file of mode m, or nil.
func refuse(m fs.FileMode, dirOK bool) error {
	if m.IsRegular() || dirOK && m.IsDir() {
		return nil
	}
	return &NotRegularError{Mode: m}
}

// lookOpenLook is the one way every reader opens a file: st, what name
// was when looked at before it was opened, refuses a FIFO or a device
// before anything opens it; then open opens it (without waiting on a FIFO
// where it can), and the open file is looked at again, which decides: what
// the name was may have been replaced since.
func lookOpenLook[F fs.File](name string, st fs.FileInfo, dirOK bool, open func() (F, error)) (F, error) {
	var none F
	if err := refuse(st.Mode(), dirOK); err != nil {
		return none, &fs.PathError{Op: "open", Path: name, Err: err}
	}
	file, err := open()
	if err != nil {
		return none, err
	}
	if st, err = file.Stat(); err == nil {
		err = refuse(st.Mode(), dirOK)
	}
	if err != nil {
		file.Close()
		return none, &fs.PathError{Op: "open", Path: name, Err: err}
	}
	return file, nil
}

// Open opens name of fsys if it is a regular file. Through a Folder it is
// opened without waiting on a FIFO; through any other fs.FS (an embedded
// one, a test's) it is looked at first, then opened and looked at again.
func Open(fsys fs.FS, name string) (fs.File, error) {
	if f, ok := fsys.(*Folder); ok {
		file, err := f.open(name, false)
		if err != nil {
			return nil, err
		}
		return file, nil
	}
	if !fs.ValidPath(name) {
		err := fs.ErrInvalid
		if climbs(name) {
			err = &OutsideError{invalid: true}
		}
		return nil, &fs.PathError{Op: "open", Path: name, Err: err}
	}
	st, err := fs.Stat(fsys, name)
	if err != nil {
		return nil, err
	}
	return lookOpenLook(name, st, false, func() (fs.File, error) { return fsys.Open(name) })
}

// ReadFile reads name of fsys (see Open), at most max bytes.
func ReadFile(fsys fs.FS, name string, max int64) ([]byte, error) {
	file, err := Open(fsys, name)
	if err != nil {
		return nil, err
	}
	defer file.Close()
	return readAll(file, name, max)
}

// OpenPath opens the file at the path name, which the user gave (a link is
// followed, since the user named it), if it is a regular file, without
// waiting on a FIFO.
func OpenPath(name string) (*os.File, error) {
	st, err := os.Stat(name)
	if err != nil {
		var pe *fs.PathError
		if errors.As(err, &pe) {
			pe.Op = "open" // what the caller asked for, as os.Open says it
		}
		return nil, err
	}
	return lookOpenLook(name, st, false, func() (*os.File, error) { return os.OpenFile(name, os.O_RDONLY|openNonblock, 0) })
}

// ReadPath reads the file at the path name (see OpenPath), at most max
// bytes.
func ReadPath(name string, max int64) ([]byte, error) {
	file, err := OpenPath(name)
	if err != nil {
		return nil, err
	}
	defer file.Close()
	return readAll(file, name, max)
}

// readAll reads an open file up to max bytes, in one buffer of the size its
// stat gives (a hint only: the cap holds if the file grows).
func readAll(file fs.File, name string, max int64) ([]byte, error) {
	var buf bytes.Buffer
	if st, err := file.Stat(); err == nil {
		if n := st.Size(); n > max {
			return nil, &fs.PathError{Op: "read", Path: name, Err: &TooBigError{Limit: max}}
		} else if n > 0 {
			buf.Grow(int(n) + bytes.MinRead)
		}
	}
	if _, err := buf.ReadFrom(LimitReader(file, max)); err != nil {
		return nil, &fs.PathError{Op: "read", Path: name, Err: err}
	}
	return buf.Bytes(), nil
}

// LimitReader reads r up to max bytes; a read past them fails with a
// *TooBigError (after the first max bytes, which it does return).
func LimitReader(r io.Reader, max int64) io.Reader {
	return &limitReader{r: r, left: max, limit: max}
}

type limitReader struct {
	r           io.Reader
	left, limit int64
	over        bool
}

func (l *limitReader) Read(p []byte) (int, error) {
	if l.over {
		return 0, &TooBigError{Limit: l.limit}
	}
	// One byte more than is left tells a file of exactly max bytes from
	// a larger one.
	if int64(len(p)) > l.left+1 {
		p = p[:l.left+1]
	}
	n, err := l.r.Read(p)
	if int64(n) > l.left {
		n, l.left, l.over = int(l.left), 0, true
		return n, &TooBigError{Limit: l.limit}
	}
	l.left -= int64(n)
	return n, err
}
