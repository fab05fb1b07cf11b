package pnp

import (
	"image"
	"math"
	"slices"
	"sort"
)

// duplexMove is how far (mm) the grid found on a page of backs may put a
// back from its front's mirrored place before it is cut again there: a
// printer's back offset, drawn into the PDF on purpose, is less.
const duplexMove = 1.5

// alignDuplexBacks cuts the backs of a rendered page of backs (page nr)
// again at their fronts' mirrored places, as alignBacks does for a fold
// sheet, where the grid found on the page of backs put them more than
// duplexMove away, unless that makes fewer of them one back design. A page of one back design drawn edge
// to edge (its art run on across the gaps, as silhouette-card-maker
// draws it) shows few edges of its own, and a grid fitted to it can sit
// millimetres off, cutting each back across two; turned over along the
// fronts' trim lines, the sheet gives the back at the mirrored place. A
// page of backs moved on purpose (a printer's back offset) keeps its own
// grid: its backs are as alike cut there. Pages of card images are cut
// where their images lie. It reports whether the backs were cut again.
func (im *importer) alignDuplexBacks(nr int, fronts, backs []cut, mirror func(Rect) (float64, float64)) bool {
	if im.opt.KeepBleed || len(backs) < 2 {
		return false
	}
	s, err := im.load(nr)
	if err != nil || len(s.cards) > 0 || s.raster == nil {
		return false
	}
	aligned := append([]cut(nil), backs...)
	im.alignBacks(s, fronts, aligned, mirror, duplexMove)
	// Compare the backs that have a front (a page of backs may hold
	// spare ones where the page of fronts is partly filled).
	var own, moved []cut
	for i, b := range backs {
		for _, f := range fronts {
			mx, my := mirror(f.box)
			if abs64(b.box.cx()-mx) < im.opt.CardW/2 && abs64(b.box.cy()-my) < im.opt.CardW/2 {
				own, moved = append(own, b), append(moved, aligned[i])
				break
			}
		}
	}
	if largestGroup(moved) >= largestGroup(own) {
		copy(backs, aligned)
		return true
	}
	return false
}

// largestGroup returns how many of cuts show the face most of them share.
func largestGroup(cuts []cut) int {
	var g grouper
	for _, c := range cuts {
		g.add(c.face)
	}
	most := 0
	for _, r := range g.reps {
		most = max(most, r.size)
	}
	return most
}

// readBacks reads page nr as the backs of fronts, a page of fronts read
// before it: on the grid found on the page itself, or, where that grid
// holds another number of cards than fronts, on the fronts' trim lines
// turned over (see turnedOver) when those fit the page. A page of duplex
// backs is printed on its fronts' grid; read alone, its grid can be
// another (pale rules and grey words cut in columns of their own, the
// squares of a board drawn on each back taken for cards).
func (im *importer) readBacks(nr int, fronts *side) (*side, error) {
	own, err := im.readWhole(nr)
	if err != nil && isFatal(err) {
		return nil, err
	}
	if err == nil && len(own.cuts) == len(fronts.cuts) {
		return own, nil
	}
	if t := im.turnedOver(nr, fronts); t != nil {
		// The page's own grid, kept for the pages of its kind (see
		// keepGrid), gives way to this one.
		if ref := im.refs[im.gridKind(nr)]; ref != nil && ref.page == nr {
			im.refs[im.gridKind(nr)] = refOf(t, t.cuts[0].face.Rotated)
		}
		return t, nil
	}
	return own, err
}

// turnedOver cuts page nr on the cells of fronts turned over as the
// duplex flip turns them (a front's cell mirrored across the page), when
// the page's print lies within those cells and their edges are clean, as
// a partly filled page is cut on its full neighbour's grid (see
// refPageGrid), or the page's own crop marks stand at them (backs drawn
// to their edges, as the board on the back of a move card). Cells with
// nothing printed in them are left out. It returns nil when the cells do
// not fit the page, or none holds print.
func (im *importer) turnedOver(nr int, fronts *side) *side {
	if im.opt.KeepBleed || len(fronts.cuts) < 2 || fronts.report.Method == "images" {
		return nil
	}
	s, err := im.load(nr)
	if err != nil || len(s.cards) > 0 || s.raster == nil || math.Abs(s.p.w-fronts.w) > 0.5 || math.Abs(s.p.h-fronts.h) > 0.5 {
		return nil
	}
	mirrorX := duplexMirrorsX(fronts.w, fronts.h, im.opt.Flip)
	rows, cols := fronts.report.Rows, fronts.report.Cols
	var cells []gridCell
	var trims []Rect
	var places [][2]int
	for _, c := range fronts.cuts {
		t, row, col := c.box, c.face.Row, c.face.Col
		if mirrorX {
			t.X, col = fronts.w-t.X-t.W, cols+1-col
		} else {
			t.Y, row = fronts.h-t.Y-t.H, rows+1-row
		}
		// A cell run to the page's edge may end a pixel past it.
		r := pxRect(t, s.pxmm)
		in := r.Intersect(s.raster.Bounds())
		if in.Dx() < r.Dx()-int(s.pxmm) || in.Dy() < r.Dy()-int(s.pxmm) {
			return nil
		}
		r = in
		cells = append(cells, gridCell{trim: r, bleed: r, row: row, col: col})
		trims, places = append(trims, t), append(places, [2]int{row, col})
	}
	if inkOutside(s.raster, cells, s.pxmm) > 0.03 || !cleanEdges(s.raster, cells, s.pxmm) && !marksAtEdges(s.raster, cells, s.pxmm) {
		return nil
	}
	sd := &side{w: s.p.w, h: s.p.h, report: PageReport{Page: nr, Method: "neighbour", Rows: rows, Cols: cols}}
	im.picture(nr, &sd.report)
	for i, t := range trims {
		sd.report.Grid = append(sd.report.Grid, t)
		if blankInside(s.raster, cells[i].trim, s.pxmm) {
			continue
		}
		c := im.cutAt(s, t, fronts.cuts[i].face.Rotated)
		c.face.Page, c.face.Row, c.face.Col = nr, places[i][0], places[i][1]
		sd.cuts = append(sd.cuts, c)
	}
	if len(sd.cuts) == 0 {
		return nil
	}
	sort.SliceStable(sd.cuts, func(i, j int) bool {
		a, b := sd.cuts[i].face, sd.cuts[j].face
		return a.Row < b.Row || a.Row == b.Row && a.Col < b.Col
	})
	sd.report.Cards = len(sd.cuts)
	return sd
}

// marksAtEdges reports whether crop marks (see cropMarks) stand within
// half a millimetre of every edge of the cells, along both axes.
func marksAtEdges(img *image.NRGBA, cells []gridCell, pxmm float64) bool {
	for _, alongX := range []bool{true, false} {
		marks := cropMarks(img, cells, pxmm, alongX)
		if len(marks) == 0 {
			return false
		}
		ax := trimAxis{alongX}
		for _, c := range cells {
			for _, e := range []int{ax.lo(c.trim), ax.hi(c.trim)} {
				i, _ := slices.BinarySearch(marks, float64(e))
				near := false
				for _, j := range []int{i - 1, i} {
					if j >= 0 && j < len(marks) && math.Abs(marks[j]-float64(e)) <= 0.5*pxmm {
						near = true
					}
				}
				if !near {
					return false
				}
			}
		}
	}
	return true
}
