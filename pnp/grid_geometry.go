package pnp

import (
	"context"
	"image"
	"math"
	"sort"

	"github.com/deckwright/deckwright/internal/pdfgeom"
)

// This file reads the grid a vector page states in its own geometry
// (issue 33, item 1: measured, not guessed): the rectangles it fills,
// strokes and clips to, and the images and forms it places. Cards drawn
// by a program are drawn alike: every card's frame, clip or picture is a
// rectangle of one size. The largest set of congruent rectangles, not
// overlapping, that holds what the page prints is its cards, whatever
// their size and however few they are; no size is assumed. It is read
// before the rendered page: a sheet whose cards' edges no picture shows
// clearly (hairlines in light grey, lines of text a card's width) still
// states them. Its method is "shapes".

// Geometry-grid limits.
const (
	geomSame    = 0.5   // mm: rectangles this close in size (or place) are one
	geomLeast   = 20.0  // mm: the shortest side of a card
	geomHolds   = 0.85  // the least share of the page's marks inside the cards
	geomCovers  = 0.2   // the least share of the page the cards cover
	geomMaxCard = 200   // the most cards a page states
	geomTie     = 0.005 // classes holding shares of the ink this close hold as much
	geomEdge    = 0.25  // mm: a mark this far past a card's edge lies on it
)

// geometry reads what page nr draws, one read of the XRefTable at a time;
// pdfgeom runs under its own budget and its one recovery, and a page it
// cannot read has no geometry.
func (f *pdfFile) geometry(ctx context.Context, nr int) (*pdfgeom.Page, error) {
	f.geomMu.Lock()
	defer f.geomMu.Unlock()
	return pdfgeom.Read(ctx, f.ctx.XRefTable, nr, pdfgeom.Budget{})
}

// geometryGrid is the grid page s states (see the file's comment), or nil.
func (im *importer) geometryGrid(s *source) *pageGrid {
	if im.opt.forceRaster || s.raster == nil {
		return nil
	}
	if !s.p.shapesRead {
		// A page is read more than once (guessing the layout reads the
		// first pages again): its shapes are read once.
		s.p.shapesRead = true
		if pg, err := im.f.geometry(im.ctx, s.p.nr); err == nil {
			s.p.shapes = geometryCards(pg)
		}
	}
	boxes := append([]pdfgeom.Rect(nil), s.p.shapes...) // cellsOfBoxes sorts them
	if len(boxes) < 2 {
		return nil
	}
	g := cellsOfBoxes(boxes, s.pxmm, s.raster.Bounds())
	if pic, _ := pictureAcross(s.raster, g.cells, s.pxmm); pic {
		return nil // a board or a map drawn in tiles
	}
	return g
}

// geometryCards returns the cards page p states: of the classes of
// shapes of one size that hold geomHolds of the page's marks and cover
// geomCovers of the page, the one whose shapes hold the most of the
// marks' extents (see marksWithin); of classes holding as much, the one
// of the smallest shapes. A layout's cells round each card hold what its
// cards hold and more blank; a card's ground, its bleed picture or its
// coloured band reach past a frame or a clip drawn within it, so those
// hold less.
func geometryCards(p *pdfgeom.Page) []pdfgeom.Rect {
	var rects []pdfgeom.Rect
	for _, f := range p.Fills {
		rects = append(rects, f.Box) // a card's ground: a rectangle, or rounded
	}
	for _, c := range p.Clips {
		rects = append(rects, c.Box)
	}
	for _, im := range p.Images {
		if !im.Skewed {
			rects = append(rects, im.Box)
		}
	}
	for _, f := range p.Forms {
		rects = append(rects, f.Box)
	}
	rects = append(rects, strokedPaths(p.Strokes)...)
	rects = append(rects, latticeCells(p)...)

	type class struct {
		w, h  float64
		boxes []pdfgeom.Rect
	}
	var classes []*class
	onPage := func(r pdfgeom.Rect) bool {
		return r.X > -1 && r.Y > -1 && r.X+r.W < p.W+1 && r.Y+r.H < p.H+1
	}
	for _, r := range rects {
		if r.W < geomLeast || r.H < geomLeast || r.W > p.W-1 && r.H > p.H-1 || !onPage(r) {
			continue
		}
		var k *class
		for _, c := range classes {
			if math.Abs(c.w-r.W) < geomSame && math.Abs(c.h-r.H) < geomSame {
				k = c
				break
			}
		}
		if k == nil {
			k = &class{w: r.W, h: r.H}
			classes = append(classes, k)
		}
		k.boxes = append(k.boxes, r)
	}
	var best []pdfgeom.Rect
	bestWithin, bestArea := 0.0, 0.0
	for _, c := range classes {
		kept := apart(c.boxes)
		if len(kept) < 2 || len(kept) > geomMaxCard || float64(len(kept))*c.w*c.h < geomCovers*p.W*p.H || marksHeld(p, kept) < geomHolds {
			continue
		}
		within, area := marksWithin(p, kept), c.w*c.h
		if best == nil || within > bestWithin+geomTie || within >= bestWithin-geomTie && area < bestArea {
			best, bestWithin, bestArea = kept, within, area
		}
	}
	return best
}

// apart keeps boxes that lie apart: one of each place, none overlapping
// one kept by more than geomSame. Of boxes that overlap, the one drawn
// last is kept: a card drawn over its shadow.
func apart(boxes []pdfgeom.Rect) []pdfgeom.Rect {
	var kept []pdfgeom.Rect
	for i := len(boxes) - 1; i >= 0; i-- {
		b := boxes[i]
		ok := true
		for _, k := range kept {
			ox := min(b.X+b.W, k.X+k.W) - max(b.X, k.X)
			oy := min(b.Y+b.H, k.Y+k.H) - max(b.Y, k.Y)
			if ox > geomSame && oy > geomSame {
				ok = false
				break
			}
		}
		if ok {
			kept = append(kept, b)
		}
	}
	return kept
}

// marksHeld is the share of p's marks (strokes, fills, images and text no
// larger than a card) whose middle lies in one of cards, each grown by a
// millimetre.
func marksHeld(p *pdfgeom.Page, cards []pdfgeom.Rect) float64 {
	held, all := 0, 0
	eachMark(p, cards[0].W*cards[0].H, func(r pdfgeom.Rect, _ bool) {
		all++
		cx, cy := r.X+r.W/2, r.Y+r.H/2
		for _, c := range cards {
			if cx >= c.X-1 && cx <= c.X+c.W+1 && cy >= c.Y-1 && cy <= c.Y+c.H+1 {
				held++
				return
			}
		}
	})
	if all == 0 {
		return 0
	}
	return float64(held) / float64(all)
}

// marksWithin is the share of the area p's marks (as in marksHeld) cover
// that lies in cards, each grown by geomEdge: the ink inside the cells. A
// line counts a fifth of a millimetre wide; a line of text, whose extent
// pdfgeom only estimates, lies in a card when its middle does (as in
// marksHeld).
func marksWithin(p *pdfgeom.Page, cards []pdfgeom.Rect) float64 {
	in, all := 0.0, 0.0
	eachMark(p, cards[0].W*cards[0].H, func(r pdfgeom.Rect, text bool) {
		r.W, r.H = max(r.W, 0.2), max(r.H, 0.2)
		a := r.W * r.H
		all += a
		held := 0.0
		for _, c := range cards {
			if text {
				if cx, cy := r.X+r.W/2, r.Y+r.H/2; cx >= c.X-1 && cx <= c.X+c.W+1 && cy >= c.Y-1 && cy <= c.Y+c.H+1 {
					held = a
				}
				continue
			}
			ox := min(r.X+r.W, c.X+c.W+geomEdge) - max(r.X, c.X-geomEdge)
			oy := min(r.Y+r.H, c.Y+c.H+geomEdge) - max(r.Y, c.Y-geomEdge)
			if ox > 0 && oy > 0 {
				held += ox * oy
			}
		}
		in += min(a, held)
	})
	if all == 0 {
		return 0
	}
	return in / all
}

// eachMark calls fn with the box of each of p's marks no larger than 1.5
// times area (a page's background, or a frame round the block of cards,
// is no mark), and whether it is a line of text.
func eachMark(p *pdfgeom.Page, area float64, fn func(r pdfgeom.Rect, text bool)) {
	mark := func(r pdfgeom.Rect) {
		if r.W*r.H <= 1.5*area {
			fn(r, false)
		}
	}
	for _, s := range p.Strokes {
		mark(s.Box)
	}
	for _, f := range p.Fills {
		mark(f.Box)
	}
	for _, im := range p.Images {
		mark(im.Box)
	}
	for _, t := range p.Texts {
		if !t.Invisible && t.Box.W*t.Box.H <= 1.5*area {
			fn(t.Box, true)
		}
	}
}

// latticeCells returns the cells between straight lines the page strokes
// across at least half its width or height, one after the other: cut
// lines drawn across a sheet of cards edge to edge, or a table's rules,
// state the cards between them though no shape of a card's size is drawn.
func latticeCells(p *pdfgeom.Page) []pdfgeom.Rect {
	var xs, ys []float64
	for _, s := range p.Strokes {
		// By its box: a straight line drawn as a curve is straight.
		switch b := s.Box; {
		case b.W < 0.1 && b.H >= p.H/2:
			xs = append(xs, b.X)
		case b.H < 0.1 && b.W >= p.W/2:
			ys = append(ys, b.Y)
		}
	}
	lines := func(v []float64) []float64 {
		sort.Float64s(v)
		var out []float64
		for _, x := range v {
			if len(out) == 0 || x-out[len(out)-1] > geomSame {
				out = append(out, x)
			}
		}
		return out
	}
	xs, ys = lines(xs), lines(ys)
	var cells []pdfgeom.Rect
	for i := 1; i < len(ys); i++ {
		for j := 1; j < len(xs); j++ {
			cells = append(cells, pdfgeom.Rect{X: xs[j-1], Y: ys[i-1], W: xs[j] - xs[j-1], H: ys[i] - ys[i-1]})
		}
	}
	return cells
}

// strokedPaths returns the bounding box of each path stroked: a card's
// frame, square or rounded, or the outline of a card of another shape.
func strokedPaths(strokes []pdfgeom.Stroke) []pdfgeom.Rect {
	boxes := map[int]*pdfgeom.Rect{}
	var order []int
	for _, s := range strokes {
		x0, y0, x1, y1 := s.Box.X, s.Box.Y, s.Box.X+s.Box.W, s.Box.Y+s.Box.H
		b, ok := boxes[s.Path]
		if !ok {
			order = append(order, s.Path)
			boxes[s.Path] = &pdfgeom.Rect{X: x0, Y: y0, W: x1 - x0, H: y1 - y0}
			continue
		}
		bx0, by0 := min(b.X, x0), min(b.Y, y0)
		bx1, by1 := max(b.X+b.W, x1), max(b.Y+b.H, y1)
		*b = pdfgeom.Rect{X: bx0, Y: by0, W: bx1 - bx0, H: by1 - by0}
	}
	out := make([]pdfgeom.Rect, 0, len(order))
	for _, id := range order {
		out = append(out, *boxes[id])
	}
	return out
}

// cellsOfBoxes makes a grid of cards at boxes (mm) on a raster of pxmm
// pixels a mm: rows and columns are the boxes' distinct tops and lefts.
func cellsOfBoxes(boxes []pdfgeom.Rect, pxmm float64, bounds image.Rectangle) *pageGrid {
	index := func(vals []float64) func(float64) int {
		sorted := append([]float64(nil), vals...)
		sort.Float64s(sorted)
		var lines []float64
		for _, v := range sorted {
			if len(lines) == 0 || v-lines[len(lines)-1] > 1 {
				lines = append(lines, v)
			}
		}
		return func(v float64) int {
			best := 0
			for i, l := range lines {
				if math.Abs(l-v) < math.Abs(lines[best]-v) {
					best = i
				}
			}
			return best + 1
		}
	}
	var xs, ys []float64
	for _, b := range boxes {
		xs, ys = append(xs, b.X), append(ys, b.Y)
	}
	col, row := index(xs), index(ys)
	w, h := boxes[0].W, boxes[0].H
	g := &pageGrid{landscape: w > h, method: "shapes", trimW: w, trimH: h}
	sort.SliceStable(boxes, func(i, j int) bool {
		if ri, rj := row(boxes[i].Y), row(boxes[j].Y); ri != rj {
			return ri < rj
		}
		return col(boxes[i].X) < col(boxes[j].X)
	})
	for _, b := range boxes {
		px := image.Rect(int(math.Round(b.X*pxmm)), int(math.Round(b.Y*pxmm)), int(math.Round((b.X+b.W)*pxmm)), int(math.Round((b.Y+b.H)*pxmm))).Intersect(bounds)
		c := gridCell{trim: px, bleed: px, row: row(b.Y), col: col(b.X)}
		g.rows, g.cols = max(g.rows, c.row), max(g.cols, c.col)
		g.cells = append(g.cells, c)
	}
	return g
}
