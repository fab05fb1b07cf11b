package render

import (
	"testing"

	"github.com/jung-kurt/gofpdf"

	"github.com/deckwright/deckwright/layout"
)

// TestRulerLabelsApart checks what made the old calibration sheet
// illegible: no two numbers or signs of a target's two rulers touch, and no
// tick or ruler line runs through a number, at the real font widths.
func TestRulerLabelsApart(t *testing.T) {
	pdf := gofpdf.New("P", "mm", "A4", "")
	width := func(s string, pt float64, bold bool) float64 {
		style := ""
		if bold {
			style = "B"
		}
		pdf.SetFont("Helvetica", style, pt)
		return pdf.GetStringWidth(s)
	}
	xr, yr := rulers(100, 100, width)
	labels := append(append([]rulerLabel{}, xr.labels...), yr.labels...)
	if len(labels) != 2*(11+2) {
		t.Fatalf("%d labels, want 11 numbers and 2 signs on each ruler", len(labels))
	}
	zeros := 0
	for _, l := range labels {
		if l.Text == "0" {
			zeros++
			if !l.Bold {
				t.Errorf("the 0 at %.2f,%.2f is not bold", l.X, l.Y)
			}
		}
	}
	if zeros != 2 {
		t.Errorf("%d zeros, want one on each ruler", zeros)
	}
	const clear = 0.1 // mm between any two things
	grow := func(r layout.Rect) layout.Rect {
		return layout.Rect{X: r.X - clear/2, Y: r.Y - clear/2, W: r.W + clear, H: r.H + clear}
	}
	hit := func(a, b layout.Rect) bool {
		return a.X < b.Right() && b.X < a.Right() && a.Y < b.Bottom() && b.Y < a.Bottom()
	}
	for i, a := range labels {
		for _, b := range labels[i+1:] {
			if hit(grow(a.box()), grow(b.box())) {
				t.Errorf("%q at %.2f,%.2f touches %q at %.2f,%.2f", a.Text, a.X, a.Y, b.Text, b.X, b.Y)
			}
		}
	}
	var lines []layout.Line
	for _, r := range []ruler{xr, yr} {
		lines = append(append(lines, r.ticks...), r.line, r.zero)
	}
	for _, l := range lines {
		r := layout.Rect{X: min(l.X1, l.X2) - 0.1, Y: min(l.Y1, l.Y2) - 0.1, W: abs(l.X2-l.X1) + 0.2, H: abs(l.Y2-l.Y1) + 0.2}
		for _, lb := range labels {
			if hit(r, lb.box()) {
				t.Errorf("line %.2f,%.2f-%.2f,%.2f runs through %q at %.2f,%.2f", l.X1, l.Y1, l.X2, l.Y2, lb.Text, lb.X, lb.Y)
			}
		}
	}
}

func abs(v float64) float64 { return max(v, -v) }
