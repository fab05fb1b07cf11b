package edn

import (
	"os"
	"testing"
)

// BenchmarkRead reads the fixture's set-cards file (27 entries).
func BenchmarkRead(b *testing.B) {
	data, err := os.ReadFile("../hubworld/testdata/Hubworld-Data/edn/set-cards/pre-release.edn")
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		if _, err := Read(data); err != nil {
			b.Fatal(err)
		}
	}
}
