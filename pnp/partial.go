package pnp

import (
	"fmt"
	"image"
	"math"
	"slices"
)

// A partly filled page (the last page of a deck, 5 cards of 9) shows
// fewer edges than a full one, so the grid found on it alone may be off,
// or miss a card that the full pages' grid holds. Import keeps the grid
// of the last full page it read of each kind (odd and even pages apart,
// so that a duplex PDF's pages of backs keep theirs; all pages alike for
// fronts only) and cuts a page with
// fewer cards on it: each card found where the full grid has one is cut
// at the full grid's trim, and a cell of the full grid that holds print
// and no card yet is cut too, unless it lacks the look of the cards (see
// leaveOutNotCards). A page whose cards do not all lie on the
// full grid keeps its own, and its report says so (see PageReport.Doubt).

// gridKind is the kind of page nr for keepGrid: odd or even pages (1 or
// 0) while the layout is guessed or for duplex, where pages of fronts
// and of backs alternate; one kind (2) for fronts only.
func (im *importer) gridKind(nr int) int {
	if len(im.opt.BacksPages) > 0 {
		if slices.Contains(im.opt.BacksPages, nr) {
			return 1
		}
		return 0
	}
	if im.opt.Layout == LayoutFronts {
		return 2
	}
	return nr % 2
}

// refGrid is the grid of a full page: its trims in mm.
type refGrid struct {
	page      int     // the page it was found on
	w, h      float64 // that page's size, mm
	cells     []refCell
	landscape bool
	look      cardLook // the look its cards share (see leaveOutNotCards)
	edgeless  bool     // found with no card edge seen (see pageGrid)
}

type refCell struct {
	trim     Rect
	row, col int
}

// keepGrid records the grid of a page read whole from a raster, or cuts
// a page holding fewer cards on the grid of the last full page of its
// kind (see above). It returns a doubt to report, or "".
func (im *importer) keepGrid(s *source, sd *side, landscape bool) string {
	if im.refs == nil {
		im.refs = map[int]*refGrid{}
	}
	kind := im.gridKind(s.p.nr)
	ref := im.refs[kind]
	if ref == nil || math.Abs(ref.w-s.p.w) > 0.5 || math.Abs(ref.h-s.p.h) > 0.5 || len(sd.cuts) >= len(ref.cells) {
		if ref != nil && len(sd.cuts) == len(ref.cells) && !onGrid(sd.cuts, ref) {
			return fmt.Sprintf("its grid is not page %d's", ref.page)
		}
		g := refOf(sd, landscape)
		if ref == nil || len(sd.cuts) > len(ref.cells) || math.Abs(ref.w-s.p.w) > 0.5 || math.Abs(ref.h-s.p.h) > 0.5 {
			im.refs[kind] = g
		}
		return ""
	}
	if sd.report.rowsOnly {
		// Cut on the full grid's first rows already; the cells below
		// hold something else.
		return fmt.Sprintf("cards in its first %s only: below them the full grid's edges run through print", rowsNamed(sd.report.Rows))
	}
	if landscape != ref.landscape || !onGrid(sd.cuts, ref) {
		return fmt.Sprintf("%d cards, not on the grid of page %d's %d", len(sd.cuts), ref.page, len(ref.cells))
	}
	if moved := ref.movedTo(sd.cuts); moved != ref && edgesClean(s.raster, moved.pxCells(s.pxmm), s.pxmm) > edgesClean(s.raster, ref.pxCells(s.pxmm), s.pxmm) {
		// The page's own table stands elsewhere, and its print says so:
		// the full grid's edges moved onto its cards are cleaner.
		ref = moved
	}
	var cuts []cut
	for _, rc := range ref.cells {
		i := nearest(sd.cuts, rc.trim)
		var c cut
		switch {
		case i >= 0:
			c = sd.cuts[i]
			if !sameRect(c.box, rc.trim, 0.3) {
				c = im.cutAt(s, rc.trim, landscape)
			}
		default:
			r := pxRect(rc.trim, s.pxmm)
			if !r.In(s.raster.Bounds()) || blankInside(s.raster, r, s.pxmm) || notCardAt(s, sd, rc.trim) {
				continue
			}
			c = im.cutAt(s, rc.trim, landscape)
		}
		c.face.Page, c.face.Row, c.face.Col = s.p.nr, rc.row, rc.col
		cuts = append(cuts, c)
	}
	sd.cuts = cuts
	sd.report.Cards = len(cuts)
	sd.report.Grid = sd.report.Grid[:0:0]
	for _, rc := range ref.cells {
		sd.report.Grid = append(sd.report.Grid, rc.trim)
	}
	for _, rc := range ref.cells {
		sd.report.Rows, sd.report.Cols = max(sd.report.Rows, rc.row), max(sd.report.Cols, rc.col)
	}
	return ""
}

// refOf is the grid of sd's cuts, as keepGrid records it.
func refOf(sd *side, landscape bool) *refGrid {
	g := &refGrid{page: sd.report.Page, w: sd.w, h: sd.h, landscape: landscape, look: sd.ownLook, edgeless: sd.report.edgeless}
	for _, c := range sd.cuts {
		g.cells = append(g.cells, refCell{trim: c.box, row: c.face.Row, col: c.face.Col})
	}
	return g
}

// movedTo is ref moved onto the cards of a page: by the median offset
// of the cuts' centres from their cells' (a page's table may stand a few
// mm from the last full page's: cut at the full grid's trims, each card
// would show a sliver of its neighbour). The full grid gives the cells
// and their size; where the page's own cards lie, the page may say (see
// keepGrid: its own reading of a few cards may as well be off).
func (ref *refGrid) movedTo(cuts []cut) *refGrid {
	var dx, dy []float64
	for _, c := range cuts {
		best, bestD := -1, math.Inf(1)
		for i, rc := range ref.cells {
			if d := math.Hypot(c.box.cx()-rc.trim.cx(), c.box.cy()-rc.trim.cy()); d < bestD {
				best, bestD = i, d
			}
		}
		if best >= 0 {
			dx = append(dx, c.box.cx()-ref.cells[best].trim.cx())
			dy = append(dy, c.box.cy()-ref.cells[best].trim.cy())
		}
	}
	if len(dx) == 0 {
		return ref
	}
	slices.Sort(dx)
	slices.Sort(dy)
	mx, my := dx[len(dx)/2], dy[len(dy)/2]
	if math.Abs(mx) <= 0.3 && math.Abs(my) <= 0.3 {
		return ref
	}
	moved := *ref
	moved.cells = slices.Clone(ref.cells)
	for i := range moved.cells {
		moved.cells[i].trim.X += mx
		moved.cells[i].trim.Y += my
	}
	return &moved
}

// pxCells is ref's cells in pixels of pxmm.
func (ref *refGrid) pxCells(pxmm float64) []gridCell {
	cells := make([]gridCell, len(ref.cells))
	for i, rc := range ref.cells {
		r := pxRect(rc.trim, pxmm)
		cells[i] = gridCell{trim: r, bleed: r, row: rc.row, col: rc.col}
	}
	return cells
}

// onGrid reports whether every cut lies on a cell of ref (its centre
// within a sixth of a card of the cell's).
func onGrid(cuts []cut, ref *refGrid) bool {
	for _, c := range cuts {
		ok := false
		for _, rc := range ref.cells {
			if math.Hypot(c.box.cx()-rc.trim.cx(), c.box.cy()-rc.trim.cy()) < min(rc.trim.W, rc.trim.H)/6 {
				ok = true
				break
			}
		}
		if !ok {
			return false
		}
	}
	return true
}

// nearest returns the cut whose centre lies within a sixth of a card of
// r's, or -1.
func nearest(cuts []cut, r Rect) int {
	best, bestD := -1, min(r.W, r.H)/6
	for i, c := range cuts {
		if d := math.Hypot(c.box.cx()-r.cx(), c.box.cy()-r.cy()); d < bestD {
			best, bestD = i, d
		}
	}
	return best
}

// sameRect reports whether a and b agree to within tol mm on each side.
func sameRect(a, b Rect, tol float64) bool {
	return math.Abs(a.X-b.X) <= tol && math.Abs(a.Y-b.Y) <= tol &&
		math.Abs(a.X+a.W-b.X-b.W) <= tol && math.Abs(a.Y+a.H-b.Y-b.H) <= tol
}

// pxRect is r (mm) in pixels of pxmm.
func pxRect(r Rect, pxmm float64) image.Rectangle {
	return image.Rect(int(math.Round(r.X*pxmm)), int(math.Round(r.Y*pxmm)),
		int(math.Round((r.X+r.W)*pxmm)), int(math.Round((r.Y+r.H)*pxmm)))
}

// cutAt cuts the card whose trim is t (mm) from a rendered page.
func (im *importer) cutAt(s *source, t Rect, landscape bool) cut {
	r := pxRect(t, s.pxmm)
	face := im.finish(subImage(s.raster, r), t.W, t.H, landscape)
	face.Trim = t
	return cut{face: face, box: t}
}

// refPageGrid returns the grid of the last full page of s's kind (see
// keepGrid), for a page where no grid was found on its own: a partly
// filled last page whose few cards show too few edges. It is taken only
// when the page is printed as cards would be: nearly nothing (under 3%
// of the ink) outside the grid's cells grown by 1.5 mm, and the cells'
// edges clean, each a rule seen along nearly all its length or bare
// paper, two edges in three at least (a page of rules in the same place
// has lines of text crossing the cells' edges). Else it returns nil.
func (im *importer) refPageGrid(s *source) *pageGrid {
	ref := im.refs[im.gridKind(s.p.nr)]
	if ref == nil || math.Abs(ref.w-s.p.w) > 0.5 || math.Abs(ref.h-s.p.h) > 0.5 {
		return nil
	}
	g := &pageGrid{landscape: ref.landscape, method: "neighbour", edgeless: ref.edgeless}
	if ref.page != s.p.nr {
		g.from = ref.page // else its own grid, read before
	}
	g.cells = ref.pxCells(s.pxmm)
	for _, c := range g.cells {
		if !c.trim.In(s.raster.Bounds()) {
			return nil
		}
		g.rows, g.cols = max(g.rows, c.row), max(g.cols, c.col)
	}
	if inkOutside(s.raster, g.cells, s.pxmm) > 0.03 || !cleanEdges(s.raster, g.cells, s.pxmm) {
		if !ref.edgeless {
			return topRows(s, g)
		}
		return nil
	}
	if ref.edgeless && edgesClean(s.raster, g.cells, s.pxmm) < 0.9 {
		// A grid found with no edge seen (cards edge to edge, each a
		// block of print) says little of another page: nine edges in
		// ten must be clean, little print across them (a page of
		// rules, its title centred across the middle, is no such
		// page: 13 of 16).
		return nil
	}
	return g
}

// topRows is g, the full page's grid laid on page s, cut to its first
// rows when the page holds cards there and something else below them (a
// deck's last page: a row of cards, then instructions or a box to fold):
// the most rows whose cells each hold print and whose edges are clean,
// nine in ten (a page of rules has lines of text across them). Else nil.
func topRows(s *source, g *pageGrid) *pageGrid {
	for k := g.rows - 1; k >= 1; k-- {
		var cells []gridCell
		for _, c := range g.cells {
			if c.row <= k {
				cells = append(cells, c)
			}
		}
		if len(cells) == 0 || edgesClean(s.raster, cells, s.pxmm) < 0.9 {
			continue
		}
		full := true
		for _, c := range cells {
			if blankInside(s.raster, c.trim, s.pxmm) {
				full = false
				break
			}
		}
		if !full {
			continue
		}
		top := *g
		top.cells, top.rows, top.rowsOnly = cells, k, true
		return &top
	}
	return nil
}

// rowsNamed is "row" or "2 rows".
func rowsNamed(n int) string {
	if n == 1 {
		return "row"
	}
	return fmt.Sprintf("%d rows", n)
}

// inked reports whether the pixel at x, y is printed (darker than light
// grey).
func inked(img *image.NRGBA, x, y int) bool {
	p := img.Pix[img.PixOffset(x, y):]
	return luma(p) < 200
}

// inkOutside is the share of a page's ink (every third pixel each way)
// that lies outside the cells grown by 1.5 mm.
func inkOutside(img *image.NRGBA, cells []gridCell, pxmm float64) float64 {
	grow := int(1.5 * pxmm)
	var rs []image.Rectangle
	for _, c := range cells {
		rs = append(rs, c.trim.Inset(-grow))
	}
	b := img.Bounds()
	all, out := 0, 0
	for y := b.Min.Y; y < b.Max.Y; y += 3 {
		for x := b.Min.X; x < b.Max.X; x += 3 {
			if !inked(img, x, y) {
				continue
			}
			all++
			in := false
			p := image.Pt(x, y)
			for _, r := range rs {
				if p.In(r) {
					in = true
					break
				}
			}
			if !in {
				out++
			}
		}
	}
	if all == 0 {
		return 0
	}
	return float64(out) / float64(all)
}

// cleanEdges reports whether two in three of the cells' edges at least
// are clean: within 1 mm of the edge, a line inked along 90% of its
// length or more (a rule, a frame), a dotted or dashed line (see
// edgeScan.dashed), or nothing inked along 95% of it.
func cleanEdges(img *image.NRGBA, cells []gridCell, pxmm float64) bool {
	return edgesClean(img, cells, pxmm) >= 2.0/3
}

// edgesClean is the share of the cells' edges that are clean (see
// cleanEdges), 0 for no cells.
func edgesClean(img *image.NRGBA, cells []gridCell, pxmm float64) float64 {
	band := max(1, int(pxmm))
	e := newEdgeScan(img, pxmm, 200)
	total, clean := 0, 0
	for _, c := range cells {
		r := c.trim
		for _, edge := range [][4]int{
			{1, r.Min.X, r.Min.Y, r.Max.Y}, {1, r.Max.X - 1, r.Min.Y, r.Max.Y},
			{0, r.Min.Y, r.Min.X, r.Max.X}, {0, r.Max.Y - 1, r.Min.X, r.Max.X},
		} {
			total++
			vertical := edge[0] == 1
			n, hit := e.scan(vertical, edge[1], edge[2], edge[3], band)
			if n == 0 {
				continue
			}
			if 10*e.bestLine() >= 9*n || 20*hit <= n || e.dashed(vertical, edge[1], edge[2], edge[3]) {
				clean++
			}
		}
	}
	if total == 0 {
		return 0
	}
	return float64(clean) / float64(total)
}

// pairPages pairs a duplex page of fronts with its page of backs, the
// backs first cut again at their fronts' mirrored places where that
// aligns them better (alignDuplexBacks).
func (im *importer) pairPages(fronts, backs *side) []Card {
	mirrorX := duplexMirrorsX(fronts.w, fronts.h, im.opt.Flip)
	mirror := func(r Rect) (float64, float64) {
		if mirrorX {
			return fronts.w - r.cx(), r.cy()
		}
		return r.cx(), fronts.h - r.cy()
	}
	if im.alignDuplexBacks(backs.report.Page, fronts.cuts, backs.cuts, mirror) {
		// The backs were cut at their fronts' places, not on the grid
		// found on their own page: how that grid fit does not matter.
		backs.report.fit, backs.report.fitFactor = "", 0
	}
	cards := pair(fronts.cuts, backs.cuts, mirror, !mirrorX, im.opt)
	if n := paired(cards); n < len(cards) && len(backs.cuts) >= len(fronts.cuts) {
		// A partly filled page whose backs lie at their fronts' own
		// places, not mirrored (a tool that draws the page of backs as
		// the page of fronts): the full pages before it could not tell,
		// as a full grid mirrored is the same grid.
		if alt := pair(fronts.cuts, backs.cuts, ownPlace, !mirrorX, im.opt); paired(alt) == len(alt) {
			backs.report.SideReason = fmt.Sprintf("its backs lie at the places of page %d's cards, not mirrored for duplex: paired there", fronts.report.Page)
			return alt
		}
	}
	return cards
}

// ownPlace is a card's place unmirrored: where a back at its front's own
// place lies (see pair).
func ownPlace(r Rect) (float64, float64) { return r.cx(), r.cy() }

// paired counts the cards that have a back.
func paired(cards []Card) int {
	n := 0
	for _, c := range cards {
		if c.Back != nil {
			n++
		}
	}
	return n
}

// regrid reads again the pages read from a raster before the full page
// whose grid they lack (the first page of a deck missing a card the grid
// found on it alone did not show), now that the full page's grid is
// known, and puts their cards in place of the ones first cut (with their
// page of backs, for a duplex PDF). Fold sheets are left as they are.
func (im *importer) regrid(res *Result) error {
	if im.opt.Layout != LayoutFronts && im.opt.Layout != LayoutDuplex || im.opt.KeepBleed || len(im.opt.BacksPages) > 0 {
		return nil
	}
	for i := 0; i < len(res.Pages); i++ {
		rep := res.Pages[i]
		ref := im.refs[im.gridKind(rep.Page)]
		if rep.Side != "fronts" || rep.Method == "images" || rep.Method == "page" || ref == nil || ref.page <= rep.Page || rep.Cards >= len(ref.cells) {
			continue
		}
		duplex := im.opt.Layout == LayoutDuplex && i+1 < len(res.Pages) && res.Pages[i+1].Side == "backs"
		fronts, err := im.readWhole(rep.Page)
		if err != nil {
			if isFatal(err) {
				return err
			}
			continue
		}
		if len(fronts.cuts) <= rep.Cards {
			continue
		}
		fronts.report.Side = "fronts"
		var cards []Card
		if duplex {
			backs, err := im.readBacks(res.Pages[i+1].Page, fronts)
			if err != nil {
				if isFatal(err) {
					return err
				}
				continue
			}
			backs.report.Side = "backs"
			cards = im.pairPages(fronts, backs)
			res.Pages[i+1] = backs.report
		} else {
			for _, c := range fronts.cuts {
				cards = append(cards, Card{Front: c.face})
			}
		}
		res.Pages[i] = fronts.report
		// The page's cards go where its first cards were.
		at := -1
		kept := res.Cards[:0:0]
		for _, c := range res.Cards {
			if c.Front.Page == rep.Page {
				if at < 0 {
					at = len(kept)
				}
				continue
			}
			kept = append(kept, c)
		}
		if at < 0 {
			at = len(kept)
		}
		res.Cards = append(kept[:at:at], append(cards, kept[at:]...)...)
	}
	return nil
}
