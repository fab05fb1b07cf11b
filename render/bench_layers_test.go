package render_test

import (
	"context"
	"flag"
	"io"
	"path/filepath"
	"testing"

	"github.com/deckwright/deckwright/cardface"
	"github.com/deckwright/deckwright/cardsdb"
	"github.com/deckwright/deckwright/internal/benchgame"
	"github.com/deckwright/deckwright/layout"
	"github.com/deckwright/deckwright/render"
	"github.com/deckwright/deckwright/templates"
)

// writeLayered writes the layered-faces benchmark's game to this folder
// and stops: go test ./render -run TestWriteLayeredGame -layered DIR, for
// measuring the command line (time, memory) on it.
var benchLayeredN = flag.Int("layered-n", 1000, "cards in BenchmarkLayered1000")

var layeredCrop = flag.Bool("layered-crop", false, "with -layered: art of 800x600, to be cut to the window")

var writeLayeredTo = flag.String("layered", "", "write the 1,000-card layered game of BenchmarkLayered1000 to this folder")

func TestWriteLayeredGame(t *testing.T) {
	if *writeLayeredTo == "" {
		t.Skip("run with -layered DIR")
	}
	w, h := 626, 449 // the art window at 300 DPI
	if *layeredCrop {
		w, h = 800, 600
	}
	writeLayeredGame(t, *writeLayeredTo, *benchLayeredN, w, h)
}

// writeLayeredGame writes the benchmark's game (internal/benchgame).
func writeLayeredGame(tb testing.TB, dir string, n, artW, artH int) {
	tb.Helper()
	if err := benchgame.Write(dir, n, artW, artH); err != nil {
		tb.Fatal(err)
	}
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
	g, _ := db.Game("layered")
	set, err := templates.LoadBundled()
	if err != nil {
		tb.Fatal(err)
	}
	folder, err := cardsdb.OpenFolder(filepath.Join(dir, "templates"))
	if err != nil {
		tb.Fatal(err)
	}
	if err := set.AddFSFor(folder, "templates/", "layered"); err != nil {
		tb.Fatal(err)
	}
	return cardface.SetItems(g), set
}

// BenchmarkLayered1000 prints 1,000 cards with layered faces (a frame
// image, an art window of each card's own art, two shapes and four text
// layers) cold to a PDF at 300 DPI: every template, font and picture read,
// fitted and encoded afresh. The target (issue 22) is 5 s on two cores.
// "window" art has the art window's shape (a designer's art made for
// it); "crop" art must be cut to it.
func BenchmarkLayered1000(b *testing.B) {
	for _, tc := range []struct {
		name       string
		artW, artH int
	}{{"window", 626, 449}, {"crop", 800, 600}} {
		b.Run(tc.name, func(b *testing.B) {
			dir := b.TempDir()
			writeLayeredGame(b, dir, *benchLayeredN, tc.artW, tc.artH)
			b.ResetTimer()
			for b.Loop() {
				items, set := layeredItems(b, dir)
				opts := render.RenderOptions{Sheet: layout.DefaultOptions(), DPI: 300, Templates: set}
				rep, err := render.Render(context.Background(), io.Discard, items, opts)
				if err != nil {
					b.Fatal(err)
				}
				if rep.TextFaces != *benchLayeredN || len(rep.Warnings) != 0 {
					b.Fatalf("%d faces, warnings %v", rep.TextFaces, rep.Warnings[:min(3, len(rep.Warnings))])
				}
			}
			b.ReportMetric(float64(b.Elapsed().Milliseconds())/float64(b.N), "ms/1000cards")
		})
	}
}
