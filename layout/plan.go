package layout

import (
	"errors"
	"fmt"
	"math"
	"strings"
)

// eps absorbs floating-point noise when deciding whether cards fit: a grid
// that fits exactly (3 × 88 mm in 264 mm) must count as fitting.
const eps = 1e-9

// ErrNoFit is wrapped by the Plan errors for cards or grids that do not fit
// on the paper.
var ErrNoFit = errors.New("does not fit")

// Rect is a rectangle: top-left corner (X, Y) and size (W, H), in mm.
type Rect struct {
	X, Y, W, H float64
}

// Right returns the x of the right edge.
func (r Rect) Right() float64 { return r.X + r.W }

// Bottom returns the y of the bottom edge.
func (r Rect) Bottom() float64 { return r.Y + r.H }

// Center returns the centre point.
func (r Rect) Center() (x, y float64) { return r.X + r.W/2, r.Y + r.H/2 }

// Slot is the place of one card: X, Y, W, H is the trimmed card rectangle
// (where it will be cut), Bleed the extra image printed around it on every
// side. Col and Row give its place in the grid, counted from 0 at the top
// left of the front side; a back slot keeps the Col and Row of its front.
type Slot struct {
	X, Y, W, H float64
	Bleed      float64
	Col, Row   int
}

// Trim returns the trimmed card rectangle.
func (s Slot) Trim() Rect { return Rect{X: s.X, Y: s.Y, W: s.W, H: s.H} }

// BleedRect returns the rectangle the card image fills: the trimmed card
// grown by Bleed on every side. It equals Trim when there is no bleed.
func (s Slot) BleedRect() Rect {
	return Rect{X: s.X - s.Bleed, Y: s.Y - s.Bleed, W: s.W + 2*s.Bleed, H: s.H + 2*s.Bleed}
}

// Line is a straight line from (X1, Y1) to (X2, Y2), in mm.
type Line struct {
	X1, Y1, X2, Y2 float64
}

// Vertical reports whether l runs straight down (X1 == X2).
func (l Line) Vertical() bool { return l.X1 == l.X2 }

// Sheet is the geometry of one page, as planned by Plan. Every page of a
// print job has the same geometry.
type Sheet struct {
	Page      Size // the page in the chosen orientation: make the PDF page this size
	Landscape bool // Page is wider than tall (the paper turned, for presets)

	Card   Size    // the trimmed card size (the slot size)
	Bleed  float64 // mm around each card
	Gap    float64 // mm between neighbouring cells
	Margin float64 // mm kept clear along the paper edges (and along a fold)

	Marks      MarkStyle
	BackMode   BackMode
	BackOffset Offset
	BackScale  Scale

	Cols, Rows int    // the front grid; with BacksFold, the grid of each half
	Slots      []Slot // the fronts, in reading order (row by row, left to right)
	Backs      []Slot // BackSlots(sheet, BackMode): Backs[i] is the back of Slots[i]; nil for BacksNone

	// Fold is the fold line across the whole page with BacksFold (vertical:
	// fronts on the left half; horizontal: fronts on the top half), and the
	// zero Line otherwise.
	Fold Line

	// Cutter is the cutting machine the sheet is for; the fields below are
	// set for a cutter only.
	Cutter Cutter
	// Template names the cutter's template layout, such as
	// "letter_poker" (silhouette-card-maker's names without the version).
	Template string
	// RegMarks are the registration marks, filled rectangles to draw on
	// the front pages.
	RegMarks []Rect
	// Safe is the area the cutter can reach, inside the marks' inset.
	Safe Rect
	// Skipped lists the template's slots (in reading order) left empty for
	// being too close to a mark.
	Skipped []int
	// Corner is the corner radius of the cut outlines, mm.
	Corner float64
	// Keyline is the width of a dark outline drawn around each card just
	// outside its trim, for cutters that find the cards by scanning the
	// printed sheet (ScanNCut); 0 for none.
	Keyline float64
}

// PerPage returns the number of cards on each page: with BacksFold, the
// number of front/back pairs.
func (s Sheet) PerPage() int { return len(s.Slots) }

// Folded reports whether the sheet has a fold line (BacksFold).
func (s Sheet) Folded() bool { return s.Fold != (Line{}) }

// FrontArea returns the part of the page the fronts are centred in: the
// whole page, or the front half of a folded sheet.
func (s Sheet) FrontArea() Rect {
	page := Rect{W: s.Page.W, H: s.Page.H}
	switch {
	case !s.Folded():
		return page
	case s.Fold.Vertical():
		return Rect{W: s.Fold.X1, H: s.Page.H}
	default:
		return Rect{W: s.Page.W, H: s.Fold.Y1}
	}
}

// BackArea returns the part of the page the backs lie in: the back half of a
// folded sheet, or else the whole page (on its other side).
func (s Sheet) BackArea() Rect {
	page := Rect{W: s.Page.W, H: s.Page.H}
	switch {
	case !s.Folded():
		return page
	case s.Fold.Vertical():
		return Rect{X: s.Fold.X1, W: s.Page.W - s.Fold.X1, H: s.Page.H}
	default:
		return Rect{Y: s.Fold.Y1, W: s.Page.W, H: s.Page.H - s.Fold.Y1}
	}
}

type foldKind int

const (
	noFold foldKind = iota
	foldVertical
	foldHorizontal
)

// candidate is one way to lay out the page: an orientation and, for
// BacksFold, a fold direction.
type candidate struct {
	page       Size
	fold       foldKind
	area       Rect // where the front grid goes
	maxC, maxR int  // how many cells fit in each direction
	cols, rows int  // the grid chosen
	ok         bool
}

func (c candidate) describe() string {
	d := "portrait"
	if c.page.Landscape() {
		d = "landscape"
	}
	switch c.fold {
	case foldVertical:
		d += " folded left/right"
	case foldHorizontal:
		d += " folded top/bottom"
	}
	return d
}

// markRoom is the space Plan keeps between the grid's outer bleed edges and
// the margin when crop marks are on.
func markRoom(m MarkStyle) float64 {
	if m == MarksCrop {
		return MarkGap + MinMarkLength
	}
	return 0
}

// fit returns how many cells of size cell, gap apart, fit in avail; at most
// MaxPerPage+1 so that the count is always a sane int.
func fit(avail, cell, gap float64) int {
	if avail < cell-eps {
		return 0
	}
	n := math.Floor((avail + gap + eps) / (cell + gap))
	if n > MaxPerPage {
		return MaxPerPage + 1
	}
	return int(n)
}

// Plan lays out one page: as many cards as fit (or Options.Grid) without
// scaling, inside the margins and, with crop marks, the room for them, with
// the grid centred on the page (on its half with BacksFold). It tries the
// paper as given and turned a quarter turn, each with BacksFold in both fold
// directions, and keeps the layout that holds the most cards; on a tie the
// first in that order (the paper as given, a left/right fold). A fixed Grid
// that fits no layout is an error. Errors that say a card or grid does not
// fit wrap ErrNoFit and say what would fit.
func Plan(opts Options) (Sheet, error) {
	if err := opts.validate(); err != nil {
		return Sheet{}, err
	}
	switch opts.Cutter {
	case CutterSilhouette:
		return silhouettePlan(opts)
	case CutterScanNCut:
		return scanNCutPlan(opts)
	}
	cellW := opts.Card.W + 2*opts.Bleed
	cellH := opts.Card.H + 2*opts.Bleed
	keep := opts.Margin + markRoom(opts.Marks)

	pages := []Size{opts.Paper}
	if opts.Paper.W != opts.Paper.H {
		pages = append(pages, opts.Paper.Rotated())
	}
	folds := []foldKind{noFold}
	if opts.Backs == BacksFold {
		folds = []foldKind{foldVertical, foldHorizontal}
	}

	var cands []candidate
	best := -1
	for _, page := range pages {
		for _, fold := range folds {
			c := candidate{page: page, fold: fold, area: Rect{W: page.W, H: page.H}}
			switch fold {
			case foldVertical:
				c.area.W = page.W / 2
			case foldHorizontal:
				c.area.H = page.H / 2
			}
			c.maxC = fit(c.area.W-2*keep, cellW, opts.Gap)
			c.maxR = fit(c.area.H-2*keep, cellH, opts.Gap)
			c.cols, c.rows = c.maxC, c.maxR
			if opts.Grid.Cols > 0 {
				c.cols = opts.Grid.Cols
			}
			if opts.Grid.Rows > 0 {
				c.rows = opts.Grid.Rows
			}
			c.ok = c.cols >= 1 && c.rows >= 1 && c.cols <= c.maxC && c.rows <= c.maxR
			cands = append(cands, c)
			if !c.ok {
				continue
			}
			if best < 0 || c.cols*c.rows > cands[best].cols*cands[best].rows {
				best = len(cands) - 1
			}
		}
	}
	if best < 0 {
		return Sheet{}, noFitError(opts, cands)
	}
	c := cands[best]
	if c.cols*c.rows > MaxPerPage {
		return Sheet{}, fmt.Errorf("%s mm cards on %s mm paper: more than %d per page; check the card size",
			opts.Card, opts.Paper, MaxPerPage)
	}

	sheet := Sheet{
		Page:       c.page,
		Landscape:  c.page.Landscape(),
		Card:       opts.Card,
		Bleed:      opts.Bleed,
		Gap:        opts.Gap,
		Margin:     opts.Margin,
		Marks:      opts.Marks,
		BackMode:   opts.Backs,
		BackOffset: opts.BackOffset,
		BackScale:  opts.BackScale,
		Cols:       c.cols,
		Rows:       c.rows,
	}
	switch c.fold {
	case foldVertical:
		sheet.Fold = Line{X1: c.page.W / 2, Y1: 0, X2: c.page.W / 2, Y2: c.page.H}
	case foldHorizontal:
		sheet.Fold = Line{X1: 0, Y1: c.page.H / 2, X2: c.page.W, Y2: c.page.H / 2}
	}

	gridW := float64(c.cols)*cellW + float64(c.cols-1)*opts.Gap
	gridH := float64(c.rows)*cellH + float64(c.rows-1)*opts.Gap
	x0 := c.area.X + (c.area.W-gridW)/2
	y0 := c.area.Y + (c.area.H-gridH)/2
	sheet.Slots = make([]Slot, 0, c.cols*c.rows)
	for r := 0; r < c.rows; r++ {
		for col := 0; col < c.cols; col++ {
			sheet.Slots = append(sheet.Slots, Slot{
				X:     x0 + float64(col)*(cellW+opts.Gap) + opts.Bleed,
				Y:     y0 + float64(r)*(cellH+opts.Gap) + opts.Bleed,
				W:     opts.Card.W,
				H:     opts.Card.H,
				Bleed: opts.Bleed,
				Col:   col,
				Row:   r,
			})
		}
	}
	sheet.Backs = BackSlots(sheet, opts.Backs)
	return sheet, nil
}

// noFitError explains that nothing fits, listing what fits in each layout
// tried.
func noFitError(opts Options, cands []candidate) error {
	var setup []string
	if opts.Bleed > 0 {
		setup = append(setup, fmtMM(opts.Bleed)+" mm bleed")
	}
	if opts.Gap > 0 {
		setup = append(setup, fmtMM(opts.Gap)+" mm gap")
	}
	setup = append(setup, fmtMM(opts.Margin)+" mm margin")
	if opts.Marks == MarksCrop {
		setup = append(setup, fmt.Sprintf("%s mm for crop marks", fmtMM(MarkGap+MinMarkLength)))
	}
	if opts.Backs == BacksFold {
		setup = append(setup, "half a page for fold-over backs")
	}
	where := fmt.Sprintf("on %s mm paper (%s)", opts.Paper, strings.Join(setup, ", "))

	anyFits := false
	var fits []string
	for _, c := range cands {
		anyFits = anyFits || c.maxC*c.maxR > 0
		fits = append(fits, fmt.Sprintf("%s %s", (Grid{Cols: c.maxC, Rows: c.maxR}).countString(), c.describe()))
	}
	if !anyFits {
		return fmt.Errorf("%s mm card %w %s", opts.Card, ErrNoFit, where)
	}
	return fmt.Errorf("grid %s of %s mm cards %w %s: the most that fits is %s",
		opts.Grid, opts.Card, ErrNoFit, where, strings.Join(fits, ", "))
}

// countString formats g as "3x3" with plain numbers.
func (g Grid) countString() string {
	return fmt.Sprintf("%dx%d", g.Cols, g.Rows)
}
