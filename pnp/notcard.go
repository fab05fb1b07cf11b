package pnp

import (
	"image"
	"math"
	"sort"

	"github.com/deckwright/deckwright/cardsdb"
)

// A slot of a card grid can hold something that is not a card: the
// credits of a deck (a title, a licence logo, the authors' names) printed
// in the slot after the last card. Such a block shares nothing of the
// cards' look: where every card of the page shows its frame (a border, a
// header band across its top, a rule between rows) along its sides, the
// block shows a few lines of text and no frame. A cell is left out as not
// a card when the cards around it share a frame on three sides or four,
// it shows at most one of those sides, and little is printed inside it
// (a picture card without a frame is kept).

// edgeSet is a set of a cell's sides: top, bottom, left, right.
type edgeSet uint8

const (
	edgeTop edgeSet = 1 << iota
	edgeBottom
	edgeLeft
	edgeRight
)

// count is the number of sides in e.
func (e edgeSet) count() int {
	n := 0
	for ; e != 0; e &= e - 1 {
		n++
	}
	return n
}

// printedPx reports whether a pixel is printed: darker than near white,
// or clearly coloured.
func printedPx(p []uint8) bool {
	r, g, b := int(p[0]), int(p[1]), int(p[2])
	if (r*299+g*587+b*114)/1000 < 235 {
		return true
	}
	return max(r, g, b)-min(r, g, b) > 40
}

// frameLine reports whether the line of img from (x0,y0), n pixels along
// (dx,dy), is part of a frame: printed along 85% of its length or more in
// a few long runs of one colour (a step of more than 40 levels on a
// channel from one pixel to the next at most 6 times, and one in 50
// pixels), as a border, a rule or a header band across a border is; the
// lines through art or text are not. Each point of the line is the most
// inked of the pixels within across of it, across the line, so that a
// hairline drawn a little aslant or between two rows of pixels is seen.
func frameLine(img *image.NRGBA, x0, y0, dx, dy, n, across int) bool {
	if n < 8 {
		return false
	}
	b := img.Bounds()
	printed, steps := 0, 0
	bare, maxBare := 0, n-(85*n+99)/100 // unprinted points allowed
	maxSteps := 6 + n/50
	var prev []uint8
	for i := 0; i < n; i++ {
		var p []uint8
		best := 1 << 30
		for d := -across; d <= across; d++ {
			x, y := x0+i*dx+d*dy, y0+i*dy+d*dx
			if !(image.Point{x, y}).In(b) {
				continue
			}
			q := img.Pix[img.PixOffset(x, y):]
			if l := int(q[0])*299 + int(q[1])*587 + int(q[2])*114; l < best {
				p, best = q, l
			}
		}
		if p == nil {
			continue
		}
		if printedPx(p) {
			printed++
		} else if bare++; bare > maxBare {
			return false
		}
		if prev != nil {
			for k := 0; k < 3; k++ {
				if d := int(p[k]) - int(prev[k]); d < -40 || d > 40 {
					steps++
					break
				}
			}
			if steps > maxSteps {
				return false
			}
		}
		prev = p
	}
	return 100*printed >= 85*n && steps <= maxSteps
}

// framedSides is the set of sides of a cell (trim r, pixels of img,
// pxmm a millimetre) along which a frame line is seen (see frameLine):
// a line parallel to the side, from 1.5 mm outside it to 15% of the cell
// (at most 8 mm) inside, across the middle 80% of the side (the corners
// may be rounded). The lines are read every 0.15 mm, each as wide as
// that on either side.
func framedSides(img *image.NRGBA, r image.Rectangle, pxmm float64) edgeSet {
	b := img.Bounds()
	out := int(math.Round(1.5 * pxmm))
	across := max(1, int(math.Round(0.15*pxmm)))
	var seen edgeSet
	scan := func(side edgeSet, vertical bool, at, dir, depth, from, to int) {
		m := (to - from) / 10
		from, to = from+m, to-m
		if vertical {
			from, to = max(from, b.Min.Y), min(to, b.Max.Y)
		} else {
			from, to = max(from, b.Min.X), min(to, b.Max.X)
		}
		for d := -out; d <= depth; d += across {
			c := at + dir*d
			if vertical {
				if c < b.Min.X || c >= b.Max.X {
					continue
				}
				if frameLine(img, c, from, 0, 1, to-from, across) {
					seen |= side
					return
				}
			} else {
				if c < b.Min.Y || c >= b.Max.Y {
					continue
				}
				if frameLine(img, from, c, 1, 0, to-from, across) {
					seen |= side
					return
				}
			}
		}
	}
	dv := min(int(8*pxmm), int(0.15*float64(r.Dy())))
	dh := min(int(8*pxmm), int(0.15*float64(r.Dx())))
	scan(edgeTop, false, r.Min.Y, 1, dv, r.Min.X, r.Max.X)
	scan(edgeBottom, false, r.Max.Y-1, -1, dv, r.Min.X, r.Max.X)
	scan(edgeLeft, true, r.Min.X, 1, dh, r.Min.Y, r.Max.Y)
	scan(edgeRight, true, r.Max.X-1, -1, dh, r.Min.Y, r.Max.Y)
	return seen
}

// printedShare is the share of a cell's inside (3 mm in from its trim)
// that is printed (see printedPx), read every other pixel each way.
func printedShare(img *image.NRGBA, r image.Rectangle, pxmm float64) float64 {
	r = r.Inset(int(3 * pxmm)).Intersect(img.Bounds())
	if r.Empty() {
		return 0
	}
	n, hit := 0, 0
	for y := r.Min.Y; y < r.Max.Y; y += 2 {
		row := img.Pix[img.PixOffset(r.Min.X, y):]
		for x := 0; x < r.Dx(); x += 2 {
			n++
			if printedPx(row[4*x:]) {
				hit++
			}
		}
	}
	return float64(hit) / float64(n)
}

// cardLook is the look the cards of a page share: the sides along which
// each shows its frame, and how much of their inside is printed (the
// median share).
type cardLook struct {
	frame edgeSet
	ink   float64
}

// ok reports whether l is a look to hold cells to: a frame on three
// sides or four.
func (l cardLook) ok() bool { return l.frame.count() >= 3 }

// sharedLook is the look cells share, when they do: the sides seen on all
// of them but one at most (three cells or more), on three sides or four,
// around an inside mostly bare (printed under 60%; cards of solid colour
// or full pictures show no frame of their own, and a light card among them
// is a card of another colour). Else the zero look.
func sharedLook(seen []edgeSet, share []float64) cardLook {
	n := len(seen)
	if n < 3 {
		return cardLook{}
	}
	var frame edgeSet
	for _, e := range []edgeSet{edgeTop, edgeBottom, edgeLeft, edgeRight} {
		k := 0
		for _, s := range seen {
			if s&e != 0 {
				k++
			}
		}
		if k >= n-1 {
			frame |= e
		}
	}
	var inks []float64
	for i, s := range seen {
		if s&frame == frame {
			inks = append(inks, share[i])
		}
	}
	if frame.count() < 3 || len(inks) == 0 {
		return cardLook{}
	}
	sort.Float64s(inks)
	l := cardLook{frame: frame, ink: inks[len(inks)/2]}
	if l.ink >= 0.6 {
		return cardLook{}
	}
	return l
}

// notCard reports whether a cell that shows a frame on the sides seen,
// with share of its inside printed, lacks the look l of its page's cards:
// at most one side of their frame, and under half their print.
func (l cardLook) notCard(seen edgeSet, share float64) bool {
	return l.ok() && (seen&l.frame).count() <= 1 && share < l.ink/2
}

// has reports whether a cell showing the sides seen has l's frame, one
// side missing at most.
func (l cardLook) has(seen edgeSet) bool {
	return l.ok() && (seen&l.frame).count() >= l.frame.count()-1
}

// notCardNote is what a page's report says of n cells left out.
func notCardNote(n int) string {
	if n == 0 {
		return ""
	}
	return cardsdb.Plural(n, "cell") + " not a card (no card frame): left out"
}

// leaveOutNotCards leaves out of a page's cells (the blank ones already
// left out) those that are not cards (see above). The look held to is the
// one the cells share or, on a partly filled page read whole (fewer cells
// than the last full page of its kind, whose look is kept with its grid,
// see keepGrid), the full page's, when a cell of the page has it. It
// records the look in sd, for the cells keepGrid adds, and the cells left
// out in its report.
func (im *importer) leaveOutNotCards(s *source, sd *side, cells []gridCell, whole bool) []gridCell {
	seen := make([]edgeSet, len(cells))
	share := make([]float64, len(cells))
	for i, c := range cells {
		seen[i] = framedSides(s.raster, c.trim, s.pxmm)
		share[i] = printedShare(s.raster, c.trim, s.pxmm)
	}
	look := sharedLook(seen, share)
	sd.ownLook = look
	if !look.ok() && whole {
		if ref := im.refs[im.gridKind(s.p.nr)]; ref != nil && ref.look.ok() && len(cells) < len(ref.cells) &&
			math.Abs(ref.w-s.p.w) <= 0.5 && math.Abs(ref.h-s.p.h) <= 0.5 {
			for _, e := range seen {
				if ref.look.has(e) {
					look = ref.look
					break
				}
			}
		}
	}
	sd.look = look
	if !look.ok() {
		return cells
	}
	kept := cells[:0:0]
	for i, c := range cells {
		if look.notCard(seen[i], share[i]) {
			sd.report.NotCards = append(sd.report.NotCards, gridRects([]gridCell{c}, s.pxmm)[0])
			continue
		}
		kept = append(kept, c)
	}
	return kept
}

// notCardAt reports whether the cell whose trim is t (mm) on a page read
// (see side.look) is not a card (see leaveOutNotCards): one left out
// already, or one that lacks the look.
func notCardAt(s *source, sd *side, t Rect) bool {
	for _, r := range sd.report.NotCards {
		if math.Hypot(r.cx()-t.cx(), r.cy()-t.cy()) < min(t.W, t.H)/6 {
			return true
		}
	}
	if !sd.look.ok() {
		return false
	}
	r := pxRect(t, s.pxmm)
	if sd.look.notCard(framedSides(s.raster, r, s.pxmm), printedShare(s.raster, r, s.pxmm)) {
		sd.report.NotCards = append(sd.report.NotCards, t)
		return true
	}
	return false
}
