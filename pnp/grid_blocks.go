package pnp

import (
	"image"
	"math"
)

// This file reads cards that show neither an edge nor a design they
// share: flash cards of one big kana each, a word each, on white, edge to
// edge. What repeats is where their print lies, not what it is: the
// page's print falls into blocks, one a card, with bare bands across the
// whole block between them. The cut lines lie midway along those bands;
// the pitch is their spacing or, with one band along an axis, the spacing
// of the blocks' centres of ink; the outer cards are a pitch wide past the
// outer bands. The lattice must be regular, its cards a card's size, and
// it must lie on the page; a page of text (bands a line apart, or as far
// apart as its paragraphs happen to be) is none.

// Block-lattice limits.
const (
	blockGapMM   = 2.0  // the narrowest bare band between two cards' print, mm
	blockRegular = 0.03 // how far the spacing of the bands may vary, a share of the pitch
	latticeSlack = 1.0  // mm a lattice may run past the page's edge
)

// blockAxis finds the cut lines along one axis of p's block b (alongX:
// at x): the lattice's start, its pitch and its count of cells, in
// working pixels; n 0 when the axis shows no regular lattice of blocks.
func (p *inkPlane) blockAxis(b image.Rectangle, alongX bool, size int) (start, pitch float64, n int) {
	lo, hi := b.Min.Y, b.Max.Y
	if alongX {
		lo, hi = b.Min.X, b.Max.X
	}
	mass := make([]float64, hi-lo)
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			if v := p.at(x, y); v > inkLevel {
				if alongX {
					mass[x-lo] += float64(v)
				} else {
					mass[y-lo] += float64(v)
				}
			}
		}
	}
	// The bare bands and the blocks of print between them.
	type run struct{ a, b int }
	var bands, blocks []run
	least := int(math.Ceil(blockGapMM * repeatPxMM))
	for i := 0; i < len(mass); {
		j := i
		if mass[i] > 0 {
			for j < len(mass) && mass[j] > 0 {
				j++
			}
			if len(bands) < len(blocks) {
				blocks[len(blocks)-1].b = j // on past a narrow gap in a card's print
			} else {
				blocks = append(blocks, run{i, j})
			}
			i = j
			continue
		}
		for j < len(mass) && mass[j] == 0 {
			j++
		}
		if j-i >= least && j < len(mass) && len(blocks) > 0 {
			bands = append(bands, run{i, j})
		}
		i = j
	}
	if len(blocks) < 2 || len(bands) != len(blocks)-1 {
		return 0, 0, 0
	}
	cuts := make([]float64, len(bands))
	for i, bd := range bands {
		cuts[i] = float64(lo) + float64(bd.a+bd.b)/2
	}
	if len(cuts) >= 2 {
		pitch = (cuts[len(cuts)-1] - cuts[0]) / float64(len(cuts)-1)
		for i := 1; i < len(cuts); i++ {
			if math.Abs(cuts[i]-cuts[i-1]-pitch) > blockRegular*pitch {
				return 0, 0, 0
			}
		}
	} else {
		// One band: the pitch is the spacing of the two blocks' centres
		// of ink (cards of one layout place their matter alike).
		var c [2]float64
		for k, bl := range blocks {
			var m, s float64
			for i := bl.a; i < bl.b; i++ {
				m += mass[i]
				s += mass[i] * float64(i)
			}
			c[k] = s / m
		}
		pitch = c[1] - c[0]
	}
	if pitch < minCardMM*repeatPxMM || pitch > maxCardMM*repeatPxMM {
		return 0, 0, 0
	}
	n = len(cuts) + 1
	start = cuts[0] - pitch
	slack := latticeSlack * repeatPxMM
	if start < -slack || start+float64(n)*pitch > float64(size)+slack {
		return 0, 0, 0
	}
	// Each block lies within its cell.
	for k, bl := range blocks {
		a, z := start+float64(k)*pitch, start+float64(k+1)*pitch
		if float64(lo+bl.a) < a-slack || float64(lo+bl.b) > z+slack {
			return 0, 0, 0
		}
	}
	return start, pitch, n
}

// blocksGrid reads region of img (a page rendered at dpi) as a lattice
// of cards found by the blocks of their print (see the top of this
// file), or nil.
func blocksGrid(img *image.NRGBA, region image.Rectangle, dpi int) *pageGrid {
	p, b, k, ok := inkPlaneOf(img, region, dpi)
	if !ok {
		return nil
	}
	x0, px, nx := p.blockAxis(b, true, p.w)
	y0, py, ny := p.blockAxis(b, false, p.h)
	if nx == 0 || ny == 0 || max(px, py) > 3*min(px, py) {
		return nil
	}
	return latticeGrid("blocks", region, dpi, k, x0, px, nx, y0, py, ny)
}
