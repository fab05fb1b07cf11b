package pnp

import (
	"fmt"
	"image"
	"image/color"
	"math"
	"sort"

	"github.com/disintegration/imaging"
)

// Grid search limits, in mm.
const (
	maxBleed  = 6.0  // bleed on each side of a card
	maxGap    = 20.0 // space between neighbouring cards
	sizeSlack = 1.5  // a printed card may be this much smaller than its size
	detectDPI = 150  // the resolution the grid is looked for at
	skewDPI   = 50   // the resolution the page's skew is measured at
	maxSkew   = 1.2  // degrees
	inkLevel  = 40   // grey levels from the paper that count as printed
	minStep   = 6    // the least change between two lines that counts: a light card (16 levels off white) may fade in over two
)

// greyMap is a page (or a part of one) in grey levels at a working
// resolution: scale full-resolution pixels per pixel.
type greyMap struct {
	w, h  int
	pix   []uint8
	scale int
}

func (g *greyMap) at(x, y int) int { return int(g.pix[y*g.w+x]) }

// toGrey averages k×k blocks of r in img into grey levels.
func toGrey(img *image.NRGBA, r image.Rectangle, k int) *greyMap {
	r = r.Intersect(img.Bounds())
	w, h := r.Dx()/k, r.Dy()/k
	g := &greyMap{w: w, h: h, pix: make([]uint8, w*h), scale: k}
	sums := make([]int, w)
	for y := 0; y < h; y++ {
		clear(sums)
		for dy := 0; dy < k; dy++ {
			row := img.Pix[(r.Min.Y+y*k+dy)*img.Stride+4*r.Min.X:]
			for x := 0; x < w; x++ {
				p := row[4*x*k:]
				for dx := 0; dx < k; dx++ {
					q := p[4*dx : 4*dx+3 : 4*dx+3]
					sums[x] += 299*int(q[0]) + 587*int(q[1]) + 114*int(q[2])
				}
			}
		}
		for x := 0; x < w; x++ {
			g.pix[y*w+x] = uint8(sums[x] / (1000 * k * k))
		}
	}
	return g
}

// paper returns the grey level of the paper: the median of a strip along
// the edges of g.
func (g *greyMap) paper() int {
	var hist [256]int
	n := 0
	band := max(1, min(g.w, g.h)/40)
	for y := 0; y < g.h; y++ {
		for x := 0; x < g.w; x++ {
			if y >= band && y < g.h-band && x >= band && x < g.w-band {
				x = g.w - band - 1
				continue
			}
			hist[g.pix[y*g.w+x]]++
			n++
		}
	}
	acc := 0
	for v, c := range hist {
		acc += c
		if acc*2 >= n {
			return v
		}
	}
	return 255
}

// deskew measures how far the page is turned (at most maxSkew degrees) from
// the sharpness of the projections of its edges, and turns it back. It
// returns the page unchanged when it is straight to within 0.1°.
func deskew(img *image.NRGBA, dpi int) (*image.NRGBA, float64) {
	k := max(1, int(math.Round(float64(dpi)/skewDPI)))
	g := toGrey(img, img.Bounds(), k)
	type edge struct {
		x, y float64
		w    float64
		vert bool
	}
	var edges []edge
	for y := 1; y < g.h-1; y++ {
		for x := 1; x < g.w-1; x++ {
			gx := g.at(x+1, y) - g.at(x-1, y)
			gy := g.at(x, y+1) - g.at(x, y-1)
			ax, ay := abs(gx), abs(gy)
			if ax > 2*inkLevel/2 && ax > 2*ay {
				edges = append(edges, edge{float64(x), float64(y), float64(ax), true})
			} else if ay > 2*inkLevel/2 && ay > 2*ax {
				edges = append(edges, edge{float64(x), float64(y), float64(ay), false})
			}
		}
	}
	if len(edges) < 50 {
		return img, 0
	}
	n := max(g.w, g.h) * 2
	hv := make([]float64, n)
	hh := make([]float64, n)
	sharp := func(deg float64) float64 {
		t := math.Tan(deg * math.Pi / 180)
		clear(hv)
		clear(hh)
		off := float64(n / 4)
		for _, e := range edges {
			if e.vert {
				i := int(e.x - e.y*t + off)
				if i >= 0 && i < n {
					hv[i] += e.w
				}
			} else {
				i := int(e.y + e.x*t + off)
				if i >= 0 && i < n {
					hh[i] += e.w
				}
			}
		}
		s := 0.0
		for i := range hv {
			s += hv[i]*hv[i] + hh[i]*hh[i]
		}
		return s
	}
	best, bestS := 0.0, sharp(0)
	for deg := -maxSkew; deg <= maxSkew+1e-9; deg += 0.05 {
		if s := sharp(deg); s > bestS*1.0001 {
			best, bestS = deg, s
		}
	}
	if math.Abs(best) < 0.1 {
		return img, 0
	}
	// A vertical edge at x = x0 + y·tan(best) leans right going down: the
	// page is turned clockwise on screen; turn it back counter-clockwise.
	// Turned about its centre and cropped back to its size, the page keeps
	// its coordinates.
	out := imaging.CropCenter(imaging.Rotate(img, -best, color.White), img.Bounds().Dx(), img.Bounds().Dy())
	return out, best
}

func abs(v int) int {
	if v < 0 {
		return -v
	}
	return v
}

// axisProfiles are the evidence for card edges along one axis. A change
// in the picture between lines i-1 and i (less its local median) counts in
// left[i] when something printed starts at line i, in right[i] when
// something printed stops at line i-1 (both across a boundary between two
// cards, or at a thin line); edge[i] is the larger. rise[i] and fall[i]
// say how much printed area starts or stops there.
type axisProfiles struct {
	left, right, edge []float64
	rise, fall        []float64
	ink               []float64 // printed pixels in each line
	noise             float64   // 3 times the median |edge|: what a real edge must exceed
}

// profiles measures the evidence for vertical card edges (along x) and
// horizontal ones (along y) in g.
func profiles(g *greyMap, paper int, pxPerMM float64) (px, py axisProfiles) {
	lx, rx := make([]float64, g.w), make([]float64, g.w)
	ly, ry := make([]float64, g.h), make([]float64, g.h)
	ix := make([]float64, g.w)
	iy := make([]float64, g.h)
	inked := func(v int) bool { return abs(v-paper) > inkLevel }
	for y := 0; y < g.h; y++ {
		row := g.pix[y*g.w : (y+1)*g.w]
		for x := 0; x < g.w; x++ {
			v := int(row[x])
			in := inked(v)
			if in {
				ix[x]++
				iy[y]++
			}
			if x > 0 {
				u := int(row[x-1])
				if d := abs(v - u); d > minStep {
					prev := inked(u)
					if in || !prev {
						lx[x] += float64(d)
					}
					if prev || !in {
						rx[x] += float64(d)
					}
				}
			}
			if y > 0 {
				u := int(g.pix[(y-1)*g.w+x])
				if d := abs(v - u); d > minStep {
					prev := inked(u)
					if in || !prev {
						ly[y] += float64(d)
					}
					if prev || !in {
						ry[y] += float64(d)
					}
				}
			}
		}
	}
	win := max(2, int(3*pxPerMM))
	return axis(lx, rx, ix, win), axis(ly, ry, iy, win)
}

// lessMedian returns e less its median over a window of ±win.
func lessMedian(e []float64, win int) []float64 {
	n := len(e)
	out := make([]float64, n)
	buf := make([]float64, 0, 2*win+1)
	for i := 0; i < n; i++ {
		buf = buf[:0]
		for j := max(0, i-win); j <= min(n-1, i+win); j++ {
			buf = append(buf, e[j])
		}
		sort.Float64s(buf)
		out[i] = e[i] - buf[len(buf)/2]
	}
	return out
}

func axis(left, right, ink []float64, win int) axisProfiles {
	n := len(left)
	p := axisProfiles{left: lessMedian(left, win), right: lessMedian(right, win), edge: make([]float64, n),
		rise: make([]float64, n), fall: make([]float64, n), ink: ink}
	abs := make([]float64, n)
	for i := range p.edge {
		p.edge[i] = max(p.left[i], p.right[i])
		abs[i] = math.Abs(p.edge[i])
	}
	sort.Float64s(abs)
	if n > 0 {
		p.noise = 3 * abs[n/2]
	}
	// Printed area starting or stopping: compare the two lines either side.
	const inkWeight = 32
	for i := 0; i < n; i++ {
		before := (at(ink, i-1) + at(ink, i-2)) / 2
		after := (at(ink, i) + at(ink, i+1)) / 2
		if d := after - before; d > 0 {
			p.rise[i] = inkWeight * d
		} else {
			p.fall[i] = -inkWeight * d
		}
	}
	return p
}

// clearBorder drops the evidence for edges within n lines of either end.
func (p *axisProfiles) clearBorder(n int) {
	for _, e := range [][]float64{p.left, p.right, p.edge, p.rise, p.fall} {
		for i := range e {
			if i < n || i >= len(e)-n {
				e[i] = 0
			}
		}
	}
}

func at(v []float64, i int) float64 {
	if i < 0 || i >= len(v) {
		return 0
	}
	return v[i]
}

// lattice is a row of equal cells along one axis: cell i covers
// [x0+i·pitch, x0+i·pitch+cell) in working pixels.
type lattice struct {
	x0, cell, pitch int
	score           float64
}

// fitAxis finds the lattice of cells that best explains the edges of one
// axis, for a card n working pixels long along it.
func fitAxis(p axisProfiles, n, pxPerMM float64) lattice {
	L := len(p.edge)
	cMin := max(1, int(math.Floor(n-sizeSlack*pxPerMM)))
	cMax := int(math.Ceil(n + 2*maxBleed*pxPerMM))
	gMax := int(math.Ceil(maxGap * pxPerMM))
	best := lattice{score: math.Inf(-1)}
	// Each line takes the best evidence within a pixel: rendering rounds
	// edges to whole pixels, so a lattice's edges may be a pixel off.
	left, right := pooled(p.left, p.rise), pooled(p.right, p.fall)
	a := make([]float64, 0, L)
	b := make([]float64, 0, 2*L)
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
		for cell := cMin; cell <= min(cMax, pitch); cell++ {
			bc := b[cell : cell+pitch]
			for x0, v := range a {
				if s := v + bc[x0]; s > best.score {
					best = lattice{x0: x0, cell: cell, pitch: pitch, score: s}
				}
			}
		}
	}
	if best.pitch == 0 {
		return best
	}
	return best.centre(p, cMin, cMax)
}

// centre moves the lattice's cells to where its edges are most symmetric:
// with bleed and cut lines a card has two pairs of edges (the bleed's and
// the trim's), and the best single pair may mix them. Every pair of left
// and right edges at equal distances from a centre adds the geometric mean
// of their strengths; the cell keeps the widest strong pair about the best
// centre.
func (l lattice) centre(p axisProfiles, cMin, cMax int) lattice {
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
func refine(p axisProfiles, starts []int, cell, r int) (lo, hi []int) {
	n := len(p.edge)
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
	left := func(i int) float64 { return p.left[i] + p.rise[i] }
	right := func(i int) float64 { return p.right[i] + p.fall[i] }
	for _, s := range starts {
		lo = append(lo, best(s, left))
		hi = append(hi, best(s+cell, right))
	}
	return lo, hi
}

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

// gridCell is one card found on a page, in full-resolution pixels of the
// page image.
type gridCell struct {
	trim, bleed image.Rectangle
	row, col    int // 1-based, within the grid's content
}

// pageGrid is the grid found on one page (or one half of a fold sheet).
type pageGrid struct {
	cells     []gridCell
	rows      int
	cols      int
	landscape bool // the cells are wider than tall
	method    string
}

// findGrid looks for a grid of cardW×cardH mm cards (either way up) in
// region of img, a page rendered at dpi.
func findGrid(img *image.NRGBA, region image.Rectangle, dpi int, cardW, cardH float64) (*pageGrid, error) {
	k := max(1, int(math.Round(float64(dpi)/detectDPI)))
	g := toGrey(img, region, k)
	if g.w < 8 || g.h < 8 {
		return nil, fmt.Errorf("the page is too small to hold a card")
	}
	pxPerMM := float64(dpi) / 25.4 / float64(k)
	paper := g.paper()
	px, py := profiles(g, paper, pxPerMM)
	// Nothing along the region's own border is a card's edge: the page's
	// edge, or the fold line of a half sheet, which would otherwise serve
	// as one edge of a lattice of the wrong pitch.
	border := int(math.Ceil(pxPerMM))
	px.clearBorder(border)
	py.clearBorder(border)

	var fits []gridFit
	for _, land := range []bool{false, true} {
		w, h := cardW, cardH
		if land {
			w, h = cardH, cardW
		}
		if w*pxPerMM > float64(g.w) || h*pxPerMM > float64(g.h) {
			continue
		}
		fits = append(fits, gridFit{lx: fitAxis(px, w*pxPerMM, pxPerMM), ly: fitAxis(py, h*pxPerMM, pxPerMM), landscape: land})
	}
	if len(fits) == 0 {
		return nil, fmt.Errorf("a %gx%g mm card is larger than the page", cardW, cardH)
	}
	sort.SliceStable(fits, func(i, j int) bool {
		return fits[i].lx.score+fits[i].ly.score > fits[j].lx.score+fits[j].ly.score
	})
	var firstErr error
	for _, f := range fits {
		if debugGrid != nil {
			debugGrid(f, pxPerMM)
		}
		grid, err := f.check(g, px, py, paper, pxPerMM, cardW, cardH, region)
		if err == nil && f.landscape && grid.method == "lines" {
			// Cut lines drawn at the trim for a whole sheet, around a few
			// cards printed to their bleed, can be read as more cards
			// turned the other way (a lone poker card with bleed as two
			// landscape ones). The card as given, with its bleed around
			// it between the lines, is the better reading when it
			// explains the page with fewer cards.
			if p := asGiven(fits); p != nil {
				p.bleedAround = true
				if b, err := p.check(g, px, py, paper, pxPerMM, cardW, cardH, region); err == nil && len(b.cells) < len(grid.cells) {
					return b, nil
				}
			}
		}
		if err == nil {
			// Cards that touch are measured again as a block: the
			// lines between them may not be seen, and a pitch of whole
			// pixels drifts from one card to the next. A lone card is
			// measured by its own border too, when that is seen.
			if f.touching(pxPerMM) && !f.lx.gapBetween(px, pxPerMM) && !f.ly.gapBetween(py, pxPerMM) || grid.rows*grid.cols == 1 {
				if b, _ := blockGrid(g, px, py, paper, pxPerMM, cardW, cardH, region, f.landscape); b != nil && b.rows == grid.rows && b.cols == grid.cols {
					return b, nil
				}
			}
			return grid, nil
		}
		if firstErr == nil {
			firstErr = err
		}
	}
	// Cards laid edge to edge may show no line between them (their frames
	// or margins meet in one band): try blocks of them whose outer border
	// is seen, the most cards first.
	for _, land := range []bool{false, true} {
		if grid, _ := blockGrid(g, px, py, paper, pxPerMM, cardW, cardH, region, land); grid != nil {
			return grid, nil
		}
	}
	// A page with a few cards printed to their bleed and cut lines drawn
	// at the trim for a whole sheet (the last page of a deck): the lines
	// outweigh the art's edges, and the cells they bound are the trim.
	for _, f := range fits {
		f.bleedAround = true
		if grid, err := f.check(g, px, py, paper, pxPerMM, cardW, cardH, region); err == nil {
			return grid, nil
		}
	}
	return nil, firstErr
}

// asGiven returns a copy of the fit of cards the way up they were given
// (not turned), or nil.
func asGiven(fits []gridFit) *gridFit {
	for _, f := range fits {
		if !f.landscape {
			return &f
		}
	}
	return nil
}

// touching reports whether the fit's cards touch along both axes: less
// than a millimetre between them.
func (f gridFit) touching(pxPerMM float64) bool {
	return float64(f.lx.pitch-f.lx.cell) < pxPerMM && float64(f.ly.pitch-f.ly.cell) < pxPerMM
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
	var inside []float64
	for _, s := range starts {
		for i := max(0, s+l.cell/10); i < min(L, s+l.cell-l.cell/10); i++ {
			inside = append(inside, p.ink[i])
		}
	}
	if len(inside) == 0 {
		return false
	}
	sort.Float64s(inside)
	median := inside[len(inside)/2]
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

// debugGrid, when set by a test, hears every candidate grid.
var debugGrid func(f gridFit, pxPerMM float64)

// gridFit is a candidate grid: a lattice along each axis, the cards
// landscape or portrait.
type gridFit struct {
	lx, ly    lattice
	landscape bool
	bx, by    *block // cards laid edge to edge, in place of lx and ly
	// bleedAround lets the cards' print reach maxBleed past their trim,
	// centred in the cells: cells bounded by cut lines drawn at the trim,
	// on a page where the art's edges are too few to fit a grid by.
	bleedAround bool
}

// check turns the two lattices into the page's cards and checks that they
// explain what is printed: every cell with something in it is a card, and
// little is printed outside the cards; the edges of the cards are seen.
func (f gridFit) check(g *greyMap, px, py axisProfiles, paper int, pxPerMM, cardW, cardH float64, region image.Rectangle) (*pageGrid, error) {
	w, h := cardW, cardH
	if f.landscape {
		w, h = cardH, cardW
	}
	edgeToEdge := f.bx != nil && f.by != nil
	if !edgeToEdge && (f.lx.pitch <= 0 || f.ly.pitch <= 0) {
		return nil, fmt.Errorf("no %s mm card fits", sizeName(w, h))
	}
	tol := int(math.Ceil(pxPerMM))
	var xs, xe, ys, ye []int
	if edgeToEdge {
		xs, xe = f.bx.cells()
		ys, ye = f.by.cells()
	} else {
		xs, xe = refine(px, f.lx.cellsAlong(g.w, tol), f.lx.cell, tol)
		ys, ye = refine(py, f.ly.cellsAlong(g.h, tol), f.ly.cell, tol)
	}
	if len(xs) == 0 || len(ys) == 0 {
		return nil, fmt.Errorf("no %s mm card fits", sizeName(w, h))
	}
	ink := func(x0, y0, x1, y1 int) (n, area int) {
		x0, y0 = max(0, x0), max(0, y0)
		x1, y1 = min(g.w, x1), min(g.h, y1)
		for y := y0; y < y1; y++ {
			row := g.pix[y*g.w : (y+1)*g.w]
			for x := x0; x < x1; x++ {
				if abs(int(row[x])-paper) > inkLevel {
					n++
				}
			}
		}
		return n, max(0, x1-x0) * max(0, y1-y0)
	}
	card := make([][]bool, len(ys))
	minR, maxR, minC, maxC := len(ys), -1, len(xs), -1
	for j, y := range ys {
		card[j] = make([]bool, len(xs))
		for i, x := range xs {
			// A card's middle is printed; but a block of cards edge to
			// edge is known by its border, and a text card (a frame and
			// a few words) is printed mostly near its edges.
			ix, iy, part := (xe[i]-x)/10, (ye[j]-y)/10, 0.02
			if edgeToEdge {
				ix, iy, part = tol, tol, 0.005
			}
			n, area := ink(x+ix, y+iy, xe[i]-ix, ye[j]-iy)
			printed := area > 0 && float64(n) > part*float64(area)
			if !printed && !edgeToEdge && n > 0 {
				// A text card with a short text (one line of a few
				// words) is printed mostly in its frame and title bar:
				// a twentieth of the whole cell and a trace inside.
				all, whole := ink(x, y, xe[i], ye[j])
				printed = float64(all) > 0.05*float64(whole) && float64(n) > 0.001*float64(area)
			}
			if printed {
				card[j][i] = true
				minR, maxR = min(minR, j), max(maxR, j)
				minC, maxC = min(minC, i), max(maxC, i)
			}
		}
	}
	if maxR < 0 {
		return nil, fmt.Errorf("nothing printed where %s mm cards would be", sizeName(w, h))
	}
	// Printed matter outside the cards (and, for a fit that allows it,
	// their bleed: a card's own print reaching maxBleed past its trim,
	// centred in its cell).
	covered := make([]bool, g.w*g.h)
	for j, y := range ys {
		for i, x := range xs {
			if !card[j][i] {
				continue
			}
			cx, cy := float64(x+xe[i])/2, float64(y+ye[j])/2
			rx, ry := float64(xe[i]-x)/2+float64(tol), float64(ye[j]-y)/2+float64(tol)
			if f.bleedAround {
				rx, ry = max(rx, (w/2+maxBleed)*pxPerMM), max(ry, (h/2+maxBleed)*pxPerMM)
			}
			for v := max(0, int(cy-ry)); v < min(g.h, int(math.Ceil(cy+ry))); v++ {
				row := covered[v*g.w : (v+1)*g.w]
				for u := max(0, int(cx-rx)); u < min(g.w, int(math.Ceil(cx+rx))); u++ {
					row[u] = true
				}
			}
		}
	}
	total, outside := 0, 0
	for y := 0; y < g.h; y++ {
		row := g.pix[y*g.w : (y+1)*g.w]
		for x := 0; x < g.w; x++ {
			if abs(int(row[x])-paper) <= inkLevel {
				continue
			}
			total++
			if !covered[y*g.w+x] {
				outside++
			}
		}
	}
	if float64(outside) > 0.1*float64(total) {
		return nil, fmt.Errorf("%.0f%% of what is printed lies outside the best grid of %s mm cards", 100*float64(outside)/float64(total), sizeName(w, h))
	}
	// The cards' edges must be seen: a change in the picture along each
	// edge clearly above what changes elsewhere.
	seen := func(p axisProfiles, pos, length int) bool {
		v := math.Inf(-1)
		for d := -1; d <= 1; d++ {
			if i := pos + d; i >= 0 && i < len(p.edge) {
				v = max(v, p.edge[i])
			}
		}
		return v > p.noise && v > 0.5*float64(length)
	}
	weak, edges := 0, 0
	cellW, cellH := f.lx.cell, f.ly.cell
	if edgeToEdge {
		cellW, cellH = xe[0]-xs[0], ye[0]-ys[0]
	}
	for i := minC; i <= maxC; i++ {
		for k, x := range []int{xs[i], xe[i]} {
			// Between cards edge to edge only the block's border must
			// be seen.
			if edgeToEdge && (k == 0 && i > minC || k == 1 && i < maxC) {
				continue
			}
			edges++
			if !seen(px, x, cellH) {
				weak++
			}
		}
	}
	for j := minR; j <= maxR; j++ {
		for k, y := range []int{ys[j], ye[j]} {
			if edgeToEdge && (k == 0 && j > minR || k == 1 && j < maxR) {
				continue
			}
			edges++
			if !seen(py, y, cellW) {
				weak++
			}
		}
	}
	if edgeToEdge && weak > 0 || float64(weak) > 0.25*float64(edges) {
		return nil, fmt.Errorf("%d of the %d edges of the best grid of %s mm cards are not seen", weak, edges, sizeName(w, h))
	}

	grid := &pageGrid{rows: maxR - minR + 1, cols: maxC - minC + 1, landscape: f.landscape}
	grid.method = f.method(g, xs[minC], ys[minR], xe[maxC], ye[maxR], paper)
	k := float64(g.scale)
	full := float64(g.scale) * pxPerMM // full-resolution pixels per mm
	for j := minR; j <= maxR; j++ {
		for i := minC; i <= maxC; i++ {
			if !card[j][i] {
				continue
			}
			// The trimmed card is centred in the cell (which holds its
			// bleed), or in its art when the art is one printed block of
			// the card's size, bleed and all: a cell may mix the art's
			// edges with cut lines drawn across its bleed.
			mx, my := float64(xs[i]+xe[i])/2, float64(ys[j]+ye[j])/2
			reach := int(math.Ceil(maxBleed * pxPerMM))
			if c, ok := inkBlock(g, paper, true, xs[i]-reach, xe[i]+reach, ys[j]+(ye[j]-ys[j])/5, ye[j]-(ye[j]-ys[j])/5, w*pxPerMM, pxPerMM); ok {
				mx = c
			}
			if c, ok := inkBlock(g, paper, false, ys[j]-reach, ye[j]+reach, xs[i]+(xe[i]-xs[i])/5, xe[i]-(xe[i]-xs[i])/5, h*pxPerMM, pxPerMM); ok {
				my = c
			}
			cx := float64(region.Min.X) + k*mx
			cy := float64(region.Min.Y) + k*my
			tw, th := w*full, h*full
			trim := image.Rect(int(math.Round(cx-tw/2)), int(math.Round(cy-th/2)), int(math.Round(cx+tw/2)), int(math.Round(cy+th/2)))
			bx, by := max(tw, k*float64(xe[i]-xs[i])), max(th, k*float64(ye[j]-ys[j]))
			bleed := image.Rect(int(math.Round(cx-bx/2)), int(math.Round(cy-by/2)), int(math.Round(cx+bx/2)), int(math.Round(cy+by/2)))
			grid.cells = append(grid.cells, gridCell{trim: trim, bleed: bleed, row: j - minR + 1, col: i - minC + 1})
		}
	}
	return grid, nil
}

// inkBlock finds, along x (or y) between lines a and b, the one block of
// lines that are nearly all printed across [c0, c1) of the other axis, at
// least a millimetre long at each end, of a card n working pixels long
// with up to maxBleed each side; it returns the block's centre. Art
// printed to its bleed is such a block; a text card (a frame and a few
// words) is not, nor are cards whose art runs into the next card's.
func inkBlock(g *greyMap, paper int, alongX bool, a, b, c0, c1 int, n, pxPerMM float64) (float64, bool) {
	lines, across := g.w, g.h
	if !alongX {
		lines, across = g.h, g.w
	}
	a, b = max(0, a), min(lines, b)
	c0, c1 = max(0, c0), min(across, c1)
	if b-a < 3 || c1-c0 < 3 {
		return 0, false
	}
	full := make([]bool, b-a)
	for l := a; l < b; l++ {
		inked := 0
		for c := c0; c < c1; c++ {
			x, y := l, c
			if !alongX {
				x, y = c, l
			}
			if abs(g.at(x, y)-paper) > inkLevel {
				inked++
			}
		}
		full[l-a] = 10*inked >= 9*(c1-c0)
	}
	run := max(2, int(math.Round(pxPerMM)))
	solid := func(i, dir int) bool {
		for d := 0; d < run; d++ {
			j := i + d*dir
			if j < 0 || j >= len(full) || !full[j] {
				return false
			}
		}
		return true
	}
	lo, hi := -1, -1
	for i := range full {
		if solid(i, 1) {
			lo = i
			break
		}
	}
	for i := len(full) - 1; i >= 0; i-- {
		if solid(i, -1) {
			hi = i
			break
		}
	}
	if lo <= 0 || hi < 0 || hi >= len(full)-1 {
		return 0, false // no block, or one that runs on past the window
	}
	length := float64(hi - lo + 1)
	if length < n-sizeSlack*pxPerMM || length > n+2*maxBleed*pxPerMM {
		return 0, false
	}
	for i := lo; i <= hi; i++ {
		if !full[i] && !solidGap(full, i, run) {
			continue
		}
		if !full[i] {
			return 0, false // a gap in the block: two blocks, or art with blank bands
		}
	}
	return float64(a) + float64(lo+hi+1)/2, true
}

// solidGap reports whether full[i] starts a run of at least run lines
// that are not printed.
func solidGap(full []bool, i, run int) bool {
	for d := 0; d < run; d++ {
		if i+d >= len(full) || full[i+d] {
			return false
		}
	}
	return true
}

// method names what showed the grid: "lines" when long lines run outside
// the cards, "marks" when shorter marks do, else "gaps" (the space
// between the cards, or the edges of cards laid edge to edge).
func (f gridFit) method(g *greyMap, x0, y0, x1, y1, paper int) string {
	pad := max(1, g.w/200)
	x0, y0, x1, y1 = x0-pad, y0-pad, x1+pad, y1+pad
	cols := make([]int, g.w)
	rows := make([]int, g.h)
	outside := 0
	for y := 0; y < g.h; y++ {
		for x := 0; x < g.w; x++ {
			if x >= x0 && x < x1 && y >= y0 && y < y1 {
				continue
			}
			if abs(g.at(x, y)-paper) > inkLevel {
				outside++
				cols[x]++
				rows[y]++
			}
		}
	}
	outRows := g.h - max(0, min(y1, g.h)-max(y0, 0))
	outCols := g.w - max(0, min(x1, g.w)-max(x0, 0))
	// Lines along the region's own border (the fold line of a half
	// sheet) are not cutting guides.
	edge := 3 * pad
	for x, c := range cols {
		if outRows > 0 && c*3 >= outRows && x >= edge && x < g.w-edge {
			return "lines"
		}
	}
	for y, r := range rows {
		if outCols > 0 && r*3 >= outCols && y >= edge && y < g.h-edge {
			return "lines"
		}
	}
	if outside > 0 {
		return "marks"
	}
	return "gaps"
}

func sizeName(w, h float64) string {
	return fmt.Sprintf("%gx%g", math.Round(w*10)/10, math.Round(h*10)/10)
}
