package render_test

import (
	"context"
	"io"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/deckwright/deckwright/cardface"
	"github.com/deckwright/deckwright/cardsdb"
	"github.com/deckwright/deckwright/layout"
	"github.com/deckwright/deckwright/render"
	"github.com/deckwright/deckwright/templates"
)

// countingSource counts the faces it lays out.
type countingSource struct {
	set *templates.Set
	n   atomic.Int64
}

func (s *countingSource) Render(c *cardsdb.Card, g *cardsdb.Game, size cardsdb.Size, side templates.Side) (templates.Layout, []templates.Warning) {
	s.n.Add(1)
	return s.set.Render(c, g, size, side)
}

// TestRenderLaysOutOncePerCard: the copies of a card share one layout
// (issue 25, item 9: 200 copies of a card with 7 MB of rules text took
// 28 s, laid out 200 times), and its warnings are given once; the text
// laid out is bounded.
func TestRenderLaysOutOncePerCard(t *testing.T) {
	huge := strings.Repeat("Draw a card. ", 7<<20/13)
	g := gameDir(t, "", []string{"  - {name: Verbose, type: unit, text: \"" + huge + "\"}", "  - {name: Plain, type: unit}"}, nil)
	var items []cardface.Item
	for range 200 {
		items = append(items, cardItems(t, g, "Verbose", "Plain")...)
	}
	set, err := templates.LoadBundled()
	if err != nil {
		t.Fatal(err)
	}
	src := &countingSource{set: set}
	rep, err := render.Render(context.Background(), io.Discard, items, render.RenderOptions{Sheet: layout.DefaultOptions(), Templates: src})
	if err != nil {
		t.Fatal(err)
	}
	if n := src.n.Load(); n != 2 {
		t.Errorf("laid out %d faces for 400 copies of 2 cards, want 2", n)
	}
	cut := 0
	for _, w := range rep.Warnings {
		if w.Card == "Verbose" {
			cut++
		}
	}
	if cut != 2 || !strings.Contains(rep.Warnings[0].Message, "KiB: only its first 16 KiB are used") {
		t.Errorf("warnings %v: want the bound and the cut, once", rep.Warnings)
	}
}
