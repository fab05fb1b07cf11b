package pnp

import (
	"context"
	"path/filepath"
	"testing"
)

// TestSilhouetteDuplexBacks imports silhouette-card-maker's own duplex
// output (the corpus's silhouette-duplex.pdf: 12 fronts on two pages of
// 4x2 slots, every back one design, drawn edge to edge and turned over
// top to bottom) with the game's 63x88 mm size: it is read as duplex,
// every card gets its back, and the one back design is one shared back,
// not several faces cut across two backs each. (At 150 DPI the backs
// behind the partly filled page 3, whose one row of fronts is cut about
// 2.6 mm off, are not all cut alike yet: see the corpus manifest.)
func TestSilhouetteDuplexBacks(t *testing.T) {
	t.Parallel()
	needPdftoppm(t)
	if testing.Short() {
		t.Skip("renders four pages")
	}
	// The import TestCorpus reads the file with (the manifest's dpi: 300).
	res, err := corpusImport(t, "silhouette-duplex.pdf", Options{CardW: 63, CardH: 88, DPI: 300})
	if err != nil {
		t.Fatal(err)
	}
	if res.Layout != LayoutDuplex {
		t.Fatalf("layout %q (%s), want duplex", res.Layout, res.LayoutReason)
	}
	if len(res.Cards) != 12 {
		t.Fatalf("%d cards, want 12", len(res.Cards))
	}
	for i, c := range res.Cards {
		if c.Back == nil {
			t.Fatalf("card %d (page %d r%dc%d) has no back", i+1, c.Front.Page, c.Front.Row, c.Front.Col)
		}
	}
	_, g := seeker(t)
	sum, err := Write(context.Background(), res, filepath.Join(t.TempDir(), "o"), WriteOptions{Game: g})
	if err != nil {
		t.Fatal(err)
	}
	if sum.Distinct != 12 || sum.SharedBacks != 1 || sum.OwnBacks != 0 {
		t.Errorf("%d distinct cards, %d shared backs, %d own backs; want 12, 1 and 0", sum.Distinct, sum.SharedBacks, sum.OwnBacks)
	}
}
