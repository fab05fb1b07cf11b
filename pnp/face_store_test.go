package pnp

import (
	"bytes"
	"context"
	"image"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"testing"
)

// TestFacesInFile reads a duplex deck twice, its faces kept in memory and
// every face kept in the import's scratch file: the faces read back are
// the very pixels kept in memory, and Write makes the same files byte for
// byte from either result.
func TestFacesInFile(t *testing.T) {
	t.Parallel()
	pr := flagsDeck(t)
	read := func(inFile bool) *Result {
		res, err := Import(context.Background(), pr.path, Options{DPI: 150, CardW: 63, CardH: 88, facesInFile: inFile})
		if err != nil {
			t.Fatal(err)
		}
		return res
	}
	mem, file := read(false), read(true)
	if len(mem.Cards) != 9 || len(file.Cards) != 9 {
		t.Fatalf("%d and %d cards, want 9 each", len(mem.Cards), len(file.Cards))
	}
	stored := 0
	for i := range mem.Cards {
		a, b := mem.Cards[i], file.Cards[i]
		if _, ok := b.Front.Image.(*storedFace); ok {
			stored++
		}
		if _, ok := a.Front.Image.(*storedFace); ok {
			t.Fatalf("card %d: a face of a small import left memory", i)
		}
		if b.Back == nil || a.Back == nil {
			t.Fatalf("card %d has no back", i)
		}
		for _, f := range [][2]Face{{a.Front, b.Front}, {*a.Back, *b.Back}} {
			m, ok := f[1].Pixels().(*image.YCbCr)
			if !ok || !reflect.DeepEqual(f[0].Image, m) || f[0].Hash != f[1].Hash {
				t.Errorf("card %d: the face read back from the scratch file is not the face kept in memory", i)
			}
		}
	}
	if stored != 9 {
		t.Fatalf("%d of 9 fronts kept in the scratch file, want all", stored)
	}
	_, g := seeker(t)
	write := func(res *Result) map[string][]byte {
		dir := filepath.Join(t.TempDir(), "o")
		if _, err := Write(context.Background(), res, dir, WriteOptions{Game: g, Source: "deck.pdf"}); err != nil {
			t.Fatal(err)
		}
		files := map[string][]byte{}
		err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				return err
			}
			b, err := os.ReadFile(path)
			files[path[len(dir):]] = b
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
		return files
	}
	a, b := write(mem), write(file)
	if len(a) != len(b) || len(a) < 4 {
		t.Fatalf("Write made %d files from faces in memory, %d from faces in the file", len(a), len(b))
	}
	for name, data := range a {
		if !bytes.Equal(data, b[name]) {
			t.Errorf("%s differs between faces in memory and faces in the scratch file", name)
		}
	}
}
