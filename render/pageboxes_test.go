package render_test

import (
	"bytes"
	"context"
	"github.com/deckwright/deckwright/cardsdb/cardsdbtest"
	"testing"

	"github.com/pdfcpu/pdfcpu/pkg/api"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/types"

	"github.com/deckwright/deckwright/cardface"
	"github.com/deckwright/deckwright/layout"
	"github.com/deckwright/deckwright/render"
)

// pageBoxes reads the TrimBox and BleedBox of every page with pdfcpu, in
// points from the page's bottom left corner; a page without one has none
// in its map.
func pageBoxes(t *testing.T, data []byte) []map[string][4]float64 {
	t.Helper()
	ctx, err := api.ReadContext(bytes.NewReader(data), pdfConf())
	if err != nil {
		t.Fatal(err)
	}
	if err := ctx.EnsurePageCount(); err != nil {
		t.Fatal(err)
	}
	var out []map[string][4]float64
	for i := 1; i <= ctx.PageCount; i++ {
		d, _, _, err := ctx.XRefTable.PageDict(i, false)
		if err != nil {
			t.Fatal(err)
		}
		boxes := map[string][4]float64{}
		for _, name := range []string{"TrimBox", "BleedBox"} {
			a := d.ArrayEntry(name)
			if a == nil {
				continue
			}
			if len(a) != 4 {
				t.Fatalf("page %d: %s %v", i, name, a)
			}
			var b [4]float64
			for j, v := range a {
				switch n := v.(type) {
				case types.Float:
					b[j] = n.Value()
				case types.Integer:
					b[j] = float64(n.Value())
				default:
					t.Fatalf("page %d: %s %v", i, name, a)
				}
			}
			boxes[name] = b
		}
		out = append(out, boxes)
	}
	return out
}

// pdfBox is r (mm, from the page's top left) as a PDF box in points.
func pdfBox(r layout.Rect, pageH float64) [4]float64 {
	const pt = 72 / 25.4
	return [4]float64{r.X * pt, (pageH - r.Y - r.H) * pt, (r.X + r.W) * pt, (pageH - r.Y) * pt}
}

// TestPageBoxes prints 4 cards with bleed on an A4 sheet of 9, duplex with
// a back offset (so the back page's cards sit off centre, and a box
// measured from the wrong edge would show), and reads the boxes back: the
// TrimBox holds the trimmed cards of each page, the BleedBox their bleed.
// Without PageBoxes the pages have none, and the same print gives the same
// bytes every time (the boxes are written in a fixed order).
func TestPageBoxes(t *testing.T) {
	items := cardface.DeckItems(cardsdbtest.Deck(t, "seeker-chronicles/cosmos"))[:4]
	opts := render.RenderOptions{Sheet: layout.DefaultOptions(), PageBoxes: true}
	opts.Sheet.Bleed = 2
	opts.Sheet.Backs = layout.BacksLong
	opts.Sheet.BackOffset = layout.Offset{X: 4, Y: 7}
	var first []byte
	var rep *render.Report
	for i := range 4 {
		var buf bytes.Buffer
		var err error
		rep, err = render.Render(context.Background(), &buf, items, opts)
		if err != nil {
			t.Fatal(err)
		}
		if i == 0 {
			first = buf.Bytes()
		} else if !bytes.Equal(buf.Bytes(), first) {
			t.Fatal("two renders of the same print differ")
		}
	}
	s := rep.Sheet
	bounds := func(slots []layout.Slot, bleed bool) layout.Rect {
		x0, y0, x1, y1 := 1e9, 1e9, -1e9, -1e9
		for _, sl := range slots {
			r := sl.Trim()
			if bleed {
				r = sl.BleedRect()
			}
			x0, y0, x1, y1 = min(x0, r.X), min(y0, r.Y), max(x1, r.X+r.W), max(y1, r.Y+r.H)
		}
		return layout.Rect{X: x0, Y: y0, W: x1 - x0, H: y1 - y0}
	}
	want := []map[string][4]float64{
		{"TrimBox": pdfBox(bounds(s.Slots[:4], false), s.Page.H), "BleedBox": pdfBox(bounds(s.Slots[:4], true), s.Page.H)},
		{"TrimBox": pdfBox(bounds(s.Backs[:4], false), s.Page.H), "BleedBox": pdfBox(bounds(s.Backs[:4], true), s.Page.H)},
	}
	if want[0]["TrimBox"] == want[1]["TrimBox"] {
		t.Fatal("the test's back offset does not move the backs")
	}
	got := pageBoxes(t, first)
	if len(got) != 2 {
		t.Fatalf("%d pages, want 2", len(got))
	}
	for p := range want {
		for name, w := range want[p] {
			g := got[p][name]
			for i := range g {
				if !nearPt(g[i], w[i]) { // the PDF holds 2 decimals
					t.Errorf("page %d: %s = %.2f, want %.2f", p+1, name, g, w)
					break
				}
			}
		}
	}

	opts.PageBoxes = false
	var buf bytes.Buffer
	if _, err := render.Render(context.Background(), &buf, items, opts); err != nil {
		t.Fatal(err)
	}
	for p, boxes := range pageBoxes(t, buf.Bytes()) {
		if len(boxes) != 0 {
			t.Errorf("page %d has %v without PageBoxes", p+1, boxes)
		}
	}
}
