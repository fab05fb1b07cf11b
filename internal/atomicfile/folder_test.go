package atomicfile

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/deckwright/deckwright/internal/safefile"
)

// writeFolder writes files (name -> text) as one folder and commits it.
func writeFolder(t *testing.T, dir string, o FolderOptions, files map[string]string) (*Summary, error) {
	t.Helper()
	f, err := NewFolder(dir, o)
	if err != nil {
		return nil, err
	}
	for name, text := range files {
		if err := f.WriteFile(name, []byte(text)); err != nil {
			f.Abort()
			return nil, err
		}
	}
	sum, err := f.Commit()
	if err != nil {
		f.Abort()
	}
	return sum, err
}

func readAll(t *testing.T, dir string) map[string]string {
	t.Helper()
	got := map[string]string{}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		if d.Type()&fs.ModeSymlink != 0 {
			got[filepath.ToSlash(rel)] = "-> link"
			return nil
		}
		b, err := os.ReadFile(p)
		got[filepath.ToSlash(rel)] = string(b)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return got
}

func TestFolderNewIsReadable(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "a", "out")
	if _, err := writeFolder(t, dir, FolderOptions{Manifest: DefaultManifest}, map[string]string{"x.png": "x", "fronts/y.png": "y"}); err != nil {
		t.Fatal(err)
	}
	for _, d := range []string{dir, filepath.Join(dir, "fronts")} {
		st, err := os.Stat(d)
		if err != nil {
			t.Fatal(err)
		}
		if st.Mode().Perm() != 0o755 {
			t.Errorf("%s made with permission %v, want 0755", d, st.Mode().Perm())
		}
	}
	got := readAll(t, dir)
	if got["x.png"] != "x" || got["fronts/y.png"] != "y" || got[DefaultManifest] != manifestHeader+"fronts/y.png\nx.png\n" {
		t.Errorf("folder holds %q", got)
	}
	noTempsIn(t, filepath.Dir(dir))
}

func TestFolderReplacesItsOwnOutput(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "mine.txt"), []byte("the user's"), 0o644)
	o := FolderOptions{Manifest: DefaultManifest}
	if _, err := writeFolder(t, dir, o, map[string]string{"001-a.png": "a1", "002-b.png": "b1", "sub/c.png": "c1"}); err != nil {
		t.Fatal(err)
	}
	sum, err := writeFolder(t, dir, o, map[string]string{"001-a.png": "a2", "003-d.png": "d2"})
	if err != nil {
		t.Fatal(err)
	}
	if !sum.Existed || !slices.Equal(sum.Replaced, []string{"001-a.png"}) || !slices.Equal(sum.Removed, []string{"002-b.png", "sub/c.png"}) {
		t.Errorf("summary %+v, want 001-a.png replaced, 002-b.png and sub/c.png removed", sum)
	}
	got := readAll(t, dir)
	delete(got, DefaultManifest)
	want := map[string]string{"mine.txt": "the user's", "001-a.png": "a2", "003-d.png": "d2"}
	if !mapsEqual(got, want) {
		t.Errorf("folder holds %q, want %q", got, want)
	}
	if _, err := os.Stat(filepath.Join(dir, "sub")); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("the emptied folder sub was left: %v", err)
	}
	noTempsIn(t, dir)
}

func TestFolderRefusesFilesItDidNotWrite(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "back.png"), []byte("the user's"), 0o644)
	_, err := writeFolder(t, dir, FolderOptions{Manifest: DefaultManifest}, map[string]string{"a.png": "a", "back.png": "b"})
	if err == nil || !strings.Contains(err.Error(), "was not written by deckwright") {
		t.Fatalf("got %v, want a refusal", err)
	}
	if got := readAll(t, dir); !mapsEqual(got, map[string]string{"back.png": "the user's"}) {
		t.Errorf("a refused commit changed the folder: %q", got)
	}
	// A manifest naming files outside the folder removes nothing there.
	outside := filepath.Join(t.TempDir(), "keep.txt")
	os.WriteFile(outside, []byte("keep"), 0o644)
	os.WriteFile(filepath.Join(dir, DefaultManifest), []byte("../"+filepath.Base(filepath.Dir(outside))+"/keep.txt\n"+outside+"\n"), 0o644)
	if _, err := writeFolder(t, dir, FolderOptions{Manifest: DefaultManifest}, map[string]string{"a.png": "a"}); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(outside); err != nil {
		t.Errorf("a file outside the folder named by its manifest was removed: %v", err)
	}
}

// TestFolderLinksInside: a link inside an existing output folder, to a
// folder outside it or inside it, is refused, never written through.
func TestFolderLinksInside(t *testing.T) {
	for _, target := range []string{"outside", "inside"} {
		t.Run(target, func(t *testing.T) {
			base := t.TempDir()
			dir := filepath.Join(base, "out")
			elsewhere := filepath.Join(base, "elsewhere")
			os.Mkdir(dir, 0o755)
			os.Mkdir(elsewhere, 0o755)
			link := "../elsewhere"
			if target == "inside" {
				os.Mkdir(filepath.Join(dir, "real"), 0o755)
				link = "real"
			}
			if err := os.Symlink(link, filepath.Join(dir, "fronts")); err != nil {
				t.Skip(err)
			}
			_, err := writeFolder(t, dir, FolderOptions{}, map[string]string{"fronts/a.png": "a"})
			if err == nil || !strings.Contains(err.Error(), "symbolic link") {
				t.Fatalf("got %v, want a refusal naming the link", err)
			}
			if got := readAll(t, elsewhere); len(got) > 0 {
				t.Errorf("written through the link: %q", got)
			}
			if target == "inside" {
				if got := readAll(t, filepath.Join(dir, "real")); len(got) > 0 {
					t.Errorf("written through the link: %q", got)
				}
			}
			noTempsIn(t, dir)
		})
	}
}

func TestFolderMergeWithoutManifest(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "cards.yaml"), []byte("old"), 0o644)
	os.WriteFile(filepath.Join(dir, "notes.txt"), []byte("mine"), 0o644)
	f, err := NewFolder(dir, FolderOptions{})
	if err != nil {
		t.Fatal(err)
	}
	old, err := f.ReadExisting("cards.yaml", 100)
	if err != nil || string(old) != "old" {
		t.Fatalf("ReadExisting = %q, %v", old, err)
	}
	if _, err := f.ReadExisting("nothing.yaml", 100); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("ReadExisting of a missing file: %v, want fs.ErrNotExist", err)
	}
	if _, err := f.ReadExisting("notes.txt", 2); !errors.Is(err, safefile.ErrTooBig) || !strings.HasPrefix(err.Error(), f.Path("notes.txt")+": ") {
		t.Errorf("ReadExisting over its limit: %v, want safefile.ErrTooBig naming the file", err)
	}
	f.WriteFile("cards.yaml", []byte("old+new"))
	sum, err := f.Commit()
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(sum.Replaced, []string{"cards.yaml"}) || len(sum.Removed) != 0 {
		t.Errorf("summary %+v", sum)
	}
	if got := readAll(t, dir); !mapsEqual(got, map[string]string{"cards.yaml": "old+new", "notes.txt": "mine"}) {
		t.Errorf("folder holds %q", got)
	}
}

func TestFolderAbort(t *testing.T) {
	for _, exists := range []bool{false, true} {
		base := t.TempDir()
		dir := filepath.Join(base, "out")
		if exists {
			os.Mkdir(dir, 0o755)
		}
		var live []string
		f, err := NewFolder(dir, FolderOptions{Temp: func(d string, made bool) {
			if made {
				live = append(live, d)
			} else {
				live = slices.DeleteFunc(live, func(s string) bool { return s == d })
			}
		}})
		if err != nil {
			t.Fatal(err)
		}
		f.WriteFile("a.png", []byte("a"))
		f.Abort()
		if len(live) != 0 {
			t.Errorf("exists=%v: the hook still holds %q", exists, live)
		}
		noTempsIn(t, base)
		if exists {
			noTempsIn(t, dir)
		} else if _, err := os.Stat(dir); err == nil {
			t.Error("an aborted new folder exists")
		}
	}
}

func TestWriteIn(t *testing.T) {
	base := t.TempDir()
	dir := filepath.Join(base, "decks")
	os.Mkdir(dir, 0o755)
	os.Mkdir(filepath.Join(base, "elsewhere"), 0o755)
	os.WriteFile(filepath.Join(base, "elsewhere", "x.txt"), []byte("theirs"), 0o644)
	if err := os.Symlink("../elsewhere", filepath.Join(dir, "out")); err != nil {
		t.Skip(err)
	}
	os.Symlink("../elsewhere/x.txt", filepath.Join(dir, "x.txt"))
	root, err := os.OpenRoot(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer root.Close()
	if err := WriteFileIn(root, "sub/deck.txt", []byte("one"), 0); err != nil {
		t.Fatal(err)
	}
	if err := WriteFileIn(root, "sub/deck.txt", []byte("two"), 0); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"out/deck.txt", "x.txt", "../escape.txt", "/abs.txt"} {
		if err := WriteFileIn(root, name, []byte("bad"), 0); err == nil {
			t.Errorf("WriteFileIn(%q) wrote", name)
		}
	}
	// The link on the way is named with the folder's path.
	if err := WriteFileIn(root, "out/deck.txt", []byte("bad"), 0); err == nil || !strings.HasPrefix(err.Error(), "writing into "+filepath.Join(dir, "out")+": it is a symbolic link") {
		t.Errorf("WriteFileIn(out/deck.txt) = %v, want it to name %s", err, filepath.Join(dir, "out"))
	}
	got := readAll(t, base)
	want := map[string]string{"decks/sub/deck.txt": "two", "decks/out": "-> link", "decks/x.txt": "-> link", "elsewhere/x.txt": "theirs"}
	if !mapsEqual(got, want) {
		t.Errorf("files %q, want %q", got, want)
	}
}

func noTempsIn(t *testing.T, dir string) {
	t.Helper()
	ents, _ := os.ReadDir(dir)
	for _, e := range ents {
		if strings.Contains(e.Name(), ".tmp") {
			t.Errorf("temporary %s left in %s", e.Name(), dir)
		}
	}
}

func mapsEqual(a, b map[string]string) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if w, ok := b[k]; !ok || w != v {
			return false
		}
	}
	return true
}
