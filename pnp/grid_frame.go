package pnp

import "math"

// minFrameRun is the least share of a card's side along which its printed
// frame must be seen for framedAt to take it as the card's trim.
const minFrameRun = 0.8

// framedAt looks, along x (or y) between lines a and b, for two straight
// lines n working pixels apart (within sizeSlack) that each run along at
// least minFrameRun of [c0, c1) of the other axis: the thin frame a card
// is printed in, or cut lines drawn at its trim. Of such pairs it takes the
// one whose middle lies nearest mid, within a quarter of the card, and
// returns that middle. A cell larger than its card holds bleed, or art that
// overruns the card's frame (a header band printed past it into the gap):
// the frame, seen along the card's whole side where the art's edges are
// not, is where a person cuts.
func framedAt(g *greyMap, alongX bool, a, b, c0, c1 int, mid, n, pxPerMM float64) (float64, bool) {
	lines, across := g.w, g.h
	if !alongX {
		lines, across = g.h, g.w
	}
	a, b = max(1, a), min(lines-2, b)
	c0, c1 = max(0, c0), min(across, c1)
	if b-a < int(n) || c1-c0 < 3 {
		return 0, false
	}
	pix := func(l, c int) int {
		if alongX {
			return g.at(l, c)
		}
		return g.at(c, l)
	}
	// run[l] is the share of [c0, c1) along which a thin line (one or
	// two pixels, lines l and l+1) stands out from the lines either side
	// of it, darker or lighter than both: a rule, not the edge of a
	// printed area (a card's art, a thick frame's side).
	// Only whether a line's run reaches minFrameRun matters: a line is
	// given up (its run left 0) once it has missed more than that allows,
	// as most lines of a page do early.
	run := make([]float64, b-a)
	span := c1 - c0
	need := int(math.Ceil(minFrameRun * float64(span)))
	for need > 0 && float64(need-1)/float64(span) >= minFrameRun {
		need--
	}
	for float64(need)/float64(span) < minFrameRun {
		need++
	}
	for l := a; l < b; l++ {
		seen, missed := 0, 0
		for c := c0; c < c1 && missed <= span-need; c++ {
			u, v, w, x := pix(l-1, c), pix(l, c), pix(l+1, c), pix(l+2, c)
			dark, light := min(v, w), max(v, w)
			if u-dark > minStep && x-dark > minStep || light-u > minStep && light-x > minStep {
				seen++
			} else {
				missed++
			}
		}
		if missed <= span-need {
			run[l-a] = float64(seen) / float64(span)
		}
	}
	slack := int(math.Ceil(sizeSlack * pxPerMM))
	best, at := n/4, -1.0
	for i, ri := range run {
		if ri < minFrameRun {
			continue
		}
		for d := int(n) - slack; d <= int(math.Ceil(n))+slack; d++ {
			j := i + d
			if j >= len(run) || run[j] < minFrameRun {
				continue
			}
			m := float64(a+i) + float64(d)/2 + 0.5 // lines l and l+1
			if off := math.Abs(m - mid); off < best {
				best, at = off, m
			}
		}
	}
	return at, at >= 0
}

// framedGrid finds the thin frames of the grid's cards (see framedAt)
// along x and along y: the middle of each card's frame, by row and
// column, in working pixels, or nil along an axis where the frames do not
// make a grid. They do when all but a quarter of the cards show one (a
// credits block in a slot has none), each column's (row's) frames lie in
// one line within half a millimetre, and the columns (rows) are evenly
// spaced to half a millimetre; a card without a frame takes its column's
// (row's). Lines inside a card's art that happen to lie a card's width
// apart are neither on most cards nor regular.
func framedGrid(g *greyMap, card [][]bool, xs, xe, ys, ye []int, minR, maxR, minC, maxC int, w, h, pxPerMM float64) (fx, fy [][]float64) {
	reach := int(math.Ceil(maxBleed * pxPerMM))
	wide, tall := max(reach, int(w*pxPerMM/4)), max(reach, int(h*pxPerMM/4))
	fx, fy = make([][]float64, len(card)), make([][]float64, len(card))
	seenX, seenY := make([][]bool, len(card)), make([][]bool, len(card))
	cards, missX, missY := 0, 0, 0
	for j := minR; j <= maxR; j++ {
		fx[j], fy[j] = make([]float64, len(card[j])), make([]float64, len(card[j]))
		seenX[j], seenY[j] = make([]bool, len(card[j])), make([]bool, len(card[j]))
		for i := minC; i <= maxC; i++ {
			if !card[j][i] {
				continue
			}
			cards++
			mx, my := float64(xs[i]+xe[i])/2, float64(ys[j]+ye[j])/2
			fx[j][i], seenX[j][i] = framedAt(g, true, xs[i]-wide, xe[i]+wide, ys[j]+(ye[j]-ys[j])/10, ye[j]-(ye[j]-ys[j])/10, mx, w*pxPerMM, pxPerMM)
			fy[j][i], seenY[j][i] = framedAt(g, false, ys[j]-tall, ye[j]+tall, xs[i]+(xe[i]-xs[i])/10, xe[i]-(xe[i]-xs[i])/10, my, h*pxPerMM, pxPerMM)
			if !seenX[j][i] {
				missX++
			}
			if !seenY[j][i] {
				missY++
			}
		}
	}
	half := pxPerMM / 2
	if cards == 0 || 4*missX > cards || !regular(fx, seenX, minR, maxR, minC, maxC, false, half) {
		fx = nil
	}
	if cards == 0 || 4*missY > cards || !regular(fy, seenY, minR, maxR, minC, maxC, true, half) {
		fy = nil
	}
	return fx, fy
}

// regular reports whether the frame middles m, where seen, make a grid
// along one axis: those of each column (byRow: of each row) within tol of
// one another, and the columns' (rows') means evenly spaced within tol.
// A card of a column without a frame seen takes the column's mean; a
// column with none seen is no grid.
func regular(m [][]float64, seen [][]bool, minR, maxR, minC, maxC int, byRow bool, tol float64) bool {
	outer, inner := [2]int{minC, maxC}, [2]int{minR, maxR}
	if byRow {
		outer, inner = inner, outer
	}
	cell := func(o, k int) (int, int) {
		if byRow {
			return o, k
		}
		return k, o
	}
	var means []float64
	for o := outer[0]; o <= outer[1]; o++ {
		lo, hi, sum, n := math.Inf(1), math.Inf(-1), 0.0, 0
		for k := inner[0]; k <= inner[1]; k++ {
			if j, i := cell(o, k); seen[j][i] {
				v := m[j][i]
				lo, hi, sum, n = min(lo, v), max(hi, v), sum+v, n+1
			}
		}
		if n == 0 || hi-lo > tol {
			return false
		}
		mean := sum / float64(n)
		for k := inner[0]; k <= inner[1]; k++ {
			if j, i := cell(o, k); !seen[j][i] {
				m[j][i] = mean
			}
		}
		means = append(means, mean)
	}
	if len(means) > 2 {
		step := (means[len(means)-1] - means[0]) / float64(len(means)-1)
		for k, v := range means {
			if math.Abs(v-(means[0]+float64(k)*step)) > tol {
				return false
			}
		}
	}
	return true
}
