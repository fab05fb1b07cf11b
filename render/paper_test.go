package render_test

import (
	"github.com/deckwright/deckwright/cardsdb/cardsdbtest"
	"testing"

	"github.com/deckwright/deckwright/cardface"
	"github.com/deckwright/deckwright/layout"
	"github.com/deckwright/deckwright/render"
)

// TestRenderSmallAndLargePaper prints poker cards on A5 and on tabloid:
// the pages have the paper's size in its best orientation, and hold the
// cards that fit unscaled within the 5 mm margin.
func TestRenderSmallAndLargePaper(t *testing.T) {
	g := cardsdbtest.Game(t, "seeker-chronicles")
	items := cardface.SetItems(g)[:20]
	for _, tc := range []struct {
		paper      string
		size       layout.Size
		perPage    int
		wPt, hPt   float64 // the page, in points, as Plan turns it
		cols, rows int
		pages      int
	}{
		// A5 148×210: 2×2 poker cards (126×176 mm) portrait.
		{"a5", layout.A5, 4, 419.53, 595.28, 2, 2, 5},
		// Tabloid 11×17 in: 6×3 turned to landscape (378×264 mm of 421.8×269.4).
		{"tabloid", layout.Tabloid, 18, 1224, 792, 6, 3, 2},
	} {
		t.Run(tc.paper, func(t *testing.T) {
			paper, err := layout.ParsePaper(tc.paper)
			if err != nil || paper != tc.size {
				t.Fatalf("ParsePaper(%q) = %v, %v", tc.paper, paper, err)
			}
			rep, doc := renderPDF(t, items, func(o *render.RenderOptions) { o.Sheet.Paper = paper })
			if rep.PerPage != tc.perPage || rep.Sheet.Cols != tc.cols || rep.Sheet.Rows != tc.rows {
				t.Errorf("%d per page (%dx%d), want %d (%dx%d)", rep.PerPage, rep.Sheet.Cols, rep.Sheet.Rows, tc.perPage, tc.cols, tc.rows)
			}
			checkPages(t, rep, doc, tc.pages, tc.wPt, tc.hPt)
		})
	}
}
