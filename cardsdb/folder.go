package cardsdb

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"strings"
)

// ErrNotRegular is the error for a file that is neither a regular file nor a
// folder: a FIFO, a device or a socket. deckwright never opens those, since
// reading one may block for ever or never end.
var ErrNotRegular = errors.New("not a regular file (a FIFO, device or socket); deckwright reads only regular files")

// ErrOutside is the error for a path inside a folder that leads out of it,
// through a symbolic link or "..".
var ErrOutside = errors.New("leads outside its folder (a symbolic link or ..); deckwright reads only files inside the folder it is given")

// OpenFolder returns the folder dir as a file system that never leaves it:
// it is read through os.OpenRoot, so a symbolic link or ".." that resolves
// outside dir is refused with ErrOutside (links inside dir work), and it
// opens only regular files and folders, refusing anything else with
// ErrNotRegular without blocking. Game folders, template folders and card
// art are read through it.
func OpenFolder(dir string) (fs.FS, error) {
	root, err := os.OpenRoot(dir)
	if err != nil {
		return nil, err
	}
	// The root stays open for the life of the program, as the games it
	// loads keep reading art from it.
	return folderFS{root}, nil
}

// folderFS is the file system OpenFolder returns.
type folderFS struct{ root *os.Root }

// Open opens a regular file or a folder. It checks what name is before
// opening it, and opens it non-blocking then checks again, so a FIFO put
// in place between the two still cannot block.
func (f folderFS) Open(name string) (fs.File, error) {
	if !fs.ValidPath(name) {
		return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrInvalid}
	}
	if _, err := f.stat(name); err != nil {
		return nil, err
	}
	file, err := f.root.OpenFile(name, os.O_RDONLY|openNonblock, 0)
	if err != nil {
		return nil, folderErr("open", name, err)
	}
	st, err := file.Stat()
	if err == nil && !st.Mode().IsRegular() && !st.IsDir() {
		err = &fs.PathError{Op: "open", Path: name, Err: ErrNotRegular}
	}
	if err != nil {
		file.Close()
		return nil, err
	}
	return file, nil
}

// Stat returns what name is, following links inside the folder.
func (f folderFS) Stat(name string) (fs.FileInfo, error) {
	if !fs.ValidPath(name) {
		return nil, &fs.PathError{Op: "stat", Path: name, Err: fs.ErrInvalid}
	}
	st, err := f.root.Stat(name)
	if err != nil {
		return nil, folderErr("stat", name, err)
	}
	return st, nil
}

// stat is Stat that also refuses what is neither a regular file nor a
// folder.
func (f folderFS) stat(name string) (fs.FileInfo, error) {
	st, err := f.Stat(name)
	if err == nil && !st.Mode().IsRegular() && !st.IsDir() {
		err = &fs.PathError{Op: "open", Path: name, Err: ErrNotRegular}
	}
	return st, err
}

// folderErr gives os.Root's errors the path inside the folder and, for a
// path that escapes, ErrOutside.
func folderErr(op, name string, err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		err = pe.Err
	}
	// os.Root's error for an escape is not exported; its text is stable.
	if strings.Contains(err.Error(), "path escapes from parent") {
		err = ErrOutside
	}
	return &fs.PathError{Op: op, Path: name, Err: err}
}

// ReadFile reads an input file named on the command line (a deck or a
// cards file) with OpenRegular, up to MaxFileSize, checked as UTF-8 text
// (see ReadInput).
func ReadFile(name string) ([]byte, error) {
	file, err := OpenRegular(name)
	if err != nil {
		return nil, err
	}
	defer file.Close()
	return ReadInput(name, file)
}

// OpenRegular opens a file named by the user (a link is followed, since the
// user named it) if it is a regular file: it checks before opening, opens
// without blocking and checks again, so a FIFO or device is refused with
// ErrNotRegular instead of blocking or never ending.
func OpenRegular(name string) (*os.File, error) {
	st, err := os.Stat(name)
	if err != nil {
		return nil, err
	}
	if st.IsDir() {
		return nil, fmt.Errorf("%s: is a folder, not a file", name)
	}
	if !st.Mode().IsRegular() {
		return nil, fmt.Errorf("%s: %w", name, ErrNotRegular)
	}
	file, err := os.OpenFile(name, os.O_RDONLY|openNonblock, 0)
	if err != nil {
		return nil, err
	}
	if st, err := file.Stat(); err != nil || !st.Mode().IsRegular() {
		file.Close()
		if err == nil {
			err = fmt.Errorf("%s: %w", name, ErrNotRegular)
		}
		return nil, err
	}
	return file, nil
}
