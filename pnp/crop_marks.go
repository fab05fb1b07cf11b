package pnp

import (
	"image"
	"math"
	"slices"
)

// This file cuts cards where their crop marks point. Marks are the
// printer's own statement of where to cut: thin strokes in the margins
// and in the gaps between cards, on the lines of the trims. A card
// printed with bleed has its ink reach past them, so a grid found from
// the ink holds the bleed; where marks stand inside every cell, the same
// way on every card, the cards are cut at the marks.

const (
	markMinInset = 0.4 // mm: a mark nearer a cell's edge than this is its edge
	markLong     = 1.5 // mm: the least length of ink a mark shows in a strip
	markThin     = 0.6 // mm: the widest a mark's stroke is
	markSame     = 0.5 // mm: how far apart the insets of one axis may be
	markNear     = 1.5 // mm: how far off its mark a trim found without one may stand
)

// snapToMarks moves the trims of cells (pixels of img, pxmm a mm) in to
// the crop marks that stand inside them, along each axis on its own: along
// x when every column of cells has a mark inside each of its sides, at
// most maxBleed in, the left and right insets within markSame of each
// other and of every column's; along y likewise for rows. It reports
// whether it moved any.
func snapToMarks(img *image.NRGBA, cells []gridCell, pxmm float64) bool {
	if len(cells) == 0 {
		return false
	}
	// Both axes' marks are found around the cells as they were found:
	// cells moved in along one axis would leave their bleed in the other
	// axis's strips.
	marksOf := map[bool][]float64{true: cropMarks(img, cells, pxmm, true), false: cropMarks(img, cells, pxmm, false)}
	moved := false
	for _, alongX := range []bool{true, false} {
		marks := marksOf[alongX]
		if len(marks) < 2 {
			continue
		}
		ax := trimAxis{alongX}
		// One line of cells (a column, for x) is cut where its cells
		// lie, on average.
		lines := map[int]*markLine{}
		for _, c := range cells {
			l := lines[ax.line(c)]
			if l == nil {
				l = &markLine{}
				lines[ax.line(c)] = l
			}
			l.lo += float64(ax.lo(c.trim))
			l.hi += float64(ax.hi(c.trim))
			l.n++
		}
		at := map[int][2]float64{}
		var insets []float64
		ok := true
		for k, l := range lines {
			a, b := l.lo/l.n, l.hi/l.n
			m1, ok1 := markInside(marks, a, a+(maxBleed+markSame)*pxmm, a+markMinInset*pxmm, true)
			m2, ok2 := markInside(marks, b-(maxBleed+markSame)*pxmm, b, b-markMinInset*pxmm, false)
			if !ok1 || !ok2 || m2-m1 < (b-a)/2 {
				ok = false
				break
			}
			at[k] = [2]float64{m1 - a, b - m2}
			insets = append(insets, (m1-a)/pxmm, (b-m2)/pxmm)
		}
		if !ok || slices.Max(insets)-slices.Min(insets) > markSame {
			// No bleed inside the marks: the cut may still stand a
			// little off them (cards edge to edge whose shared edge is
			// lost in their frames, placed by the lattice).
			at, ok = marksAtTrims(marks, lines, pxmm)
			if !ok {
				continue
			}
		}
		for i := range cells {
			t := &cells[i].trim
			d := at[ax.line(cells[i])]
			ax.setLo(t, ax.lo(*t)+int(math.Round(d[0])))
			ax.setHi(t, ax.hi(*t)-int(math.Round(d[1])))
		}
		moved = true
	}
	return moved
}

// markLine is one line of cells (a column, for x) as snapToMarks cuts
// it: the sums of its cells' lo and hi trims, n cells.
type markLine struct{ lo, hi, n float64 }

// marksAtTrims registers lines of cells on the crop marks that stand at
// their trims: when each line's two edges have a mark within markNear of
// them, inside or out, and cut at those marks every line keeps its size
// within markSame. It returns how far each line's lo and hi move in (a
// mark outside moves them out), as snapToMarks applies them, and whether
// the marks stood so and move some edge by a pixel or more.
func marksAtTrims(marks []float64, lines map[int]*markLine, pxmm float64) (map[int][2]float64, bool) {
	near := func(x float64) (float64, bool) {
		best, found := 0.0, false
		for _, m := range marks {
			if math.Abs(m-x) <= markNear*pxmm && (!found || math.Abs(m-x) < math.Abs(best-x)) {
				best, found = m, true
			}
		}
		return best, found
	}
	at := map[int][2]float64{}
	shift := 0.0
	for k, l := range lines {
		a, b := l.lo/l.n, l.hi/l.n
		m1, ok1 := near(a)
		m2, ok2 := near(b)
		if !ok1 || !ok2 || math.Abs((m2-m1)-(b-a)) > markSame*pxmm {
			return nil, false
		}
		at[k] = [2]float64{m1 - a, b - m2}
		shift = max(shift, math.Abs(m1-a), math.Abs(m2-b))
	}
	return at, shift >= 1
}

// markInside returns the mark in marks between from and to (pixels) that
// is nearest the cell's edge (from, when first; else to), and not nearer
// it than limit allows (first: at least limit; else at most limit).
func markInside(marks []float64, from, to, limit float64, first bool) (float64, bool) {
	best, found := 0.0, false
	for _, m := range marks {
		if m < from || m > to || first && m < limit || !first && m > limit {
			continue
		}
		if !found || first && m < best || !first && m > best {
			best, found = m, true
		}
	}
	return best, found
}

// cropMarks returns the positions (pixels of img along x when alongX,
// else y) of thin strokes across the strips outside the cells: above and
// below the block of cells and between its rows for x (marks running
// down), beside it and between its columns for y. A mark is a run of
// pixels across at most markThin wide, each inked for markLong along the
// strip, with bare pixels beside it.
func cropMarks(img *image.NRGBA, cells []gridCell, pxmm float64, alongX bool) []float64 {
	b := img.Bounds()
	block := cells[0].trim
	for _, c := range cells[1:] {
		block = block.Union(c.trim)
	}
	// The strips: the bands across the block's axis where no cell lies.
	ax, cross := trimAxis{alongX}, trimAxis{alongX}.other()
	lo, hi := cross.lo(block), cross.hi(block)
	reach := int(markReach * pxmm)
	type band struct{ a, b int }
	bands := []band{{lo - reach, lo - 1}, {hi + 1, hi + reach}}
	covered := make([]bool, hi-lo)
	for _, c := range cells {
		a, z := cross.lo(c.trim), cross.hi(c.trim)
		for t := max(a, lo); t < min(z, hi); t++ {
			covered[t-lo] = true
		}
	}
	for t := 0; t < len(covered); {
		if covered[t] {
			t++
			continue
		}
		u := t
		for u < len(covered) && !covered[u] {
			u++
		}
		bands = append(bands, band{lo + t, lo + u - 1})
		t = u
	}
	// Positions along the axis are looked at from reach before the block
	// to reach past it; n of them from first.
	first, last := max(ax.lo(block)-reach, ax.lo(b)), min(ax.hi(block)+reach, ax.hi(b))
	n := last - first
	if n <= 0 {
		return nil
	}
	sLo, sHi := cross.lo(b), cross.hi(b) // the band's extent across
	var out []float64
	seen := map[int]bool{}
	count := make([]int, n)
	for _, bd := range bands {
		a, z := max(bd.a, sLo), min(bd.b, sHi-1)
		least := int(markLong * pxmm)
		if z-a+1 < least {
			continue
		}
		clear(count)
		// Row by row, whichever the axis: a dark pixel counts for its
		// position along the axis.
		x0, x1, y0, y1 := first, last, a, z+1
		if !alongX {
			x0, x1, y0, y1 = a, z+1, first, last
		}
		for y := y0; y < y1; y++ {
			row := img.Pix[img.PixOffset(x0, y):]
			for x := x0; x < x1; x++ {
				p := row[4*(x-x0):]
				if luma(p) < 160 {
					if alongX {
						count[x-first]++
					} else {
						count[y-first]++
					}
				}
			}
		}
		for _, m := range thinRuns(count, least, max(1, int(markThin*pxmm))) {
			if at := int(m); !seen[at] {
				seen[at] = true
				out = append(out, float64(first)+m)
			}
		}
	}
	slices.Sort(out)
	return out
}

// marksSize is the card size (mm, as the cards lie: along x, along y)
// crop marks state (xs along x, ys along y, pixels; see cropMarks), when
// they state one along both axes: the span between two neighbouring
// marks, more than 20 mm, seen twice or more within half a mm (the marks
// at each card's two trims; the spans between cards are the gaps).
func marksSize(xs, ys []float64, pxmm float64) (w, h float64, ok bool) {
	span := func(marks []float64) (float64, bool) {
		var spans []float64
		for i := 1; i < len(marks); i++ {
			if d := (marks[i] - marks[i-1]) / pxmm; d > 20 {
				spans = append(spans, d)
			}
		}
		best, bestN := 0.0, 1
		for _, a := range spans {
			n, sum := 0, 0.0
			for _, b := range spans {
				if math.Abs(a-b) <= 0.5 {
					n++
					sum += b
				}
			}
			if n > bestN {
				best, bestN = sum/float64(n), n
			}
		}
		return best, bestN > 1
	}
	w, okW := span(xs)
	h, okH := span(ys)
	return w, h, okW && okH
}

// marksCells are the cells the crop marks xs and ys (pixels along x and
// y) bound: along each axis the marks paired into spans of the card's
// size (w along x, h along y, mm, within half a mm), a cell where a span
// of each axis cross; each cell's bleed reaches half the narrowest gap
// between spans (at most maxBleed).
func marksCells(xs, ys []float64, w, h, pxmm float64) []gridCell {
	spans := func(marks []float64, size float64) (out [][2]int, gap float64) {
		gap = maxBleed * 2 * pxmm
		for i := 0; i+1 < len(marks); i++ {
			if math.Abs((marks[i+1]-marks[i])/pxmm-size) > 0.5 {
				continue
			}
			if len(out) > 0 {
				gap = min(gap, marks[i]-float64(out[len(out)-1][1]))
			}
			out = append(out, [2]int{int(math.Round(marks[i])), int(math.Round(marks[i+1]))})
			i++
		}
		return out, gap
	}
	cols, gx := spans(xs, w)
	rows, gy := spans(ys, h)
	bx, by := int(gx/2), int(gy/2)
	var cells []gridCell
	for r, y := range rows {
		for c, x := range cols {
			trim := image.Rect(x[0], y[0], x[1], y[1])
			cells = append(cells, gridCell{trim: trim, bleed: image.Rect(x[0]-bx, y[0]-by, x[1]+bx, y[1]+by), row: r + 1, col: c + 1})
		}
	}
	return cells
}
