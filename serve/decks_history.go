package serve

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"path"
	"sort"
	"strings"
	"time"

	"github.com/deckwright/deckwright/internal/atomicfile"
)

// deckVersion names one version of a deck's text: the first 16 hex digits
// of its SHA-256. The same text has the same version on every machine, so
// a page that read a deck can say which version its edits start from.
func deckVersion(data []byte) string {
	sum := sha256.Sum256(data)
	return hex.EncodeToString(sum[:8])
}

// etag is a version as an HTTP entity tag.
func etag(version string) string { return `"` + version + `"` }

// conflictError refuses a save made from another version than the saved
// one: Current is the saved text, Version its version ("" when the deck
// does not exist).
type conflictError struct {
	Name    string
	Version string
	Current []byte
	msg     string
}

func (e *conflictError) Error() string { return e.msg }

// historyDir is the folder, inside the decks folder, that keeps the
// earlier versions of each deck; its leading dot keeps it out of the list.
const historyDir = ".history"

// MaxHistory is how many earlier versions of a deck are kept.
const MaxHistory = 50

// precondition is what a save expects to find: the version it was made
// from (IfMatch), or no deck at all (MustBeNew). With neither, the save
// may create a deck but never replace one: a save that means to replace a
// deck names the version it saw.
type precondition struct {
	IfMatch   string
	MustBeNew bool
}

// save writes a deck after checking pre against the saved version, and
// keeps the version it replaces in the deck's history. It returns the new
// version.
func (d *deckStore) save(name string, data []byte, pre precondition) (string, error) {
	if err := CheckDeckName(name); err != nil {
		return "", err
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	old, err := d.read(name)
	exists := err == nil
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return "", err
	}
	if err := checkPre(name, old, exists, pre); err != nil {
		return "", err
	}
	if exists && string(old) == string(data) {
		return deckVersion(data), nil // nothing changed: no new version
	}
	if err := d.writeFile(name, data); err != nil {
		return "", err
	}
	if exists {
		d.keep(name, old)
	}
	return deckVersion(data), nil
}

// checkPre refuses a save whose precondition does not hold.
func checkPre(name string, old []byte, exists bool, pre precondition) error {
	switch {
	case exists && pre.MustBeNew:
		return &conflictError{Name: name, Version: deckVersion(old), Current: old,
			msg: fmt.Sprintf("a deck named %q is already saved; not replacing it (pick another name, or open it)", name)}
	case exists && pre.IfMatch == "":
		return &conflictError{Name: name, Version: deckVersion(old), Current: old,
			msg: fmt.Sprintf("deck %q is already saved; say which version you edited (If-Match: the ETag you read), so that no save is lost", name)}
	case exists && pre.IfMatch != deckVersion(old):
		return &conflictError{Name: name, Version: deckVersion(old), Current: old,
			msg: fmt.Sprintf("deck %q was saved elsewhere since you opened it; not saved, so that neither version is lost", name)}
	case !exists && pre.IfMatch != "":
		return &conflictError{Name: name,
			msg: fmt.Sprintf("deck %q was renamed or removed since you opened it; not saved", name)}
	}
	return nil
}

// rename moves a deck, with its history, to a new name, saving data as
// its text: the deck must still be at version pre.IfMatch, and no deck may
// have the new name.
func (d *deckStore) rename(from, to string, data []byte, pre precondition) (string, error) {
	if err := CheckDeckName(from); err != nil {
		return "", err
	}
	if err := CheckDeckName(to); err != nil {
		return "", err
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	old, err := d.read(from)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return "", &conflictError{Name: from, msg: fmt.Sprintf("deck %q was renamed or removed since you opened it; not renamed", from)}
		}
		return "", err
	}
	if err := checkPre(from, old, true, pre); err != nil {
		return "", err
	}
	if cur, err := d.read(to); err == nil {
		return "", &conflictError{Name: to, Version: deckVersion(cur), Current: cur,
			msg: fmt.Sprintf("a deck named %q is already saved; not renaming over it (pick another name)", to)}
	}
	if err := d.writeFile(to, data); err != nil {
		return "", err
	}
	if _, err := d.root.Lstat(path.Join(historyDir, from)); err == nil {
		if err := d.root.MkdirAll(historyDir, 0o755); err == nil {
			_ = d.root.Rename(path.Join(historyDir, from), path.Join(historyDir, to))
		}
	}
	d.keep(to, old)
	if err := d.root.Remove(from); err != nil {
		return "", fmt.Errorf("renaming deck %q: %w", from, err)
	}
	return deckVersion(data), nil
}

// writeFile saves a deck atomically through the decks folder's root
// (internal/atomicfile): a reader sees the old deck or the new one, never
// half of one, and an existing deck must be a regular file.
func (d *deckStore) writeFile(name string, data []byte) error {
	if len(data) > MaxDeckSize {
		return fmt.Errorf("deck is %d bytes, more than the %d a deck may have", len(data), MaxDeckSize)
	}
	if st, err := d.root.Lstat(name); err == nil && !st.Mode().IsRegular() {
		return fmt.Errorf("saved deck %q is not a regular file; not overwriting it", name)
	}
	if err := atomicfile.WriteFileIn(d.root, name, data, 0o644); err != nil {
		return fmt.Errorf("saving deck %q: %w", name, err)
	}
	return nil
}

// keep adds a replaced version to a deck's history and drops the oldest
// beyond MaxHistory. History is a convenience: a failure to keep it never
// fails the save.
func (d *deckStore) keep(name string, data []byte) {
	dir := path.Join(historyDir, name)
	if err := d.root.MkdirAll(dir, 0o755); err != nil {
		return
	}
	id := time.Now().UTC().Format("20060102T150405.000000000") + "-" + deckVersion(data)
	if err := d.root.WriteFile(path.Join(dir, id), data, 0o644); err != nil {
		return
	}
	if vs, err := d.history(name); err == nil && len(vs) > MaxHistory {
		for _, v := range vs[MaxHistory:] {
			_ = d.root.Remove(path.Join(dir, v.ID))
		}
	}
}

// historyEntry is one earlier version of a deck.
type historyEntry struct {
	ID      string    `json:"id"`
	Version string    `json:"version"`
	Saved   time.Time `json:"saved"`
	Bytes   int64     `json:"bytes"`
}

// history lists a deck's earlier versions, newest first.
func (d *deckStore) history(name string) ([]historyEntry, error) {
	if err := CheckDeckName(name); err != nil {
		return nil, err
	}
	f, err := d.root.Open(path.Join(historyDir, name))
	if errors.Is(err, fs.ErrNotExist) {
		return []historyEntry{}, nil
	} else if err != nil {
		return nil, err
	}
	defer f.Close()
	entries, err := f.ReadDir(-1)
	if err != nil {
		return nil, err
	}
	out := []historyEntry{}
	for _, e := range entries {
		stamp, ver, ok := strings.Cut(e.Name(), "-")
		t, err := time.Parse("20060102T150405.000000000", stamp)
		if !ok || err != nil || !e.Type().IsRegular() {
			continue
		}
		var size int64
		if info, err := e.Info(); err == nil {
			size = info.Size()
		}
		out = append(out, historyEntry{ID: e.Name(), Version: ver, Saved: t, Bytes: size})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].ID > out[j].ID })
	return out, nil
}

// readVersion returns one earlier version of a deck by its history id.
func (d *deckStore) readVersion(name, id string) ([]byte, error) {
	if err := CheckDeckName(name); err != nil {
		return nil, err
	}
	if id == "" || strings.ContainsAny(id, `/\`) || strings.HasPrefix(id, ".") {
		return nil, fmt.Errorf("no version %q of deck %q", id, name)
	}
	data, err := d.readFile(path.Join(historyDir, name, id))
	if err != nil {
		return nil, fmt.Errorf("no version %q of deck %q", id, name)
	}
	return data, nil
}
