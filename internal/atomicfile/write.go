package atomicfile

import (
	"bufio"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/deckwright/deckwright/internal/safefile"
)

// Options change how Write and WriteIn write a file.
type Options struct {
	// Perm is the permission of the new file; 0 means 0644.
	Perm fs.FileMode
	// Through lets the path be a character device (a terminal,
	// /dev/null) or a named pipe, directly or through a symbolic link
	// (/dev/stdout): the output is made in a temporary file first and
	// then copied into it, so the device or pipe is written through,
	// never replaced, and hears nothing when the write fails. A pipe that
	// no program reads is an error, not a wait. Only Write honours it.
	Through bool
	// Temp, when set, hears of each temporary file: made true once it
	// exists, false once it is renamed or removed, so that a caller that
	// may be stopped before Write returns (Ctrl-C) can remove it.
	Temp func(name string, made bool)
	// NoSync skips flushing the file to disk before the rename: for
	// caches, which are rebuilt when lost.
	NoSync bool
}

func (o Options) perm() fs.FileMode {
	if o.Perm == 0 {
		return 0o644
	}
	return o.Perm
}

func (o Options) temp(name string, made bool) {
	if o.Temp != nil {
		o.Temp(name, made)
	}
}

// WriteFile writes data to path atomically, with permission perm (0 means
// 0644): see Write.
func WriteFile(path string, data []byte, perm fs.FileMode) error {
	return Write(path, Options{Perm: perm}, writeBytes(data))
}

// Write writes the file path through write, atomically: into a temporary
// file beside path (its folder is made when missing), renamed over path
// once write has returned nil and the file is on disk. When write or any
// step fails, the temporary file is removed and path left as it was.
//
// What is at path decides how:
//   - nothing, or a regular file: written as above;
//   - a character device or named pipe (FIFO), directly or through a
//     symbolic link, when o.Through: see Options.Through;
//   - anything else (a folder, a symbolic link, a block device, a socket,
//     a device or pipe without o.Through): refused, before anything is
//     written. A link is never replaced and a file it points to never
//     written through: the caller names the file itself.
func Write(path string, o Options, write func(io.Writer) error) (err error) {
	through, err := outputKind(path, o.Through)
	if err != nil {
		return err
	}
	dir := filepath.Dir(path)
	if through {
		dir = os.TempDir()
	} else if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("creating %s: %w", dir, err)
	}
	tmp, err := os.CreateTemp(dir, "."+filepath.Base(path)+".*.tmp")
	if err != nil {
		return fmt.Errorf("creating %s: %w", path, err)
	}
	o.temp(tmp.Name(), true)
	defer func() {
		if err != nil || through {
			tmp.Close()
			os.Remove(tmp.Name())
		}
		o.temp(tmp.Name(), false)
	}()
	if err := writeBuffered(tmp, write); err != nil {
		return err
	}
	if through {
		return copyThrough(tmp, path)
	}
	if !o.NoSync {
		if err := tmp.Sync(); err != nil {
			return fmt.Errorf("writing %s: %w", path, err)
		}
	}
	if err := tmp.Close(); err != nil {
		return fmt.Errorf("writing %s: %w", path, err)
	}
	if err := os.Chmod(tmp.Name(), o.perm()); err != nil {
		return err
	}
	// The path was checked above; check again right before the rename, so
	// that a special file put there meanwhile is not replaced either.
	if fi, err := os.Lstat(path); err == nil && !fi.Mode().IsRegular() {
		return fmt.Errorf("writing %s: it became a %s while writing; nothing written", path, FileKind(fi.Mode()))
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		return fmt.Errorf("writing %s: %w", path, err)
	}
	return nil
}

// WriteFileIn writes data to the file name inside root atomically, with
// permission perm (0 means 0644): see WriteIn.
func WriteFileIn(root *os.Root, name string, data []byte, perm fs.FileMode) error {
	return WriteIn(root, name, Options{Perm: perm}, writeBytes(data))
}

// WriteIn writes the file name (slash-separated, inside root) through
// write, atomically, as Write does, but every step goes through root: the
// temporary file is made beside name and renamed over it inside the
// folder, the folders on the way are made when missing, and a symbolic
// link on the way or at name is refused rather than followed or replaced,
// so nothing is written outside root, nor anywhere but at name. An
// existing name must be a regular file. o.Through is ignored.
func WriteIn(root *os.Root, name string, o Options, write func(io.Writer) error) (err error) {
	if !fs.ValidPath(name) || name == "." {
		return fmt.Errorf("writing %s: not a file name inside the folder", name)
	}
	if err := mkdirsIn(root, pathDir(name)); err != nil {
		return err
	}
	native := filepath.FromSlash(name)
	if fi, err := root.Lstat(native); err == nil && !fi.Mode().IsRegular() {
		return fmt.Errorf("writing %s: it is a %s, not a file; deckwright writes over regular files only", name, FileKind(fi.Mode()))
	}
	tmp := filepath.Join(filepath.Dir(native), "."+filepath.Base(native)+"."+randomHex()+".tmp")
	f, err := root.OpenFile(tmp, os.O_WRONLY|os.O_CREATE|os.O_EXCL, o.perm())
	if err != nil {
		return fmt.Errorf("writing %s: %w", name, err)
	}
	full := filepath.Join(root.Name(), tmp)
	o.temp(full, true)
	defer func() {
		if err != nil {
			f.Close()
			root.Remove(tmp)
		}
		o.temp(full, false)
	}()
	if err := writeBuffered(f, write); err != nil {
		return err
	}
	if !o.NoSync {
		if err := f.Sync(); err != nil {
			return fmt.Errorf("writing %s: %w", name, err)
		}
	}
	if err := f.Close(); err != nil {
		return fmt.Errorf("writing %s: %w", name, err)
	}
	if fi, err := root.Lstat(native); err == nil && !fi.Mode().IsRegular() {
		return fmt.Errorf("writing %s: it became a %s while writing; nothing written", name, FileKind(fi.Mode()))
	}
	if err := root.Rename(tmp, native); err != nil {
		return fmt.Errorf("writing %s: %w", name, err)
	}
	return nil
}

// writeBuffered runs write on f through a buffer and flushes it.
func writeBuffered(f *os.File, write func(io.Writer) error) error {
	w := bufio.NewWriterSize(f, 64<<10)
	if err := write(w); err != nil {
		return err
	}
	if err := w.Flush(); err != nil {
		return fmt.Errorf("writing %s: %w", f.Name(), err)
	}
	return nil
}

func writeBytes(data []byte) func(io.Writer) error {
	return func(w io.Writer) error {
		_, err := w.Write(data)
		return err
	}
}

// mkdirsIn makes the folder dir (slash-separated) inside root one level
// at a time with permission 0755, refusing a symbolic link or a file on
// the way.
func mkdirsIn(root *os.Root, dir string) error { return dirsIn(root, dir, true) }

// dirsIn walks the folders of dir (slash-separated) inside root from the
// top, refusing a symbolic link or a file on the way (naming it with
// root's path); a folder that is not there is made (mkdir) with
// permission 0755, or ends the walk.
func dirsIn(root *os.Root, dir string, mkdir bool) error {
	if dir == "." || dir == "" {
		return nil
	}
	at := ""
	for part := range strings.SplitSeq(dir, "/") {
		at = pathJoin(at, part)
		native := filepath.FromSlash(at)
		fi, err := root.Lstat(native)
		switch {
		case err == nil && fi.IsDir():
			continue
		case err == nil && fi.Mode()&fs.ModeSymlink != 0:
			return fmt.Errorf("writing into %s: it is a symbolic link; deckwright does not follow links inside an output folder (remove the link)", filepath.Join(root.Name(), native))
		case err == nil:
			return fmt.Errorf("writing into %s: it is a %s, not a folder", filepath.Join(root.Name(), native), FileKind(fi.Mode()))
		case !errors.Is(err, fs.ErrNotExist):
			return err
		case !mkdir:
			return nil
		}
		if err := root.Mkdir(native, 0o755); err != nil && !errors.Is(err, fs.ErrExist) {
			return fmt.Errorf("creating %s: %w", at, err)
		}
	}
	return nil
}

func pathDir(name string) string {
	if i := strings.LastIndexByte(name, '/'); i >= 0 {
		return name[:i]
	}
	return "."
}

func pathJoin(a, b string) string {
	if a == "" {
		return b
	}
	return a + "/" + b
}

func randomHex() string {
	var b [8]byte
	_, _ = rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

// Check tells what Write with o would do at path, without writing: it
// reports through for a character device or named pipe that o.Through
// lets it write through, false for nothing or a regular file (replaced),
// and the error Write would return for anything else.
func Check(path string, o Options) (through bool, err error) {
	return outputKind(path, o.Through)
}

// outputKind is Check.
func outputKind(path string, allowThrough bool) (through bool, err error) {
	fi, err := os.Lstat(path)
	if err != nil {
		// Nothing there, or a path that cannot be (a file where a
		// folder should be): making the folder says why.
		return false, nil
	}
	m := fi.Mode()
	if m.IsRegular() {
		return false, nil
	}
	device := func(m fs.FileMode) bool { return allowThrough && m&(fs.ModeCharDevice|fs.ModeNamedPipe) != 0 }
	if m&fs.ModeSymlink != 0 {
		target, err := os.Stat(path)
		if err != nil {
			return false, fmt.Errorf("writing %s: it is a symbolic link to nothing readable (%v); give another output path", path, errors.Unwrap(err))
		}
		if device(target.Mode()) {
			return true, nil
		}
		return false, fmt.Errorf("writing %s: it is a symbolic link to a %s; deckwright neither replaces a link nor writes through it: name the file itself, or remove the link", path, FileKind(target.Mode()))
	}
	if device(m) {
		return true, nil
	}
	return false, fmt.Errorf("writing %s: it is a %s, not a file; give a file path", path, FileKind(m))
}

// FileKind names a kind of file for messages: "directory", "named pipe"...
// (safefile.Kind, which the readers' messages use too).
func FileKind(m fs.FileMode) string { return safefile.Kind(m) }

// copyThrough copies the finished temporary file tmp into the device or
// pipe at path, opened for writing without creating or truncating it.
func copyThrough(tmp *os.File, path string) error {
	if _, err := tmp.Seek(0, io.SeekStart); err != nil {
		return fmt.Errorf("writing %s: %w", path, err)
	}
	f, err := os.OpenFile(path, os.O_WRONLY|throughFlags, 0)
	if noReader(err) {
		return fmt.Errorf("writing %s: it is a named pipe that no program is reading; nothing written", path)
	}
	if err != nil {
		return fmt.Errorf("writing %s: %w", path, err)
	}
	if fi, err := f.Stat(); err != nil || fi.Mode()&(fs.ModeCharDevice|fs.ModeNamedPipe) == 0 {
		f.Close()
		return fmt.Errorf("writing %s: it changed while writing; nothing written", path)
	}
	if _, err := io.Copy(f, tmp); err != nil {
		f.Close()
		return fmt.Errorf("writing %s: %w", path, err)
	}
	if err := f.Close(); err != nil {
		return fmt.Errorf("writing %s: %w", path, err)
	}
	return nil
}
