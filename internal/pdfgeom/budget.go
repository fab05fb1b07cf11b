package pdfgeom

import (
	"fmt"
	"strconv"
)

// Budget bounds what reading one page may cost. It is checked before the
// work: the forms a page draws are counted (each distinct form read once)
// before any is expanded, so a page whose forms draw each other a billion
// times is refused after reading a handful of small streams. A zero field
// takes its default (DefaultBudget), so Budget{} is the defaults.
type Budget struct {
	Ops        int64 // operators read in all, each form's as many times as it is drawn
	Bytes      int64 // content bytes inflated: the page's streams and each distinct form's
	Scanned    int64 // content bytes tokenized in all, each form's as many times as it is drawn
	Depth      int   // forms drawn inside forms, this many deep
	Placements int64 // form placements in all, as drawn
	Items      int   // strokes, fills, clips, images, forms, texts and shadings returned
	States     int   // graphics states saved (q) and not yet restored
}

// DefaultBudget is the budget a zero Budget field takes: far above any page
// of cards seen (the corpus's busiest page reads about 30,000 operators),
// far below what would hold a computer up.
var DefaultBudget = Budget{
	Ops:        5_000_000,
	Bytes:      64 << 20,
	Scanned:    256 << 20,
	Depth:      12,
	Placements: 20_000,
	Items:      200_000,
	States:     1000,
}

// withDefaults returns b with each zero (or negative) field set to its
// default.
func (b Budget) withDefaults() Budget {
	d := DefaultBudget
	if b.Ops > 0 {
		d.Ops = b.Ops
	}
	if b.Bytes > 0 {
		d.Bytes = b.Bytes
	}
	if b.Scanned > 0 {
		d.Scanned = b.Scanned
	}
	if b.Depth > 0 {
		d.Depth = b.Depth
	}
	if b.Placements > 0 {
		d.Placements = b.Placements
	}
	if b.Items > 0 {
		d.Items = b.Items
	}
	if b.States > 0 {
		d.States = b.States
	}
	return d
}

// Expansion is what drawing a page costs, counted without drawing it:
// Check returns it, and Page.Cost holds it after Read.
type Expansion struct {
	Ops        int64 // operators read, forms expanded as drawn
	Bytes      int64 // content bytes inflated (the page's streams, each distinct form once)
	Scanned    int64 // content bytes tokenized, forms expanded as drawn
	Placements int64 // form placements (and tiling patterns chosen), as drawn
	Images     int64 // image placements (XObjects, as drawn, and inline images)
	Forms      int   // distinct forms (a form read in two resource contexts counts twice)
	Depth      int   // the deepest nesting of forms (0: the page draws none)
	Annots     int   // annotation appearance streams counted (Check only; Read does not draw them)
}

// RefusedError is the error for a page refused because reading or
// drawing it would not end or would cost more than the budget: a form
// bomb, a form that draws itself, a content stream that inflates past the
// budget, too many operators or items.
type RefusedError struct {
	Page int
	What string // what was over, as in "its forms are nested more than 12 deep"
}

func (e *RefusedError) Error() string {
	return fmt.Sprintf("page %d: %s: refused", e.Page, e.What)
}

func (r *reader) refuse(format string, args ...any) error {
	return &RefusedError{Page: r.nr, What: fmt.Sprintf(format, args...)}
}

// thousands writes n with a comma between groups of three digits.
func thousands(n int64) string {
	s := strconv.FormatInt(n, 10)
	neg := s[0] == '-'
	if neg {
		s = s[1:]
	}
	var out []byte
	for i := range len(s) {
		if i > 0 && (len(s)-i)%3 == 0 {
			out = append(out, ',')
		}
		out = append(out, s[i])
	}
	if neg {
		return "-" + string(out)
	}
	return string(out)
}

// satMax is where counts stop growing: far past any budget, far below
// overflow.
const satMax = int64(1) << 60

// satAdd adds non-negative counts, stopping at satMax.
func satAdd(a, b int64) int64 {
	if a >= satMax-b {
		return satMax
	}
	return a + b
}

// satMul multiplies non-negative counts, stopping at satMax.
func satMul(a, b int64) int64 {
	if a == 0 || b == 0 {
		return 0
	}
	if a > satMax/b {
		return satMax
	}
	return a * b
}
