package hubworld_test

import (
	"os"
	"testing"

	"github.com/deckwright/deckwright/hubworld"
)

// BenchmarkConvert converts the 27-card fixture.
func BenchmarkConvert(b *testing.B) {
	fsys := os.DirFS("testdata/Hubworld-Data")
	for b.Loop() {
		if _, err := hubworld.Convert(fsys, hubworld.Options{}); err != nil {
			b.Fatal(err)
		}
	}
}
