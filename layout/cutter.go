package layout

import (
	"fmt"
	"math"
	"strings"
)

// Cutter names a cutting machine whose print-and-cut sheets Plan lays out.
type Cutter int

// The cutters.
const (
	CutterNone       Cutter = iota // no cutting machine: the usual grid
	CutterSilhouette               // Silhouette Cameo print and cut
	CutterScanNCut                 // Brother ScanNCut Direct Cut (scan the printed sheet, cut the outlines)
)

var cutterNames = []string{CutterNone: "none", CutterSilhouette: "silhouette", CutterScanNCut: "scanncut"}

// String returns the name ParseCutter reads.
func (c Cutter) String() string {
	if c < 0 || int(c) >= len(cutterNames) {
		return fmt.Sprintf("Cutter(%d)", int(c))
	}
	return cutterNames[c]
}

// ParseCutter parses "none" (or "") and the cutters' names.
func ParseCutter(s string) (Cutter, error) {
	key := strings.ToLower(strings.TrimSpace(s))
	if key == "" {
		return CutterNone, nil
	}
	for i, n := range cutterNames {
		if key == n {
			return Cutter(i), nil
		}
	}
	return CutterNone, fmt.Errorf("cutter %q: unknown machine (want %s)", s, strings.Join(cutterNames, ", "))
}

// The registration marks of the Silhouette print-and-cut templates that
// silhouette-card-maker publishes (assets/letter_registration.jpg and
// a4_registration.jpg, 300 pixels an inch): a filled square in the top
// left corner, and an L in the top right and bottom left corners, their
// outer edges SilhouetteInset from the paper's edges. Measured on those
// images in pixels and turned into millimetres.
const (
	pxMM = 25.4 / 300
	// SilhouetteInset is the distance from the paper's edges to the
	// outer edges of the registration marks, mm (112 px).
	SilhouetteInset = 112 * pxMM
	// SilhouetteSquare is the side of the top-left square mark, mm (72 px).
	SilhouetteSquare = 72 * pxMM
	// SilhouetteArm is the length of each arm of the L marks, mm (97 px).
	SilhouetteArm = 97 * pxMM
	// SilhouetteThickness is the width of the L marks' arms, mm (13 px).
	SilhouetteThickness = 13 * pxMM
	// MarkClearance is the least distance between a card's printed area
	// (its bleed rectangle) and a registration mark: a slot closer than
	// that is left empty, as ink beside a mark can mislead the cutter's
	// optical sensor.
	MarkClearance = 0.5
)

// silhouetteSlot is one card layout of the silhouette-card-maker templates
// (assets/layouts.json): the slot size and the top-left corners of the
// columns and rows, in pixels at 300 an inch, on the paper turned to
// landscape.
type silhouetteSlot struct {
	name   string
	w, h   int
	xs, ys []int
}

// silhouetteLayouts are the layouts.json entries for poker and bridge
// cards on letter and A4 paper ("letter_poker_v2", "letter_bridge_v2",
// "a4_poker_v1", "a4_bridge_v1").
var silhouetteLayouts = map[string][]silhouetteSlot{
	"letter": {
		{"bridge", 673, 1049, []int{256, 961, 1666, 2371}, []int{214, 1288}},
		{"poker", 748, 1049, []int{132, 895, 1657, 2420}, []int{220, 1283}},
	},
	"a4": {
		{"bridge", 673, 1049, []int{359, 1064, 1769, 2475}, []int{179, 1252}},
		{"poker", 748, 1049, []int{236, 999, 1761, 2524}, []int{185, 1248}},
	},
}

// silhouettePaper names the paper of the Silhouette templates that p is:
// "letter" or "a4", or "" for any other.
func silhouettePaper(p Size) string {
	switch {
	case sameSize(p, Letter):
		return "letter"
	case sameSize(p, A4):
		return "a4"
	}
	return ""
}

// silhouettePlan lays out a Silhouette print-and-cut sheet: the paper
// (letter or A4) turned to landscape, the registration marks, and the
// cards centred in the slots of the narrowest template layout that holds
// them (bridge, then poker), leaving out slots whose bleed comes within
// MarkClearance of a mark or leaves the area inside the marks' inset.
// Grid and Gap do not apply; Margin and Marks neither (the marks are the
// registration marks).
func silhouettePlan(opts Options) (Sheet, error) {
	paper := silhouettePaper(opts.Paper)
	if paper == "" {
		return Sheet{}, fmt.Errorf("--cutter silhouette: paper %s mm: the print-and-cut templates are for letter and a4", opts.Paper)
	}
	if opts.Backs == BacksFold {
		return Sheet{}, fmt.Errorf("--cutter silhouette: backs fold: a print-and-cut sheet has its registration marks on one side; print backs long, short or none")
	}
	var lay *silhouetteSlot
	var sizes []string
	for i, l := range silhouetteLayouts[paper] {
		w, h := float64(l.w)*pxMM, float64(l.h)*pxMM
		sizes = append(sizes, fmt.Sprintf("%s %.2fx%.2f mm", l.name, w, h))
		if opts.Card.W <= w+eps && opts.Card.H <= h+eps && lay == nil {
			lay = &silhouetteLayouts[paper][i]
		}
	}
	if lay == nil {
		return Sheet{}, fmt.Errorf("--cutter silhouette: %s mm card %w the template slots (%s)", opts.Card, ErrNoFit, strings.Join(sizes, ", "))
	}
	page := opts.Paper
	if !page.Landscape() {
		page = page.Rotated()
	}
	sheet := Sheet{
		Page:       page,
		Landscape:  true,
		Card:       opts.Card,
		Bleed:      opts.Bleed,
		Margin:     SilhouetteInset,
		Marks:      MarksNone,
		BackMode:   opts.Backs,
		BackOffset: opts.BackOffset,
		BackScale:  opts.BackScale,
		Cols:       len(lay.xs),
		Rows:       len(lay.ys),
		Cutter:     CutterSilhouette,
		Template:   paper + "_" + lay.name,
		Corner:     opts.Corner,
	}
	sheet.Corner = cornerOf(opts)
	sheet.RegMarks = SilhouetteMarks(page)
	in := SilhouetteInset
	safe := Rect{X: in, Y: in, W: page.W - 2*in, H: page.H - 2*in}
	sheet.Safe = safe
	slotW, slotH := float64(lay.w)*pxMM, float64(lay.h)*pxMM
	if b := neighbourBleed(*lay, opts.Card); opts.Bleed > b+eps {
		return Sheet{}, fmt.Errorf("--cutter silhouette: bleed %s mm: at most %s mm fits between %s mm cards in the %s template",
			fmtMM(opts.Bleed), fmtMM(b), opts.Card, sheet.Template)
	}
	for r, py := range lay.ys {
		for c, px := range lay.xs {
			s := Slot{
				X:     float64(px)*pxMM + (slotW-opts.Card.W)/2,
				Y:     float64(py)*pxMM + (slotH-opts.Card.H)/2,
				W:     opts.Card.W,
				H:     opts.Card.H,
				Bleed: opts.Bleed,
				Col:   c,
				Row:   r,
			}
			if !clearOfMarks(s.BleedRect(), sheet.RegMarks, safe) {
				sheet.Skipped = append(sheet.Skipped, r*len(lay.xs)+c)
				continue
			}
			sheet.Slots = append(sheet.Slots, s)
		}
	}
	if len(sheet.Slots) == 0 {
		return Sheet{}, fmt.Errorf("--cutter silhouette: %s mm card with %s mm bleed %w the %s template: every slot comes too close to a registration mark", opts.Card, fmtMM(opts.Bleed), ErrNoFit, sheet.Template)
	}
	sheet.Backs = BackSlots(sheet, opts.Backs)
	return sheet, nil
}

// SilhouetteMarks returns the registration marks of a landscape page as
// filled rectangles: the top-left square, then the two arms of the
// top-right L, then the two arms of the bottom-left L.
func SilhouetteMarks(page Size) []Rect {
	in, sq, arm, t := SilhouetteInset, SilhouetteSquare, SilhouetteArm, SilhouetteThickness
	return []Rect{
		{X: in, Y: in, W: sq, H: sq},
		{X: page.W - in - arm, Y: in, W: arm, H: t},
		{X: page.W - in - t, Y: in, W: t, H: arm},
		{X: in, Y: page.H - in - arm, W: t, H: arm},
		{X: in, Y: page.H - in - t, W: arm, H: t},
	}
}

// SilhouetteMaxBleed returns the most bleed that fits between neighbouring
// cards of opts' size in the Silhouette template that holds them (half the
// smallest space between their trimmed edges) and keeps every slot that
// can be kept MarkClearance away from the registration marks and inside
// their inset. It returns 0 for a paper or card size that has no template.
func SilhouetteMaxBleed(opts Options) float64 {
	for _, l := range silhouetteLayouts[silhouettePaper(opts.Paper)] {
		w, h := float64(l.w)*pxMM, float64(l.h)*pxMM
		if opts.Card.W > w+eps || opts.Card.H > h+eps {
			continue
		}
		most := neighbourBleed(l, opts.Card)
		page := opts.Paper
		if !page.Landscape() {
			page = page.Rotated()
		}
		marks := SilhouetteMarks(page)
		in := SilhouetteInset
		for _, py := range l.ys {
			for _, px := range l.xs {
				r := Rect{X: float64(px)*pxMM + (w-opts.Card.W)/2, Y: float64(py)*pxMM + (h-opts.Card.H)/2, W: opts.Card.W, H: opts.Card.H}
				room := min(r.X-in, r.Y-in, page.W-in-r.Right(), page.H-in-r.Bottom())
				for _, m := range marks {
					dx := max(m.X-r.Right(), r.X-m.Right(), 0)
					dy := max(m.Y-r.Bottom(), r.Y-m.Bottom(), 0)
					room = min(room, max(dx, dy)-MarkClearance)
				}
				if room > 0 { // a slot with no room at all is left empty anyway
					most = min(most, room)
				}
			}
		}
		return math.Floor(most*100) / 100
	}
	return 0
}

// neighbourBleed is the most bleed that fits between neighbouring cards in
// a template: half the smallest space between their trimmed edges, rounded
// down to 0.01 mm so that neighbouring bleeds never meet.
func neighbourBleed(l silhouetteSlot, card Size) float64 {
	gap := math.Inf(1)
	for i := 1; i < len(l.xs); i++ {
		gap = min(gap, float64(l.xs[i]-l.xs[i-1])*pxMM-card.W)
	}
	for i := 1; i < len(l.ys); i++ {
		gap = min(gap, float64(l.ys[i]-l.ys[i-1])*pxMM-card.H)
	}
	return math.Floor(gap/2*100) / 100
}

// clearOfMarks reports whether r stays inside safe and at least
// MarkClearance away from every mark.
func clearOfMarks(r Rect, marks []Rect, safe Rect) bool {
	if r.X < safe.X-eps || r.Y < safe.Y-eps || r.Right() > safe.Right()+eps || r.Bottom() > safe.Bottom()+eps {
		return false
	}
	c := MarkClearance
	for _, m := range marks {
		g := Rect{X: m.X - c, Y: m.Y - c, W: m.W + 2*c, H: m.H + 2*c}
		if r.X < g.Right()-eps && g.X < r.Right()-eps && r.Y < g.Bottom()-eps && g.Y < r.Bottom()-eps {
			return false
		}
	}
	return true
}

// sameSize reports whether a is b in either orientation.
func sameSize(a, b Size) bool {
	near := func(x, y float64) bool { return math.Abs(x-y) < 0.01 }
	return near(a.W, b.W) && near(a.H, b.H) || near(a.W, b.H) && near(a.H, b.W)
}

// cornerOf returns the corner radius of a cutter sheet's outlines: the one
// asked for, 0 for square corners, else the card size's default.
func cornerOf(opts Options) float64 {
	if opts.Corner == 0 && !opts.SquareCorners {
		return DefaultCorner(opts.Card)
	}
	return opts.Corner
}

// DefaultCorner returns the corner radius of a card's cut outline when none
// is given: 3 mm, the usual radius of poker and bridge cards (close to the
// 1/8 inch many print shops use), and 2 mm for cards under 50 mm wide.
func DefaultCorner(card Size) float64 {
	if min(card.W, card.H) < 50 {
		return 2
	}
	return 3
}

// The Brother ScanNCut sheet: the machine scans the printed sheet on its
// mat and cuts around every outline it finds (Direct Cut), so each card
// gets a dark keyline just outside its trim, the cards stand apart on
// white paper, and nothing else is printed that it could take for a shape
// (no crop marks, no bleed).
const (
	// ScanNCutGap is the default space between cards, mm: Direct Cut
	// needs white between outlines to find them apart.
	ScanNCutGap = 6
	// ScanNCutMinGap is the least space Direct Cut tells apart reliably.
	ScanNCutMinGap = 3
	// ScanNCutKeyline is the width of the outline printed around each
	// card, mm, outside its trim: its outer edge is where the blade cuts
	// with Direct Cut's outline distance at 0.
	ScanNCutKeyline = 0.5
)

// scanNCutPlan lays out a ScanNCut Direct Cut sheet: the usual grid with
// ScanNCutGap between cards (or opts.Gap, at least ScanNCutMinGap), no
// marks and no bleed, and a keyline around each card.
func scanNCutPlan(opts Options) (Sheet, error) {
	if opts.Bleed > 0 {
		return Sheet{}, fmt.Errorf("--cutter scanncut: bleed %s mm: Direct Cut cuts along the printed outline, so a bleed would be cut with the card; print without --bleed", fmtMM(opts.Bleed))
	}
	if opts.Backs == BacksFold {
		return Sheet{}, fmt.Errorf("--cutter scanncut: backs fold: the machine scans one side; print backs long, short or none")
	}
	if opts.Gap == 0 {
		opts.Gap = ScanNCutGap
	}
	if opts.Gap < ScanNCutMinGap {
		return Sheet{}, fmt.Errorf("--cutter scanncut: gap %s mm: Direct Cut needs at least %d mm of white between cards to find them apart", fmtMM(opts.Gap), ScanNCutMinGap)
	}
	opts.Marks = MarksNone
	opts.Cutter = CutterNone
	sheet, err := Plan(opts)
	if err != nil {
		return sheet, err
	}
	sheet.Cutter = CutterScanNCut
	sheet.Keyline = ScanNCutKeyline
	sheet.Corner = cornerOf(opts)
	return sheet, nil
}
