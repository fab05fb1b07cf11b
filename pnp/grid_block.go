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
	var first *pageGrid
	for _, bx := range blocks(px, w*pxPerMM) {
		for _, by := range blocks(py, h*pxPerMM) {
			f := gridFit{landscape: land, bx: &bx, by: &by}
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
