package pnp

import (
	"context"
	"fmt"
	"image"
	"math"
	"testing"

	"github.com/disintegration/imaging"

	"github.com/deckwright/deckwright/layout"
)

// roundTrip prints a deck with deckwright's printer and imports it back:
// the same cards in the same order, each cut within 0.5 mm of its trim
// line, images matching the art (PSNR ≥ 30 dB).
func roundTrip(t *testing.T, o layout.Options, lay Layout, flip string, dpi int, raster bool) {
	t.Helper()
	sheet, err := layout.Plan(o)
	if err != nil {
		t.Fatal(err)
	}
	per := sheet.PerPage()
	n := per + 1 // a second page with one card: a partly empty last row
	key := fmt.Sprintf("%+v/%d/%d", o, n, dpi)
	pr := sharedPrintDeck(t, key, n, o, dpi)
	res, err := Import(context.Background(), pr.path, Options{Layout: lay, Flip: flip, DPI: dpi, CardW: 63, CardH: 88,
		MaxPages: 10, forceRaster: raster}.withCard(o.Card))
	if err != nil {
		t.Fatalf("Import: %v", err)
	}
	if len(res.Cards) != n {
		t.Fatalf("%d cards, want %d (pages %+v)", len(res.Cards), n, res.Pages)
	}
	// Cutting guides outside the cards are told from none; short crop
	// marks and the part of cut lines outside the cards can look alike
	// (2.2 mm of either beside poker cards on Letter), so either name is
	// taken for them.
	want := map[string]bool{"images": !raster}
	if raster {
		guides := o.Marks != layout.MarksNone
		want = map[string]bool{"marks": guides, "lines": guides, "gaps": !guides}
	}
	if m := res.Pages[0].Method; !want[m] {
		t.Errorf("page 1 found by %q with marks %s", m, o.Marks)
	}
	landscape := o.Card.W > o.Card.H
	expect := func(img image.Image) image.Image {
		if landscape {
			return imaging.Rotate270(img)
		}
		return img
	}
	for k, c := range res.Cards {
		slot := pr.sheet.Slots[k%per]
		page := k/per + 1
		if o.Backs == layout.BacksLong || o.Backs == layout.BacksShort {
			page = 2*(k/per) + 1
		}
		f := c.Front
		if f.Page != page || f.Row != slot.Row+1 || f.Col != slot.Col+1 {
			t.Errorf("card %d at page %d r%dc%d, want page %d r%dc%d", k, f.Page, f.Row, f.Col, page, slot.Row+1, slot.Col+1)
		}
		if f.Rotated != landscape {
			t.Errorf("card %d: Rotated = %v, want %v", k, f.Rotated, landscape)
		}
		for _, d := range []float64{f.Trim.X - slot.X, f.Trim.Y - slot.Y, f.Trim.X + f.Trim.W - slot.X - slot.W, f.Trim.Y + f.Trim.H - slot.Y - slot.H} {
			if math.Abs(d) > 0.5 {
				t.Errorf("card %d cut at %+v, trim is %+v: %.2f mm off", k, f.Trim, slot.Trim(), d)
				break
			}
		}
		if p := psnr(f.Image, expect(pr.fronts[k])); p < 30 {
			t.Errorf("card %d: front PSNR %.1f dB against its art, want ≥ 30", k, p)
		}
		if k+1 < n {
			if p := psnr(f.Image, expect(pr.fronts[k+1])); p >= 30 {
				t.Errorf("card %d: front matches card %d's art too (%.1f dB): art not distinctive", k, k+1, p)
			}
		}
		if o.Backs == layout.BacksNone {
			if c.Back != nil {
				t.Errorf("card %d has a back in a fronts-only PDF", k)
			}
			continue
		}
		if c.Back == nil {
			t.Errorf("card %d has no back", k)
			continue
		}
		if p := psnr(c.Back.Image, expect(pr.backs[k])); p < 30 {
			t.Errorf("card %d: back PSNR %.1f dB against its back art, want ≥ 30", k, p)
		}
	}
}

// withCard sets the card size Import is told: the printed card's, turned
// portrait.
func (o Options) withCard(s layout.Size) Options {
	o.CardW, o.CardH = min(s.W, s.H), max(s.W, s.H)
	return o
}

var (
	papers = []struct {
		name string
		size layout.Size
	}{{"a4", layout.A4}, {"letter", layout.Letter}}
	cardSizes = []struct {
		name string
		size layout.Size
	}{{"poker", layout.Poker}, {"bridge", layout.Bridge}, {"landscape", layout.Poker.Rotated()}}
	markStyles = []layout.MarkStyle{layout.MarksCrop, layout.MarksLines, layout.MarksNone}
	backModes  = []struct {
		mode layout.BackMode
		lay  Layout
		flip string
	}{{layout.BacksNone, LayoutFronts, ""}, {layout.BacksLong, LayoutDuplex, "long"}, {layout.BacksShort, LayoutDuplex, "short"}, {layout.BacksFold, LayoutFold, ""}}
)

// TestRoundTrip imports every layout deckwright prints: card size × bleed
// × marks × backs on A4, and poker cards on Letter.
func TestRoundTrip(t *testing.T) { testRoundTrip(t, false) }

// TestRoundTripRaster is TestRoundTrip with every page rendered by
// pdftoppm and its grid found on the raster, as for a PDF whose cards are
// not separate images.
func TestRoundTripRaster(t *testing.T) {
	needPdftoppm(t)
	testRoundTrip(t, true)
}

func testRoundTrip(t *testing.T, raster bool) {
	for _, paper := range papers {
		for ci, card := range cardSizes {
			for bi, bleed := range []float64{0, 3} {
				for mi, marks := range markStyles {
					// the case's number among the raster run's card × bleed × marks
					i := (ci*2+bi)*len(markStyles) + mi
					for k, b := range backModes {
						if raster {
							// The raster run reads the grid from the pixels,
							// which the card size, the bleed and the marks
							// draw: every one of those 18 cases, each with
							// one back mode (every mode meets every mark
							// style and card size) and poker cards on both
							// papers. The vector run above has the whole
							// matrix; the raster one had it too, at 107 s of
							// CPU for the same findings.
							poker := card.name == "poker"
							if k != i%len(backModes) || paper.name == "letter" && (!poker || i%2 == 0) || paper.name == "a4" && poker && i%2 == 1 {
								continue
							}
						} else if paper.name == "letter" && card.name != "poker" {
							// Letter with poker cards, every mark style and
							// back mode; A4 has every card size (the other
							// sizes on Letter place their cards by the same
							// plan, and took 15 s of CPU more).
							continue
						}
						name := fmt.Sprintf("%s/%s/bleed%g/%s/%s", paper.name, card.name, bleed, marks, b.mode)
						t.Run(name, func(t *testing.T) {
							t.Parallel()
							o := layout.DefaultOptions()
							o.Paper, o.Card, o.Bleed, o.Marks, o.Backs = paper.size, card.size, bleed, marks, b.mode
							roundTrip(t, o, b.lay, b.flip, 100, raster)
						})
					}
				}
			}
		}
	}
}
