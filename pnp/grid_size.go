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
// minBleedSeen or more along both axes, they hold bleed (or art printed
// past the trim) around cards of the size given, which are cut at that
// size in the middle of their cells. Otherwise the cells are the cards: a
// card a little larger than given (2.5×3.5 in for 63×88 mm), smaller
// along one axis or both (60.5×90.4 mm, a card with its own printed
// frame), within sizeRange of it; the cards are cut at the cells' size.
// Cells that overlap their neighbours by more than half a millimetre
// measure a lattice that does not fit the cards' edges (cards laid edge
// to edge, no line between them): the size given stands.
func measuredTrim(card [][]bool, xs, xe, ys, ye []int, w, h, pxPerMM float64) (float64, float64) {
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
	if dx >= minBleedSeen && dy >= minBleedSeen {
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
