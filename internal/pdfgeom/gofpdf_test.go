package pdfgeom

import (
	"bytes"
	"testing"

	"github.com/jung-kurt/gofpdf"
)

// TestGofpdfTemplates reads a page that gofpdf (the PDF writer deckwright
// prints with) draws from a template, a form XObject, placed as a 3x3
// grid of 63x88 mm cards: each card's frame, clip and dashed line must be
// found where the placement put them (to gofpdf's rounding: it writes
// 0.2 mm as 0.57 pt).
func TestGofpdfTemplates(t *testing.T) {
	pdf := gofpdf.New("P", "mm", "A4", "")
	pdf.SetCompression(true)
	card := pdf.CreateTemplateCustom(gofpdf.PointType{}, gofpdf.SizeType{Wd: 63, Ht: 88}, func(tpl *gofpdf.Tpl) {
		tpl.SetLineWidth(0.2)
		tpl.SetFillColor(230, 230, 230)
		tpl.Rect(0, 0, 63, 88, "FD")
		tpl.ClipRect(5, 5, 53, 40, false)
		tpl.SetFillColor(200, 0, 0)
		tpl.Rect(0, 0, 63, 50, "F")
		tpl.ClipEnd()
		tpl.SetDashPattern([]float64{1, 1}, 0)
		tpl.Line(5, 80, 58, 80)
	})
	pdf.AddPage()
	for row := range 3 {
		for col := range 3 {
			pdf.UseTemplateScaled(card, gofpdf.PointType{X: 10 + 63*float64(col), Y: 10 + 88*float64(row)}, gofpdf.SizeType{Wd: 63, Ht: 88})
		}
	}
	var buf bytes.Buffer
	if err := pdf.Output(&buf); err != nil {
		t.Fatal(err)
	}
	p := readPage(t, openPDF(t, buf.Bytes()))
	if len(p.Forms) != 9 || len(p.Clips) != 9 || len(p.Fills) != 18 {
		t.Fatalf("%d forms, %d clips, %d fills; want 9 cards of a frame, a clip and a fill", len(p.Forms), len(p.Clips), len(p.Fills))
	}
	tol := func(a, b Rect) bool {
		return abs(a.X-b.X) < 0.01 && abs(a.Y-b.Y) < 0.01 && abs(a.W-b.W) < 0.01 && abs(a.H-b.H) < 0.01
	}
	for i := range 9 {
		x, y := 10+63*float64(i%3), 10+88*float64(i/3)
		if f := p.Forms[i]; !tol(f.Box, Rect{x, y, 63, 88}) {
			t.Errorf("card %d placed at %+v, want %.0f, %.0f", i, f.Box, x, y)
		}
		var frame []Point
		var dashed []Stroke
		for _, s := range p.Strokes {
			if s.Form != i {
				continue
			}
			if s.Dashed {
				dashed = append(dashed, s)
			} else {
				frame = append(frame, s.A, s.B)
			}
		}
		if b := bounds(frame); !tol(b, Rect{x, y, 63, 88}) {
			t.Errorf("card %d framed at %+v", i, b)
		}
		if len(dashed) != 1 || abs(dashed[0].A.Y-(y+80)) > 0.01 || abs(dashed[0].Width-0.2) > 0.005 {
			t.Errorf("card %d: dashed strokes %+v, want one at y %.0f", i, dashed, y+80)
		}
		c := p.Clips[i]
		if !tol(c.Box, Rect{x + 5, y + 5, 53, 40}) || c.Paths != 1 || c.Form != i {
			t.Errorf("card %d: clip %+v", i, c)
		}
		red := p.Fills[2*i+1]
		if red.Clip != i || red.Color != (Color{200, 0, 0, true}) || !red.Rect {
			t.Errorf("card %d: the red fill %+v, want it in the clip", i, red)
		}
	}
}

func abs(x float64) float64 {
	if x < 0 {
		return -x
	}
	return x
}
