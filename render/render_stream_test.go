package render_test

import (
	"bytes"
	"context"
	"github.com/deckwright/deckwright/cardsdb/cardsdbtest"
	"testing"

	"github.com/deckwright/deckwright/cardface"
	"github.com/deckwright/deckwright/layout"
	"github.com/deckwright/deckwright/render"
)

// TestRenderStreams checks that Render writes its PDF as it goes, page by
// page, rather than holding the whole document until the end (a print of
// millions of cards once went past 5 GB): by the time the last page is
// drawn, most of the PDF is written.
func TestRenderStreams(t *testing.T) {
	set := cardface.SetItems(cardsdbtest.Game(t, "seeker-chronicles"))
	items := make([]cardface.Item, 540) // 60 pages of 9
	for i := range items {
		items[i] = set[i%len(set)]
	}
	var w bytes.Buffer
	var before int // bytes written when the last page was begun
	opts := render.RenderOptions{Sheet: layout.DefaultOptions(), Progress: func(stage string, done, total int) {
		if stage == "pages" && done == total-9 {
			before = w.Len()
		}
	}}
	rep, err := render.Render(context.Background(), &w, items, opts)
	if err != nil {
		t.Fatal(err)
	}
	if rep.Pages != 60 {
		t.Fatalf("%d pages, want 60", rep.Pages)
	}
	t.Logf("%d of %d bytes written before the last page", before, w.Len())
	if before < w.Len()/2 {
		t.Errorf("only %d of %d bytes were written before the last page: the PDF is not streamed", before, w.Len())
	}
	if !bytes.HasPrefix(w.Bytes(), []byte("%PDF-1.7\n")) || !bytes.HasSuffix(w.Bytes(), []byte("%%EOF\n")) {
		t.Errorf("not a whole PDF: %q ... %q", w.Bytes()[:10], w.Bytes()[w.Len()-10:])
	}
	gamesReadPDF(t, w.Bytes())
}
