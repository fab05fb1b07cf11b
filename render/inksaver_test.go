package render_test

import (
	"github.com/deckwright/deckwright/cardsdb/cardsdbtest"
	"testing"

	"github.com/deckwright/deckwright/cardface"
	"github.com/deckwright/deckwright/layout"
	"github.com/deckwright/deckwright/render"
)

// TestInkSaver prints text proxies of every bundled game with and without
// InkSaver: without, the templates' fills and thick frames are drawn; with
// it, no page fills anything and no line is wider than InkSaverLine, while
// the same text is drawn.
func TestInkSaver(t *testing.T) {
	for _, id := range []string{"seeker-chronicles", "arkhtide", "hubworld", "kaizerseat", "seeders"} {
		t.Run(id, func(t *testing.T) {
			g := cardsdbtest.Game(t, id)
			items := cardface.SetItems(g)[:9]
			marks := func(o *render.RenderOptions) { o.Sheet.Marks = layout.MarksNone }
			_, plain := renderPDF(t, items, marks)
			_, saver := renderPDF(t, items, func(o *render.RenderOptions) { marks(o); o.InkSaver = true })
			p, s := plain.pages[0], saver.pages[0]
			if p.fills == 0 {
				t.Errorf("the plain print fills nothing: the test cannot tell")
			}
			if s.fills != 0 {
				t.Errorf("the ink-saver print fills %d shapes, want none", s.fills)
			}
			maxPt := render.InkSaverLine * 72 / 25.4
			if s.lineW > maxPt+0.01 {
				t.Errorf("the ink-saver print draws a %.2f pt line, want at most %.2f", s.lineW, maxPt)
			}
			if s.texts != p.texts {
				t.Errorf("the ink-saver print shows %d texts, the plain one %d", s.texts, p.texts)
			}
		})
	}
}
