package render

import (
	"bufio"
	"fmt"
	"io"
	"math"
	"strconv"

	"github.com/deckwright/deckwright/layout"
)

// regMarks draws a cutter sheet's registration marks, solid black, and a
// small label naming the template and the sheet where silhouette-card-maker
// labels its sheets: ending 180 px (15.2 mm) from the right edge, in the
// bottom margin, clear of the corner where no mark is.
func (r *renderer) regMarks() {
	if len(r.sheet.RegMarks) == 0 {
		return
	}
	r.pdf.SetFillColor(0, 0, 0)
	for _, m := range r.sheet.RegMarks {
		r.pdf.Rect(m.X, m.Y, m.W, m.H, "F")
	}
	sheetNo := r.rep.Pages
	if r.sheet.BackMode == layout.BacksLong || r.sheet.BackMode == layout.BacksShort {
		sheetNo = (r.rep.Pages + 1) / 2
	}
	r.useFont(false, false, 7)
	r.pdf.SetTextColor(90, 90, 90)
	label := fmt.Sprintf("deckwright - sheet %d - %s template, %s cut", sheetNo, r.sheet.Template, r.sheet.Cutter)
	w := r.pdf.GetStringWidth(label)
	p := r.sheet.Page
	r.pdf.Text(p.W-180*25.4/300-w, p.H-layout.SilhouetteInset, label)
}

// keylines draws the sheet's keyline, if it has one, around the first n
// slots: a dark rounded outline lying just outside each card's trim, which
// a scanning cutter (ScanNCut Direct Cut) finds and cuts along.
func (r *renderer) keylines(n int) {
	k := r.sheet.Keyline
	if k <= 0 {
		return
	}
	rad := corner(r.sheet)
	// The face is square-cornered: paint its corners outside the rounded
	// trim white, or the scan would find the square outline. Each corner
	// is the square of side rad less its quarter circle (a Bézier arc,
	// kappa 0.5523).
	const kappa = 0.5523
	r.pdf.SetFillColor(255, 255, 255)
	for _, s := range r.sheet.Slots[:n] {
		for _, c := range [4][2]float64{{s.X, s.Y}, {s.X + s.W, s.Y}, {s.X + s.W, s.Y + s.H}, {s.X, s.Y + s.H}} {
			// dx, dy point from the corner into the card.
			dx, dy := rad, rad
			if c[0] > s.X {
				dx = -rad
			}
			if c[1] > s.Y {
				dy = -rad
			}
			// The cap reaches e mm outside the trim too, so that no
			// anti-aliased sliver of the face's edge is left at the corner.
			x, y := c[0], c[1]
			ex, ey := -math.Copysign(0.2, dx), -math.Copysign(0.2, dy)
			r.pdf.MoveTo(x+ex, y+ey)
			r.pdf.LineTo(x+dx, y+ey)
			r.pdf.LineTo(x+dx, y)
			r.pdf.CurveBezierCubicTo(x+dx*(1-kappa), y, x, y+dy*(1-kappa), x, y+dy)
			r.pdf.LineTo(x+ex, y+dy)
			r.pdf.ClosePath()
			r.pdf.DrawPath("F")
		}
	}
	r.pdf.SetDrawColor(0, 0, 0)
	r.pdf.SetLineWidth(k)
	for _, s := range r.sheet.Slots[:n] {
		r.pdf.RoundedRect(s.X-k/2, s.Y-k/2, s.W+k, s.H+k, rad+k/2, "1234", "D")
	}
}

// mm formats a length for a cut file: at most three decimals.
func mm(v float64) string { return strconv.FormatFloat(math.Round(v*1000)/1000, 'f', -1, 64) }

// corner returns the sheet's corner radius (layout.Plan resolved the
// default; 0 is square corners), no more than half a card's shorter side.
func corner(sheet layout.Sheet) float64 {
	return min(sheet.Corner, sheet.Card.W/2, sheet.Card.H/2)
}

// CutSVG writes the cut file of a sheet as SVG: one rounded rectangle per
// card slot along its trim line, in millimetres on a page of the sheet's
// size, so that it lines up with the printed sheet when imported at its
// size. The registration marks are printed on the sheet and not in the
// cut file (a cutter would cut them).
func CutSVG(w io.Writer, sheet layout.Sheet) error {
	bw := bufio.NewWriter(w)
	p := sheet.Page
	r := corner(sheet)
	fmt.Fprintf(bw, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")
	fmt.Fprintf(bw, "<!-- deckwright cut file: %d cards of %sx%s mm, corner radius %s mm", len(sheet.Slots), mm(sheet.Card.W), mm(sheet.Card.H), mm(r))
	if sheet.Template != "" {
		fmt.Fprintf(bw, ", %s %s template", sheet.Cutter, sheet.Template)
	}
	fmt.Fprintf(bw, ". Import at its size (%sx%s mm); the registration marks are on the printed sheet. -->\n", mm(p.W), mm(p.H))
	fmt.Fprintf(bw, "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"%smm\" height=\"%smm\" viewBox=\"0 0 %s %s\">\n", mm(p.W), mm(p.H), mm(p.W), mm(p.H))
	fmt.Fprintf(bw, "<g id=\"cut\" fill=\"none\" stroke=\"#ff0000\" stroke-width=\"0.1\">\n")
	for i, s := range sheet.Slots {
		fmt.Fprintf(bw, "<rect id=\"card-%d\" x=\"%s\" y=\"%s\" width=\"%s\" height=\"%s\" rx=\"%s\" ry=\"%s\"/>\n", i+1, mm(s.X), mm(s.Y), mm(s.W), mm(s.H), mm(r), mm(r))
	}
	fmt.Fprintf(bw, "</g>\n</svg>\n")
	return bw.Flush()
}

// CutDXF writes the cut file of a sheet as DXF (AutoCAD R12, ASCII, which
// every cutting program reads): each card slot's trim line as four LINEs
// and four ARCs on layer CUT, in millimetres, with y upwards from the
// page's bottom edge as DXF has it.
func CutDXF(w io.Writer, sheet layout.Sheet) error {
	bw := bufio.NewWriter(w)
	pair := func(code int, v string) { fmt.Fprintf(bw, "%d\n%s\n", code, v) }
	num := func(code int, v float64) { pair(code, mm(v)) }
	pair(0, "SECTION")
	pair(2, "HEADER")
	pair(9, "$ACADVER")
	pair(1, "AC1009")
	pair(9, "$INSUNITS")
	pair(70, "4") // millimetres
	pair(9, "$EXTMIN")
	num(10, 0)
	num(20, 0)
	pair(9, "$EXTMAX")
	num(10, sheet.Page.W)
	num(20, sheet.Page.H)
	pair(0, "ENDSEC")
	pair(0, "SECTION")
	pair(2, "ENTITIES")
	line := func(x1, y1, x2, y2 float64) {
		pair(0, "LINE")
		pair(8, "CUT")
		num(10, x1)
		num(20, y1)
		num(30, 0)
		num(11, x2)
		num(21, y2)
		num(31, 0)
	}
	arc := func(cx, cy, r, from, to float64) {
		pair(0, "ARC")
		pair(8, "CUT")
		num(10, cx)
		num(20, cy)
		num(30, 0)
		num(40, r)
		num(50, from)
		num(51, to)
	}
	r := corner(sheet)
	for _, s := range sheet.Slots {
		x0, x1 := s.X, s.X+s.W
		y0, y1 := sheet.Page.H-s.Y-s.H, sheet.Page.H-s.Y // DXF y is up
		line(x0+r, y0, x1-r, y0)
		arc(x1-r, y0+r, r, 270, 360)
		line(x1, y0+r, x1, y1-r)
		arc(x1-r, y1-r, r, 0, 90)
		line(x1-r, y1, x0+r, y1)
		arc(x0+r, y1-r, r, 90, 180)
		line(x0, y1-r, x0, y0+r)
		arc(x0+r, y0+r, r, 180, 270)
	}
	pair(0, "ENDSEC")
	pair(0, "EOF")
	return bw.Flush()
}
