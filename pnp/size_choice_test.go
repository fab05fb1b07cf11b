package pnp

import (
	"context"
	"math"
	"path/filepath"
	"strings"
	"testing"
)

// TestChooseSize: the game's card size is a prior the pages' own
// measure replaces when it reads them better. dummycards-luatex's pages are
// each one A6 card in a thick frame; at the game's 63x88 mm each reads as
// two landscape halves, and the frame's size reads the pages better on
// most of them. silhouette-duplex's pages read at 63x88, though its
// backs' inner frames measure 51.6x88.9: the fronts read worse so. A size
// given (--card-size, a recipe) is not measured again.
func TestChooseSize(t *testing.T) {
	dummy := Options{CardW: 63, CardH: 88, DPI: 150, Pages: []int{1, 2, 3, 4}}
	res, err := corpusImport(t, "dummycards-luatex.pdf", dummy)
	if err != nil {
		t.Fatal(err)
	}
	if math.Abs(res.CardW-97.9) > 1.5 || math.Abs(res.CardH-140.9) > 1.5 || !strings.Contains(res.SizeReason, "game's 63x88") {
		t.Errorf("dummycards: read at %gx%g (%q), want about 97.9x140.9, measured", res.CardW, res.CardH, res.SizeReason)
	}
	for _, p := range res.Pages {
		if p.Cards != 1 {
			t.Errorf("dummycards page %d: %d cards, want the one a page", p.Page, p.Cards)
		}
	}

	sil, err := corpusImport(t, "silhouette-duplex.pdf", Options{CardW: 63, CardH: 88, DPI: 150})
	if err != nil {
		t.Fatal(err)
	}
	if sil.CardW != 63 || sil.CardH != 88 || sil.SizeReason != "" {
		t.Errorf("silhouette: read at %gx%g (%q), want the game's 63x88", sil.CardW, sil.CardH, sil.SizeReason)
	}

	given := dummy
	given.SizeGiven = true
	g, err := corpusImport(t, "dummycards-luatex.pdf", given)
	if err != nil {
		t.Fatal(err)
	}
	if g.CardW != 63 || g.SizeReason != "" {
		t.Errorf("dummycards with the size given: read at %gx%g (%q), want 63x88", g.CardW, g.CardH, g.SizeReason)
	}

	// The recipe holds the size measured and why, and replays it.
	rec := RecipeOf(res, "dummycards-luatex.pdf", dummy)
	if rec.CardW != res.CardW || rec.SizeWhy == "" {
		t.Fatalf("recipe card size %gx%g (%q), want %gx%g and why", rec.CardW, rec.CardH, rec.SizeWhy, res.CardW, res.CardH)
	}
	parsed, err := ParseRecipe("recipe.yaml", rec.Marshal())
	if err != nil {
		t.Fatal(err)
	}
	opt := parsed.Options()
	opt.rasterEnv = corpusFonts
	again, err := Import(context.Background(), filepath.Join("testdata", "corpus", "dummycards-luatex.pdf"), opt)
	if err != nil {
		t.Fatal(err)
	}
	if again.SizeReason != "" || len(again.Cards) != len(res.Cards) {
		t.Fatalf("replayed: %d cards (%q), want %d at the size the recipe gives", len(again.Cards), again.SizeReason, len(res.Cards))
	}
	for i := range res.Cards {
		if a, b := res.Cards[i].Front.Trim, again.Cards[i].Front.Trim; a != b {
			t.Errorf("card %d: replayed trim %v, want %v", i+1, b, a)
		}
	}
}

// TestSizeOfDrawnCards: pages whose shapes state their cards (see
// geometryGrid) are cut at the shapes' size, and the PDF is said to be
// read at it: bcards-reportlab draws 50.8x88.9 mm business cards on
// both its pages. Before, the size was measured on the pages' pictures
// alone, and a sheet of 63x63 mm text cards whose shapes cut them so
// was said to measure 57.7x63.3 mm.
func TestSizeOfDrawnCards(t *testing.T) {
	t.Parallel()
	res, err := corpusImport(t, "bcards-reportlab.pdf", Options{CardW: 63, CardH: 88, DPI: 150})
	if err != nil {
		t.Fatal(err)
	}
	if math.Abs(res.CardW-50.8) > 0.3 || math.Abs(res.CardH-88.9) > 0.3 || !strings.Contains(res.SizeReason, "rectangles the PDF draws") {
		t.Errorf("read at %gx%g (%q), want 50.8x88.9 as its rectangles state", res.CardW, res.CardH, res.SizeReason)
	}
}
