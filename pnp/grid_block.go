package pnp

import (
	"fmt"
	"image"
	"math"
)

// This file reads cards laid edge to edge as a block whose outer border
// is divided evenly.

// blockGrid looks for cards laid edge to edge, landscape or not: the
// most cards whose block's border is seen and explains what is printed.
func blockGrid(g *greyMap, px, py axisProfiles, paper int, pxPerMM, cardW, cardH float64, region image.Rectangle, land bool) (*pageGrid, error) {
	w, h := cardW, cardH
	if land {
		w, h = cardH, cardW
	}
	// A block with every place filled is best; else the largest: a
	// partly filled last page. (A lone card on a page of crop marks
	// drawn for a full sheet fits a block of the full sheet too.)
	// Along an axis where three cards or more repeat at a pitch a little
	// larger than the card, a block is divided at that pitch first:
	// cards whose edge pixels are drawn on across the gaps between them
	// (as silhouette-card-maker draws them) show no edge at their trim,
	// and what repeats is what is inside them. They are cut at the size
	// given, centred in each pitch's cell. The other axis, where two
	// cards may not show their pitch (a card's trim and the next one's
	// bleed repeat as well), is read with the same gap between its cards.
	nx, ny := w*pxPerMM, h*pxPerMM
	gx, gy := drawnGap(px, nx, pxPerMM), drawnGap(py, ny, pxPerMM)
	xs, ys := pitchBlocks(px, nx, gx, 3), pitchBlocks(py, ny, gy, 3)
	onX, onY := len(xs) > 0 && xs[0].onPitch, len(ys) > 0 && ys[0].onPitch
	if onX && !onY {
		ys = pitchBlocks(py, ny, gx, 2)
	} else if onY && !onX {
		xs = pitchBlocks(px, nx, gy, 2)
	}
	var first *pageGrid
	for _, bx := range xs {
		for _, by := range ys {
			f := gridFit{landscape: land, bx: &bx.block, by: &by.block, pitchX: bx.onPitch, pitchY: by.onPitch}
			grid, err := f.check(g, px, py, paper, pxPerMM, cardW, cardH, region)
			if err != nil {
				continue
			}
			if grid.rows == by.m && grid.cols == bx.m && len(grid.cells) == bx.m*by.m {
				return grid, nil
			}
			if first == nil {
				first = grid
			}
		}
	}
	if first != nil {
		return first, nil
	}
	return nil, fmt.Errorf("no block of %s mm cards edge to edge", sizeName(w, h))
}

// pitchBlock is a block and whether it is divided at the pitch its cards
// repeat at rather than at the card's size.
type pitchBlock struct {
	block
	onPitch bool
}

// drawnGap returns how much larger than a card n working pixels long the
// pitch is at which the cards repeat along an axis, when that is more
// than pitchSlack and at most maxDrawnGap; else 0.
func drawnGap(p axisProfiles, n, pxPerMM float64) float64 {
	if g := repeatPitch(p, n, pxPerMM) - n; g > pitchSlack*n && g <= maxDrawnGap*pxPerMM {
		return g
	}
	return 0
}

// pitchBlocks lists the blocks along an axis for a card n working pixels
// long: with a gap, those of minM cards or more at the pitch n+gap, then
// those at the card's size.
func pitchBlocks(p axisProfiles, n, gap float64, minM int) []pitchBlock {
	var out []pitchBlock
	if gap > 0 {
		for _, b := range blocks(p, n+gap) {
			if b.m >= minM {
				out = append(out, pitchBlock{b, true})
			}
		}
	}
	for _, b := range blocks(p, n) {
		out = append(out, pitchBlock{b, false})
	}
	return out
}

// block is a row of m cards laid edge to edge along one axis, from its
// first line lo to hi (exclusive), in working pixels.
type block struct{ lo, hi, m int }

// cells divides the block into its cards.
func (b block) cells() (lo, hi []int) {
	at := func(i int) int { return b.lo + int(math.Round(float64(i*(b.hi-b.lo))/float64(b.m))) }
	for i := 0; i < b.m; i++ {
		lo, hi = append(lo, at(i)), append(hi, at(i+1))
	}
	return lo, hi
}

// blockSlack is how far (a fraction) a block of cards laid edge to edge
// may be from a whole number of cards: the scale of a print or scan.
const blockSlack = 0.01

// pitchSlack is how far (a fraction of the card's size) the pitch the
// cards repeat at must be from the card's size for a block of cards to be
// divided at that pitch: half as far again as a block may be off a whole
// number of cards, so that cards of 2.5x3.5 in edge to edge for a game of
// 63x88 mm are still measured as cards.
const pitchSlack = 1.5 * blockSlack

// maxDrawnGap is the widest gap (mm) between cards that a block of them
// is divided across at the pitch they repeat at, the card cut at its size
// in the middle of each pitch: silhouette-card-maker leaves 1.2 to 1.5 mm
// and draws the cards' edges on across it. Cards further apart, such as
// cards printed with their bleed touching, show their own edges.
const maxDrawnGap = 2 * sizeSlack

// repeatPitch returns the pitch, in working pixels to a fraction of one,
// at which the edges along an axis repeat best within sizeRange of a card
// n pixels long: the peak of their autocorrelation, each lag's sum taken
// over the lines it overlaps. It returns n when nothing repeats within
// the range (a peak at its end is the slope of one beyond it).
func repeatPitch(p axisProfiles, n, pxPerMM float64) float64 {
	L := len(p.edge)
	e := make([]float64, L)
	for i, v := range p.edge {
		e[i] = max(0, v)
	}
	lo, hi := int(math.Floor((1-sizeRange)*n)), int(math.Ceil((1+sizeRange)*n))
	// The repetition is looked for as far as cards with bleed and a gap
	// may lie apart: cards printed with their bleed touching repeat at
	// a pitch past sizeRange, and within it edges of one card and of
	// the next a little less apart (a trim's and a bleed's) repeat too.
	top := min(L-2, int(math.Ceil(n+(2*maxBleed+maxGap)*pxPerMM)))
	if lo < 2 || hi >= top {
		return n
	}
	r := make([]float64, top+2)
	for lag := lo - 1; lag <= top+1; lag++ {
		s := 0.0
		for i := 0; i+lag < L; i++ {
			s += e[i] * e[i+lag]
		}
		r[lag] = s / float64(L-lag)
	}
	best := -1
	for lag := lo; lag <= top; lag++ {
		if r[lag] > 0 && (best < 0 || r[lag] > r[best]) {
			best = lag
		}
	}
	if best <= lo || best >= hi {
		// None, or a peak at the end of the range: the slope of one
		// beyond it (cards and their bleed, at a pitch past sizeRange).
		return n
	}
	// A parabola through the peak and its neighbours places it to a
	// fraction of a pixel: the pitch's error adds up over a row of cards.
	a, b, c := r[best-1], r[best], r[best+1]
	if d := a - 2*b + c; d < 0 {
		return float64(best) + 0.5*(a-c)/d
	}
	return float64(best)
}

// blocks finds, for each number of cards n working pixels long that fits
// along an axis (the most first), the block whose first and last edges
// are best seen together: the weaker of the two scores it.
func blocks(p axisProfiles, n float64) []block {
	L := len(p.edge)
	starts, stops := pooled(p.left, p.rise), pooled(p.right, p.fall)
	var out []block
	for m := int(float64(L) / (n * (1 - blockSlack))); m >= 1; m-- {
		best, bestS := block{}, p.noise
		lo, hi := int(math.Ceil(float64(m)*n*(1-blockSlack))), int(math.Floor(float64(m)*n*(1+blockSlack)))
		for x0 := 0; x0 < L; x0++ {
			for x1 := x0 + lo; x1 <= min(L-1, x0+hi); x1++ {
				if s := min(starts[x0], stops[x1]); s > bestS {
					best, bestS = block{x0, x1, m}, s
				}
			}
		}
		if best.m > 0 {
			out = append(out, best)
		}
	}
	return out
}
