package render

import "github.com/deckwright/deckwright/layout"

// pageBoxes sets the current page's TrimBox around the trimmed cards of
// slots and its BleedBox around their bleed (within the page), when
// RenderOptions.PageBoxes asks for them. With one card a page, as print
// shops want it, the TrimBox is the card and the BleedBox the whole page.
func (r *renderer) pageBoxes(slots []layout.Slot) {
	if !r.opts.PageBoxes || len(slots) == 0 {
		return
	}
	page := layout.Rect{W: r.sheet.Page.W, H: r.sheet.Page.H}
	trim, bleed := slots[0].Trim(), slots[0].BleedRect()
	for _, s := range slots[1:] {
		trim, bleed = union(trim, s.Trim()), union(bleed, s.BleedRect())
	}
	bleed = intersect(bleed, page)
	// PDF boxes are measured from the page's bottom left corner; gofpdf
	// takes them as they are, in the document's unit (mm).
	set := func(name string, b layout.Rect) {
		r.pdf.SetPageBox(name, b.X, page.H-b.Y-b.H, b.W, b.H)
	}
	set("TrimBox", trim)
	set("BleedBox", bleed)
}

// union is the smallest rectangle holding a and b.
func union(a, b layout.Rect) layout.Rect {
	x0, y0 := min(a.X, b.X), min(a.Y, b.Y)
	x1, y1 := max(a.X+a.W, b.X+b.W), max(a.Y+a.H, b.Y+b.H)
	return layout.Rect{X: x0, Y: y0, W: x1 - x0, H: y1 - y0}
}

// intersect is the part of a inside b (empty when they do not meet).
func intersect(a, b layout.Rect) layout.Rect {
	x0, y0 := max(a.X, b.X), max(a.Y, b.Y)
	x1, y1 := min(a.X+a.W, b.X+b.W), min(a.Y+a.H, b.Y+b.H)
	return layout.Rect{X: x0, Y: y0, W: max(x1-x0, 0), H: max(y1-y0, 0)}
}
