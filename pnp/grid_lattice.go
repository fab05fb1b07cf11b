package pnp

import (
	"math"
	"slices"
	"sort"
)

// This file fits a lattice of equal cells (cards and the gaps between
// them) to the edges found along one axis.

// lattice is a row of equal cells along one axis: cell i covers
// [x0+i·pitch, x0+i·pitch+cell) in working pixels.
type lattice struct {
	x0, cell, pitch int
	score           float64
}

// fitAxis finds the lattice of cells that best explains the edges of one
// axis, for a card n working pixels long along it; and the best of cells
// no more than sizeSlack smaller than the card (near), which is the same
// when the best is not smaller.
func fitAxis(p axisProfiles, n, pxPerMM float64) (best, near lattice) {
	L := len(p.edge)
	// Cells down to sizeRange smaller than the card are tried, but those
	// more than sizeSlack smaller only with a millimetre or more of gap
	// between them: cards of another size laid out apart. A lattice of
	// smaller cells that touch fits the words and rules inside cards
	// laid edge to edge (which blockGrid and dividedPage measure).
	cNear := max(1, int(math.Floor(n-sizeSlack*pxPerMM)))
	cMin := max(1, min(cNear, int(math.Floor((1-sizeRange)*n))))
	minGap := int(math.Ceil(pxPerMM))
	cMax := int(math.Ceil(n + 2*maxBleed*pxPerMM))
	gMax := int(math.Ceil(maxGap * pxPerMM))
	best = lattice{score: math.Inf(-1)}
	near = best
	// Each line takes the best evidence within a pixel: rendering rounds
	// edges to whole pixels, so a lattice's edges may be a pixel off.
	left, right := pooled(p.left, p.rise), pooled(p.right, p.fall)
	a := make([]float64, 0, L)
	b := make([]float64, 0, 2*L)
	var phases, onlyBest []int
	for pitch := cMin; pitch <= cMax+gMax && pitch <= L; pitch++ {
		// Fold the profiles by the pitch: a[φ] sums the left-edge evidence
		// at φ, φ+pitch, ...; b the right-edge evidence, written twice
		// over so that b[φ+cell] needs no wrapping.
		a, b = a[:pitch], b[:2*pitch]
		clear(a)
		clear(b)
		for i := 0; i < L; i += pitch {
			fa, fb := left[i:min(L, i+pitch)], right[i:min(L, i+pitch)]
			for j, v := range fa {
				a[j] += v
			}
			for j, v := range fb {
				b[j] += v
			}
		}
		copy(b[pitch:], b[:pitch])
		// No lattice of this pitch scores more than the best left edge
		// plus the best right edge: where that bound beats neither best
		// nor near, no cell of it can (the sums are monotone in their
		// terms, so the bound holds in floating point too), and where it
		// beats only near, only the cells near the card's size can.
		maxB := slices.Max(b[:pitch])
		bound := slices.Max(a) + maxB
		if bound <= best.score && bound <= near.score {
			continue
		}
		first := cMin
		if bound <= best.score {
			first = max(cMin, cNear)
		}
		// Only the phases whose left edge could lift a score at all are
		// tried: the scores only rise, so one that cannot beat them now
		// cannot beat them at any cell of this pitch. (Edges are sparse:
		// most phases drop out.) onlyBest are those that can beat best,
		// for cells too small to be near.
		anyScore := min(best.score, near.score)
		phases, onlyBest = phases[:0], onlyBest[:0]
		for x0, v := range a {
			if v+maxB > anyScore {
				phases = append(phases, x0)
				if v+maxB > best.score {
					onlyBest = append(onlyBest, x0)
				}
			}
		}
		for cell := first; cell <= min(cMax, pitch); cell++ {
			if cell < cNear && pitch-cell < minGap {
				continue
			}
			bc := b[cell : cell+pitch]
			try := phases
			if cell < cNear {
				try = onlyBest
			}
			for _, x0 := range try {
				v := a[x0]
				if s := v + bc[x0]; s > best.score || cell >= cNear && s > near.score {
					l := lattice{x0: x0, cell: cell, pitch: pitch, score: s}
					if s > best.score {
						best = l
					}
					if cell >= cNear && s > near.score {
						near = l
					}
				}
			}
		}
	}
	if near.pitch > 0 {
		near = near.centre(p, cNear, cMax, false, near.paperAround(p, pxPerMM))
	}
	if best.pitch == 0 {
		return best, near
	}
	// The centre is looked for over the sizes near the card's given
	// size, and down to the cell found when the card is smaller: over
	// the whole range a smaller card allows, a pair of edges inside a
	// card (its title bar and the gap below it) can outweigh its own.
	if best.cell >= cNear {
		return near, near
	}
	return best.centre(p, max(cMin, best.cell-1), cMax, true, best.paperAround(p, pxPerMM)), near
}

// paperAround reports whether every cell of the lattice has bare paper
// just outside both its edges and between it and the next: nothing
// printed around them (no bleed, no rules). Centred over the whole range, the thick frame of a text card
// (its inner edge and a neighbour's, folded by the pitch) can otherwise
// win over the frame's outer edges.
func (l lattice) paperAround(p axisProfiles, pxPerMM float64) bool {
	L := len(p.ink)
	starts := l.cellsAlong(L, int(math.Ceil(pxPerMM)))
	if len(starts) == 0 {
		return false
	}
	median, ok := l.inkInside(p, starts)
	if !ok {
		return false
	}
	limit := 0.02 * median
	// A band from two lines to half a millimetre outside each edge: the
	// edge itself is a line or two wide once rendered.
	band := max(3, int(math.Ceil(pxPerMM/2)))
	if len(starts) > 1 && l.pitch-l.cell < 2*band {
		return false // cells that touch: no paper between them
	}
	bare := func(from, step int) bool {
		for d := 2; d <= band; d++ {
			i := from + step*d
			if i < 0 || i >= L {
				return false // the page's own edge: nothing seen there
			}
			if p.ink[i] > limit {
				return false
			}
		}
		return true
	}
	for k, s := range starts {
		if !bare(s, -1) || !bare(s+l.cell, 1) {
			return false
		}
		// The whole gap between two cells is bare too: lines of text
		// have bare paper between them, but not a card's width of it.
		if k > 0 {
			for i := starts[k-1] + l.cell + 2; i <= s-2; i++ {
				if p.ink[i] > limit {
					return false
				}
			}
		}
	}
	return true
}

// centre moves the lattice's cells to where its edges are most symmetric:
// with bleed and cut lines a card has two pairs of edges (the bleed's and
// the trim's), and the best single pair may mix them. Every pair of left
// and right edges at equal distances from a centre adds the geometric mean
// of their strengths; the cell keeps the widest strong pair about the best
// centre.
func (l lattice) centre(p axisProfiles, cMin, cMax int, keepStrong, bare bool) lattice {
	L := len(p.edge)
	a := make([]float64, l.pitch)
	b := make([]float64, l.pitch)
	left, right := pooled(p.left, p.rise), pooled(p.right, p.fall)
	for i := 0; i < L; i++ {
		a[i%l.pitch] += left[i]
		b[i%l.pitch] += right[i]
	}
	mod := func(i int) int { return ((i % l.pitch) + l.pitch) % l.pitch }
	pairAt := func(m2, c int) float64 {
		// m2 is twice the centre; the pair is (m2-c)/2 and (m2+c)/2.
		x := (m2 - c) / 2
		return math.Sqrt(max(0, a[mod(x)]) * max(0, b[mod(x+c)]))
	}
	m0 := 2*l.x0 + l.cell
	reach := max(2, (cMax-cMin)/2+2)
	bestM, bestS := m0, -1.0
	for m2 := m0 - 2*reach; m2 <= m0+2*reach; m2++ {
		s := 0.0
		for c := cMin; c <= cMax; c++ {
			if (m2-c)%2 != 0 {
				continue
			}
			s += pairAt(m2, c)
		}
		if s > bestS {
			bestM, bestS = m2, s
		}
	}
	strongest := 0.0
	for c := cMin; c <= cMax; c++ {
		if (bestM-c)%2 == 0 {
			strongest = max(strongest, pairAt(bestM, c))
		}
	}
	cell := l.cell
	for c := cMax; c >= cMin; c-- {
		if (bestM-c)%2 == 0 && pairAt(bestM, c) >= 0.25*strongest && c <= l.pitch {
			cell = c
			break
		}
	}
	// With keepStrong (cells smaller than the card, a gap between them),
	// a pair of edges much weaker than the fit's own is not the card's:
	// inner frames and boxes of text cards, symmetric about another
	// centre, can outweigh the frame itself in the sum.
	if keepStrong && pairAt(bestM, cell) < 0.5*pairAt(m0, l.cell) {
		return l
	}
	// With bare paper around the lattice's cells (see paperAround), there
	// is no bleed to widen them over: a pair weaker than their own is
	// another card's frame, folded by the pitch.
	if bare && pairAt(bestM, cell) < pairAt(m0, l.cell) {
		return l
	}
	// Keep the cell's centre at bestM/2 (to a pixel).
	if (bestM-cell)%2 != 0 {
		cell--
	}
	l.x0 = mod((bestM - cell) / 2)
	l.cell = cell
	return l
}

// refine moves each cell's edges by up to r pixels to where they are best
// seen: a lattice of whole pixels drifts from edges a fraction of a pixel
// off its pitch, the cell width is found to a pixel or two, and a scan's
// scale is not exact. It returns each cell's start and end.
//
// Each edge moved on its own may lock on to something else within r of
// it: a text card's frame a millimetre inside the cut line at one edge,
// the line itself at the other, so that cards printed at one size read as
// cells up to 2r apart in size. When the cells so found vary by more than
// a millimetre, a reading of cells of one length (within cellSlack) is
// taken instead if it explains nearly as much of the edges (oneSize of
// their evidence): cards that do vary in size keep cells that say so.
func refine(p axisProfiles, starts []int, cell, r int, pxPerMM float64) (lo, hi []int) {
	n := len(p.edge)
	// at (grid_profiles.go) reads 0 past either end: a cell may run
	// off the region.
	left := func(i int) float64 { return at(p.left, i) + at(p.rise, i) }
	right := func(i int) float64 { return at(p.right, i) + at(p.fall, i) }
	best := func(at int, ev func(i int) float64) int {
		b, bv := at, math.Inf(-1)
		for d := -r; d <= r; d++ {
			i := at + d
			if i < 0 || i >= n {
				continue
			}
			if v := ev(i); v > bv || v == bv && abs(d) < abs(b-at) {
				b, bv = i, v
			}
		}
		return b
	}
	free := 0.0
	for _, s := range starts {
		a, b := best(s, left), best(s+cell, right)
		lo, hi = append(lo, a), append(hi, b)
		free += left(a) + right(b)
	}
	if spread(lo, hi) <= pxPerMM {
		return lo, hi
	}
	var jlo, jhi []int
	joint := 0.0
	for _, s := range starts {
		bl, bh, bv, bd := s, s+cell, math.Inf(-1), 0
		for a := max(0, s-r); a <= min(n-1, s+r); a++ {
			for b := max(a+cell-cellSlack, s+cell-r); b <= min(a+cell+cellSlack, s+cell+r, n-1); b++ {
				v, d := left(a)+right(b), abs(a-s)+abs(b-s-cell)
				if v > bv || v == bv && d < bd {
					bl, bh, bv, bd = a, b, v, d
				}
			}
		}
		jlo, jhi = append(jlo, bl), append(jhi, bh)
		joint += bv
	}
	if joint >= oneSize*free {
		return jlo, jhi
	}
	return lo, hi
}

// cellSlack is how many pixels refine lets a cell's length differ from
// its lattice's when it reads cells of one length: a pixel of rounding at
// each end. oneSize is the share of the edges' evidence that reading must
// explain to be taken.
const (
	cellSlack = 2
	oneSize   = 0.92
)

// pooled returns e+f, each line taking the largest value within a line of
// it.
func pooled(e, f []float64) []float64 {
	n := len(e)
	out := make([]float64, n)
	for i := range out {
		v := math.Inf(-1)
		for j := max(0, i-1); j <= min(n-1, i+1); j++ {
			v = max(v, e[j]+f[j])
		}
		out[i] = v
	}
	return out
}

// cellsAlong lists the starts of the lattice's cells that lie within
// [0, L), allowing tol pixels outside.
func (l lattice) cellsAlong(L, tol int) []int {
	var out []int
	start := l.x0 - ((l.x0+tol)/l.pitch)*l.pitch
	for s := start; s+l.cell <= L+tol; s += l.pitch {
		if s >= -tol {
			out = append(out, s)
		}
	}
	return out
}

// inkInside returns the median ink of the lines inside the cells that
// start at starts (their middle four fifths), or false for none.
func (l lattice) inkInside(p axisProfiles, starts []int) (float64, bool) {
	L := len(p.ink)
	var inside []float64
	for _, s := range starts {
		for i := max(0, s+l.cell/10); i < min(L, s+l.cell-l.cell/10); i++ {
			inside = append(inside, p.ink[i])
		}
	}
	if len(inside) == 0 {
		return 0, false
	}
	sort.Float64s(inside)
	return inside[len(inside)/2], true
}

// gapBetween reports whether paper shows between two of the lattice's
// cells: within a millimetre and a half of where one cell meets the next,
// a line with less than a quarter of the median ink of the lines inside
// the cells. Cards a millimetre or so apart can fit a lattice of cells
// that touch, yet are not laid edge to edge.
func (l lattice) gapBetween(p axisProfiles, pxPerMM float64) bool {
	if l.pitch <= 0 {
		return false
	}
	L := len(p.ink)
	starts := l.cellsAlong(L, int(math.Ceil(pxPerMM)))
	if len(starts) < 2 {
		return false
	}
	median, ok := l.inkInside(p, starts)
	if !ok {
		return false
	}
	r := int(math.Ceil(1.5 * pxPerMM))
	for _, s := range starts[1:] {
		low := math.Inf(1)
		for i := max(0, s-r); i <= min(L-1, s+r); i++ {
			low = min(low, p.ink[i])
		}
		if low < 0.25*median {
			return true
		}
	}
	return false
}
