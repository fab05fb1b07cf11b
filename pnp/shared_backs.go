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

// sharedBacks follows the pages of fronts read so far.
type sharedBacks struct {
	last  *side // the last page of fronts, when it holds several faces
	first int   // where its cards start in the result
	seen  []*faceSig
}

// fronts records sd, read as a page of fronts whose cards start at first
// in the result's cards.
func (b *sharedBacks) fronts(sd *side, first int) {
	var g grouper
	for _, c := range sd.cuts {
		g.add(c.face)
	}
	for _, r := range g.reps {
		b.seen = append(b.seen, r.sig)
	}
	b.last, b.first = nil, 0
	if len(g.reps) > 1 {
		b.last, b.first = sd, first
	}
}

// of reports whether sd is a page of one shared back for the last page of
// fronts; if so it gives that page's cards the back in res and makes sd's
// report a page of backs that says why.
func (b *sharedBacks) of(sd *side, res *Result) bool {
	if b.last == nil || len(sd.cuts) < sharedBackMin {
		return false
	}
	back := newFaceSig(sd.cuts[0].face)
	for _, c := range sd.cuts[1:] {
		if !back.same(newFaceSig(c.face)) {
			return false
		}
	}
	for _, s := range b.seen {
		if s.same(back) {
			return false
		}
	}
	face := sd.cuts[0].face
	for i := range b.last.cuts {
		res.Cards[b.first+i].Back = &face
	}
	sd.report.Side, sd.report.BacksOf = "backs", b.last.report.Page
	sd.report.SideReason = fmt.Sprintf("its %d cards are one face that no page of fronts shows: the back of page %d's cards", len(sd.cuts), b.last.report.Page)
	b.last = nil
	return true
}
