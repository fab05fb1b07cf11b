package layout

// BackSlots returns where the backs go: element i is the back of front slot
// sheet.Slots[i], with the same Col, Row and Bleed.
//
// For BacksLong and BacksShort (duplex) it is in the coordinates of the
// back side as the printer prints it (origin at its top left, y down): the
// front slot mirrored across the page centre so that it lies exactly behind
// the front once the sheet is turned over; then its centre's distance from
// the page centre is stretched by sheet.BackScale (if set) and it is moved by
// sheet.BackOffset.
// Which axis is mirrored depends on which physical edge the sheet turns
// over. Turning a sheet over an edge is a half turn about an axis parallel to
// that edge, and a half turn about a vertical axis maps (x, y) to (W−x, y),
// about a horizontal axis to (x, H−y):
//
//	                 portrait page (W ≤ H)    landscape page (W > H)
//	long edge        sides: mirror x          top/bottom: mirror y
//	short edge       top/bottom: mirror y     sides: mirror x
//
// For BacksFold it is the front mirrored across sheet.Fold, in the other half
// of the same side; BackOffset does not apply (the printer registers one side
// with itself), and a sheet without a fold line has no fold backs (nil).
// BacksNone, or an unknown mode, gives nil.
func BackSlots(sheet Sheet, mode BackMode) []Slot {
	var mirror func(Slot) Slot
	switch mode {
	case BacksLong, BacksShort:
		off := sheet.BackOffset
		sx, sy := sheet.BackScale.factors()
		cx, cy := sheet.Page.W/2, sheet.Page.H/2
		// stretch moves s's centre away from the page centre by the scale.
		stretch := func(s Slot) Slot {
			if sx != 1 {
				s.X = cx + (s.X+s.W/2-cx)*sx - s.W/2
			}
			if sy != 1 {
				s.Y = cy + (s.Y+s.H/2-cy)*sy - s.H/2
			}
			return s
		}
		if duplexMirrorsX(sheet.Page, mode) {
			mirror = func(s Slot) Slot {
				s.X = sheet.Page.W - s.X - s.W
				s = stretch(s)
				s.X += off.X
				s.Y += off.Y
				return s
			}
		} else {
			mirror = func(s Slot) Slot {
				s.Y = sheet.Page.H - s.Y - s.H
				s = stretch(s)
				s.X += off.X
				s.Y += off.Y
				return s
			}
		}
	case BacksFold:
		if !sheet.Folded() {
			return nil
		}
		if sheet.Fold.Vertical() {
			f := sheet.Fold.X1
			mirror = func(s Slot) Slot { s.X = 2*f - s.X - s.W; return s }
		} else {
			f := sheet.Fold.Y1
			mirror = func(s Slot) Slot { s.Y = 2*f - s.Y - s.H; return s }
		}
	default:
		return nil
	}
	backs := make([]Slot, len(sheet.Slots))
	for i, s := range sheet.Slots {
		backs[i] = mirror(s)
	}
	return backs
}

// duplexMirrorsX reports whether turning a page of this size over the edge
// named by mode (BacksLong or BacksShort) mirrors x (the sheet turns about
// a vertical axis) rather than y. A square page counts as portrait.
func duplexMirrorsX(page Size, mode BackMode) bool {
	portrait := page.W <= page.H
	return (mode == BacksLong) == portrait
}

// Turn is how far an image is turned in its slot, in clockwise quarter turns.
type Turn int

// The turns.
const (
	NoTurn           Turn = iota
	Clockwise             // the image's top edge goes to the slot's right edge
	HalfTurn              // the image is upside down
	CounterClockwise      // the image's top edge goes to the slot's left edge
)

// norm returns t as 0..3 quarter turns.
func (t Turn) norm() Turn { return ((t % 4) + 4) % 4 }

// Degrees returns the angle for gofpdf's TransformRotate, which measures
// counter-clockwise: 0, -90 (Clockwise), 180 (HalfTurn) or 90
// (CounterClockwise).
func (t Turn) Degrees() float64 {
	switch t.norm() {
	case Clockwise:
		return -90
	case HalfTurn:
		return 180
	case CounterClockwise:
		return 90
	}
	return 0
}

// FitRotation reports whether an image of the card's shape must be turned a
// quarter turn to fill a slot: when one is landscape (wider than tall) and
// the other portrait. A square card or slot is never turned.
//
// The convention for a front is to turn it Clockwise, so that the top of a
// landscape card (an Arkhtide realm, 88x63) lies along the right edge of its
// portrait slot (63x88) and its left edge along the slot's top. Draw it
// with ImageBox and Degrees: with gofpdf,
//
//	box := layout.ImageBox(rect, layout.Clockwise)
//	cx, cy := rect.Center()
//	pdf.TransformBegin()
//	pdf.TransformRotate(layout.Clockwise.Degrees(), cx, cy)
//	pdf.ImageOptions(file, box.X, box.Y, box.W, box.H, false, opt, 0, "")
//	pdf.TransformEnd()
//
// where rect is the slot's BleedRect (the image includes the bleed). The
// back of the card is turned by BackTurn.
func FitRotation(card Size, slot Size) (rotate bool) {
	return (card.W > card.H && slot.H > slot.W) || (card.H > card.W && slot.W > slot.H)
}

// ImageBox returns the rectangle to draw an unturned image into so that,
// turned by t about the centre of r, it fills r exactly: r itself for
// NoTurn and HalfTurn, else r with width and height swapped about the same
// centre.
func ImageBox(r Rect, t Turn) Rect {
	if t.norm()%2 == 0 {
		return r
	}
	cx, cy := r.Center()
	return Rect{X: cx - r.H/2, Y: cy - r.W/2, W: r.H, H: r.W}
}

// BackTurn returns how to turn the back image of a card whose front image
// is turned by front, so that once the card is cut out and turned over like
// a book page (about its own up-down axis, as double-faced cards are) the
// back reads the right way up: the back's top lies behind the front's top and
// its left behind the front's right.
//
// When the sheet turns over about a vertical axis (x mirrored: long-edge
// duplex on a portrait page, a left/right fold) that is the front's turn
// undone: NoTurn stays NoTurn and a Clockwise front (a landscape card) has a
// CounterClockwise back, since the front's right slot edge, where its top
// is, lies behind the back slot's left edge. When y is mirrored (short-edge
// duplex on a portrait page, a top/bottom fold) a half turn is added: an
// unturned front has an upside-down back, a Clockwise front a Clockwise
// back. BacksNone, or a fold on a sheet without a fold line, gives NoTurn.
func BackTurn(sheet Sheet, mode BackMode, front Turn) Turn {
	var mirrorX bool
	switch mode {
	case BacksLong, BacksShort:
		mirrorX = duplexMirrorsX(sheet.Page, mode)
	case BacksFold:
		if !sheet.Folded() {
			return NoTurn
		}
		mirrorX = sheet.Fold.Vertical()
	default:
		return NoTurn
	}
	// Mirroring x turns a rotation the other way (M R M = R⁻¹); mirroring
	// y is mirroring x followed by a half turn.
	back := (4 - front.norm()) % 4
	if !mirrorX {
		back = (back + HalfTurn) % 4
	}
	return back
}
