package pnp

import (
	"image"
	"math"
)

// This file finds cards by their repetition, with no edge seen and no
// size assumed: cards laid out on a lattice repeat at its pitch (copies
// of one card exactly; different cards of one design in their frame,
// title and text blocks), so the page shifted by one pitch along an axis
// matches itself. The pitch is the shift at which the page's ink
// correlates best with itself, and it must be the fundamental one: a
// shift by part of a card matches far worse. Lines of text repeat too,
// but at every multiple of their spacing, and a column of text is the
// same shifted sideways by any amount: neither has a fundamental pitch a
// card long. Frameless cards edge to edge (business cards, cards of text
// on white) are read so; crop marks outside the block, where there are
// any, place the cut.

// Repetition limits.
const (
	repeatPxMM    = 2.0  // working resolution, pixels per mm
	repeatLeast   = 0.6  // the least correlation of the page with itself shifted by the pitch
	repeatMargin  = 0.25 // how much worse a shift by part of a pitch must match
	repeatMaxCard = 160  // mm, as maxCardMM
	markReach     = 15.0 // mm outside the block that crop marks are looked for in
	repeatOverlap = 20.0 // mm: the least overlap of the block with itself shifted
)

// inkPlane is a page's ink (paper less grey) at repeatPxMM.
type inkPlane struct {
	w, h int
	v    []float32
}

func (p *inkPlane) at(x, y int) float32 { return p.v[y*p.w+x] }

// blur averages each pixel with its eight neighbours: copies drawn a
// fraction of a millimetre apart from their lattice (rounded to the
// device's pixels) then still match, fine detail (a QR code's modules)
// and all.
func (p *inkPlane) blur() {
	out := make([]float32, len(p.v))
	for y := 0; y < p.h; y++ {
		for x := 0; x < p.w; x++ {
			var s float32
			n := 0
			for dy := -1; dy <= 1; dy++ {
				for dx := -1; dx <= 1; dx++ {
					if xx, yy := x+dx, y+dy; xx >= 0 && yy >= 0 && xx < p.w && yy < p.h {
						s += p.v[yy*p.w+xx]
						n++
					}
				}
			}
			out[y*p.w+x] = s / float32(n)
		}
	}
	p.v = out
}

// block is the part of the page that holds the cards' print: the span of
// the rows and columns of which at least a twentieth of the densest is
// inked. Crop marks, a few thin strokes outside it, are left out.
func (p *inkPlane) block() image.Rectangle {
	cols, rows := make([]int, p.w), make([]int, p.h)
	for y := 0; y < p.h; y++ {
		for x := 0; x < p.w; x++ {
			if p.at(x, y) > inkLevel {
				cols[x]++
				rows[y]++
			}
		}
	}
	span := func(c []int) (int, int) {
		most := 0
		for _, n := range c {
			most = max(most, n)
		}
		lo, hi := -1, -1
		for i, n := range c {
			if n > 0 && 20*n >= most {
				if lo < 0 {
					lo = i
				}
				hi = i + 1
			}
		}
		return lo, hi
	}
	x0, x1 := span(cols)
	y0, y1 := span(rows)
	if x0 < 0 || y0 < 0 {
		return image.Rectangle{}
	}
	return image.Rect(x0, y0, x1, y1)
}

// shiftMatch is the correlation (Pearson's) of the ink of b with itself
// shifted by d pixels along x (alongX) or y; NaN when the overlap is
// less than repeatOverlap.
func (p *inkPlane) shiftMatch(b image.Rectangle, d int, alongX bool) float64 {
	ov := b
	if alongX {
		ov.Max.X -= d
	} else {
		ov.Max.Y -= d
	}
	along := ov.Dy()
	if alongX {
		along = ov.Dx()
	}
	if ov.Dx() <= 0 || ov.Dy() <= 0 || along < int(repeatOverlap*repeatPxMM) {
		return math.NaN()
	}
	dx, dy := d, 0
	if !alongX {
		dx, dy = 0, d
	}
	var sa, sb, saa, sbb, sab float64
	for y := ov.Min.Y; y < ov.Max.Y; y++ {
		ra := p.v[y*p.w+ov.Min.X : y*p.w+ov.Max.X]
		rb := p.v[(y+dy)*p.w+ov.Min.X+dx : (y+dy)*p.w+ov.Max.X+dx]
		var a1, b1, aa, bb, ab float32
		for i, a := range ra {
			c := rb[i]
			a1 += a
			b1 += c
			aa += a * a
			bb += c * c
			ab += a * c
		}
		sa, sb, saa, sbb, sab = sa+float64(a1), sb+float64(b1), saa+float64(aa), sbb+float64(bb), sab+float64(ab)
	}
	n := float64(ov.Dx() * ov.Dy())
	va, vb := saa-sa*sa/n, sbb-sb*sb/n
	if va <= 0 || vb <= 0 {
		return math.NaN()
	}
	return (sab - sa*sb/n) / math.Sqrt(va*vb)
}

// pitch returns the fundamental pitch along one axis in pixels (to a
// tenth, by the parabola through the peak), or 0 when the block does not
// repeat along it.
func (p *inkPlane) pitch(b image.Rectangle, alongX bool) float64 {
	length := b.Dy()
	if alongX {
		length = b.Dx()
	}
	lo := int(minCardMM * repeatPxMM)
	hi := min(int(repeatMaxCard*repeatPxMM), length-int(repeatOverlap*repeatPxMM))
	if hi <= lo {
		return 0
	}
	r := make([]float64, hi+2)
	for d := 1; d < len(r); d++ {
		r[d] = p.shiftMatch(b, d, alongX)
	}
	best := 0
	for d := lo; d <= hi; d++ {
		if !math.IsNaN(r[d]) && (best == 0 || r[d] > r[best]) {
			best = d
		}
	}
	if best == 0 || r[best] < repeatLeast {
		return 0
	}
	// The fundamental: the shortest local peak nearly as good as the
	// best (a shift by two cards matches as well as by one), at most
	// 60% of it (beside the best, a local peak is noise).
	for d := lo; d <= best*3/5; d++ {
		if r[d] >= 0.92*r[best] && r[d] >= r[d-1] && r[d] >= r[d+1] {
			best = d
			break
		}
	}
	// A shift by part of the pitch must match far worse.
	for d := max(1, best/5); d <= best*4/5; d++ {
		if !math.IsNaN(r[d]) && r[d] > r[best]-repeatMargin {
			return 0
		}
	}
	at := float64(best)
	if best+1 < len(r) && !math.IsNaN(r[best-1]) && !math.IsNaN(r[best+1]) {
		if den := r[best-1] - 2*r[best] + r[best+1]; den < 0 {
			at += 0.5 * (r[best-1] - r[best+1]) / den
		}
	}
	return at
}

// marks returns the positions (working pixels along the axis) of thin
// strokes across the strip outside the block: crop marks pointing at the
// cuts. alongX: marks above and below the block, at x positions.
func (p *inkPlane) marks(b image.Rectangle, alongX bool) []float64 {
	reach := int(markReach * repeatPxMM)
	var strips []image.Rectangle
	if alongX {
		strips = []image.Rectangle{image.Rect(b.Min.X-reach, b.Min.Y-reach, b.Max.X+reach, b.Min.Y-1), image.Rect(b.Min.X-reach, b.Max.Y+1, b.Max.X+reach, b.Max.Y+reach)}
	} else {
		strips = []image.Rectangle{image.Rect(b.Min.X-reach, b.Min.Y-reach, b.Min.X-1, b.Max.Y+reach), image.Rect(b.Max.X+1, b.Min.Y-reach, b.Max.X+reach, b.Max.Y+reach)}
	}
	n := p.w
	if !alongX {
		n = p.h
	}
	count := make([]int, n)
	for _, s := range strips {
		s = s.Intersect(image.Rect(0, 0, p.w, p.h))
		for y := s.Min.Y; y < s.Max.Y; y++ {
			for x := s.Min.X; x < s.Max.X; x++ {
				if p.at(x, y) > inkLevel {
					if alongX {
						count[x]++
					} else {
						count[y]++
					}
				}
			}
		}
	}
	// A mark is a run of one to three inked lines, each inked for at
	// least 2 mm, with bare lines beside it.
	return thinRuns(count, int(2*repeatPxMM), 3)
}

// thinRuns returns the middles of the runs of count at least least that
// are at most thin long: strokes across a strip, count[i] the pixels
// inked along it at position i.
func thinRuns(count []int, least, thin int) []float64 {
	var out []float64
	for i, n := 0, len(count); i < n; {
		if count[i] < least {
			i++
			continue
		}
		j := i
		for j < n && count[j] >= least {
			j++
		}
		if j-i <= thin {
			out = append(out, float64(i+j)/2)
		}
		i = j
	}
	return out
}

// phase places a lattice of n cells of the pitch along one axis of a
// region size working pixels long whose ink lies from b0 to b1. A lattice
// lies on the region and, when it can, holds all the ink: crop marks lie
// outside it, cards within it. Of such places: where the crop marks point
// when two or more of its lines fall on marks; else centred on the ink
// (cards print their matter centred); else, when that runs off the region
// (the matter is not centred on its cards: a drawing above a caption),
// the place nearest the middle of the region (sheets of cards are printed
// centred on the page). A lattice longer than the region (a count rounded
// up past the page) cannot lie on it: it is placed as before, centred on
// the ink or at the marks.
func phase(b0, b1, size int, pitch float64, n int, marks []float64) float64 {
	span := float64(n) * pitch
	slack := repeatPxMM // a millimetre
	lo, hi := float64(b1)-span, float64(b0)
	holds := lo <= hi && span <= float64(size)+slack
	fits := func(start float64) bool {
		return !holds || start >= -slack && start+span <= float64(size)+slack && start >= lo-slack && start <= hi+slack
	}
	centred := float64(b0+b1)/2 - span/2
	if holds && !fits(centred) {
		centred = min(max((float64(size)-span)/2, lo), hi)
	}
	best, hits := centred, 1
	tol := 0.75 * repeatPxMM
	for _, m := range marks {
		for i := 0; i <= n; i++ {
			start := m - float64(i)*pitch
			if math.Abs(start-centred) > pitch/2 || !fits(start) {
				continue
			}
			h := 0
			var sum float64
			for k := 0; k <= n; k++ {
				line := start + float64(k)*pitch
				for _, q := range marks {
					if math.Abs(q-line) <= tol {
						h++
						sum += q - float64(k)*pitch
						break
					}
				}
			}
			if h > hits {
				best, hits = sum/float64(h), h
			}
		}
	}
	return best
}

// inkPlaneOf is region of img (a page rendered at dpi) as an inkPlane at
// about repeatPxMM, with the block of its print; k is the raster's pixels
// a working pixel, and ok false when the region is too small or bare.
func inkPlaneOf(img *image.NRGBA, region image.Rectangle, dpi int) (p *inkPlane, b image.Rectangle, k int, ok bool) {
	pxmm := float64(dpi) / 25.4
	k = max(1, int(math.Round(pxmm/repeatPxMM)))
	g := greyOf(img, region, k)
	if g.w < 8 || g.h < 8 {
		return nil, b, k, false
	}
	paper := g.paper()
	p = &inkPlane{w: g.w, h: g.h, v: make([]float32, g.w*g.h)}
	for i, v := range g.pix {
		p.v[i] = float32(max(0, paper-int(v)))
	}
	b = p.block()
	return p, b, k, !b.Empty()
}

// latticeGrid is the grid of ny rows and nx columns of cells px×py
// working pixels (k raster pixels each) from x0, y0 in region of a page
// rendered at dpi, found with no edge seen (method "repeat" or "blocks"),
// or nil when a cell lies off the region.
func latticeGrid(method string, region image.Rectangle, dpi, k int, x0, px float64, nx int, y0, py float64, ny int) *pageGrid {
	pxmm := float64(dpi) / 25.4
	scale := float64(k) // working pixels to the raster's
	grid := &pageGrid{rows: ny, cols: nx, landscape: px > py, method: method, edgeless: true, trimW: px * scale / pxmm, trimH: py * scale / pxmm}
	at := func(v float64) int { return int(math.Round(v * scale)) }
	for r := 0; r < ny; r++ {
		for c := 0; c < nx; c++ {
			t := image.Rect(at(x0+float64(c)*px), at(y0+float64(r)*py), at(x0+float64(c+1)*px), at(y0+float64(r+1)*py)).Add(region.Min)
			t = t.Intersect(region)
			if t.Empty() {
				return nil
			}
			grid.cells = append(grid.cells, gridCell{trim: t, bleed: t, row: r + 1, col: c + 1})
		}
	}
	return grid
}

// repeatGrid reads region of img (a page rendered at dpi) as a lattice of
// cards found by their repetition (see the top of this file), or nil.
func repeatGrid(img *image.NRGBA, region image.Rectangle, dpi int) *pageGrid {
	p, b, k, ok := inkPlaneOf(img, region, dpi)
	if !ok {
		return nil
	}
	marksX, marksY := p.marks(b, true), p.marks(b, false)
	p.blur()
	px, py := p.pitch(b, true), p.pitch(b, false)
	if px == 0 || py == 0 {
		return nil
	}
	nx := int(math.Ceil(float64(b.Dx())/px - 0.1))
	ny := int(math.Ceil(float64(b.Dy())/py - 0.1))
	if nx < 2 || ny < 2 {
		return nil
	}
	x0 := phase(b.Min.X, b.Max.X, p.w, px, nx, marksX)
	y0 := phase(b.Min.Y, b.Max.Y, p.h, py, ny, marksY)
	return latticeGrid("repeat", region, dpi, k, x0, px, nx, y0, py, ny)
}
