package render_test

import (
	"bytes"
	"context"
	"image"
	"math"
	"testing"

	"github.com/deckwright/deckwright/cardface"
	"github.com/deckwright/deckwright/layout"
	"github.com/deckwright/deckwright/render"
)

// outlines finds what a scanning cutter finds on a page: the connected
// regions of dark pixels (8-connected), keeping only the outer ones (a
// region whose box lies inside another's is a detail of that shape, which
// Direct Cut does not cut). It returns their boxes in pixels.
func (g gray) outlines() []image.Rectangle {
	seen := make([]bool, g.w*g.h)
	var boxes []image.Rectangle
	var stack []int
	for start := range g.pix {
		if seen[start] || g.pix[start] >= 128 {
			continue
		}
		box := image.Rect(start%g.w, start/g.w, start%g.w+1, start/g.w+1)
		seen[start] = true
		stack = append(stack[:0], start)
		for len(stack) > 0 {
			p := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			x, y := p%g.w, p/g.w
			box = box.Union(image.Rect(x, y, x+1, y+1))
			for dy := -1; dy <= 1; dy++ {
				for dx := -1; dx <= 1; dx++ {
					if q := (y+dy)*g.w + x + dx; g.dark(x+dx, y+dy) && !seen[q] {
						seen[q] = true
						stack = append(stack, q)
					}
				}
			}
		}
		boxes = append(boxes, box)
	}
	var outer []image.Rectangle
	for i, b := range boxes {
		inside := false
		for j, o := range boxes {
			if i != j && b.In(o) && b != o {
				inside = true
				break
			}
		}
		if !inside {
			outer = append(outer, b)
		}
	}
	return outer
}

// TestRenderScanNCut prints ten cards for Brother ScanNCut's Direct Cut
// and scans the PDF back as the machine does: on each page one outline a
// card, each the card's trim plus its keyline, and corners rounded (the
// trim's own corner pixel white).
func TestRenderScanNCut(t *testing.T) {
	g := gameDir(t, "", artCards, artFiles())
	var items []cardface.Item
	for range 5 {
		items = append(items, cardItems(t, g, "Alpha", "Beta")...)
	}
	var pdf bytes.Buffer
	opts := render.RenderOptions{Sheet: layout.DefaultOptions()}
	opts.Sheet.Cutter = layout.CutterScanNCut
	rep, err := render.Render(context.Background(), &pdf, items, opts)
	if err != nil {
		t.Fatal(err)
	}
	sheet := rep.Sheet
	if sheet.Gap != layout.ScanNCutGap || sheet.Marks != layout.MarksNone || sheet.Keyline != layout.ScanNCutKeyline {
		t.Fatalf("sheet gap %g, marks %v, keyline %g: want %d mm, none, %g mm", sheet.Gap, sheet.Marks, sheet.Keyline, layout.ScanNCutGap, layout.ScanNCutKeyline)
	}
	const dpi = 150
	pages := renderGray(t, pdf.Bytes(), dpi)
	k := sheet.Keyline
	for pi, want := range []int{len(sheet.Slots), 10 - len(sheet.Slots)} {
		got := pages[pi].outlines()
		if len(got) != want {
			t.Fatalf("page %d: the scan finds %d outlines, want %d (one a card)", pi+1, len(got), want)
		}
		for i, b := range got {
			s := sheet.Slots[i]
			mm := func(px int) float64 { return float64(px) * 25.4 / dpi }
			for _, c := range []struct {
				what      string
				got, want float64
			}{
				{"left", mm(b.Min.X), s.X - k}, {"top", mm(b.Min.Y), s.Y - k},
				{"right", mm(b.Max.X), s.X + s.W + k}, {"bottom", mm(b.Max.Y), s.Y + s.H + k},
			} {
				if math.Abs(c.got-c.want) > 0.4 {
					t.Errorf("page %d card %d: outline's %s edge at %.2f mm, want %.2f", pi+1, i+1, c.what, c.got, c.want)
				}
			}
			// The trim's square corner is outside the rounded outline.
			if pg := pages[pi]; pg.dark(pg.px(s.X+0.1), pg.px(s.Y+0.1)) {
				t.Errorf("page %d card %d: the square corner is dark; want it rounded off", pi+1, i+1)
			}
		}
	}
}

func TestScanNCutPlanRefuses(t *testing.T) {
	for name, mod := range map[string]func(*layout.Options){
		"bleed":     func(o *layout.Options) { o.Bleed = 1 },
		"fold":      func(o *layout.Options) { o.Backs = layout.BacksFold },
		"small gap": func(o *layout.Options) { o.Gap = 1 },
	} {
		o := layout.DefaultOptions()
		o.Cutter = layout.CutterScanNCut
		mod(&o)
		if _, err := layout.Plan(o); err == nil {
			t.Errorf("%s: no error", name)
		}
	}
}
