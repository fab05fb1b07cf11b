package export

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
)

// folder is an output folder being written: files go into a temporary
// folder beside it, moved into place by commit.
type folder struct {
	dir    string // the destination
	tmp    string
	hook   func(dir string, made bool)
	exists bool
	files  []string // slash-separated, inside the folder
}

// newFolder starts writing dir. An existing dir must be a folder; its
// other files are left alone and files of the same names replaced.
func newFolder(dir string, hook func(string, bool)) (*folder, error) {
	if dir == "" {
		return nil, errors.New("no output folder given")
	}
	if hook == nil {
		hook = func(string, bool) {}
	}
	f := &folder{dir: dir, hook: hook}
	st, err := os.Lstat(dir)
	switch {
	case err == nil && st.Mode()&fs.ModeSymlink != 0:
		return nil, fmt.Errorf("%s is a symbolic link: name the folder itself", dir)
	case err == nil && !st.IsDir():
		return nil, fmt.Errorf("%s exists and is not a folder", dir)
	case err == nil:
		f.exists = true
	case !errors.Is(err, fs.ErrNotExist):
		return nil, err
	}
	parent := filepath.Dir(dir)
	if err := os.MkdirAll(parent, 0o755); err != nil {
		return nil, err
	}
	if f.tmp, err = os.MkdirTemp(parent, "."+filepath.Base(dir)+".tmp-"); err != nil {
		return nil, err
	}
	f.hook(f.tmp, true)
	return f, nil
}

// create writes the file name (slash-separated) through write.
func (f *folder) create(name string, write func(io.Writer) error) error {
	full := filepath.Join(f.tmp, filepath.FromSlash(name))
	// Sub-folders are made one level at a time and never the temporary
	// folder itself: once it has been removed (an interrupted run), a
	// late write fails rather than bring it back.
	if sub := filepath.Dir(full); sub != f.tmp {
		if err := os.Mkdir(sub, 0o755); err != nil && !errors.Is(err, fs.ErrExist) {
			return err
		}
	}
	file, err := os.Create(full)
	if err != nil {
		return err
	}
	w := bufio.NewWriterSize(file, 64<<10)
	err = write(w)
	if err == nil {
		err = w.Flush()
	}
	if cerr := file.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return fmt.Errorf("writing %s: %w", name, err)
	}
	f.files = append(f.files, name)
	return nil
}

// path is where the file name will be once the folder is committed.
func (f *folder) path(name string) string { return filepath.Join(f.dir, filepath.FromSlash(name)) }

// commit moves the files into place: a new folder in one rename, into an
// existing one file by file.
func (f *folder) commit() error {
	sort.Strings(f.files)
	if !f.exists {
		if err := os.Rename(f.tmp, f.dir); err != nil {
			return err
		}
		f.hook(f.tmp, false)
		return nil
	}
	for _, name := range f.files {
		dst := f.path(name)
		if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
			return err
		}
		if err := os.Rename(filepath.Join(f.tmp, filepath.FromSlash(name)), dst); err != nil {
			return err
		}
	}
	err := os.RemoveAll(f.tmp)
	if err == nil {
		f.hook(f.tmp, false)
	}
	return err
}

// abort removes the temporary folder.
func (f *folder) abort() {
	if os.RemoveAll(f.tmp) == nil {
		f.hook(f.tmp, false)
	}
}
