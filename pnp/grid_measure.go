package pnp

import (
	"image"
	"math"
	"sort"
)

// This file measures the cards' size from the page itself, with no size
// assumed: a card's left edge and its own right edge stand one card's
// length apart, on every card of the page, so the distances at which
// left-edge evidence meets right-edge evidence peak at the cards' sizes.
// The size given (the game's) is one candidate among those measured; each
// candidate's grid is scored by one objective (fitScore) and the given
// size wins only ties.

// Candidate sizes, in mm.
const (
	minCardMM = 20  // the least card side looked for
	maxCardMM = 160 // the greatest
	peaksAxis = 3   // the strongest lengths kept along each axis
	peakApart = 3.0 // lengths closer than this are one peak
	tieMargin = 0.02
)

// edgeLengths returns the strongest distances, in working pixels, between
// a left edge and a right edge along one axis: the cards' lengths along
// it.
func edgeLengths(p axisProfiles, pxPerMM float64) []float64 {
	L := len(p.left)
	lo := int(minCardMM * pxPerMM)
	hi := min(L-1, int(maxCardMM*pxPerMM))
	if lo >= hi {
		return nil
	}
	left, right := pooled(p.left, p.rise), pooled(p.right, p.fall)
	// Only clear edges take part: the evidence above the profile's noise.
	clip := func(e []float64, noise float64) []int {
		var at []int
		for i, v := range e {
			if v > noise {
				at = append(at, i)
			}
		}
		return at
	}
	ls, rs := clip(left, p.noise), clip(right, p.noise)
	score := make([]float64, hi+1)
	for _, i := range ls {
		for _, j := range rs {
			if d := j - i; d >= lo && d <= hi {
				score[d] += left[i] * right[j]
			}
		}
	}
	// Lengths within a pixel are one: rounding moves an edge by one.
	sm := make([]float64, len(score))
	for d := range score {
		sm[d] = at(score, d-1) + score[d] + at(score, d+1)
	}
	idx := make([]int, 0, len(sm))
	for d := lo; d <= hi; d++ {
		if sm[d] > 0 {
			idx = append(idx, d)
		}
	}
	sort.Slice(idx, func(a, b int) bool { return sm[idx[a]] > sm[idx[b]] })
	var peaks []float64
	apart := peakApart * pxPerMM
	for _, d := range idx {
		near := false
		for _, q := range peaks {
			if math.Abs(float64(d)-q) < apart {
				near = true
				break
			}
		}
		if !near {
			peaks = append(peaks, float64(d))
			if len(peaks) == peaksAxis {
				break
			}
		}
	}
	return peaks
}

// measuredSizes returns card sizes (portrait, mm) measured on the page,
// leaving out those the given size's search already covers (within
// sizeRange of it either way up).
func measuredSizes(px, py axisProfiles, pxPerMM, cardW, cardH float64) [][2]float64 {
	xs, ys := edgeLengths(px, pxPerMM), edgeLengths(py, pxPerMM)
	covered := func(w, h float64) bool {
		for _, s := range [][2]float64{{cardW, cardH}, {cardH, cardW}} {
			if math.Abs(w-s[0]) <= sizeRange*s[0] && math.Abs(h-s[1]) <= sizeRange*s[1] {
				return true
			}
		}
		return false
	}
	var out [][2]float64
	seen := map[[2]int]bool{}
	for _, x := range xs {
		for _, y := range ys {
			w, h := x/pxPerMM, y/pxPerMM
			if w > h {
				w, h = h, w
			}
			// Cards are no longer than three times their width.
			if h > 3*w || covered(w, h) {
				continue
			}
			key := [2]int{int(math.Round(w)), int(math.Round(h))}
			if seen[key] {
				continue
			}
			seen[key] = true
			out = append(out, [2]float64{math.Round(w*10) / 10, math.Round(h*10) / 10})
		}
	}
	return out
}

// fitScore is the one objective grids of different sizes are compared
// by: the share of what is printed that the cards explain, times the
// share of their edges clearly seen, less for cells that vary in size,
// less for cells that disagree (see copiesAgree: a grid cutting every
// card somewhere else loses up to agreeWeight of its score). img is the
// page the grid was found on, at full resolution.
func fitScore(img *image.NRGBA, g *pageGrid) float64 {
	s := fitBound(g)
	if a, ok := copiesAgree(img, g.cells); ok {
		s *= 1 - agreeWeight*(1-a)
	}
	return s
}

// fitBound is fitScore before its cells' agreement, which can only lower
// it: a grid whose bound cannot beat the best so far needs no more.
func fitBound(g *pageGrid) float64 {
	s := 1 - g.outside
	if g.edges > 0 {
		s *= 1 - float64(g.weakEdges)/float64(g.edges)
	}
	if g.spread > 1 {
		s *= 0.85
	}
	return s
}

// agreeWeight is how much of a grid's fitScore its cells' disagreement
// can take. Cards cut right agree at 0.8 to 1 where they share a layout,
// a lattice on the wrong pitch at 0.2 to 0.6 (the corpus's values); but
// cards that are each a different picture agree at 0.2 to 0.5 cut right,
// and more when cut at their bleed, whose edges they share. At 0.3 that
// noise outweighed tieMargin and cut synthetic pages at their bleed or a
// flat part of their art; at 0.1 it stays within it.
const agreeWeight = 0.1

// measuredGrid looks for the grid on a page at the sizes measured on it,
// and returns the best by fitScore when it beats given (the grid at the
// size given, nil when none was found there) by more than tieMargin.
func measuredGrid(img *image.NRGBA, region image.Rectangle, dpi int, cardW, cardH float64, noFrames bool, given *pageGrid) *pageGrid {
	best, bestScore := given, math.Inf(-1)
	if given != nil {
		bestScore = fitScore(img, given)
	}
	for _, s := range pageSizes(img, region, dpi, cardW, cardH) {
		grid, err := findGrid(img, region, dpi, s[0], s[1], noFrames)
		if err != nil {
			continue
		}
		// A later size must read the page better by tieMargin: ties
		// stay with the size measured more strongly (pageSizes lists
		// the strongest first), as they stay with the size given.
		if best != nil && fitBound(grid) <= bestScore+tieMargin {
			continue // agreeing could only lower it
		}
		if sc := fitScore(img, grid); best == nil || sc > bestScore+tieMargin {
			best, bestScore = grid, sc
		}
		if bestScore >= 0.99 {
			// Every mark on the page explained and every edge seen:
			// no other size can do better.
			break
		}
	}
	return best
}

// overlapping reports whether two of cells' trims lie over each other by
// more than a mm (pxPerMM pixels): cells ruled edge to edge share their
// lines, a pixel or two.
func overlapping(cells []gridCell, pxPerMM float64) bool {
	for i, a := range cells {
		for _, b := range cells[i+1:] {
			o := a.trim.Intersect(b.trim)
			if float64(o.Dx()) > pxPerMM && float64(o.Dy()) > pxPerMM {
				return true
			}
		}
	}
	return false
}

// pageSizes returns the card sizes (portrait, mm) measured in region of
// img, a page rendered at dpi, other than the size given (see
// measuredSizes).
func pageSizes(img *image.NRGBA, region image.Rectangle, dpi int, cardW, cardH float64) [][2]float64 {
	k := max(1, int(math.Round(float64(dpi)/detectDPI)))
	g := greyOf(img, region, k)
	if g.w < 8 || g.h < 8 {
		return nil
	}
	pxPerMM := float64(dpi) / 25.4 / float64(k)
	px, py := profiles(g, g.paper(), pxPerMM, false)
	border := int(math.Ceil(pxPerMM))
	px.clearBorder(border)
	py.clearBorder(border)
	sizes := measuredSizes(px, py, pxPerMM, cardW, cardH)
	if w, h, ok := printBlock(g, pxPerMM, cardW, cardH); ok {
		// The print as one block near the card's size: a lone card a
		// page, larger or smaller than the game's (an A7 card with a
		// white margin), measured by its own border, after the sizes
		// its edges repeat at.
		seen := false
		for _, sz := range sizes {
			seen = seen || math.Abs(sz[0]-w) <= sizeSame*w && math.Abs(sz[1]-h) <= sizeSame*h
		}
		if !seen {
			sizes = append(sizes, [2]float64{w, h})
		}
	}
	return sizes
}

// printBlock is the size (portrait, mm) of the box that bounds all that
// is printed on g, when it is within a quarter of the card's size
// (cardW×cardH either way up) along each side: one card on the page.
func printBlock(g *greyMap, pxPerMM, cardW, cardH float64) (w, h float64, ok bool) {
	paper := g.paper()
	x0, y0, x1, y1 := g.w, g.h, -1, -1
	for y := 0; y < g.h; y++ {
		row := g.pix[y*g.w : (y+1)*g.w]
		for x, v := range row {
			if int(v) < paper-inkLevel {
				x0, y0, x1, y1 = min(x0, x), min(y0, y), max(x1, x), max(y1, y)
			}
		}
	}
	if x1 < x0 {
		return 0, 0, false
	}
	w, h = float64(x1-x0+1)/pxPerMM, float64(y1-y0+1)/pxPerMM
	if w > h {
		w, h = h, w
	}
	near := func(a, b float64) bool { return a > 0.75*b && a < 1.33*b }
	return w, h, near(w, min(cardW, cardH)) && near(h, max(cardW, cardH))
}
