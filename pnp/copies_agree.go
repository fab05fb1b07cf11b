package pnp

import (
	"image"
	"slices"
)

// This file measures how well a grid's cells agree with one another:
// cards of one sheet share their layout (a border, a frame, a title bar,
// a text box), so where a grid cuts them right the edges inside each
// cell fall at the same places; a lattice set on the wrong pitch cuts
// each card somewhere else, and its cells' edges fall apart. It is the
// issue's "agreement of copies" term of the one objective (fitScore).

// agreeBins is how many bands a cell's side is measured in.
const agreeBins = 48

// copiesAgree returns how well the cells' edge profiles agree, from 0
// (no shared layout) to 1 (every cell's edges where the others' are),
// and whether it could be measured: a grid of one cell, or of cells
// where no edge shows inside, has nothing to agree on. A cell with no
// edge inside, among cells with some, agrees at 0. Each cell's trim
// is measured in agreeBins bands along each axis (the changes in grey
// across the band, summed along it), and each cell's profile is
// correlated with the mean of the others'; the result is the median.
func copiesAgree(img *image.NRGBA, cells []gridCell) (float64, bool) {
	if len(cells) < 2 {
		return 0, false
	}
	var profs [][]float64
	for _, c := range cells {
		if p := cellProfile(img, c.trim); p != nil {
			profs = append(profs, p)
		}
	}
	if len(profs) == 0 {
		return 0, false
	}
	// A cell with no edge inside agrees with none that has one.
	rs := make([]float64, len(cells)-len(profs), len(cells))
	if len(profs) > 1 {
		n := len(profs[0])
		sum := make([]float64, n)
		for _, p := range profs {
			for i, v := range p {
				sum[i] += v
			}
		}
		rest := make([]float64, n)
		for _, p := range profs {
			for i := range rest {
				rest[i] = sum[i] - p[i]
			}
			rs = append(rs, max(0, correlation(p, rest)))
		}
	} else {
		rs = append(rs, 0)
	}
	slices.Sort(rs)
	return rs[len(rs)/2], true
}

// cellProfile is the edge profile of trim r of img: agreeBins bands
// across and agreeBins down, each band the sum of the changes in grey
// between samples across it (about 150 across the narrow side); each
// axis is scaled to sum 1. nil when r is too small or nothing changes
// inside it.
func cellProfile(img *image.NRGBA, r image.Rectangle) []float64 {
	r = r.Intersect(img.Bounds())
	if r.Dx() < 2*agreeBins || r.Dy() < 2*agreeBins {
		return nil
	}
	grey := func(x, y int) int { return luma(img.Pix[img.PixOffset(x, y):]) }
	prof := make([]float64, 2*agreeBins)
	across, down := prof[:agreeBins], prof[agreeBins:]
	w, h := r.Dx(), r.Dy()
	// About 150 samples across the narrow side, whatever the DPI.
	step := max(1, min(w, h)/150)
	// Each sample is compared with the next one along each axis, a step
	// away, so no edge between samples is missed.
	for y := r.Min.Y; y < r.Max.Y-step; y += step {
		by := (y - r.Min.Y) * agreeBins / h
		for x := r.Min.X; x < r.Max.X-step; x += step {
			v := grey(x, y)
			dx, dy := grey(x+step, y)-v, grey(x, y+step)-v
			if dx < 0 {
				dx = -dx
			}
			if dy < 0 {
				dy = -dy
			}
			// A change across x is an edge running down the card: it
			// says where along x the card's layout is.
			across[(x-r.Min.X)*agreeBins/w] += float64(dx)
			down[by] += float64(dy)
		}
	}
	for _, half := range [][]float64{across, down} {
		t := 0.0
		for _, v := range half {
			t += v
		}
		if t == 0 {
			return nil
		}
		for i := range half {
			half[i] /= t
		}
	}
	return prof
}
