package serve

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"unicode"

	"github.com/deckwright/deckwright/internal/safefile"
)

// MaxDeckName is the longest deck name the server accepts, in bytes.
const MaxDeckName = 100

// deckExts are the file extensions of a saved deck: a text decklist or a
// YAML deck.
var deckExts = []string{".txt", ".yaml", ".yml"}

// CheckDeckName returns an error unless name is a plain file name for a
// saved deck: no folder, no "..", no leading dot, no control characters,
// at most MaxDeckName bytes, ending in .txt, .yaml or .yml.
func CheckDeckName(name string) error {
	switch {
	case name == "":
		return errors.New("deck name is empty")
	case len(name) > MaxDeckName:
		return fmt.Errorf("deck name is %d bytes long, want at most %d", len(name), MaxDeckName)
	case strings.ContainsAny(name, `/\`):
		return fmt.Errorf("deck name %q names a folder; want a plain file name such as my-deck.txt", name)
	case strings.Contains(name, ".."):
		return fmt.Errorf("deck name %q contains \"..\"; want a plain file name such as my-deck.txt", name)
	case strings.HasPrefix(name, "."):
		return fmt.Errorf("deck name %q starts with a dot; want a plain file name such as my-deck.txt", name)
	case filepath.IsAbs(name) || filepath.VolumeName(name) != "":
		return fmt.Errorf("deck name %q is an absolute path; want a plain file name such as my-deck.txt", name)
	}
	for _, r := range name {
		if unicode.IsControl(r) || r == unicode.ReplacementChar {
			return fmt.Errorf("deck name %q contains a control character or invalid UTF-8", name)
		}
	}
	for _, ext := range deckExts {
		if strings.HasSuffix(strings.ToLower(name), ext) && len(name) > len(ext) {
			return nil
		}
	}
	return fmt.Errorf("deck name %q: want a name ending in .txt (a decklist), .yaml or .yml (a YAML deck)", name)
}

// deckStore is the folder of saved decks, read and written only through
// an os.Root: nothing outside it, regular files only.
type deckStore struct {
	dir  string
	root *os.Root
	// mu makes a save's check of the version and its write one step, so
	// that of two saves from the same version one wins and one is refused.
	mu sync.Mutex
}

func openDeckStore(dir string) (*deckStore, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("--decks: %w", err)
	}
	root, err := os.OpenRoot(dir)
	if err != nil {
		return nil, fmt.Errorf("--decks: %w", err)
	}
	return &deckStore{dir: dir, root: root}, nil
}

// list returns the names of the saved decks, sorted.
func (d *deckStore) list() ([]string, error) {
	f, err := d.root.Open(".")
	if err != nil {
		return nil, err
	}
	defer f.Close()
	entries, err := f.ReadDir(-1)
	if err != nil {
		return nil, err
	}
	names := []string{}
	for _, e := range entries {
		if e.Type().IsRegular() && CheckDeckName(e.Name()) == nil && fitsDeck(e) {
			names = append(names, e.Name())
		}
	}
	sort.Strings(names)
	return names, nil
}

// fitsDeck reports whether a saved deck is small enough to be opened: the
// list shows no deck that read would refuse.
func fitsDeck(e fs.DirEntry) bool {
	info, err := e.Info()
	return err == nil && info.Size() <= MaxDeckSize
}

// MaxDeckSize is the largest saved deck the server reads or writes.
const MaxDeckSize = 1 << 20

// read returns a saved deck's text.
func (d *deckStore) read(name string) ([]byte, error) {
	if err := CheckDeckName(name); err != nil {
		return nil, err
	}
	data, err := d.readFile(name)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return nil, noDeckError(name)
	case errors.Is(err, safefile.ErrNotRegular):
		return nil, fmt.Errorf("saved deck %q is not a regular file", name)
	case errors.Is(err, safefile.ErrTooBig):
		return nil, fmt.Errorf("saved deck %q is more than the %d bytes a deck may have", name, MaxDeckSize)
	}
	return data, err
}

// readFile reads the file p of the decks folder (a deck, or a version in
// its history) through internal/safefile: a regular file of at most
// MaxDeckSize bytes, looked at again once open. A link is refused (its
// *safefile.NotRegularError says so), as writeFile replaces none: a saved
// deck is always a file of its own.
func (d *deckStore) readFile(p string) ([]byte, error) {
	st, err := d.root.Lstat(p)
	if err != nil {
		return nil, err
	}
	if !st.Mode().IsRegular() {
		return nil, &fs.PathError{Op: "open", Path: p, Err: &safefile.NotRegularError{Mode: st.Mode()}}
	}
	return safefile.ReadFile(safefile.InRoot(d.root), p, MaxDeckSize)
}

// noDeckError says no deck has the name; it is an fs.ErrNotExist.
type noDeckError string

func (e noDeckError) Error() string        { return fmt.Sprintf("no saved deck %q", string(e)) }
func (e noDeckError) Is(target error) bool { return target == fs.ErrNotExist }

// path returns the file path of a saved deck after checking it is a
// regular file, for the commands that take a deck file.
func (d *deckStore) path(name string) (string, error) {
	if _, err := d.read(name); err != nil {
		return "", err
	}
	return filepath.Join(d.dir, name), nil
}

func (d *deckStore) close() error { return d.root.Close() }
