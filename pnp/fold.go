package pnp

import (
	"errors"
	"fmt"
	"image"
	"math"

	"github.com/deckwright/deckwright/internal/pdfgeom"
)

// This file reads fold sheets: fronts on one half of a page, their backs
// turned over on the other.

// fold is what a fold sheet gave.
type fold struct {
	cards      []Card
	report     PageReport
	sharedBack bool    // one half's cards share one picture
	gutter     float64 // mm from the fold line to the nearest card
	vertical   bool    // folded along the vertical middle line
}

// readFold reads a page with fronts on one half and backs on the other.
// The fold runs across the middle of the page, up-down or left-right,
// whichever pairs more cards; the half whose cards all share one picture
// holds the backs, else the left (or top) half holds the fronts. With
// fromWhole, halves that hold no grid of their own are read from the
// whole page's (foldWhole): where the page is known to be a fold sheet,
// or to follow one; reading the whole page again on every first page
// whose layout is guessed cost a tenth to a half of an import's time.
func (im *importer) readFold(nr int, fromWhole bool) (*fold, error) {
	s, err := im.load(nr)
	if err != nil {
		return nil, err
	}
	if len(s.cards) == 0 && im.geometryGrid(s) != nil {
		// A page that states its cards in its shapes is folded between
		// them: its halves read again from the picture would be weaker
		// evidence than what it states (a fold of cards drawn as frames
		// with text in light grey found no grid on either half).
		// Its halves must mirror each other as stated, to a millimetre:
		// a sheet of one card printed throughout, off the page's middle,
		// pairs each card with one a column away from where folding
		// puts it.
		fd, err := im.foldWhole(s)
		if err == nil && fd.pairs() > 0 && mirrored(s.p.shapes, fd.vertical, s.p.w, s.p.h) {
			return fd, nil
		}
	}
	var best *fold
	var errs []error
	for _, vertical := range []bool{true, false} {
		fd, err := im.foldHalves(s, vertical)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		if best == nil || fd.rank() > best.rank() {
			best = fd
		}
	}
	if best == nil && fromWhole {
		fd, err := im.foldWhole(s)
		if err == nil && fd.pairs() > 0 {
			return fd, nil
		}
		errs = append(errs, err)
	}
	if best == nil {
		return nil, fmt.Errorf("page %d: not a fold sheet: %w", nr, errors.Join(errs...))
	}
	return best, nil
}

// mirrored reports whether every box has another (or itself) at its
// mirrored place across a w×h mm page's middle line (vertical: the
// vertical one), within a millimetre.
func mirrored(boxes []pdfgeom.Rect, vertical bool, w, h float64) bool {
	for _, b := range boxes {
		mx, my := w-b.X-b.W, b.Y
		if !vertical {
			mx, my = b.X, h-b.Y-b.H
		}
		found := false
		for _, o := range boxes {
			if math.Abs(o.X-mx) <= 1 && math.Abs(o.Y-my) <= 1 {
				found = true
				break
			}
		}
		if !found {
			return false
		}
	}
	return true
}

// rank orders the ways to fold a sheet: one half holding a shared back
// first, then more cards paired.
func (f *fold) rank() int {
	r := f.pairs() + 100*min(int(f.gutter), 99)
	if f.sharedBack {
		r += 100000
	}
	return r
}

func (f *fold) pairs() int {
	n := 0
	for _, c := range f.cards {
		if c.Back != nil {
			n++
		}
	}
	return n
}

// foldHalves reads the two halves of a fold sheet folded along the
// vertical (or horizontal) middle line.
func (im *importer) foldHalves(s *source, vertical bool) (*fold, error) {
	w, h := s.p.w, s.p.h
	var a, b Rect
	if vertical {
		a, b = Rect{W: w / 2, H: h}, Rect{X: w / 2, W: w / 2, H: h}
	} else {
		a, b = Rect{W: w, H: h / 2}, Rect{Y: h / 2, W: w, H: h / 2}
	}
	first, err := im.readRegion(s, a)
	if err != nil {
		return nil, err
	}
	second, err := im.readRegion(s, b)
	if err != nil {
		return nil, err
	}
	return im.foldOf(s, vertical, first, second)
}

// foldWhole reads a fold sheet whose halves hold no grid of their own (one
// card and its back, each alone on its half) from the grid of the whole
// page: the cards on either side of the fold line, folded along whichever
// middle line no card crosses.
func (im *importer) foldWhole(s *source) (*fold, error) {
	whole, err := im.readRegion(s, Rect{W: s.p.w, H: s.p.h})
	if err != nil {
		return nil, err
	}
	var best *fold
	for _, vertical := range []bool{true, false} {
		if crossesFold(whole, vertical) {
			continue
		}
		first, second := *whole, *whole
		first.cuts, second.cuts = nil, nil
		for _, c := range whole.cuts {
			if vertical && c.box.cx() < s.p.w/2 || !vertical && c.box.cy() < s.p.h/2 {
				first.cuts = append(first.cuts, c)
			} else {
				second.cuts = append(second.cuts, c)
			}
		}
		if len(first.cuts) == 0 || len(second.cuts) == 0 {
			continue
		}
		fd, err := im.foldOf(s, vertical, &first, &second)
		if err == nil && (best == nil || fd.rank() > best.rank()) {
			best = fd
		}
	}
	if best == nil {
		return nil, fmt.Errorf("no card on one side of the fold and its back on the other")
	}
	return best, nil
}

// foldOf pairs the cards of a fold sheet's two halves.
func (im *importer) foldOf(s *source, vertical bool, first, second *side) (*fold, error) {
	w, h := s.p.w, s.p.h
	for _, sd := range []*side{first, second} {
		for _, c := range sd.cuts {
			if acrossFold(c.box, vertical, w, h) {
				return nil, fmt.Errorf("a card crosses the fold")
			}
		}
	}
	fronts, backs := first, second
	if uniform(first.cuts) && !uniform(second.cuts) {
		fronts, backs = second, first
	}
	shared := uniform(backs.cuts)
	gutter := math.Inf(1)
	for _, sd := range []*side{first, second} {
		for _, c := range sd.cuts {
			if vertical {
				gutter = min(gutter, math.Abs(c.box.X-w/2), math.Abs(c.box.X+c.box.W-w/2))
			} else {
				gutter = min(gutter, math.Abs(c.box.Y-h/2), math.Abs(c.box.Y+c.box.H-h/2))
			}
		}
	}
	mirror := func(r Rect) (float64, float64) {
		if vertical {
			return w - r.cx(), r.cy()
		}
		return r.cx(), h - r.cy()
	}
	if len(s.cards) == 0 && !im.opt.KeepBleed {
		im.alignBacks(s, fronts.cuts, backs.cuts, mirror, 0.5)
	}
	cards := pair(fronts.cuts, backs.cuts, mirror, !vertical, im.opt)
	rep := fronts.report
	rep.Side = "fold"
	return &fold{cards: cards, report: rep, sharedBack: shared, gutter: gutter, vertical: vertical}, nil
}

// alignBacks cuts each back of a rendered fold sheet again where folding
// puts it: at its front's mirrored place, when the grid found on the
// backs' half put it more than minMove mm away (half a millimetre). Folded and cut
// along the fronts' trim lines, the sheet gives that back; and a half of
// identical backs printed to their bleed between cut lines drawn for a
// whole sheet shows fewer clear edges than the fronts' half.
func (im *importer) alignBacks(s *source, fronts, backs []cut, mirror func(Rect) (float64, float64), minMove float64) {
	used := make([]bool, len(backs))
	for _, f := range fronts {
		mx, my := mirror(f.box)
		best, bestD := -1, im.opt.CardW/2
		for j, b := range backs {
			if d := math.Hypot(b.box.cx()-mx, b.box.cy()-my); !used[j] && d < bestD {
				best, bestD = j, d
			}
		}
		if best < 0 {
			continue
		}
		used[best] = true
		if bestD <= minMove {
			continue
		}
		b := backs[best]
		trim := Rect{X: mx - b.box.W/2, Y: my - b.box.H/2, W: b.box.W, H: b.box.H}
		r := image.Rect(int(math.Round(trim.X*s.pxmm)), int(math.Round(trim.Y*s.pxmm)),
			int(math.Round((trim.X+trim.W)*s.pxmm)), int(math.Round((trim.Y+trim.H)*s.pxmm)))
		if !r.In(s.raster.Bounds()) {
			continue
		}
		face := im.finish(subImage(s.raster, r), trim.W, trim.H, b.face.Rotated)
		face.Page, face.Row, face.Col, face.Trim = b.face.Page, b.face.Row, b.face.Col, trim
		backs[best] = cut{face: face, box: trim}
	}
}
