package pnp

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
