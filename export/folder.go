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
	exists bool
	files  []string // slash-separated, inside the folder
}

// newFolder starts writing dir. An existing dir must be a folder; its
// other files are left alone and files of the same names replaced.
func newFolder(dir string) (*folder, error) {
	if dir == "" {
		return nil, errors.New("no output folder given")
	}
	f := &folder{dir: dir}
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
	return f, nil
}

// create writes the file name (slash-separated) through write.
func (f *folder) create(name string, write func(io.Writer) error) error {
	full := filepath.Join(f.tmp, filepath.FromSlash(name))
	if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
		return err
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
		return os.Rename(f.tmp, f.dir)
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
	return os.RemoveAll(f.tmp)
}

// abort removes the temporary folder.
func (f *folder) abort() { os.RemoveAll(f.tmp) }
