package pnp

import "image"

// This file gives cards the frames they are printed in when they lie edge
// to edge. Cards framed in a thick band of colour, printed edge to edge,
// show white insides parted by bands twice a frame wide: a grid found
// from the paper takes the insides for the cards and the bands for gaps.
// A gap is paper; a band of solid ink between every two cards, with a
// band half as wide round the outside of the block running to the page's
// edge (the framed cards tile the page, as an imposed sheet does), is the
// cards' frames, and the cards meet in the middle of it. Bleed between
// cards looks the same, but cards with bleed leave a margin of paper.

// Bands of frames, in mm.
const (
	bandMin  = 1.0  // the least inner band (two frames)
	bandMax  = 12.0 // the most
	bandSame = 0.6  // how far an outer band may be from half the inner
	bandInk  = 0.95 // the least share of a band's pixels inked
	bandEdge = 2.0  // the most paper between an outer band and the page's edge
)

// extendOverBands moves the trims of cells (pixels of img, pxmm a mm) out
// over the bands of ink between them, along each axis on its own: along
// x when every gap between neighbouring columns (in every row) is a band
// of ink bandMin to bandMax wide, of one width within bandSame, and the
// block's left and right sides are each bordered by a band half as wide
// (within bandSame) that runs to the page's edge (within bandEdge): the cards' trims meet
// in the middle of each band and take in the outer bands. It reports whether it moved any.
func extendOverBands(img *image.NRGBA, cells []gridCell, pxmm float64) bool {
	if len(cells) < 2 {
		return false
	}
	moved := false
	for _, alongX := range []bool{true, false} {
		if extendAxis(img, cells, pxmm, alongX) {
			moved = true
		}
	}
	return moved
}

func extendAxis(img *image.NRGBA, cells []gridCell, pxmm float64, alongX bool) bool {
	// pos(c) is the cell's index along the axis, key(c) across it; lo and
	// hi its trim's sides along the axis, a and b across.
	ax := trimAxis{alongX}
	cross := ax.other()
	pos, key, lo, hi, a, b := ax.line, cross.line, ax.lo, ax.hi, cross.lo, cross.hi
	at := map[[2]int]int{} // (key, pos) → cell index
	last := 0
	for i, c := range cells {
		at[[2]int{key(c), pos(c)}] = i
		last = max(last, pos(c))
	}
	if last < 2 {
		return false
	}
	// inked is the share of band [x0, x1) along the axis, across [y0, y1),
	// that is inked.
	bounds := img.Bounds()
	inked := func(x0, x1, y0, y1 int) float64 {
		n, hit := 0, 0
		for y := y0; y < y1; y += 2 {
			for x := x0; x < x1; x++ {
				pt := ax.pt(x, y)
				n++
				if !pt.In(bounds) {
					continue
				}
				if luma(img.Pix[img.PixOffset(pt.X, pt.Y):]) < 200 {
					hit++
				}
			}
		}
		if n == 0 {
			return 0
		}
		return float64(hit) / float64(n)
	}
	var widths []int
	type gap struct{ left, right, x0, x1 int }
	var gaps []gap
	outer := map[int][2]int{} // key → the first cell's and last cell's indices
	for i, c := range cells {
		k := key(c)
		j, ok := at[[2]int{k, pos(c) + 1}]
		if !ok {
			continue
		}
		x0, x1 := hi(c.trim), lo(cells[j].trim)
		w := x1 - x0
		if float64(w) < bandMin*pxmm || float64(w) > bandMax*pxmm {
			return false
		}
		y0, y1 := a(c.trim), b(c.trim)
		inset := (y1 - y0) / 10
		if inked(x0, x1, y0+inset, y1-inset) < bandInk {
			return false
		}
		widths = append(widths, w)
		gaps = append(gaps, gap{i, j, x0, x1})
		o := outer[k]
		if pos(c) == 1 {
			o[0] = i + 1
		}
		if pos(cells[j]) == last {
			o[1] = j + 1
		}
		outer[k] = o
	}
	if len(gaps) == 0 {
		return false
	}
	wmin, wmax := widths[0], widths[0]
	for _, w := range widths {
		wmin, wmax = min(wmin, w), max(wmax, w)
	}
	if float64(wmax-wmin) > bandSame*pxmm {
		return false
	}
	half := (wmin + wmax) / 4 // half the band, pixels
	// The outer bands: half an inner band of ink outside the block's
	// first and last cells, and paper or the page's edge past it.
	for _, o := range outer {
		if o[0] == 0 || o[1] == 0 {
			return false
		}
		first, lastC := cells[o[0]-1], cells[o[1]-1]
		for _, side := range []struct {
			c     gridCell
			left  bool
			inner int
		}{{first, true, lo(first.trim)}, {lastC, false, hi(lastC.trim)}} {
			y0, y1 := a(side.c.trim), b(side.c.trim)
			inset := (y1 - y0) / 10
			// The band's width: how far solid ink runs out from the cell.
			w := 0
			for w < 2*half+int(bandSame*pxmm) {
				x := side.inner + w
				if side.left {
					x = side.inner - w - 1
				}
				if inked(x, x+1, y0+inset, y1-inset) < bandInk {
					break
				}
				w++
			}
			if abs(w-half) > int(bandSame*pxmm) {
				return false
			}
			// The outer band runs to the page's edge: the framed cards
			// tile the page (an imposed sheet). Bleed round cards with a
			// margin of paper past it is not a frame.
			edge := lo(bounds)
			if !side.left {
				edge = hi(bounds)
			}
			reach := side.inner + w
			if side.left {
				reach = side.inner - w
			}
			if abs(reach-edge) > int(bandEdge*pxmm) {
				return false
			}
		}
	}
	for _, g := range gaps {
		mid := (g.x0 + g.x1) / 2
		ax.setHi(&cells[g.left].trim, mid)
		ax.setLo(&cells[g.right].trim, mid)
	}
	for _, o := range outer {
		first, lastC := &cells[o[0]-1].trim, &cells[o[1]-1].trim
		ax.setLo(first, lo(*first)-half)
		ax.setHi(lastC, hi(*lastC)+half)
	}
	for i := range cells {
		cells[i].trim = cells[i].trim.Intersect(bounds)
	}
	return true
}
