package sheet

import (
	"bytes"
	"fmt"
	"testing"
)

// BenchmarkImportCSV reads and converts a 5,000-card CSV table (Seeker
// Chronicles modules), the size of a large collectible card game.
func BenchmarkImportCSV(b *testing.B) {
	g := seeker(b)
	var buf bytes.Buffer
	buf.WriteString("name,type,faction,copies,power,link_cost,hyperlink_cost,keywords,text\n")
	for i := range 5000 {
		fmt.Fprintf(&buf, "Card %d,module,cosmos | order,3,%d,%d,X,gravity | entropy,\"Draw 1, then progress 1.\"\n", i, i%10, i%5)
	}
	data := buf.Bytes()
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		t, err := Read("big.csv", data, "")
		if err != nil {
			b.Fatal(err)
		}
		f, err := Cards(t, g, Options{})
		if err != nil {
			b.Fatal(err)
		}
		if _, err := f.YAML("big.csv"); err != nil {
			b.Fatal(err)
		}
	}
}
