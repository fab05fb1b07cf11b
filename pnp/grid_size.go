package pnp

// This file measures the cards' size on the page: the size given (the
// game's, or --card-size) is a prior that finds the grid, and the cards
// are cut at the size their cells measure when that is the card itself.

// sizeRange is how far (a fraction of the size given) the cards found
// may be from it, each way along each axis: a deck laid out at 60.5×90.4
// mm for a game of 63×88 mm cards is found, and cut at its own size.
const sizeRange = 0.1

// minBleedSeen is the least growth (mm, along both axes) of the cells
// over the size given that is read as bleed around a card of that size,
// not as a card a little larger: a millimetre each side.
const minBleedSeen = 2.0

// measuredTrim returns the size (mm, w along x) the cards of a grid are
// cut at. Its cells, each bounded by the edges seen, measure wc×hc on
// average; the card's size given is w×h. When the cells are larger by
// minBleedSeen or more along an axis, and not smaller along the other,
// they hold bleed (or art printed past the trim; cut lines may bound the
// trim along one axis and the art the other) around cards of the size
// given, which are cut at that size in the middle of their cells.
// Otherwise the cells are the cards: a card a little larger than given
// (2.5×3.5 in for 63×88 mm), or smaller along one axis at least
// (60.5×90.4 mm, a card with its own printed frame), within sizeRange of
// it; the cards are cut at the cells' size.
// Cells that overlap their neighbours by more than half a millimetre, or
// that are smaller than the card along an axis (by more than half a
// millimetre) with no paper seen between them along it (gapX, gapY),
// measure a lattice that does not fit the cards' edges but lines inside
// the cards (text cards laid edge to edge): the size given stands.
func measuredTrim(card [][]bool, xs, xe, ys, ye []int, w, h, pxPerMM float64, gapX, gapY bool) (float64, float64) {
	var sw, sh, nw, nh float64
	for j := range card {
		for i, c := range card[j] {
			if !c {
				continue
			}
			sw += float64(xe[i] - xs[i])
			sh += float64(ye[j] - ys[j])
			nw++
			nh++
		}
	}
	if nw == 0 || overlap(xs, xe) > pxPerMM/2 || overlap(ys, ye) > pxPerMM/2 {
		return w, h
	}
	wc, hc := sw/nw/pxPerMM, sh/nh/pxPerMM
	dx, dy := wc-w, hc-h
	smallX, smallY := dx < -sizeSlack/3, dy < -sizeSlack/3
	if !smallX && !smallY && (dx >= minBleedSeen || dy >= minBleedSeen) {
		return w, h
	}
	if smallX && !gapX || smallY && !gapY {
		return w, h
	}
	if abs64(dx) > sizeRange*w || abs64(dy) > sizeRange*h {
		return w, h
	}
	return wc, hc
}

// overlap returns the most two neighbouring cells overlap, in pixels.
func overlap(lo, hi []int) float64 {
	most := 0
	for i := 1; i < len(lo); i++ {
		most = max(most, hi[i-1]-lo[i])
	}
	return float64(most)
}

func abs64(v float64) float64 {
	if v < 0 {
		return -v
	}
	return v
}

// measuredSize names the size a page's cards measured, "60.5x90.4", or ""
// when they measured the size given.
func measuredSize(pg PageReport) string {
	if pg.MeasuredW <= 0 || pg.MeasuredH <= 0 {
		return ""
	}
	return sizeName(pg.MeasuredW, pg.MeasuredH)
}

// reportSize records in rep the size the grid's cards were cut at when it
// differs from the size given (cardW×cardH, portrait) by more than a
// quarter of a millimetre.
func reportSize(rep *PageReport, g *pageGrid, cardW, cardH float64) {
	w, h := min(g.trimW, g.trimH), max(g.trimW, g.trimH)
	if w > 0 && (abs64(w-cardW) > 0.25 || abs64(h-cardH) > 0.25) {
		rep.MeasuredW, rep.MeasuredH = w, h
	}
}
