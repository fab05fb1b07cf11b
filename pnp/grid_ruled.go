package pnp

import (
	"image"
	"math"
)

// This file reads a page ruled into cards: lines drawn across the whole
// page (solid or dashed cut lines) divide it into cells that run to the
// page's edge, where no edge shows (A4 in quarters by one cross of rules,
// flash cards in a dashed 2x4 grid). The lines are measured, not assumed
// even, and the cells between them and the page's edges are the cards
// when they are alike in size.

// Ruled-page limits.
const (
	ruleSpan  = 0.4  // the least share of the page's length a rule inks
	ruleStand = 0.3  // how much more than the columns beside it
	ruleNear  = 1.0  // mm: columns this close are one rule
	ruleGap   = 5.0  // mm: the longest break along a rule (between dashes)
	ruleAlike = 0.08 // cells along an axis may differ in length by this share
	// ruleInk is how far from the paper a rule's grey lies, either way: a
	// hairline in light grey, or a white line across a grey ground.
	ruleInk = 16
)

// rules returns the positions (working pixels) of the lines that run
// across g along most of its length: vertical ones (alongX: at x) or
// horizontal ones.
func rules(g *greyMap, paper int, pxPerMM float64, alongX bool) []float64 {
	n, length := g.h, g.w
	if alongX {
		n, length = g.w, g.h
	}
	end := int(2 * pxPerMM) // the page's own border is left out
	share := make([]float64, n)
	gapMax := int(ruleGap * pxPerMM)
	for i := 0; i < n; i++ {
		inked, all, gap, widest := 0, 0, 0, 0
		for j := end; j < length-end; j++ {
			x, y := i, j
			if !alongX {
				x, y = j, i
			}
			all++
			if d := paper - g.at(x, y); d > ruleInk || d < -ruleInk {
				inked++
				gap = 0
			} else {
				gap++
				widest = max(widest, gap)
			}
		}
		// A rule runs on, solid or in dashes: a line of text breaks
		// off between its words and its columns.
		if all > 0 && widest <= gapMax {
			share[i] = float64(inked) / float64(all)
		}
	}
	near := max(1, int(math.Round(ruleNear*pxPerMM)))
	beside := int(math.Round(2 * pxPerMM))
	var out []float64
	for i := 0; i < n; {
		if !standsOut(share, i, beside) {
			i++
			continue
		}
		j := i
		for j+1 < n && j+1-i <= near && standsOut(share, j+1, beside) {
			j++
		}
		out = append(out, float64(i+j+1)/2)
		i = j + 1
	}
	return out
}

// standsOut reports whether column i of share is a rule: inked along
// ruleSpan of its length and ruleStand more than the columns beside
// from 1 to 2 mm (beside is 2 mm in pixels) on either side.
func standsOut(share []float64, i, beside int) bool {
	if share[i] < ruleSpan {
		return false
	}
	around := 0.0
	for _, d := range []int{-beside, -beside / 2, beside / 2, beside} {
		if k := i + d; k >= 0 && k < len(share) {
			around = max(around, share[k])
		}
	}
	return share[i]-around >= ruleStand
}

// cuts returns the cells' bounds along one axis of length n: the page's
// edges and the rules between them, or nil when the cells differ in
// length by more than ruleAlike or one is shorter than a card can be.
// A margin (a rule within minCardMM of the edge) is no cell.
func cuts(lines []float64, n int, pxPerMM float64) []float64 {
	least := minCardMM * pxPerMM
	b := []float64{0}
	for _, l := range lines {
		if l-b[len(b)-1] < least {
			b[len(b)-1] = l // a margin
			continue
		}
		b = append(b, l)
	}
	if float64(n)-b[len(b)-1] >= least {
		b = append(b, float64(n))
	} // else the last rule bounds a margin
	if len(b) < 2 {
		return nil
	}
	lo, hi := math.Inf(1), 0.0
	for i := 1; i < len(b); i++ {
		d := b[i] - b[i-1]
		lo, hi = min(lo, d), max(hi, d)
	}
	if hi > lo*(1+ruleAlike) || hi > maxCardMM*pxPerMM {
		return nil
	}
	return b
}

// ruledGrid reads region of img (a page rendered at dpi) as a page ruled
// into cards (see the top of this file), or nil. A rule must divide the
// page along one axis at least: a page framed by one rectangle is no
// ruled page.
func ruledGrid(img *image.NRGBA, region image.Rectangle, dpi int) *pageGrid {
	k := max(1, int(math.Round(float64(dpi)/detectDPI)))
	g := greyOf(img, region, k)
	if g.w < 8 || g.h < 8 {
		return nil
	}
	pxPerMM := float64(dpi) / 25.4 / float64(k)
	paper := g.paper()
	xs := cuts(rules(g, paper, pxPerMM, true), g.w, pxPerMM)
	ys := cuts(rules(g, paper, pxPerMM, false), g.h, pxPerMM)
	if xs == nil || ys == nil {
		return nil
	}
	cols, rows := len(xs)-1, len(ys)-1
	if cols*rows < 2 {
		return nil
	}
	w, h := (xs[cols]-xs[0])/float64(cols)/pxPerMM, (ys[rows]-ys[0])/float64(rows)/pxPerMM
	if max(w, h) > 3*min(w, h) {
		return nil
	}
	grid := &pageGrid{rows: rows, cols: cols, landscape: w > h, method: "rules", trimW: w, trimH: h}
	at := func(v float64) int { return int(math.Round(v * float64(k))) }
	for r := 0; r < rows; r++ {
		for c := 0; c < cols; c++ {
			t := image.Rect(at(xs[c]), at(ys[r]), at(xs[c+1]), at(ys[r+1])).Add(region.Min).Intersect(region)
			grid.cells = append(grid.cells, gridCell{trim: t, bleed: t, row: r + 1, col: c + 1})
		}
	}
	return grid
}
