package pnp

import (
	"fmt"
	"image"
	"math"
	"strconv"
	"strings"
)

// This file cuts a page on a grid whose counts the user gave (--grid
// 3x3, Options.Rows and Cols, or rows and cols alone in a recipe's grid):
// the card size is not assumed, the lattice of that many cells is fitted
// to the page.

// MaxGridCells is the most rows or columns a grid given may have.
const MaxGridCells = 20

// givenGrid finds the rows×cols lattice of equal cells in region of img (a
// page rendered at dpi) that best explains the page's edges. Along each
// axis the cells span what the page holds (its printed extent); their pitch and size are measured from the
// edges seen on the page (cut lines, gaps, the cards' own borders) when
// any are, and else the printed extent is divided evenly. The printed
// extent leaves out lines with little ink (crop marks beside the cards);
// a page of cards with a title above them is cut with the title in the
// first row's cells.
func givenGrid(img *image.NRGBA, region image.Rectangle, dpi, rows, cols int) (*pageGrid, error) {
	if rows < 1 || cols < 1 || rows > MaxGridCells || cols > MaxGridCells {
		return nil, fmt.Errorf("a grid of %dx%d cards: want 1 to %d rows and columns", rows, cols, MaxGridCells)
	}
	k := max(1, int(math.Round(float64(dpi)/detectDPI)))
	g := greyOf(img, region, k)
	if g.w < 8 || g.h < 8 {
		return nil, fmt.Errorf("the page is too small to hold a card")
	}
	pxPerMM := float64(dpi) / 25.4 / float64(k)
	paper := g.paper()
	px, py := profiles(g, paper, pxPerMM, false)
	border := int(math.Ceil(pxPerMM / 2))
	px.clearBorder(border)
	py.clearBorder(border)
	x0, x1, okx := inkExtent(px.ink, float64(g.h))
	y0, y1, oky := inkExtent(py.ink, float64(g.w))
	if !okx || !oky {
		return nil, fmt.Errorf("nothing printed where %dx%d cards would be", rows, cols)
	}
	lx := fitCount(px, cols, x0, x1, pxPerMM)
	ly := fitCount(py, rows, y0, y1, pxPerMM)
	if float64(lx.cell) < 5*pxPerMM || float64(ly.cell) < 5*pxPerMM {
		return nil, fmt.Errorf("the %dx%d cards would be under 5 mm", rows, cols)
	}
	full := float64(k)
	grid := &pageGrid{rows: rows, cols: cols, method: "given", landscape: lx.cell > ly.cell,
		trimW: float64(lx.cell) / pxPerMM, trimH: float64(ly.cell) / pxPerMM}
	// The bleed reaches half way into the gap between cells, up to
	// maxBleed.
	bx := min(float64(lx.pitch-lx.cell)/2, maxBleed*pxPerMM)
	by := min(float64(ly.pitch-ly.cell)/2, maxBleed*pxPerMM)
	if cols == 1 {
		bx = 0
	}
	if rows == 1 {
		by = 0
	}
	at := func(v float64, off int) int { return off + int(math.Round(v*full)) }
	for r := 0; r < rows; r++ {
		for c := 0; c < cols; c++ {
			x := float64(lx.x0 + c*lx.pitch)
			y := float64(ly.x0 + r*ly.pitch)
			trim := image.Rect(at(x, region.Min.X), at(y, region.Min.Y), at(x+float64(lx.cell), region.Min.X), at(y+float64(ly.cell), region.Min.Y))
			bleed := image.Rect(at(x-bx, region.Min.X), at(y-by, region.Min.Y), at(x+float64(lx.cell)+bx, region.Min.X), at(y+float64(ly.cell)+by, region.Min.Y)).Intersect(img.Bounds())
			grid.cells = append(grid.cells, gridCell{trim: trim.Intersect(img.Bounds()), bleed: bleed, row: r + 1, col: c + 1})
		}
	}
	return grid, nil
}

// inkExtent is the first and last line (end exclusive) of ink, a count of
// printed pixels per line of the given length: lines with under 1.5% of
// it printed (crop marks outside the cards, a speck) do not count.
func inkExtent(ink []float64, length float64) (lo, hi int, ok bool) {
	least := max(1, 0.015*length)
	lo, hi = -1, -1
	for i, v := range ink {
		if v >= least {
			if lo < 0 {
				lo = i
			}
			hi = i + 1
		}
	}
	return lo, hi, lo >= 0 && hi-lo >= 2
}

// fitCount is the lattice of n equal cells that spans [lo, hi) of one
// axis, to a millimetre either way, whose edges the page shows best (as
// fitAxis scores them, the cards' gaps up to maxGap and bare, see
// bareGaps). Of equal scores the larger cells win; with no edge seen at
// all, [lo, hi) is divided evenly.
func fitCount(p axisProfiles, n, lo, hi int, pxPerMM float64) lattice {
	L := len(p.edge)
	ext := hi - lo
	even := lattice{x0: lo, cell: ext / n, pitch: ext / n}
	tol := int(math.Ceil(pxPerMM))
	from, to := max(0, lo-tol), min(L, hi+tol) // the cells lie in [from, to)
	minSpan := ext - 2*tol
	minCell := max(1, int(5*pxPerMM))
	gMax := int(math.Ceil(maxGap * pxPerMM))
	if n == 1 {
		gMax = 0
	}
	left, right := pooled(p.left, p.rise), pooled(p.right, p.fall)
	best := lattice{score: math.Inf(-1)}
	a := make([]float64, to-from+1)
	b := make([]float64, to-from+1)
	pMin := max(minCell, (minSpan+n-1)/n)
	pMax := (to - from + gMax) / n
	for pitch := pMin; pitch <= pMax; pitch++ {
		// a[x] sums the left-edge evidence of n cells starting at
		// from+x, pitch apart; b[x] the right-edge evidence of n cells
		// ending there.
		for x := range a {
			a[x], b[x] = 0, 0
			for i := 0; i < n; i++ {
				a[x] += at(left, from+x+i*pitch)
				b[x] += at(right, from+x+i*pitch)
			}
		}
		for gap := 0; gap <= min(gMax, pitch-minCell); gap++ {
			cell := pitch - gap
			span := (n-1)*pitch + cell
			if span < minSpan || span > to-from {
				continue
			}
			// The cells hold all that is printed: the lattice starts
			// at most a millimetre inside the first line and ends at
			// most a millimetre inside the last.
			for x := max(0, hi-tol-span-from); x+span <= to-from && from+x <= lo+tol; x++ {
				if s := a[x] + b[x+cell]; s > best.score && (gap == 0 || bareGaps(p.ink, from+x, cell, pitch, n)) {
					best = lattice{x0: from + x, cell: cell, pitch: pitch, score: s}
				}
			}
		}
	}
	if best.pitch == 0 || best.score <= 0 {
		return even
	}
	return best
}

// bareGaps reports whether the gaps between n cells (of cell lines,
// pitch apart, the first at x0) are mostly bare: under a quarter of the
// ink a line of the cells holds, on average. A lattice whose gaps run
// through the cards (between a card's edge and a frame inside it) holds
// as much ink there as in its cells.
func bareGaps(ink []float64, x0, cell, pitch, n int) bool {
	var in, gap float64
	var nIn, nGap int
	for i := 0; i < n; i++ {
		for x := x0 + i*pitch; x < x0+i*pitch+cell; x++ {
			in += at(ink, x)
			nIn++
		}
		if i < n-1 {
			for x := x0 + i*pitch + cell; x < x0+(i+1)*pitch; x++ {
				gap += at(ink, x)
				nGap++
			}
		}
	}
	return nGap == 0 || 4*gap/float64(nGap) < in/float64(max(1, nIn))
}

// givenRef is the grid given as the last full page of s's kind was cut
// on (see keepGrid), for a page whose ink all lies in its cells (under
// 3% outside them grown by 1.5 mm): a partly filled page holds fewer
// cards than the grid, and dividing what it holds would cut them wrong.
func (im *importer) givenRef(s *source) *pageGrid {
	ref := im.refs[im.gridKind(s.p.nr)]
	if ref == nil || math.Abs(ref.w-s.p.w) > 0.5 || math.Abs(ref.h-s.p.h) > 0.5 || len(ref.cells) != im.opt.Rows*im.opt.Cols {
		return nil
	}
	g := &pageGrid{landscape: ref.landscape, method: "given", rows: im.opt.Rows, cols: im.opt.Cols}
	for _, rc := range ref.cells {
		r := pxRect(rc.trim, s.pxmm)
		if !r.In(s.raster.Bounds()) {
			return nil
		}
		g.cells = append(g.cells, gridCell{trim: r, bleed: r, row: rc.row, col: rc.col})
		g.trimW, g.trimH = rc.trim.W, rc.trim.H
	}
	if inkOutside(s.raster, g.cells, s.pxmm) > 0.03 {
		return nil
	}
	return g
}

// ParseGridCounts reads a grid's counts, "3x3": rows, then columns, each
// from 1 to MaxGridCells.
func ParseGridCounts(s string) (rows, cols int, err error) {
	a, b, ok := strings.Cut(strings.ToLower(strings.TrimSpace(s)), "x")
	rows, err1 := strconv.Atoi(a)
	cols, err2 := strconv.Atoi(b)
	if !ok || err1 != nil || err2 != nil || rows < 1 || cols < 1 || rows > MaxGridCells || cols > MaxGridCells {
		return 0, 0, fmt.Errorf("%q: want ROWSxCOLS, such as 3x3, from 1 to %d each", s, MaxGridCells)
	}
	return rows, cols, nil
}
