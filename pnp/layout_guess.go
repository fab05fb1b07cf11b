package pnp

import (
	"fmt"
	"math"

	"github.com/deckwright/deckwright/cardsdb"
)

// This file guesses where the backs are (Options.Layout auto): duplex
// pages, fold sheets or fronts only.

// uniform reports whether at least two faces were cut and at least two
// thirds of them are one card face (a back most cards share; the others
// may have backs of their own). Faces are compared as Write compares them
// (see faceSig.same): the hash alone sees only the frame of a text card.
func uniform(cuts []cut) bool {
	_, ok := common(cuts)
	return ok
}

// common returns the face most of cuts share, when they are uniform.
func common(cuts []cut) (*faceSig, bool) {
	if len(cuts) < 2 {
		return nil, false
	}
	var g grouper
	for _, c := range cuts {
		g.add(c.face)
	}
	best := g.reps[0]
	for _, r := range g.reps {
		if r.size > best.size {
			best = r
		}
	}
	return best.sig, best.size >= 2 && 3*best.size >= 2*len(cuts)
}

// guessLayout guesses where the backs are (see Import) and says why. It
// looks at the first page that holds cards (and the page after it), so a
// cover or a page of rules first does not decide.
func (im *importer) guessLayout(pages []int) (Layout, string, error) {
	first := -1
	for i, nr := range pages[:min(len(pages), 4)] {
		_, err := im.readWhole(nr)
		if err == nil {
			first = i
			break
		}
		if isFatal(err) {
			return "", "", err
		}
	}
	if first < 0 {
		return LayoutFronts, "no card found on the first pages", nil
	}
	p0 := pages[first]
	if fd, err := im.readFold(p0, false); err == nil && fd.pairs() == len(fd.cards) && len(fd.cards) > 0 {
		var fronts, backs []cut
		for _, c := range fd.cards {
			fronts = append(fronts, cut{face: c.Front})
			backs = append(backs, cut{face: *c.Back})
		}
		// The back most cards share is no card of the fronts' half (a
		// sheet of cards with copies can hold three of one card on one
		// half), and the next page of cards, when there is one, is a
		// fold sheet too.
		if back, ok := common(backs); ok && !holds(fronts, back) && im.foldsToo(pages[first+1:], fd.vertical) {
			if n := alike(backs, back); n < len(backs) {
				im.layoutDoubt = fmt.Sprintf("page %d was read as a fold sheet from %d of its %d backs alike; if its cards have no backs, pass --layout fronts", p0, n, len(backs))
			}
			return LayoutFold, fmt.Sprintf("page %d holds its cards on one half and, mirrored on the other, a back most of them share", p0), nil
		}
		if len(fd.cards) == 1 && fd.sharedBack {
			return LayoutFold, fmt.Sprintf("page %d holds one card on one half and its back on the other", p0), nil
		}
	} else if err != nil && isFatal(err) {
		return "", "", err
	}
	rest := pages[first:]
	if len(rest) < 2 || len(rest)%2 != 0 {
		return LayoutFronts, fmt.Sprintf("%s from page %d on: pages cannot pair as fronts and backs", cardsdb.Plural(len(rest), "page"), p0), nil
	}
	fronts, err := im.readWhole(rest[0])
	if err != nil {
		return "", "", err
	}
	backs, err := im.readBacks(rest[1], fronts)
	if err != nil {
		if isFatal(err) {
			return "", "", err
		}
		return LayoutFronts, fmt.Sprintf("page %d, after page %d, holds no cards", rest[1], p0), nil
	}
	mirrorX := duplexMirrorsX(fronts.w, fronts.h, im.opt.Flip)
	mirrorOf := func(sd *side) func(Rect) (float64, float64) {
		return func(r Rect) (float64, float64) {
			if mirrorX {
				return sd.w - r.cx(), r.cy()
			}
			return r.cx(), sd.h - r.cy()
		}
	}
	matched := func(extraBacks bool) bool {
		n := paired(pair(fronts.cuts, backs.cuts, mirrorOf(fronts), false, im.opt))
		// A page of shared backs may show a card more than the grid
		// found on its fronts (one missed there).
		return n == len(fronts.cuts) && (n == len(backs.cuts) || extraBacks && len(backs.cuts) <= n+max(1, n/8))
	}
	back, shared := common(backs.cuts)
	if shared && !holds(fronts.cuts, back) && matched(true) {
		return LayoutDuplex, fmt.Sprintf("page %d holds %d copies of one back at the mirrored places of page %d's cards", rest[1], len(backs.cuts), rest[0]), nil
	}
	if len(backs.cuts) == 1 && len(fronts.cuts) == 1 {
		// One card a page: pages pair only when every second page shows
		// the same back, which no front shows.
		if len(rest) >= 4 {
			f2, err2 := im.readWhole(rest[2])
			b2, err3 := im.readWhole(rest[3])
			if err2 == nil && err3 == nil && len(f2.cuts) == 1 && len(b2.cuts) == 1 {
				bs := newFaceSig(backs.cuts[0].face)
				if bs.same(newFaceSig(b2.cuts[0].face)) && !bs.same(newFaceSig(fronts.cuts[0].face)) && !bs.same(newFaceSig(f2.cuts[0].face)) {
					return LayoutDuplex, fmt.Sprintf("one card a page, and pages %d and %d show the same back", rest[1], rest[3]), nil
				}
			}
		}
		if ok, why := im.pairsAlternate(rest, fronts, backs, mirrorOf); ok {
			return LayoutDuplex, "one card a page; " + why, nil
		}
		return LayoutFronts, "one card a page, and no back repeats every second page", nil
	}
	if len(fronts.cuts) > 1 && len(fronts.cuts) == len(backs.cuts) && matched(false) {
		// A full grid mirrored is the same grid: two pages of fronts look
		// like fronts and their own backs. A partly filled last pair
		// tells them apart: its backs lie where mirroring puts them, not
		// where the fronts are.
		lf, err1 := im.readWhole(rest[len(rest)-2])
		lb, err2 := im.readWhole(rest[len(rest)-1])
		if err1 == nil && err2 == nil && len(lf.cuts) == len(lb.cuts) && len(lf.cuts) < len(fronts.cuts) &&
			placedAt(lf.cuts, lb.cuts, mirrorOf(lf), im.opt.CardW) &&
			!placedAt(lf.cuts, lb.cuts, ownPlace, im.opt.CardW) {
			return LayoutDuplex, fmt.Sprintf("the partly filled pages %d and %d hold their cards at mirrored places (each card has a back of its own)", rest[len(rest)-2], rest[len(rest)-1]), nil
		}
		agree, disagree := copiesBacks(pair(fronts.cuts, backs.cuts, mirrorOf(fronts), false, im.opt))
		if disagree > agree {
			return LayoutFronts, fmt.Sprintf("page %d's copies of one card lie where page %d holds unlike cards, at the mirrored places: page %d holds no backs of its own, read as fronts", rest[0], rest[1], rest[1]), nil
		}
		if ok, why := im.pairsAlternate(rest, fronts, backs, mirrorOf); ok {
			return LayoutDuplex, why, nil
		}
		if mirroredAlike(fronts.cuts, backs.cuts, mirrorOf(fronts), im.opt.CardW) {
			return LayoutDuplex, fmt.Sprintf("page %d's cards resemble page %d's at the mirrored places: read as their backs, each card with a back of its own", rest[1], rest[0]), nil
		}
		// Two pages alone, in their colours alone: two pages of fronts of
		// two kinds of card (characters, then actions) often lay their
		// ink out otherwise, and where the ink lies took them for a page
		// of fronts and its backs.
		if len(rest) == 2 && colourDistance(lookOf(fronts.cuts), lookOf(backs.cuts)) >= pairUnlike {
			im.layoutDoubt = fmt.Sprintf("pages %d and %d were read as fronts and their own backs as they look unlike; if both are fronts, pass --layout fronts", rest[0], rest[1])
			return LayoutDuplex, fmt.Sprintf("page %d holds as many cards as page %d, in the same places, and looks unlike it: read as their backs, each card with a back of its own", rest[1], rest[0]), nil
		}
		return LayoutFronts, fmt.Sprintf("page %d holds as many cards as page %d, in the same places, but no page shows backs apart from its fronts (pass --layout duplex if each card has a back of its own)", rest[1], rest[0]), nil
	}
	return LayoutFronts, fmt.Sprintf("page %d is not a page of backs for page %d", rest[1], rest[0]), nil
}

// placedAt reports whether every back lies (within a third of a card)
// where at puts one of the fronts.
func placedAt(fronts, backs []cut, at func(Rect) (float64, float64), cardW float64) bool {
	for _, b := range backs {
		ok := false
		for _, f := range fronts {
			x, y := at(f.box)
			if math.Hypot(b.box.cx()-x, b.box.cy()-y) < cardW/3 {
				ok = true
				break
			}
		}
		if !ok {
			return false
		}
	}
	return true
}

// holds reports whether one of cuts shows face: a page of fronts does not
// hold the back printed behind it (two pages of fronts, each mostly one
// card, are not a page of fronts and its backs).
// alike counts the cuts that show face.
func alike(cuts []cut, face *faceSig) int {
	n := 0
	for _, c := range cuts {
		if face.same(newFaceSig(c.face)) {
			n++
		}
	}
	return n
}

// foldsToo reports whether the first of pages that holds cards, if any
// does (of the next three), reads as a fold sheet with a back most of its
// cards share and none of its fronts shows, or, where its halves hold no grid of their own (one card
// and its back), keeps each of its cards on one side of the fold
// (vertical: the vertical middle line) as a fold sheet does.
func (im *importer) foldsToo(pages []int, vertical bool) bool {
	for _, nr := range pages[:min(len(pages), 3)] {
		whole, err := im.readWhole(nr)
		if err != nil {
			continue
		}
		fd, err := im.readFold(nr, true)
		if err != nil && !isFatal(err) {
			return len(whole.cuts) > 1 && !crossesFold(whole, vertical)
		}
		if err != nil || fd.pairs() != len(fd.cards) || len(fd.cards) == 0 {
			return false
		}
		var fronts, backs []cut
		for _, c := range fd.cards {
			fronts = append(fronts, cut{face: c.Front})
			backs = append(backs, cut{face: *c.Back})
		}
		if len(fd.cards) == 1 {
			return true
		}
		// As on the first sheet, the back is no card of the fronts'
		// half: a page of one back repeated (plain backs after a page
		// of fronts) mirrors itself, and is no fold sheet.
		back, ok := common(backs)
		return ok && !holds(fronts, back)
	}
	return true
}

func holds(cuts []cut, face *faceSig) bool {
	for _, c := range cuts {
		if face.same(newFaceSig(c.face)) {
			return true
		}
	}
	return false
}

// crossesFold reports whether a card of sd crosses the page's middle line
// (vertical: the vertical one), where a fold sheet is folded.
func crossesFold(sd *side, vertical bool) bool {
	for _, c := range sd.cuts {
		if acrossFold(c.box, vertical, sd.w, sd.h) {
			return true
		}
	}
	return false
}

// acrossFold reports whether box runs more than half a millimetre past
// both sides of a w×h mm page's middle line (vertical: the vertical one):
// a card cut edge to edge with its back at the fold may start a hair
// before the line.
func acrossFold(box Rect, vertical bool, w, h float64) bool {
	if vertical {
		return box.X < w/2-0.5 && box.X+box.W > w/2+0.5
	}
	return box.Y < h/2-0.5 && box.Y+box.H > h/2+0.5
}
