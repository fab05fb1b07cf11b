package pnp

import "fmt"

// This file tells, among pages read as fronts (a guessed layout of
// fronts only), a page of one shared back: every card on it one face,
// shown by no page of fronts, after a page of fronts that holds cards of
// several faces (a deck's 9 red backs after its last page of fronts). Its
// cards are not fronts: they are the backs of the page of fronts before
// it. A page of copies of one card that a page before shows too (two
// pages of one business card) stays fronts, as does such a page first.

// sharedBackMin is the fewest cards a page of one shared back shows.
const sharedBackMin = 4

// sharedBacks follows the pages of fronts read so far. It compares faces
// only when a page of one face shows up: most PDFs have none.
type sharedBacks struct {
	pages  []*side // the pages of fronts, in order
	first  int     // where the last one's cards start in the result
	paired bool    // the last one has its backs
}

// fronts records sd, read as a page of fronts whose cards start at first
// in the result's cards.
func (b *sharedBacks) fronts(sd *side, first int) {
	b.pages, b.first, b.paired = append(b.pages, sd), first, false
}

// of reports whether sd is a page of one shared back for the last page of
// fronts; if so it gives that page's cards the back in res and makes sd's
// report a page of backs that says why.
func (b *sharedBacks) of(sd *side, res *Result) bool {
	if len(b.pages) == 0 || b.paired || len(sd.cuts) < sharedBackMin {
		return false
	}
	last := b.pages[len(b.pages)-1]
	if len(last.cuts) < 2 {
		return false
	}
	back := newFaceSig(sd.cuts[0].face)
	for _, c := range sd.cuts[1:] {
		if !back.same(newFaceSig(c.face)) {
			return false
		}
	}
	// The page before holds several faces, and no page of fronts this
	// one.
	one := newFaceSig(last.cuts[0].face)
	several := false
	for _, c := range last.cuts[1:] {
		if !one.same(newFaceSig(c.face)) {
			several = true
			break
		}
	}
	if !several {
		return false
	}
	for _, p := range b.pages {
		if holds(p.cuts, back) {
			return false
		}
	}
	face := sd.cuts[0].face
	for i := range last.cuts {
		res.Cards[b.first+i].Back = &face
	}
	sd.report.Side, sd.report.BacksOf = "backs", last.report.Page
	sd.report.SideReason = fmt.Sprintf("its %d cards are one face that no page of fronts shows: the back of page %d's cards", len(sd.cuts), last.report.Page)
	b.paired = true
	return true
}
