package cardsdb

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
)

// ErrTooLarge is wrapped by ReadLimited's error for a file over its limit.
var ErrTooLarge = errors.New("file too large")

// ReadLimited reads the file name of fsys (a game's folder: a table, a
// font, a layer's picture), at most max bytes. A file over max gives an
// error wrapping ErrTooLarge; a *fs.PathError is unwrapped to its cause, as
// the callers name the file themselves.
func ReadLimited(fsys fs.FS, name string, max int64) ([]byte, error) {
	f, err := fsys.Open(name)
	if err != nil {
		var pe *fs.PathError
		if errors.As(err, &pe) {
			err = pe.Err
		}
		return nil, err
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, max+1))
	if err != nil {
		return nil, err
	}
	if int64(len(data)) > max {
		return nil, fmt.Errorf("more than %d bytes: %w", max, ErrTooLarge)
	}
	return data, nil
}
