package render

import (
	"bytes"
	"fmt"
	"io"

	"github.com/jung-kurt/gofpdf"

	"github.com/deckwright/deckwright/layout"
)

// calibrationInset is how far from the paper edges the corner targets of
// the calibration sheet stand, mm.
const calibrationInset = 30.0

// textTop is where the calibration sheet's instructions start, below the
// top targets and their scales.
const textTop = calibrationInset + 20

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
	s := layout.Sheet{Page: opts.Paper, BackMode: opts.Backs, BackOffset: opts.BackOffset}
	for _, t := range CalibrationTargets(opts.Paper) {
		s.Slots = append(s.Slots, layout.Slot{X: t[0], Y: t[1]})
	}
	return s
}

// Calibration writes a two-page duplex test sheet to w. The front has a
// cross at each target; the back has, where each cross should show
// through, a scale in mm. Printed duplex and held against a light, the
// cross meets the scale at the printer's drift: add the readings to the
// --back-offset the sheet was printed with. opts.Backs must be BacksLong or
// BacksShort.
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

	// Front: crosses and instructions.
	pdf.AddPage()
	pdf.SetFont("Helvetica", "B", 14)
	pdf.Text(20, textTop, "deckwright duplex calibration - FRONT")
	pdf.SetFont("Helvetica", "", 9)
	lines := []string{
		fmt.Sprintf("Print both pages duplex at 100%% (actual size, no fit-to-page), flipping on the %s edge,", opts.Backs),
		fmt.Sprintf("on %s paper. Then hold the sheet against a light with the BACK facing you.", page),
	}
	for i, l := range lines {
		pdf.Text(20, textTop+7+float64(i)*4.5, l)
	}
	pdf.SetDrawColor(0, 0, 0)
	pdf.SetLineWidth(0.3)
	for _, s := range sheet.Slots {
		pdf.Line(s.X-12, s.Y, s.X+12, s.Y)
		pdf.Line(s.X, s.Y-12, s.X, s.Y+12)
		pdf.Circle(s.X, s.Y, 1.5, "D")
	}

	// Back: scales where the crosses should land.
	pdf.AddPage()
	pdf.SetFont("Helvetica", "B", 14)
	pdf.Text(20, textTop, "deckwright duplex calibration - BACK")
	pdf.SetFont("Helvetica", "", 9)
	lines = []string{
		"Look at this side against a light. Each front cross should sit on the 0 of the scales below.",
		"Read where it sits: X on the horizontal scale (left -, right +), Y on the vertical one (up -, down +).",
		fmt.Sprintf("This sheet was printed with --back-offset %g,%g. Print with --back-offset (%g+X),(%g+Y).", opts.BackOffset.X, opts.BackOffset.Y, opts.BackOffset.X, opts.BackOffset.Y),
		"If the readings differ between targets, the printer also scales or skews: use the centre target.",
	}
	for i, l := range lines {
		pdf.Text(20, textTop+7+float64(i)*4.5, l)
	}
	for _, b := range backs {
		drawScale(pdf, b.X, b.Y)
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

// drawScale draws a horizontal and a vertical scale from -5 to +5 mm with
// 0.5 mm ticks, crossing at (x, y).
func drawScale(pdf *gofpdf.Fpdf, x, y float64) {
	pdf.SetDrawColor(0, 0, 0)
	pdf.SetFont("Helvetica", "", 5)
	for i := -10; i <= 10; i++ {
		d := float64(i) * 0.5
		l := 1.0
		switch {
		case i == 0:
			l = 3.5
		case i%2 == 0:
			l = 2
		}
		pdf.SetLineWidth(0.1)
		pdf.Line(x+d, y-l, x+d, y) // horizontal scale: ticks above the line
		pdf.Line(x, y+d, x+l, y+d) // vertical scale: ticks right of the line
		if i%2 == 0 && i != 0 {
			label := fmt.Sprintf("%+d", i/2)
			pdf.Text(x+d-1, y-l-0.8, label)
			pdf.Text(x+l+0.6, y+d+0.6, label)
		}
	}
	pdf.SetLineWidth(0.15)
	pdf.Line(x-5, y, x+5, y)
	pdf.Line(x, y-5, x, y+5)
}
