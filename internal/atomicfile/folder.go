package atomicfile

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"

	"github.com/deckwright/deckwright/internal/safefile"
)

// DefaultManifest is the manifest file name a folder's writer uses unless
// it has reasons to pick another: hidden, so it does not clutter the
// folder.
const DefaultManifest = ".deckwright-files"

// MaxManifestBytes bounds the manifest read back: a list of a few
// thousand file names.
const MaxManifestBytes = 4 << 20

// FolderOptions say how NewFolder writes a folder.
type FolderOptions struct {
	// Manifest, when set, is the name of a file inside the folder that
	// lists the files written (one slash-separated name a line). Commit
	// replaces the files the last manifest lists, removes those it lists
	// that were not written again, refuses to replace any other file,
	// and writes the new manifest. Without a manifest, Commit merges: a
	// file of the same name as one written is replaced (it must be a
	// regular file) and every other file left alone.
	Manifest string
	// Temp, when set, hears of the temporary folder: made true once it
	// exists, false once it is gone (moved into place or removed), so
	// that a caller that may be stopped before Commit (Ctrl-C) can remove
	// it.
	Temp func(dir string, made bool)
}

// Folder is an output folder being written: files go into a temporary
// folder and Commit moves them into place. Its methods are safe for use by
// several goroutines at once.
type Folder struct {
	dir    string
	opts   FolderOptions
	exists bool
	root   *os.Root // the existing destination folder; nil for a new one
	tmp    string   // the temporary folder's path
	rel    string   // ... inside root, for an existing folder
	stage  *os.Root // the temporary folder

	mu    sync.Mutex
	files []string
}

// Summary says what Commit did to an existing folder.
type Summary struct {
	// Existed is true when the folder was there before.
	Existed bool
	// Replaced lists the files written over a file of the same name;
	// Removed, the files of the last manifest not written again.
	Replaced, Removed []string
}

// NewFolder starts writing the folder dir. An existing dir must be a real
// folder (not a link to one); a new one is made with permission 0755 when
// Commit moves it into place. Each file is written with Create or
// WriteFile, then Commit or Abort is called once.
func NewFolder(dir string, o FolderOptions) (*Folder, error) {
	if dir == "" {
		return nil, errors.New("no output folder given")
	}
	if o.Manifest != "" && !fs.ValidPath(o.Manifest) {
		return nil, fmt.Errorf("manifest %q is not a file name inside the folder", o.Manifest)
	}
	f := &Folder{dir: dir, opts: o}
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
	if f.exists {
		if f.root, err = os.OpenRoot(dir); err != nil {
			return nil, err
		}
		f.rel = "." + filepath.Base(filepath.Clean(dir)) + ".tmp-" + randomHex()
		if err := f.root.Mkdir(f.rel, 0o755); err != nil {
			f.root.Close()
			return nil, err
		}
		f.tmp = filepath.Join(dir, f.rel)
		f.hook(true)
		if f.stage, err = f.root.OpenRoot(f.rel); err != nil {
			f.Abort()
			return nil, err
		}
		return f, nil
	}
	parent := filepath.Dir(dir)
	if err := os.MkdirAll(parent, 0o755); err != nil {
		return nil, err
	}
	if f.tmp, err = os.MkdirTemp(parent, "."+filepath.Base(dir)+".tmp-"); err != nil {
		return nil, err
	}
	f.hook(true)
	// MkdirTemp makes the folder 0700; the folder it becomes is the
	// user's, readable as any other they make.
	if err := os.Chmod(f.tmp, 0o755); err != nil {
		f.Abort()
		return nil, err
	}
	if f.stage, err = os.OpenRoot(f.tmp); err != nil {
		f.Abort()
		return nil, err
	}
	return f, nil
}

func (f *Folder) hook(made bool) {
	if f.opts.Temp != nil {
		f.opts.Temp(f.tmp, made)
	}
}

// Dir is the folder being written.
func (f *Folder) Dir() string { return f.dir }

// Exists reports whether the folder was there before.
func (f *Folder) Exists() bool { return f.exists }

// Path is where the file name (slash-separated) will be once committed.
func (f *Folder) Path(name string) string { return filepath.Join(f.dir, filepath.FromSlash(name)) }

// Files lists the files written so far, sorted.
func (f *Folder) Files() []string {
	f.mu.Lock()
	defer f.mu.Unlock()
	out := slices.Clone(f.files)
	slices.Sort(out)
	return out
}

// WriteFile writes the file name (slash-separated) with data.
func (f *Folder) WriteFile(name string, data []byte) error {
	return f.Create(name, writeBytes(data))
}

// Create writes the file name (slash-separated, inside the folder) through
// write. A name may be written once.
func (f *Folder) Create(name string, write func(io.Writer) error) error {
	if !fs.ValidPath(name) || name == "." || name == f.opts.Manifest {
		return fmt.Errorf("writing %s: not a file name this folder can hold", name)
	}
	native := filepath.FromSlash(name)
	if d := filepath.Dir(native); d != "." {
		f.mu.Lock()
		err := f.stage.MkdirAll(d, 0o755)
		f.mu.Unlock()
		if err != nil {
			return fmt.Errorf("writing %s: %w", name, err)
		}
	}
	file, err := f.stage.OpenFile(native, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		return fmt.Errorf("writing %s: %w", name, err)
	}
	err = writeBuffered(file, write)
	if cerr := file.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return fmt.Errorf("writing %s: %w", name, err)
	}
	f.mu.Lock()
	f.files = append(f.files, name)
	f.mu.Unlock()
	return nil
}

// ReadExisting reads the file name (slash-separated) of the existing
// folder, up to max bytes, through the folder's root: a link out of the
// folder, a FIFO or a device is refused without blocking. It returns an
// error satisfying errors.Is(err, fs.ErrNotExist) when the folder is new
// or holds no such file. A merging writer (an import into a folder it
// made before) reads what it merges with this.
func (f *Folder) ReadExisting(name string, max int64) ([]byte, error) {
	if f.root == nil {
		return nil, &fs.PathError{Op: "open", Path: f.Path(name), Err: fs.ErrNotExist}
	}
	return readRegular(f.root, name, max, f.Path(name))
}

// readRegular reads name inside root if it is a regular file of at most
// max bytes (internal/safefile); shown is the path named in errors.
func readRegular(root *os.Root, name string, max int64, shown string) ([]byte, error) {
	data, err := safefile.ReadFile(safefile.InRoot(root), name, max)
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return nil, fmt.Errorf("%s: %w", shown, pe.Err)
	}
	return data, err
}

// Abort removes the temporary folder; the destination is left as it was.
func (f *Folder) Abort() {
	if f.stage != nil {
		f.stage.Close()
	}
	var err error
	if f.root != nil {
		err = f.root.RemoveAll(f.rel)
		f.root.Close()
	} else {
		err = os.RemoveAll(f.tmp)
	}
	if err == nil {
		f.hook(false)
	}
}

// Commit moves the files into place: a new folder in one rename; into an
// existing one file by file through its root, after checking that every
// file can be placed (no link or file on the way, nothing but a regular
// file, and with a manifest only a file it lists, replaced), so that a
// refusal changes nothing. On error the caller calls Abort.
func (f *Folder) Commit() (*Summary, error) {
	files := f.Files()
	if f.opts.Manifest != "" {
		if err := f.stage.WriteFile(filepath.FromSlash(f.opts.Manifest), manifestText(files), 0o644); err != nil {
			return nil, err
		}
	}
	if !f.exists {
		f.stage.Close()
		if err := os.Rename(f.tmp, f.dir); err != nil {
			return nil, err
		}
		f.hook(false)
		return &Summary{}, nil
	}
	sum := &Summary{Existed: true}
	var owned map[string]bool
	if f.opts.Manifest != "" {
		old, err := readRegular(f.root, f.opts.Manifest, MaxManifestBytes, f.Path(f.opts.Manifest))
		if err != nil && !errors.Is(err, fs.ErrNotExist) {
			return nil, err
		}
		owned = parseManifest(old, f.opts.Manifest, f.rel)
	}
	// Check every file before moving any.
	for _, name := range files {
		if err := checkDirsIn(f.root, pathDir(name)); err != nil {
			return nil, err
		}
		st, err := f.root.Lstat(filepath.FromSlash(name))
		switch {
		case errors.Is(err, fs.ErrNotExist):
			continue
		case err != nil:
			return nil, err
		case !st.Mode().IsRegular():
			return nil, fmt.Errorf("%s is a %s; deckwright writes over regular files only (remove it, or write into another folder)", f.Path(name), FileKind(st.Mode()))
		case owned != nil && !owned[name]:
			return nil, fmt.Errorf("%s was not written by deckwright (%s does not list it); not replacing it: remove it, or write into another folder", f.Path(name), f.Path(f.opts.Manifest))
		}
		sum.Replaced = append(sum.Replaced, name)
	}
	for _, name := range files {
		if err := mkdirsIn(f.root, pathDir(name)); err != nil {
			return nil, err
		}
		native := filepath.FromSlash(name)
		if err := f.root.Rename(filepath.Join(f.rel, native), native); err != nil {
			return nil, err
		}
	}
	written := map[string]bool{}
	for _, name := range files {
		written[name] = true
	}
	for _, name := range sortedKeys(owned) {
		if written[name] {
			continue
		}
		native := filepath.FromSlash(name)
		if checkDirsIn(f.root, pathDir(name)) != nil {
			continue
		}
		if st, err := f.root.Lstat(native); err != nil || !st.Mode().IsRegular() {
			continue
		}
		if f.root.Remove(native) == nil {
			sum.Removed = append(sum.Removed, name)
			// Folders the earlier run made and that are now empty.
			for d := pathDir(name); d != "."; d = pathDir(d) {
				if f.root.Remove(filepath.FromSlash(d)) != nil {
					break
				}
			}
		}
	}
	if f.opts.Manifest != "" {
		m := filepath.FromSlash(f.opts.Manifest)
		if st, err := f.root.Lstat(m); err == nil && !st.Mode().IsRegular() {
			return nil, fmt.Errorf("%s is a %s; deckwright writes over regular files only", f.Path(f.opts.Manifest), FileKind(st.Mode()))
		}
		if err := f.root.Rename(filepath.Join(f.rel, m), m); err != nil {
			return nil, err
		}
	}
	f.stage.Close()
	err := f.root.RemoveAll(f.rel)
	f.root.Close()
	if err != nil {
		return nil, err
	}
	f.hook(false)
	return sum, nil
}

// checkDirsIn checks that the folders of dir inside root that exist are
// real folders, not links or files.
func checkDirsIn(root *os.Root, dir string) error { return dirsIn(root, dir, false) }

const manifestHeader = `# The files deckwright wrote into this folder. The next export into it
# replaces them, removes those it does not write again, and leaves every
# other file alone. Delete this file to keep them all.
`

func manifestText(files []string) []byte {
	var b bytes.Buffer
	b.WriteString(manifestHeader)
	for _, name := range files {
		b.WriteString(name)
		b.WriteByte('\n')
	}
	return b.Bytes()
}

// parseManifest reads a manifest's names, keeping only names a folder can
// hold (no "..", no absolute path, not the manifest or temporary folder).
func parseManifest(data []byte, manifest, tmp string) map[string]bool {
	owned := map[string]bool{}
	sc := bufio.NewScanner(bytes.NewReader(data))
	for sc.Scan() {
		name := strings.TrimSuffix(sc.Text(), "\r")
		if name == "" || strings.HasPrefix(name, "#") || !fs.ValidPath(name) || name == "." ||
			name == manifest || name == tmp || strings.HasPrefix(name, tmp+"/") {
			continue
		}
		owned[name] = true
	}
	return owned
}

func sortedKeys(m map[string]bool) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}
