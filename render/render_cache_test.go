package render_test

import (
	"context"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/deckwright/deckwright/layout"
	"github.com/deckwright/deckwright/render"
)

// TestRenderDamagedCache checks that a damaged art cache entry is noted in
// the report and rebuilt, and that the print is as if it were not there:
// one flipped byte in a cache file's header once made every later print
// fail until the cache was deleted.
func TestRenderDamagedCache(t *testing.T) {
	g := gameDir(t, "", []string{"  - {name: Lit, type: unit, image: art/lit.jpg}"},
		map[string][]byte{"cards/art/lit.jpg": jpegBytes(t, paint(900, 1260, 1), 90)})
	items := cardItems(t, g, "Lit")
	opts := render.RenderOptions{Sheet: layout.DefaultOptions(), CacheDir: t.TempDir()}
	run := func() *render.Report {
		t.Helper()
		rep, err := render.Render(context.Background(), io.Discard, items, opts)
		if err != nil {
			t.Fatal(err)
		}
		return rep
	}
	if rep := run(); rep.Cached != 0 || len(rep.Notes) != 0 {
		t.Fatalf("first print: %d cached, notes %v", rep.Cached, rep.Notes)
	}
	files, _ := filepath.Glob(filepath.Join(opts.CacheDir, "*.art"))
	if len(files) != 1 {
		t.Fatalf("cache holds %v, want one file", files)
	}
	b, err := os.ReadFile(files[0])
	if err != nil {
		t.Fatal(err)
	}
	b[8] ^= 'j' ^ 'p' // the type byte: a JPEG said to be a PNG
	if err := os.WriteFile(files[0], b, 0o644); err != nil {
		t.Fatal(err)
	}
	rep := run()
	if rep.Cached != 0 || rep.Images != 1 || len(rep.Notes) != 1 || !strings.Contains(rep.Notes[0], "damaged") {
		t.Fatalf("print over a damaged entry: %d cached, %d images, notes %q; want the art prepared again and one note", rep.Cached, rep.Images, rep.Notes)
	}
	if rep := run(); rep.Cached != 1 || len(rep.Notes) != 0 {
		t.Errorf("print after the rebuild: %d cached, notes %v; want the rebuilt entry used", rep.Cached, rep.Notes)
	}
}
