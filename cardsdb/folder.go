package cardsdb

import (
	"errors"
	"fmt"
	"io/fs"
	"os"

	"github.com/deckwright/deckwright/internal/safefile"
)

// ErrNotRegular is matched (errors.Is) by the error for a file that is
// neither a regular file nor, where a folder may be, a folder: a FIFO, a
// device or a socket. deckwright never reads those, since reading one may
// block for ever or never end. It is safefile.ErrNotRegular.
var ErrNotRegular = safefile.ErrNotRegular

// ErrOutside is matched by the error for a path inside a folder that leads
// out of it, through a symbolic link or ".."; a folder from OpenFolder
// says which folder, with an *OutsideError. It is safefile.ErrOutside.
var ErrOutside = safefile.ErrOutside

// OutsideError is the error of a folder from OpenFolder for a path that
// leads out of it: it names the folder, as the user gave it and in full,
// and matches ErrOutside (and fs.ErrInvalid for a path refused as written,
// "../x" or "/abs"). It is safefile.OutsideError.
type OutsideError = safefile.OutsideError

// OpenFolder returns the folder dir as a file system that never leaves it
// (a *safefile.Folder): it is read through os.OpenRoot, so a symbolic link
// or ".." that resolves outside dir is refused with ErrOutside (links
// inside dir work), and it opens only regular files and folders, refusing
// anything else with ErrNotRegular without blocking. Game folders,
// template folders and card art are read through it.
func OpenFolder(dir string) (fs.FS, error) {
	// The root stays open for the life of the program, as the games it
	// loads keep reading art from it.
	f, err := safefile.OpenFolder(dir)
	if err != nil {
		return nil, err
	}
	return f, nil
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
// user named it) if it is a regular file (safefile.OpenPath): a FIFO or a
// device is refused with "NAME: not a regular file ..." (ErrNotRegular)
// instead of blocking or never ending.
func OpenRegular(name string) (*os.File, error) {
	file, err := safefile.OpenPath(name)
	var pe *fs.PathError
	if errors.As(err, &pe) && errors.Is(pe.Err, ErrNotRegular) {
		return nil, fmt.Errorf("%s: %w", name, pe.Err)
	}
	return file, err
}
