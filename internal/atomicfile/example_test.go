package atomicfile_test

import (
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/deckwright/deckwright/internal/atomicfile"
)

// A writer that merges into a folder it made before (an import that adds
// cards to its cards file) reads the old file through the folder's root,
// writes every file, then commits: the old file is replaced, the user's
// other files are left, and a link inside the folder is never followed.
func ExampleFolder_merge() {
	dir := filepath.Join(os.TempDir(), "atomicfile-example")
	defer os.RemoveAll(dir)
	os.MkdirAll(dir, 0o755)
	os.WriteFile(filepath.Join(dir, "cards.yaml"), []byte("old\n"), 0o644)

	f, err := atomicfile.NewFolder(dir, atomicfile.FolderOptions{})
	if err != nil {
		fmt.Println(err)
		return
	}
	old, err := f.ReadExisting("cards.yaml", 1<<20) // a FIFO here is refused, not waited on
	if err != nil {
		fmt.Println(err)
		f.Abort()
		return
	}
	err = f.WriteFile("cards.yaml", append(old, "new\n"...))
	if err == nil {
		err = f.Create("images/a.txt", func(w io.Writer) error { _, err := io.WriteString(w, "an image"); return err })
	}
	if err != nil {
		fmt.Println(err)
		f.Abort()
		return
	}
	sum, err := f.Commit()
	if err != nil {
		fmt.Println(err)
		f.Abort()
		return
	}
	data, _ := os.ReadFile(filepath.Join(dir, "cards.yaml"))
	fmt.Printf("replaced %v\n%s", sum.Replaced, data)
	// Output:
	// replaced [cards.yaml]
	// old
	// new
}

// A single file, replaced whole or not at all.
func ExampleWriteFile() {
	path := filepath.Join(os.TempDir(), "atomicfile-example.txt")
	defer os.Remove(path)
	if err := atomicfile.WriteFile(path, []byte("hello\n"), 0o644); err != nil {
		fmt.Println(err)
	}
	data, _ := os.ReadFile(path)
	fmt.Print(string(data))
	// Output: hello
}
