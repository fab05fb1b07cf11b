package cardsdb

import (
	"errors"
	"io/fs"

	"github.com/deckwright/deckwright/internal/safefile"
)

// ErrTooLarge is matched by ReadLimited's error for a file over its limit
// (a *safefile.TooBigError, which holds the limit). It is
// safefile.ErrTooBig.
var ErrTooLarge = safefile.ErrTooBig

// ReadLimited reads the file name of fsys (a game's folder: a table, a
// font, a layer's picture), a regular file of at most max bytes, with
// safefile.ReadFile. A file over max gives an error matching ErrTooLarge;
// a *fs.PathError is unwrapped to its cause, as the callers name the file
// themselves.
func ReadLimited(fsys fs.FS, name string, max int64) ([]byte, error) {
	data, err := safefile.ReadFile(fsys, name, max)
	var pe *fs.PathError
	if errors.As(err, &pe) {
		err = pe.Err
	}
	return data, err
}
