package fontfile_test

import (
	"fmt"
	"os"

	"github.com/deckwright/deckwright/internal/fontfile"
)

// A font file is loaded once, and what Load returns is measured, drawn
// and embedded; a font whose licence forbids embedding is an error.
func ExampleLoad() {
	data, err := os.ReadFile("../../templates/testdata/fonts/smallcaps-ascii.ttf")
	if err != nil {
		fmt.Println(err)
		return
	}
	f, err := fontfile.Load(data)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("%s: %d characters, converted from CFF: %v\n", f.PostScriptName, f.Runes, f.Converted)
	fmt.Println(fontfile.Embedding(fontfile.FsPreviewPrint) == nil, fontfile.Embedding(fontfile.FsRestricted) == nil)
	// Output:
	// GoSmallcaps: 95 characters, converted from CFF: false
	// true false
}
