package export_test

import (
	"context"
	"flag"
	"fmt"
	"path/filepath"
	"testing"

	"github.com/deckwright/deckwright/cardface"
	"github.com/deckwright/deckwright/cardsdb"
	"github.com/deckwright/deckwright/export"
	"github.com/deckwright/deckwright/internal/benchgame"
	"github.com/deckwright/deckwright/internal/procstat"
	"github.com/deckwright/deckwright/templates"
)

var benchLayeredN = flag.Int("layered-n", 1000, "cards in BenchmarkLayeredPNG1000")

// BenchmarkLayeredPNG1000 exports 1,000 cards with layered faces (a frame
// image per faction, an art window of each card's own art, two shapes and
// four text layers) as PNGs at 300 DPI, cold: templates, fonts and
// pictures read afresh. Issue 22 asks for at most 10 s on two cores.
//
//	go test ./export -run '^$' -bench LayeredPNG1000 -benchtime 1x
func BenchmarkLayeredPNG1000(b *testing.B) {
	src := b.TempDir()
	if err := benchgame.Write(src, *benchLayeredN, 626, 449); err != nil {
		b.Fatal(err)
	}
	dir := b.TempDir()
	i := 0
	cpu := procstat.CPU()
	b.ResetTimer()
	for b.Loop() {
		i++
		items, set := layeredItems(b, src)
		res, err := export.PNG(context.Background(), filepath.Join(dir, fmt.Sprint(i)), items, export.PNGOptions{DPI: 300, Options: export.Options{Templates: set}})
		if err != nil {
			b.Fatal(err)
		}
		if res.TextFaces != *benchLayeredN+1 || len(res.Warnings) != 0 {
			b.Fatalf("%d faces, warnings %v", res.TextFaces, res.Warnings[:min(3, len(res.Warnings))])
		}
	}
	b.ReportMetric((procstat.CPU()-cpu).Seconds()/float64(b.N), "cpu-s/op")
	b.ReportMetric(float64(procstat.PeakRSS())/(1<<20), "peak-MB")
}

// layeredItems loads the benchmark's game and its templates.
func layeredItems(tb testing.TB, dir string) ([]cardface.Item, *templates.Set) {
	tb.Helper()
	db, err := cardsdb.LoadBundled()
	if err != nil {
		tb.Fatal(err)
	}
	if err := db.AddPath(dir); err != nil {
		tb.Fatal(err)
	}
	g, _ := db.Game(benchgame.GameID)
	set, err := templates.LoadBundled()
	if err != nil {
		tb.Fatal(err)
	}
	folder, err := cardsdb.OpenFolder(filepath.Join(dir, "templates"))
	if err != nil {
		tb.Fatal(err)
	}
	if err := set.AddFSFor(folder, "templates/", benchgame.GameID); err != nil {
		tb.Fatal(err)
	}
	return cardface.SetItems(g), set
}
