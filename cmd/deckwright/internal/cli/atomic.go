package cli

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sync"
)

// writeAtomic writes the output file path through write.
//
// What is at path decides how:
//   - nothing, or a regular file: write goes to a temporary file beside it,
//     which is renamed into place, so that an interrupted or failed run
//     never leaves a broken file where a good one was;
//   - a character device (/dev/null, a terminal) or a named pipe (FIFO),
//     directly or through a symbolic link (/dev/stdout): the output is
//     made in a temporary file first and then copied into it, so the
//     device or pipe is written through, never replaced, and hears
//     nothing when the run fails; a pipe that no program reads is an
//     error, not a wait;
//   - a directory, a symbolic link to anything else, a block device, a
//     socket: refused, before anything is written. A link is never
//     replaced and a regular file it points to never written through:
//     the user names the file itself.
//
// Temporary files are recorded in temps (which may be nil), so that an
// interrupted command can remove them.
func writeAtomic(temps *tempFiles, path string, write func(io.Writer) error) (err error) {
	through, err := outputKind(path)
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
	temps.add(tmp.Name())
	defer func() {
		if err != nil || through {
			tmp.Close()
			os.Remove(tmp.Name())
		}
		temps.remove(tmp.Name())
	}()
	if err := write(tmp); err != nil {
		return err
	}
	if through {
		return copyThrough(tmp, path)
	}
	if err := tmp.Sync(); err != nil {
		return fmt.Errorf("writing %s: %w", path, err)
	}
	if err := tmp.Close(); err != nil {
		return fmt.Errorf("writing %s: %w", path, err)
	}
	if err := os.Chmod(tmp.Name(), 0o644); err != nil {
		return err
	}
	// The path was checked above; check again right before the rename, so
	// that a special file put there meanwhile is not replaced either.
	if fi, err := os.Lstat(path); err == nil && !fi.Mode().IsRegular() {
		return fmt.Errorf("writing %s: it became a %s while printing; nothing written", path, fileKind(fi.Mode()))
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		return fmt.Errorf("writing %s: %w", path, err)
	}
	return nil
}

// outputKind checks what is at an output path: it reports through for a
// character device or FIFO (written through), false for nothing or a
// regular file (replaced), and an error for anything else.
func outputKind(path string) (through bool, err error) {
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
	if m&fs.ModeSymlink != 0 {
		target, err := os.Stat(path)
		if err != nil {
			return false, fmt.Errorf("writing %s: it is a symbolic link to nothing readable (%v); give another output path", path, errors.Unwrap(err))
		}
		if t := target.Mode(); t&fs.ModeCharDevice != 0 || t&fs.ModeNamedPipe != 0 {
			return true, nil
		}
		return false, fmt.Errorf("writing %s: it is a symbolic link to a %s; deckwright neither replaces a link nor writes through it: name the file itself, or remove the link", path, fileKind(target.Mode()))
	}
	if m&fs.ModeCharDevice != 0 || m&fs.ModeNamedPipe != 0 {
		return true, nil
	}
	return false, fmt.Errorf("writing %s: it is a %s, not a file; give a file path", path, fileKind(m))
}

// fileKind names a kind of file for messages.
func fileKind(m fs.FileMode) string {
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
		return fmt.Errorf("writing %s: it changed while printing; nothing written", path)
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

// tempFiles records the temporary files a command has made and not yet
// renamed or removed, so that an interrupted run can remove them.
type tempFiles struct {
	mu    sync.Mutex
	names map[string]bool
}

func (t *tempFiles) add(name string) {
	if t == nil {
		return
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.names == nil {
		t.names = map[string]bool{}
	}
	t.names[name] = true
}

func (t *tempFiles) remove(name string) {
	if t == nil {
		return
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	delete(t.names, name)
}

// removeAll deletes every temporary file still recorded.
func (t *tempFiles) removeAll() {
	if t == nil {
		return
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	for name := range t.names {
		os.RemoveAll(name) // a file, or an export's temporary folder
	}
	clear(t.names)
}
