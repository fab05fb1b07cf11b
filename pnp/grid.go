package pnp

import (
	"fmt"
	"image"
	"math"
	"sort"
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
	// framed: the cards were cut at the thin frames seen on them (see
	// framedGrid).
	framed bool
	// weakEdges of the grid's edges were not clearly seen (see check),
	// and its cells' sizes vary by spread mm: how well the grid fits.
	// unseen of the weak edges were not seen where the cards were cut
	// either (frames found a pixel or two off the lattice): the doubt the
	// page reports (see fitDoubt).
	weakEdges, unseen, edges int
	// weak lists the weak edges and seenAt says whether an edge shows
	// at a position (full pixels of the page) along x when vertical,
	// else y: for countUnseen.
	weak   []gridEdge
	seenAt func(vertical bool, full int) bool
	spread float64
	// outside is the share of what is printed that lies outside the
	// cards (and their bleed).
	outside float64
	// trimW and trimH are the size the cards are cut at, in mm as they
	// lie on the page: the size given, or the size measured (see
	// measuredTrim).
	trimW, trimH float64
	// edgeless: no card edge was seen, the lattice is where the print
	// repeats (see repeatGrid), on this page or, for a grid taken from
	// page from (see refPageGrid), on that one.
	edgeless bool
	from     int
	// rowsOnly: the first rows of a full page's grid, the page holding
	// something else below them (see topRows).
	rowsOnly bool
}

// findGridBy looks for a grid of cardW×cardH mm cards (either way up) in
// region of img, a page rendered at dpi; offPaper as for profiles;
// noFrames leaves out the thin frames seen on the cards (see framedGrid).
func findGridBy(img *image.NRGBA, region image.Rectangle, dpi int, cardW, cardH float64, offPaper, noFrames bool) (*pageGrid, error) {
	k := max(1, int(math.Round(float64(dpi)/detectDPI)))
	g := greyOf(img, region, k)
	g.noFrames = noFrames
	b := img.Bounds()
	g.pageEdges = [4]bool{region.Min.X <= b.Min.X, region.Min.Y <= b.Min.Y, region.Max.X >= b.Max.X-k, region.Max.Y >= b.Max.Y-k}
	if g.w < 8 || g.h < 8 {
		return nil, fmt.Errorf("the page is too small to hold a card")
	}
	pxPerMM := float64(dpi) / 25.4 / float64(k)
	paper := g.paper()
	if offPaper {
		g.stretch(paper)
	}
	px, py := profiles(g, paper, pxPerMM, offPaper)
	// Nothing along the region's own border is a card's edge: the page's
	// edge, or the fold line of a half sheet, which would otherwise serve
	// as one edge of a lattice of the wrong pitch. A page filled to its
	// edge (offPaper) shows no edge there, and a card may end less than
	// a millimetre from it: half a millimetre is cleared.
	border := int(math.Ceil(pxPerMM))
	if offPaper {
		border = int(math.Ceil(pxPerMM / 2))
	}
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
		lx, lxNear := fitAxis(px, w*pxPerMM, pxPerMM)
		ly, lyNear := fitAxis(py, h*pxPerMM, pxPerMM)
		fits = append(fits, gridFit{lx: lx, ly: ly, landscape: land})
		if lx != lxNear || ly != lyNear {
			// Cells smaller than the card need two or more along
			// their axis, a gap seen between them (see fitAxis); else
			// this fit of cells near the card's size.
			fits = append(fits, gridFit{lx: lxNear, ly: lyNear, landscape: land})
			fits[len(fits)-2].smallX = lx != lxNear
			fits[len(fits)-2].smallY = ly != lyNear
		}
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

// debugGrid, when set by a test, hears every candidate grid.
var debugGrid func(f gridFit, pxPerMM float64)

// gridFit is a candidate grid: a lattice along each axis, the cards
// landscape or portrait.
type gridFit struct {
	lx, ly    lattice
	landscape bool
	bx, by    *block // cards laid edge to edge, in place of lx and ly
	// smallX and smallY mark lattices of cells more than sizeSlack
	// smaller than the card: the grid must hold two cards or more along
	// that axis.
	smallX, smallY bool
	// bleedAround lets the cards' print reach maxBleed past their trim,
	// centred in the cells: cells bounded by cut lines drawn at the trim,
	// on a page where the art's edges are too few to fit a grid by.
	bleedAround bool
	// pitchX and pitchY mark a block divided at the pitch its cards
	// repeat at, not at the card's size (see blockGrid): its cells hold
	// the cards and the gaps drawn over between them, and the cards are
	// cut at the size given, centred in them.
	pitchX, pitchY bool
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
		xs, xe = refine(px, f.lx.cellsAlong(g.w, tol), f.lx.cell, tol, pxPerMM)
		ys, ye = refine(py, f.ly.cellsAlong(g.h, tol), f.ly.cell, tol, pxPerMM)
	}
	if len(xs) == 0 || len(ys) == 0 {
		return nil, fmt.Errorf("no %s mm card fits", sizeName(w, h))
	}
	sums := g.inkTable(paper)
	ink := sums.count
	card := make([][]bool, len(ys))
	inside := make([][]int, len(ys)) // ink of a cell not printed enough, of areas
	areas := make([][]int, len(ys))
	nCards := 0
	for j, y := range ys {
		card[j] = make([]bool, len(xs))
		inside[j], areas[j] = make([]int, len(xs)), make([]int, len(xs))
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
				nCards++
			} else if !edgeToEdge {
				// What the cell holds away from its edges' rules.
				in := int(math.Ceil(1.5 * pxPerMM))
				inside[j][i], areas[j][i] = ink(x+in, y+in, xe[i]-in, ye[j]-in)
				// An empty frame drawn for a card (a sheet printed with
				// fewer cards than slots) is part of the grid: its
				// ring, the 1.5 mm inside its edges, is a third printed.
				// Import drops it as blank; its frame is not matter
				// printed outside the cards.
				all, whole := ink(x, y, xe[i], ye[j])
				if ring := whole - areas[j][i]; ring > 0 && 3*(all-inside[j][i]) > ring {
					card[j][i] = true
				}
			}
		}
	}
	minR, maxR, minC, maxC := litInside(card, inside, areas, nCards)
	if maxR < 0 {
		return nil, fmt.Errorf("nothing printed where %s mm cards would be", sizeName(w, h))
	}
	// Printed matter outside the cards (and, for a fit that allows it,
	// their bleed: a card's own print reaching maxBleed past its trim,
	// centred in its cell).
	var rects []span
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
			rects = append(rects, span{int(cx - rx), int(cy - ry), int(math.Ceil(cx + rx)), int(math.Ceil(cy + ry))})
		}
	}
	total := sums.total()
	outside := total - sums.unionInk(rects)
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
	// A card cut to the page's edge needs no line there: the page's
	// edge is its edge (cards filling a page, cut lines between them
	// only).
	atPage := func(vertical bool, pos int) bool {
		n, lo, hi := g.h, g.pageEdges[1], g.pageEdges[3]
		if vertical {
			n, lo, hi = g.w, g.pageEdges[0], g.pageEdges[2]
		}
		return lo && pos <= tol || hi && pos >= n-1-tol
	}
	weak, edges := 0, 0
	var weakOnes []gridEdge
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
			if !seen(px, x, cellH) && !atPage(true, x) {
				weak++
				weakOnes = append(weakOnes, gridEdge{vertical: true, line: i - minC + 1, far: k == 1})
			}
		}
	}
	for j := minR; j <= maxR; j++ {
		for k, y := range []int{ys[j], ye[j]} {
			if edgeToEdge && (k == 0 && j > minR || k == 1 && j < maxR) {
				continue
			}
			edges++
			if !seen(py, y, cellW) && !atPage(false, y) {
				weak++
				weakOnes = append(weakOnes, gridEdge{line: j - minR + 1, far: k == 1})
			}
		}
	}
	if edgeToEdge && weak > 0 || float64(weak) > 0.25*float64(edges) {
		return nil, fmt.Errorf("%d of the %d edges of the best grid of %s mm cards are not seen", weak, edges, sizeName(w, h))
	}

	if f.smallX && maxC == minC || f.smallY && maxR == minR {
		return nil, fmt.Errorf("one card, smaller than %s mm, along an axis", sizeName(w, h))
	}
	grid := &pageGrid{rows: maxR - minR + 1, cols: maxC - minC + 1, landscape: f.landscape, edges: edges}
	if total > 0 {
		grid.outside = float64(outside) / float64(total)
	}
	// An edge of a partly filled grid runs on past its last card, so is
	// seen along only part of its length: only a full grid's unseen
	// edges say how it fits.
	if filled(card, minR, maxR, minC, maxC) {
		grid.weakEdges = weak
	}
	if !edgeToEdge {
		grid.spread = max(spread(xs[minC:maxC+1], xe[minC:maxC+1]), spread(ys[minR:maxR+1], ye[minR:maxR+1])) / pxPerMM
	}
	grid.method = f.method(g, xs[minC], ys[minR], xe[maxC], ye[maxR], paper)
	gapX, gapY := edgeToEdge, edgeToEdge
	if !edgeToEdge {
		gapX, gapY = f.lx.gapBetween(px, pxPerMM), f.ly.gapBetween(py, pxPerMM)
	}
	grid.trimW, grid.trimH = measuredTrim(card, xs, xe, ys, ye, w, h, pxPerMM, gapX, gapY)
	if f.pitchX {
		grid.trimW = w
	}
	if f.pitchY {
		grid.trimH = h
	}
	w, h = grid.trimW, grid.trimH
	k := float64(g.scale)
	full := float64(g.scale) * pxPerMM // full-resolution pixels per mm
	var frameX, frameY [][]float64
	if !g.noFrames {
		frameX, frameY = framedGrid(g, card, xs, xe, ys, ye, minR, maxR, minC, maxC, w, h, pxPerMM)
		grid.framed = frameX != nil || frameY != nil
	}
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
			// Thin frames seen along every card's whole side are the
			// trims (see framedGrid), wherever the cells' edges were found.
			if frameX != nil {
				mx = frameX[j][i]
			} else if c, ok := inkBlock(g, paper, true, xs[i]-reach, xe[i]+reach, ys[j]+(ye[j]-ys[j])/5, ye[j]-(ye[j]-ys[j])/5, w*pxPerMM, pxPerMM); ok {
				mx = c
			}
			if frameY != nil {
				my = frameY[j][i]
			} else if c, ok := inkBlock(g, paper, false, ys[j]-reach, ye[j]+reach, xs[i]+(xe[i]-xs[i])/5, xe[i]-(xe[i]-xs[i])/5, h*pxPerMM, pxPerMM); ok {
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
	grid.weak = weakOnes
	grid.seenAt = func(vertical bool, full int) bool {
		if vertical {
			return seen(px, int(math.Round(float64(full-region.Min.X)/k)), cellH)
		}
		return seen(py, int(math.Round(float64(full-region.Min.Y)/k)), cellW)
	}
	grid.countUnseen()
	return grid, nil
}

// gridEdge names one edge of a grid's lattice: the left (or, far, the
// right) edge of column line, counted from 1, when vertical, or the top
// (bottom) edge of row line.
type gridEdge struct {
	vertical, far bool
	line          int
}

// countUnseen counts the grid's weak edges that are not seen where its
// cards are cut either (frames, crop marks or ink blocks place the cut a
// pixel or two off the lattice, where the edge is): the doubt the page
// reports, as it is cut now.
func (g *pageGrid) countUnseen() {
	g.unseen = 0
	if g.weakEdges == 0 {
		return
	}
	for _, e := range g.weak {
		if pos, ok := e.cutAt(g.cells); !ok || g.seenAt == nil || !g.seenAt(e.vertical, pos) {
			g.unseen++
		}
	}
}

// cutAt is where the cards of e's column or row are cut along e, in the
// page's full pixels: the median over the cards, since frames and ink
// blocks place each card alone.
func (e gridEdge) cutAt(cells []gridCell) (int, bool) {
	var at []int
	for _, c := range cells {
		switch {
		case e.vertical && c.col == e.line && !e.far:
			at = append(at, c.trim.Min.X)
		case e.vertical && c.col == e.line:
			at = append(at, c.trim.Max.X)
		case !e.vertical && c.row == e.line && !e.far:
			at = append(at, c.trim.Min.Y)
		case !e.vertical && c.row == e.line:
			at = append(at, c.trim.Max.Y)
		}
	}
	if len(at) == 0 {
		return 0, false
	}
	sort.Ints(at)
	return at[len(at)/2], true
}

// litInside marks as cards the cells next to a card (in its row or
// column, one after another) that hold less ink than the fixed share a
// card must, yet some: at least 0.2% of what lies more than 1.5 mm
// inside their edges. In a ruled table a
// text card with a short line of text, or a blank card that shows only
// the game's logo, is bounded by the same rules as its neighbours; an
// empty slot of a partly filled page holds next to nothing inside.
func litInside(card [][]bool, inside, areas [][]int, printed int) (minR, maxR, minC, maxC int) {
	minR, maxR, minC, maxC = len(card), -1, len(card[0]), -1
	if printed >= 2 {
		for grew := true; grew; {
			grew = false
			for j := range card {
				for i := range card[j] {
					if card[j][i] || 500*inside[j][i] <= areas[j][i] {
						continue
					}
					if j > 0 && card[j-1][i] || j+1 < len(card) && card[j+1][i] || i > 0 && card[j][i-1] || i+1 < len(card[j]) && card[j][i+1] {
						card[j][i], grew = true, true
					}
				}
			}
		}
	}
	for j := range card {
		for i, c := range card[j] {
			if c {
				minR, maxR, minC, maxC = min(minR, j), max(maxR, j), min(minC, i), max(maxC, i)
			}
		}
	}
	return minR, maxR, minC, maxC
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

// spread returns how much the lengths hi[i]-lo[i] vary, in pixels.
func spread(lo, hi []int) float64 {
	if len(lo) == 0 {
		return 0
	}
	least, most := hi[0]-lo[0], hi[0]-lo[0]
	for i := range lo {
		least, most = min(least, hi[i]-lo[i]), max(most, hi[i]-lo[i])
	}
	return float64(most - least)
}

// filled reports whether every cell of rows minR..maxR and columns
// minC..maxC holds a card.
func filled(card [][]bool, minR, maxR, minC, maxC int) bool {
	for j := minR; j <= maxR; j++ {
		for i := minC; i <= maxC; i++ {
			if !card[j][i] {
				return false
			}
		}
	}
	return true
}
