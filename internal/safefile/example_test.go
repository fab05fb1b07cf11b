package safefile_test

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"github.com/deckwright/deckwright/internal/safefile"
)

// A game folder is read through a Folder: each file is a regular file
// inside it, of at most the size its reader allows.
func Example() {
	dir, _ := os.MkdirTemp("", "safefile-example")
	defer os.RemoveAll(dir)
	os.WriteFile(filepath.Join(dir, "game.yaml"), []byte("id: tiny\n"), 0o644)

	games, err := safefile.OpenFolder(dir)
	if err != nil {
		fmt.Println(err)
		return
	}
	defer games.Close()
	data, err := safefile.ReadFile(games, "game.yaml", 1<<20)
	fmt.Printf("%q %v\n", data, err)

	_, err = safefile.ReadFile(games, "game.yaml", 4)
	var big *safefile.TooBigError
	fmt.Println(errors.As(err, &big), big.Limit)

	_, err = safefile.ReadFile(games, "../secret.yaml", 1<<20)
	fmt.Println(errors.Is(err, safefile.ErrOutside))
	// Output:
	// "id: tiny\n" <nil>
	// true 4
	// true
}
