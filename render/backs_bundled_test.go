package render_test

import (
	"github.com/deckwright/deckwright/cardsdb/cardsdbtest"
	"slices"
	"testing"

	"github.com/deckwright/deckwright/cardface"
	"github.com/deckwright/deckwright/layout"
	"github.com/deckwright/deckwright/render"
)

// TestBundledBacks prints every bundled game's whole set duplex: every
// default back is drawn from the game's back image (or its card type's),
// with no warning, and Kaizerseat's Thronecards and Seatcards get backs of
// their own: the PDF holds one back image per kind of back, each drawn
// once per card of that kind.
func TestBundledBacks(t *testing.T) {
	for _, id := range []string{"arkhtide", "hubworld", "kaizerseat", "seeders", "seeker-chronicles"} {
		t.Run(id, func(t *testing.T) {
			items := cardface.SetItems(cardsdbtest.Game(t, id))
			want := map[string]int{} // back image -> default backs that show it
			for _, it := range items {
				if !it.Own {
					want[it.Back.Image]++
				}
			}
			rep, doc := renderPDF(t, items, func(o *render.RenderOptions) { o.Sheet.Backs = layout.BacksLong })
			if len(rep.Warnings) != 0 {
				t.Errorf("warnings: %v", rep.Warnings)
			}
			got := map[string]int{} // image name in the PDF -> draws
			for i, p := range doc.pages {
				if i%2 == 1 {
					for _, d := range p.draws {
						got[d.name]++
					}
				}
			}
			counts := func(m map[string]int) []int {
				var out []int
				for _, n := range m {
					out = append(out, n)
				}
				slices.Sort(out)
				return out
			}
			if !slices.Equal(counts(got), counts(want)) {
				t.Errorf("back images drawn %v times, want %v (%v)", counts(got), counts(want), want)
			}
			if id == "kaizerseat" && len(want) != 3 {
				t.Errorf("Kaizerseat backs: %v, want the game's, the Thronecards' and the Seatcards'", want)
			}
		})
	}
}
