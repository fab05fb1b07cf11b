package layout

import "sort"

// Crop mark geometry, in mm. A mark starts MarkGap outside the grid's outer
// bleed edge, so it never touches any card's image, and runs MarkLength
// outwards, or less when the margin is closer: Plan keeps at least
// MarkGap + MinMarkLength free on every side of the grid when crop marks are
// on.
const (
	MarkLength    = 4.0
	MinMarkLength = 2.0
	MarkGap       = 0.5
)

// CropMarks returns the crop marks of a sheet: for every trimmed card edge
// (the trim line, not the bleed line), a short line in line with it above and
// below the grid (vertical edges) or left and right of it (horizontal edges),
// all outside the grid's bleed and inside the margin. Edges shared by
// neighbouring cards get one pair of marks. With BacksFold the back half gets
// its own marks; duplex backs get none (cut from the front side).
//
// Marks are MarkLength long, or shorter when the margin is closer, and a
// side with less than MinMarkLength of room (possible only on a sheet not
// planned with MarksCrop) gets none.
func CropMarks(sheet Sheet) []Line {
	var lines []Line
	lines = gridMarks(lines, sheet.Slots, sheet.FrontArea(), sheet.Margin)
	if sheet.Folded() {
		lines = gridMarks(lines, BackSlots(sheet, BacksFold), sheet.BackArea(), sheet.Margin)
	}
	return lines
}

// CutLines returns full-length cut lines along every trimmed card edge:
// vertical lines at each distinct x of a left or right card edge and
// horizontal lines at each distinct y of a top or bottom edge, from margin to
// margin across the page (across each half of a folded sheet, for each half's
// own cards). With a gap between cards both edges of the gap get a line.
// The lines cross the other cards' bleed; whether they are dashed, and drawn
// over or under the images, is the drawer's choice.
func CutLines(sheet Sheet) []Line {
	var lines []Line
	lines = gridLines(lines, sheet.Slots, sheet.FrontArea(), sheet.Margin)
	if sheet.Folded() {
		lines = gridLines(lines, BackSlots(sheet, BacksFold), sheet.BackArea(), sheet.Margin)
	}
	return lines
}

// trimEdges returns the distinct x of the slots' left and right trim edges
// and the distinct y of their top and bottom ones, sorted.
func trimEdges(slots []Slot) (xs, ys []float64) {
	for _, s := range slots {
		xs = append(xs, s.X, s.X+s.W)
		ys = append(ys, s.Y, s.Y+s.H)
	}
	return distinct(xs), distinct(ys)
}

func distinct(vs []float64) []float64 {
	sort.Float64s(vs)
	out := vs[:0]
	for _, v := range vs {
		if len(out) == 0 || v-out[len(out)-1] > eps {
			out = append(out, v)
		}
	}
	return out
}

// bounds returns the bounding box of the slots' bleed rectangles.
func bounds(slots []Slot) Rect {
	b := slots[0].BleedRect()
	for _, s := range slots[1:] {
		r := s.BleedRect()
		x0, y0 := min(b.X, r.X), min(b.Y, r.Y)
		x1, y1 := max(b.Right(), r.Right()), max(b.Bottom(), r.Bottom())
		b = Rect{X: x0, Y: y0, W: x1 - x0, H: y1 - y0}
	}
	return b
}

// markLength returns how long the marks on a side with the given free space
// (from the grid's bleed edge to the margin) are, and whether there are any.
func markLength(space float64) (float64, bool) {
	l := min(MarkLength, space-MarkGap)
	return l, l >= MinMarkLength-eps
}

func gridMarks(lines []Line, slots []Slot, area Rect, margin float64) []Line {
	if len(slots) == 0 {
		return lines
	}
	xs, ys := trimEdges(slots)
	b := bounds(slots)
	if l, ok := markLength(b.Y - (area.Y + margin)); ok {
		for _, x := range xs {
			lines = append(lines, Line{X1: x, Y1: b.Y - MarkGap - l, X2: x, Y2: b.Y - MarkGap})
		}
	}
	if l, ok := markLength(area.Bottom() - margin - b.Bottom()); ok {
		for _, x := range xs {
			lines = append(lines, Line{X1: x, Y1: b.Bottom() + MarkGap, X2: x, Y2: b.Bottom() + MarkGap + l})
		}
	}
	if l, ok := markLength(b.X - (area.X + margin)); ok {
		for _, y := range ys {
			lines = append(lines, Line{X1: b.X - MarkGap - l, Y1: y, X2: b.X - MarkGap, Y2: y})
		}
	}
	if l, ok := markLength(area.Right() - margin - b.Right()); ok {
		for _, y := range ys {
			lines = append(lines, Line{X1: b.Right() + MarkGap, Y1: y, X2: b.Right() + MarkGap + l, Y2: y})
		}
	}
	return lines
}

func gridLines(lines []Line, slots []Slot, area Rect, margin float64) []Line {
	if len(slots) == 0 {
		return lines
	}
	xs, ys := trimEdges(slots)
	for _, x := range xs {
		lines = append(lines, Line{X1: x, Y1: area.Y + margin, X2: x, Y2: area.Bottom() - margin})
	}
	for _, y := range ys {
		lines = append(lines, Line{X1: area.X + margin, Y1: y, X2: area.Right() - margin, Y2: y})
	}
	return lines
}
