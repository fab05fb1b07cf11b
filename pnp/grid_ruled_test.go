package pnp

import (
	"image/color"
	"math"
	"testing"
)

// dashed draws a dashed line from x, y (mm), w long across or h down.
func (p *synthPage) dashed(x, y, w, h float64, c color.Color) {
	if w > h {
		for d := 0.0; d < w; d += 4 {
			p.fill(x+d, y, min(2.5, w-d), h, c)
		}
		return
	}
	for d := 0.0; d < h; d += 4 {
		p.fill(x, y+d, w, min(2.5, h-d), c)
	}
}

func TestRuledGrid(t *testing.T) {
	grey := color.NRGBA{200, 200, 200, 255}
	t.Run("dashed 2x4 to the page's edge", func(t *testing.T) {
		p := newSynthPage(210, 297, 150)
		p.dashed(104.85, 0, 0.3, 297, color.Black)
		for _, y := range []float64{74.25, 148.5, 222.75} {
			p.dashed(0, y-0.15, 210, 0.3, color.Black)
		}
		for i := 0; i < 8; i++ {
			p.fill(6+float64(i%2)*105, 6+float64(i/2)*74.25, 14, 3, color.Black) // a word in the corner
		}
		g := ruledGrid(p.img, p.img.Bounds(), 150)
		if g == nil || g.rows != 4 || g.cols != 2 || g.method != "rules" {
			t.Fatalf("got %+v, want 4 rows of 2 by rules", g)
		}
		if math.Abs(g.trimW-105) > 0.5 || math.Abs(g.trimH-74.25) > 0.5 {
			t.Errorf("cells %.2fx%.2f mm, want 105x74.25", g.trimW, g.trimH)
		}
	})
	t.Run("a cross of light hairlines off the middle", func(t *testing.T) {
		p := newSynthPage(210, 297, 150)
		p.fill(104.9, 0, 0.2, 297, grey)
		p.fill(0, 144.9, 210, 0.2, grey)
		p.text(20, 40, 60, 5, 1)
		p.text(125, 40, 60, 5, 2)
		p.text(20, 190, 60, 5, 3)
		p.text(125, 190, 60, 5, 4)
		g := ruledGrid(p.img, p.img.Bounds(), 150)
		if g == nil || g.rows != 2 || g.cols != 2 {
			t.Fatalf("got %+v, want 2x2", g)
		}
		top := gridRects(g.cells[:1], p.pxmm)[0]
		if math.Abs(top.H-145) > 0.5 || math.Abs(top.W-105) > 0.5 {
			t.Errorf("first cell %.2fx%.2f mm, want 105x145 (the rule where it is drawn)", top.W, top.H)
		}
	})
	t.Run("not rules", func(t *testing.T) {
		text := newSynthPage(210, 297, 150)
		text.text(15, 15, 180, 65, 3)
		framed := newSynthPage(210, 297, 150) // one frame around the page: no division
		framed.fill(10, 10, 190, 0.3, color.Black)
		framed.fill(10, 287, 190, 0.3, color.Black)
		framed.fill(10, 10, 0.3, 277, color.Black)
		framed.fill(200, 10, 0.3, 277, color.Black)
		framed.text(20, 20, 170, 20, 2)
		uneven := newSynthPage(210, 297, 150) // halves of 60 and 150 mm
		uneven.fill(60, 0, 0.3, 297, color.Black)
		for name, p := range map[string]*synthPage{"text": text, "a frame": framed, "uneven cells": uneven} {
			if g := ruledGrid(p.img, p.img.Bounds(), 150); g != nil {
				t.Errorf("%s: read as %dx%d cells of %.1fx%.1f mm", name, g.rows, g.cols, g.trimW, g.trimH)
			}
		}
	})
}
