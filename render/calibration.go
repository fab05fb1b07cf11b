package render

import (
	"bytes"
	"fmt"
	"io"
	"math"

	"github.com/jung-kurt/gofpdf"

	"github.com/deckwright/deckwright/layout"
)

// calibrationInset is how far from the paper edges the corner targets of
// the calibration sheet stand, mm.
const calibrationInset = 30.0

// textTop is where the calibration sheet's instructions start, below the
// top targets and their rulers.
const textTop = calibrationInset + 22

// The rulers on the back of the calibration sheet, in mm. Each target has
// a horizontal ruler RulerGap below it, for X, and a vertical one RulerGap
// right of it, for Y, each running from -RulerRange to +RulerRange with a
// tick every RulerStep; their ticks point at the target.
const (
	// RulerGap is how far from a target its rulers' lines run, mm.
	RulerGap = 9.0
	// RulerRange is the largest offset a ruler reads either way, mm.
	RulerRange = 5.0
	// RulerStep is the distance between neighbouring ticks, mm.
	RulerStep = 0.5
	// RulerZeroTick is how far a ruler's 0 tick reaches towards its target
	// from the ruler's line, mm: no other tick is on that side.
	RulerZeroTick = 4.0
	rulerHalfTick = 1.0 // half-millimetre ticks, away from the target
	rulerEvenTick = 2.0 // even millimetres, numbered at their end
	labelGap      = 0.4 // between a tick's end and its number
	crossArm      = 16.0
	labelPt       = 5.5 // ruler numbers
	signPt        = 8.0 // the - and + at a ruler's ends
)

// CalibrationTargets returns the points where the calibration sheet's
// front crosses stand: the page centre and four points 30 mm in from the
// corners, on the page in opts' paper orientation.
func CalibrationTargets(page layout.Size) [][2]float64 {
	in := calibrationInset
	return [][2]float64{
		{page.W / 2, page.H / 2},
		{in, in}, {page.W - in, in},
		{in, page.H - in}, {page.W - in, page.H - in},
	}
}

// calibrationSheet is the sheet of zero-size slots at the targets, so that
// BackSlots mirrors them exactly as it mirrors cards.
func calibrationSheet(opts layout.Options) layout.Sheet {
	s := layout.Sheet{Page: opts.Paper, BackMode: opts.Backs, BackOffset: opts.BackOffset, BackScale: opts.BackScale}
	for _, t := range CalibrationTargets(opts.Paper) {
		s.Slots = append(s.Slots, layout.Slot{X: t[0], Y: t[1]})
	}
	return s
}

// rulerLabel is a number of a ruler: Text with its baseline's left end at
// X, Y, in a font of Pt points (Bold for the 0), taking W×H mm above the
// baseline.
type rulerLabel struct {
	Text       string
	X, Y, W, H float64
	Pt         float64
	Bold       bool
}

// box is the label's rectangle on the page.
func (l rulerLabel) box() layout.Rect { return layout.Rect{X: l.X, Y: l.Y - l.H, W: l.W, H: l.H} }

// ruler is what one ruler draws: its line, its ticks (the 0 tick apart, as
// it is drawn thicker) and its numbers.
type ruler struct {
	line   layout.Line
	zero   layout.Line
	ticks  []layout.Line
	labels []rulerLabel
}

// capHeight is the height of Helvetica's digits, as a fraction of the font
// size.
const capHeight = 0.718

// rulers returns the X ruler (horizontal, below the target) and the Y ruler
// (vertical, right of it) of the back target at x, y. Ticks point away from
// the target, except the thick 0 tick, which also reaches towards it. Whole
// millimetres are numbered without a sign (the signs stand at the ruler's
// ends): an even number at the end of its tick, an odd one at the end of a
// tick long enough to pass its even neighbours, so that numbers never touch
// and each sits at the end of its own tick. width measures a string in the
// given font.
func rulers(x, y float64, width func(s string, pt float64, bold bool) float64) (xr, yr ruler) {
	ptMM := 25.4 / 72
	label := func(s string, pt float64, bold bool) rulerLabel {
		return rulerLabel{Text: s, W: width(s, pt, bold), H: capHeight * pt * ptMM, Pt: pt, Bold: bold}
	}
	h := capHeight * labelPt * ptMM
	n := int(math.Round(RulerRange / RulerStep))
	lx, ly := y+RulerGap, x+RulerGap // the X ruler's line is at y = lx; the Y ruler's at x = ly
	xr.line = layout.Line{X1: x - RulerRange - 0.5, Y1: lx, X2: x + RulerRange + 0.5, Y2: lx}
	yr.line = layout.Line{X1: ly, Y1: y - RulerRange - 0.5, X2: ly, Y2: y + RulerRange + 0.5}
	// The odd ticks pass the even numbers: on the X ruler below them, on
	// the Y ruler beside the widest digit.
	oddX := rulerEvenTick + labelGap + h + labelGap
	oddY := rulerEvenTick + labelGap + width("0", labelPt, true) + labelGap
	for i := -n; i <= n; i++ {
		d := float64(i) * RulerStep
		tx, ty := rulerHalfTick, rulerHalfTick
		switch {
		case i%4 == 0:
			tx, ty = rulerEvenTick, rulerEvenTick
		case i%2 == 0:
			tx, ty = oddX, oddY
		}
		if i == 0 {
			xr.zero = layout.Line{X1: x, Y1: lx - RulerZeroTick, X2: x, Y2: lx + tx}
			yr.zero = layout.Line{X1: ly - RulerZeroTick, Y1: y, X2: ly + ty, Y2: y}
		} else {
			xr.ticks = append(xr.ticks, layout.Line{X1: x + d, Y1: lx, X2: x + d, Y2: lx + tx})
			yr.ticks = append(yr.ticks, layout.Line{X1: ly, Y1: y + d, X2: ly + ty, Y2: y + d})
		}
		if i%2 != 0 {
			continue
		}
		mm := i / 2
		if mm < 0 {
			mm = -mm
		}
		a := label(fmt.Sprint(mm), labelPt, i == 0)
		a.X, a.Y = x+d-a.W/2, lx+tx+labelGap+a.H
		xr.labels = append(xr.labels, a)
		b := label(fmt.Sprint(mm), labelPt, i == 0)
		b.X, b.Y = ly+ty+labelGap, y+d+b.H/2
		yr.labels = append(yr.labels, b)
	}
	// The signs: left and up are minus. The X ruler's stand beyond its
	// ends; the Y ruler's beside its end numbers, away from the X ruler's.
	minus, plus := label("-", signPt, true), label("+", signPt, true)
	m, p := minus, plus
	m.X, m.Y = xr.line.X1-0.8-m.W, lx+m.H/2
	p.X, p.Y = xr.line.X2+0.8, lx+p.H/2
	xr.labels = append(xr.labels, m, p)
	end := yr.labels[0] // the top 5; the bottom one is last
	m, p = minus, plus
	m.X, m.Y = end.X+end.W+1, y-RulerRange+m.H/2
	p.X, p.Y = end.X+end.W+1, y+RulerRange+p.H/2
	yr.labels = append(yr.labels, m, p)
	return xr, yr
}

// Calibration writes a two-page duplex test sheet to w. The front has a
// cross at each target; the back has, where each cross should show
// through, a ruler for X below it and one for Y right of it, with a tick
// every 0.5 mm, numbered every 1 mm, 0 where the cross's line meets the
// ruler when the printer is exact. Printed duplex and held against a
// light, each line of a cross meets its ruler at the printer's drift: add
// the readings to the --back-offset the sheet was printed with. Targets at
// the four corners show whether the printer also stretches one side
// (layout.Options.BackScale). opts.Backs must be BacksLong or BacksShort.
func Calibration(w io.Writer, opts layout.Options) error {
	if opts.Backs != layout.BacksLong && opts.Backs != layout.BacksShort {
		return fmt.Errorf("the calibration sheet is for duplex printing: choose backs long or short")
	}
	if opts.Paper.W <= 2*calibrationInset+20 || opts.Paper.H <= 2*calibrationInset+20 {
		return fmt.Errorf("paper %s is too small for the calibration sheet", opts.Paper)
	}
	sheet := calibrationSheet(opts)
	backs := layout.BackSlots(sheet, opts.Backs)
	page := opts.Paper
	pdf := gofpdf.NewCustom(&gofpdf.InitType{UnitStr: "mm", Size: gofpdf.SizeType{Wd: page.W, Ht: page.H}})
	pdf.SetAutoPageBreak(false, 0)
	pdf.SetMargins(0, 0, 0)
	pdf.SetCatalogSort(true)
	pdf.SetCreationDate(fixedDate)
	pdf.SetModificationDate(fixedDate)
	pdf.SetProducer("deckwright", false)
	pdf.SetTitle("deckwright duplex calibration", false)
	dup := "/Duplex /DuplexFlipLongEdge"
	if opts.Backs == layout.BacksShort {
		dup = "/Duplex /DuplexFlipShortEdge"
	}
	pdf.SetViewerPreferences("/PrintScaling /None " + dup)
	text := func(lines []string) {
		pdf.SetFont("Helvetica", "", 8.5)
		for i, l := range lines {
			pdf.Text(20, textTop+7+float64(i)*4.2, l)
		}
	}

	// Front: crosses and instructions.
	pdf.AddPage()
	pdf.SetFont("Helvetica", "B", 14)
	pdf.Text(20, textTop, "deckwright duplex calibration - FRONT")
	text([]string{
		fmt.Sprintf("Print both pages duplex at 100%% (actual size, no fit-to-page), flipping on the %s edge, on %s paper.", opts.Backs, paperName(page)),
		"Then hold the sheet against a light with the BACK facing you, and follow the instructions printed there.",
	})
	pdf.SetDrawColor(0, 0, 0)
	pdf.SetLineWidth(0.2)
	for _, s := range sheet.Slots {
		pdf.Line(s.X-crossArm, s.Y, s.X+crossArm, s.Y)
		pdf.Line(s.X, s.Y-crossArm, s.X, s.Y+crossArm)
	}

	// Back: rulers where the crosses should land.
	pdf.AddPage()
	pdf.SetFont("Helvetica", "B", 14)
	pdf.Text(20, textTop, "deckwright duplex calibration - BACK")
	off, sc := opts.BackOffset, opts.BackScale
	printed := fmt.Sprintf("--offset %s,%s", mm(off.X), mm(off.Y))
	if sc != (layout.Scale{}) {
		printed += fmt.Sprintf(" --scale %g,%g", sc.X, sc.Y)
	}
	dx := page.W - 2*calibrationInset
	dy := page.H - 2*calibrationInset
	text([]string{
		"Look at this side against a light. Each cross of the front shows through near a pair of rulers (ticks every 0.5 mm).",
		"X: where the cross's upright line meets the ruler below it (left of 0 is -, right is +).",
		"Y: where its level line meets the ruler on its right (above 0 is -, below is +).",
		fmt.Sprintf("This sheet was printed with %s. Take the CENTRE cross's readings: your offset is", printed),
		fmt.Sprintf("(%s + X),(%s + Y). If the right crosses read d mm more X than the left ones, multiply the X scale", mm(off.X), mm(off.Y)),
		fmt.Sprintf("by (1 + d/%s); if the bottom ones read d mm more Y than the top ones, the Y scale by (1 + d/%s).", mm(dx), mm(dy)),
		fmt.Sprintf("Save it: deckwright printer add NAME --offset X,Y --scale SX,SY --flip %s --paper %s", opts.Backs, paperName(page)),
		"then print with --printer NAME, and print this sheet again with --printer NAME to check: every cross on 0.",
	})
	for _, b := range backs {
		xr, yr := rulers(b.X, b.Y, func(s string, pt float64, bold bool) float64 {
			style := ""
			if bold {
				style = "B"
			}
			pdf.SetFont("Helvetica", style, pt)
			return pdf.GetStringWidth(s)
		})
		drawRuler(pdf, xr)
		drawRuler(pdf, yr)
	}
	if err := pdf.Error(); err != nil {
		return fmt.Errorf("drawing calibration sheet: %w", err)
	}
	var buf bytes.Buffer
	if err := pdf.Output(&buf); err != nil {
		return fmt.Errorf("writing calibration sheet: %w", err)
	}
	_, err := w.Write(buf.Bytes())
	return err
}

// paperName names a paper preset as the --paper flag does, or gives its
// size.
func paperName(p layout.Size) string {
	switch p {
	case layout.A4:
		return "a4"
	case layout.Letter:
		return "letter"
	case layout.Legal:
		return "legal"
	case layout.A3:
		return "a3"
	case layout.A5:
		return "a5"
	case layout.Tabloid:
		return "tabloid"
	}
	return p.String()
}

// drawRuler draws a ruler: thin ticks, a thick 0 tick, bold 0 and signs.
func drawRuler(pdf *gofpdf.Fpdf, r ruler) {
	pdf.SetDrawColor(0, 0, 0)
	pdf.SetLineWidth(0.15)
	pdf.Line(r.line.X1, r.line.Y1, r.line.X2, r.line.Y2)
	pdf.SetLineWidth(0.12)
	for _, t := range r.ticks {
		pdf.Line(t.X1, t.Y1, t.X2, t.Y2)
	}
	pdf.SetLineWidth(0.35)
	pdf.Line(r.zero.X1, r.zero.Y1, r.zero.X2, r.zero.Y2)
	pdf.SetTextColor(0, 0, 0)
	for _, l := range r.labels {
		style := ""
		if l.Bold {
			style = "B"
		}
		pdf.SetFont("Helvetica", style, l.Pt)
		pdf.Text(l.X, l.Y, l.Text)
	}
}
