package pnp

import (
	"fmt"
	"image"
	"math"
	"slices"
	"strings"
)

// This file chooses the card size a PDF's pages are read at. The game's
// size is a prior, not the answer: the first pages that hold cards are
// read at it and at every size measured on them (see pageSizes), each
// reading is scored by the one objective fitScore, and the size whose
// readings score best over those pages wins. The game's size wins ties:
// it is given tieMargin a page.

// sizePages is how many pages holding cards the size is chosen on.
const sizePages = 4

// sizeSame is how far apart (a fraction, along each axis) two sizes
// measured on different pages may be and still be one size.
const sizeSame = 0.02

// sizeVote is one card size measured on the pages and how well it reads
// them against the size given.
type sizeVote struct {
	w, h float64 // portrait, mm
	seen int     // the pages it was measured on
	// gain is the sum over the pages of its reading's fitScore less the
	// size given's and tieMargin; wins and losses count the pages it
	// read better (by tieMargin) and worse.
	gain         float64
	wins, losses int
	pages        []int // the pages it read
}

// chooseSize returns the card size the pages should be read at and why,
// when it is not the one given (Options.CardW and CardH); else why is "".
// The pages voting are the first sizePages the size given reads cards
// on (a page it reads none on is read at the sizes measured on it alone,
// see pageGridOf). A size measured wins when it was measured on two of
// them (the size the cards are is seen again: one page alone, whose text
// cards' inner rules can pass for a lattice, does not decide), reads
// them better in all (gain) and reads more of them better than worse.
func (im *importer) chooseSize(pages []int) (w, h float64, why string) {
	gw, gh := im.opt.CardW, im.opt.CardH
	type pageRead struct {
		s  *source
		nr int
		gs float64
	}
	var read []pageRead
	var drawn [][2]float64 // the cards' sizes the shapes of pages state
	var drawnOn []int
	for _, nr := range pages[:min(len(pages), 2*sizePages)] {
		if len(read)+len(drawn) == sizePages || im.ctx.Err() != nil {
			break
		}
		s, err := im.load(nr)
		if err != nil || len(s.cards) > 0 || s.raster == nil {
			// Pages of card images are cut at the images' own size.
			continue
		}
		if g := im.geometryGrid(s); g != nil && len(g.cells) > 0 {
			// Pages whose shapes state their cards are cut there (see
			// geometryGrid), at the size the shapes have.
			t := g.cells[0].trim
			w, h := float64(t.Dx())/s.pxmm, float64(t.Dy())/s.pxmm
			drawn = append(drawn, [2]float64{min(w, h), max(w, h)})
			drawnOn = append(drawnOn, nr)
			continue
		}
		if gs := im.sizeScore(s, s.wholePx(), gw, gh, false); gs > 0 {
			read = append(read, pageRead{s, nr, gs})
		}
	}
	const need = 2 // one page alone does not outvote the game's size
	if len(drawn) >= need && len(read) == 0 {
		w, h := drawn[0][0], drawn[0][1]
		for _, d := range drawn[1:] {
			if math.Abs(d[0]-w) > sizeSame*w || math.Abs(d[1]-h) > sizeSame*h {
				return gw, gh, ""
			}
		}
		if math.Abs(w-gw) <= sizeSame*gw && math.Abs(h-gh) <= sizeSame*gh {
			return gw, gh, ""
		}
		w, h = math.Round(w*10)/10, math.Round(h*10)/10
		return w, h, fmt.Sprintf("the cards measure %sx%s mm on %s, as the rectangles the PDF draws state (pass --card-size to choose)", mm(w), mm(h), pagesNamed(drawnOn))
	}
	open := 0
	for _, p := range read {
		if p.gs < 1-tieMargin {
			open++ // a page another size can read better
		}
	}
	if open < need {
		return gw, gh, ""
	}
	var votes []*sizeVote
	for _, p := range read {
		var here []*sizeVote
		for _, sz := range pageSizes(p.s.raster, p.s.wholePx(), im.opt.DPI, gw, gh) {
			v := sameSize(votes, sz[0], sz[1])
			if v == nil {
				v = &sizeVote{w: sz[0], h: sz[1]}
				votes = append(votes, v)
			}
			if !slices.Contains(here, v) {
				here = append(here, v)
				v.seen++
			}
		}
	}
	var win *sizeVote
	for _, v := range votes {
		if v.seen < need {
			continue
		}
		for i, p := range read {
			if im.ctx.Err() != nil {
				return gw, gh, ""
			}
			sc := im.sizeScore(p.s, p.s.wholePx(), v.w, v.h, true)
			v.gain += sc - p.gs - tieMargin
			if sc > 0 {
				v.pages = append(v.pages, p.nr)
			}
			switch {
			case sc > p.gs+tieMargin:
				v.wins++
			case sc < p.gs-tieMargin:
				v.losses++
			}
			if left := len(read) - i - 1; v.wins+left <= v.losses || v.wins+left < need {
				break // it cannot win
			}
		}
		if v.gain > 0 && v.wins > v.losses && v.wins >= need && (win == nil || v.gain > win.gain) {
			win = v
		}
	}
	if win == nil {
		return gw, gh, ""
	}
	why = fmt.Sprintf("the cards measure %sx%s mm on %s; they read better so than at the game's %sx%s mm (pass --card-size to choose)",
		mm(win.w), mm(win.h), pagesNamed(win.pages), mm(gw), mm(gh))
	return win.w, win.h, why
}

// sizeScore is how well cards of w×h mm read region px of page s: the
// fitScore of its grid at that size, or 0 when there is none or the
// page's reading would not take its cells for cards (see pageGridOf and
// readRegion): cut lines or, for a size measured (not the game's: its
// grid must show card edges as well as repeat), the cells' edges running
// through print; one picture running on across the cells.
func (im *importer) sizeScore(s *source, px image.Rectangle, w, h float64, measured bool) float64 {
	g, err := im.sizedGrid(s, px, w, h)
	if err != nil || g == nil || len(g.cells) == 0 {
		return 0
	}
	if (measured || g.method == "lines") && !edgesInked(s.raster, g.cells, s.pxmm) {
		return 0
	}
	if len(g.cells) > 1 {
		if pic, _ := pictureAcross(s.raster, g.cells, s.pxmm); pic {
			return 0
		}
	}
	return fitScore(s.raster, g)
}

// sameSize returns the vote for a size within sizeSame of w×h, or nil.
func sameSize(votes []*sizeVote, w, h float64) *sizeVote {
	for _, v := range votes {
		if math.Abs(v.w-w) <= sizeSame*v.w && math.Abs(v.h-h) <= sizeSame*v.h {
			return v
		}
	}
	return nil
}

// pagesNamed names pages: "page 3", "pages 1, 2 and 4".
func pagesNamed(nrs []int) string {
	if len(nrs) == 1 {
		return fmt.Sprintf("page %d", nrs[0])
	}
	var parts []string
	for _, nr := range nrs {
		parts = append(parts, fmt.Sprint(nr))
	}
	return "pages " + strings.Join(parts[:len(parts)-1], ", ") + " and " + parts[len(parts)-1]
}
