package render_test

import (
	"bufio"
	"bytes"
	"context"
	"encoding/xml"
	"fmt"
	"math"
	"strconv"
	"strings"
	"testing"

	"github.com/deckwright/deckwright/cardface"
	"github.com/deckwright/deckwright/layout"
	"github.com/deckwright/deckwright/render"
)

// silhouetteTemplate is what the test knows of silhouette-card-maker's
// templates, from its assets/layouts.json (pixels at 300 an inch, paper in
// landscape) and the marks measured on its registration images.
type silhouetteTemplate struct {
	page         layout.Size
	slotW, slotH float64 // px
	xs, ys       []float64
}

var silhouetteTemplates = map[string]silhouetteTemplate{
	"letter_poker": {layout.Size{W: 279.4, H: 215.9}, 748, 1049, []float64{132, 895, 1657, 2420}, []float64{220, 1283}},
	"a4_bridge":    {layout.Size{W: 297, H: 210}, 673, 1049, []float64{359, 1064, 1769, 2475}, []float64{179, 1252}},
}

func tpx(v float64) float64 { return v * 25.4 / 300 }

// trims are the trimmed cards of a template, in reading order.
func (st silhouetteTemplate) trims(card layout.Size) []layout.Rect {
	var out []layout.Rect
	for _, y := range st.ys {
		for _, x := range st.xs {
			out = append(out, layout.Rect{X: tpx(x) + (tpx(st.slotW)-card.W)/2, Y: tpx(y) + (tpx(st.slotH)-card.H)/2, W: card.W, H: card.H})
		}
	}
	return out
}

// spans finds the dark runs across a band, as runs does, returning each
// run's edges in mm.
func (g gray) spans(vertical bool, a, b, c, d float64) [][2]float64 {
	full := func(i int) bool {
		for j := g.px(c); j <= g.px(d); j++ {
			x, y := i, j
			if !vertical {
				x, y = j, i
			}
			if !g.dark(x, y) {
				return false
			}
		}
		return true
	}
	var out [][2]float64
	start := -1
	for i := g.px(a); i <= g.px(b)+1; i++ {
		if i <= g.px(b) && full(i) {
			if start < 0 {
				start = i
			}
			continue
		}
		if start >= 0 {
			out = append(out, [2]float64{float64(start) * 25.4 / g.dpi, float64(i) * 25.4 / g.dpi})
			start = -1
		}
	}
	return out
}

// TestRenderSilhouette prints ten cards with art on the letter poker
// template and reads the PDF back: two landscape pages, the art over the
// bleed rectangles at the template's positions, and, in the pixels at 600
// DPI, the registration marks where silhouette-card-maker's sheets have
// them, to 0.1 mm.
func TestRenderSilhouette(t *testing.T) {
	g := gameDir(t, "", artCards, artFiles())
	var items []cardface.Item
	for range 5 {
		items = append(items, cardItems(t, g, "Alpha", "Beta")...)
	}
	st := silhouetteTemplates["letter_poker"]
	var pdf bytes.Buffer
	opts := render.RenderOptions{Sheet: layout.DefaultOptions()}
	opts.Sheet.Paper, opts.Sheet.Cutter = layout.Letter, layout.CutterSilhouette
	opts.Sheet.Bleed = layout.SilhouetteMaxBleed(opts.Sheet)
	rep, err := render.Render(context.Background(), &pdf, items, opts)
	if err != nil {
		t.Fatal(err)
	}
	doc := readPDF(t, pdf.Bytes())
	checkPages(t, rep, doc, 2, 792, 612)
	b := opts.Sheet.Bleed
	trims := st.trims(layout.Poker)
	for pi, want := range []int{8, 2} {
		p := doc.pages[pi]
		if len(p.draws) != want {
			t.Fatalf("page %d draws %d images, want %d", pi+1, len(p.draws), want)
		}
		for i, d := range p.draws {
			tr := trims[i]
			wantBox := layout.Rect{X: tr.X - b, Y: tr.Y - b, W: tr.W + 2*b, H: tr.H + 2*b}
			if !sameRect(d.box, wantBox) {
				t.Errorf("page %d card %d drawn at %+v, want %+v", pi+1, i, d.box, wantBox)
			}
		}
	}
	pages := renderGray(t, pdf.Bytes(), 600)
	page := pages[0]
	W, H := st.page.W, st.page.H
	in, sq, arm, th := tpx(112), tpx(72), tpx(97), tpx(13)
	const tol = 0.1
	for _, m := range []struct {
		name     string
		vertical bool
		a, b     float64 // where to look across
		c, d     float64 // the band along
		want     [2]float64
	}{
		{"square, across", true, in - 3, in + sq + 3, in + 1, in + sq - 1, [2]float64{in, in + sq}},
		{"square, down", false, in - 3, in + sq + 3, in + 1, in + sq - 1, [2]float64{in, in + sq}},
		{"top-right L, top arm", true, W - in - arm - 3, W - in + 3, in + 0.2, in + th - 0.2, [2]float64{W - in - arm, W - in}},
		{"top-right L, right arm", false, in - 3, in + arm + 0.3, W - in - th + 0.2, W - in - 0.2, [2]float64{in, in + arm}},
		{"bottom-left L, left arm", false, H - in - arm - 0.3, H - in + 3, in + 0.2, in + th - 0.2, [2]float64{H - in - arm, H - in}},
		{"bottom-left L, bottom arm", true, in - 3, in + arm + 3, H - in - th + 0.2, H - in - 0.2, [2]float64{in, in + arm}},
	} {
		got := page.spans(m.vertical, m.a, m.b, m.c, m.d)
		if len(got) != 1 {
			t.Errorf("%s: %d dark runs %v, want 1", m.name, len(got), got)
			continue
		}
		if math.Abs(got[0][0]-m.want[0]) > tol || math.Abs(got[0][1]-m.want[1]) > tol {
			t.Errorf("%s: from %.2f to %.2f mm, want %.2f to %.2f", m.name, got[0][0], got[0][1], m.want[0], m.want[1])
		}
	}
	// No mark at the bottom right: the sensor looks for three.
	if got := page.spans(false, H-in-arm, H-in, W-in-th+0.2, W-in-0.2); len(got) != 0 {
		t.Errorf("something dark where no mark should be, bottom right: %v", got)
	}
}

// TestCutFiles writes the cut files of two template sheets and reads
// them back: an SVG rounded rectangle, and in the DXF four lines and four
// arcs, on every card's trim line (±0.1 mm), with the corner radius asked.
func TestCutFiles(t *testing.T) {
	for _, tt := range []struct {
		name   string
		paper  layout.Size
		card   layout.Size
		corner float64
		want   float64
	}{
		{"letter_poker", layout.Letter, layout.Poker, 0, 3},
		{"a4_bridge", layout.A4, layout.Bridge, 2.5, 2.5},
	} {
		t.Run(tt.name, func(t *testing.T) {
			o := layout.DefaultOptions()
			o.Paper, o.Card, o.Cutter, o.Corner = tt.paper, tt.card, layout.CutterSilhouette, tt.corner
			sheet, err := layout.Plan(o)
			if err != nil {
				t.Fatal(err)
			}
			st := silhouetteTemplates[tt.name]
			trims := st.trims(tt.card)
			var svg bytes.Buffer
			if err := render.CutSVG(&svg, sheet); err != nil {
				t.Fatal(err)
			}
			checkSVG(t, svg.Bytes(), st.page, trims, tt.want)
			var dxf bytes.Buffer
			if err := render.CutDXF(&dxf, sheet); err != nil {
				t.Fatal(err)
			}
			checkDXF(t, dxf.Bytes(), st.page, trims, tt.want)
		})
	}
}

func checkSVG(t *testing.T, data []byte, page layout.Size, trims []layout.Rect, radius float64) {
	t.Helper()
	type rect struct {
		X      string `xml:"x,attr"`
		Y      string `xml:"y,attr"`
		Width  string `xml:"width,attr"`
		Height string `xml:"height,attr"`
		RX     string `xml:"rx,attr"`
	}
	var full struct {
		Width   string `xml:"width,attr"`
		Height  string `xml:"height,attr"`
		ViewBox string `xml:"viewBox,attr"`
		G       struct {
			Rects []rect `xml:"rect"`
		} `xml:"g"`
	}
	if err := xml.Unmarshal(data, &full); err != nil {
		t.Fatalf("SVG: %v", err)
	}
	if full.Width != fmt.Sprintf("%gmm", page.W) || full.Height != fmt.Sprintf("%gmm", page.H) || full.ViewBox != fmt.Sprintf("0 0 %g %g", page.W, page.H) {
		t.Errorf("SVG size %s x %s, viewBox %q; want the page in mm", full.Width, full.Height, full.ViewBox)
	}
	if len(full.G.Rects) != len(trims) {
		t.Fatalf("SVG has %d outlines, want %d", len(full.G.Rects), len(trims))
	}
	f := func(s string) float64 {
		v, err := strconv.ParseFloat(s, 64)
		if err != nil {
			t.Fatalf("SVG number %q", s)
		}
		return v
	}
	for i, r := range full.G.Rects {
		got := layout.Rect{X: f(r.X), Y: f(r.Y), W: f(r.Width), H: f(r.Height)}
		if !nearRect(got, trims[i], 0.1) || math.Abs(f(r.RX)-radius) > 1e-9 {
			t.Errorf("SVG outline %d: %+v radius %s, want %+v radius %g", i, got, r.RX, trims[i], radius)
		}
	}
}

func nearRect(a, b layout.Rect, tol float64) bool {
	return math.Abs(a.X-b.X) <= tol && math.Abs(a.Y-b.Y) <= tol && math.Abs(a.W-b.W) <= tol && math.Abs(a.H-b.H) <= tol
}

// checkDXF reads the DXF's group-code pairs, and for every card four LINE
// and four ARC entities on layer CUT: the lines' ends and the arcs' far
// points must make the card's outline (y up), the arcs of the radius.
func checkDXF(t *testing.T, data []byte, page layout.Size, trims []layout.Rect, radius float64) {
	t.Helper()
	type entity struct {
		kind string
		v    map[int]float64
		ly   string
	}
	var ents []entity
	sc := bufio.NewScanner(bytes.NewReader(data))
	var pairs [][2]string
	for sc.Scan() {
		code := strings.TrimSpace(sc.Text())
		if !sc.Scan() {
			t.Fatal("DXF ends inside a pair")
		}
		pairs = append(pairs, [2]string{code, sc.Text()})
	}
	if len(pairs) < 2 || pairs[len(pairs)-1] != [2]string{"0", "EOF"} {
		t.Fatal("DXF does not end with 0 EOF")
	}
	inEntities := false
	for i, p := range pairs {
		if p == [2]string{"2", "ENTITIES"} {
			inEntities = true
			continue
		}
		if !inEntities || p[0] != "0" {
			continue
		}
		if p[1] == "ENDSEC" {
			break
		}
		e := entity{kind: p[1], v: map[int]float64{}}
		for _, q := range pairs[i+1:] {
			if q[0] == "0" {
				break
			}
			code, _ := strconv.Atoi(q[0])
			if code == 8 {
				e.ly = q[1]
				continue
			}
			v, err := strconv.ParseFloat(q[1], 64)
			if err != nil {
				t.Fatalf("DXF value %q for code %d", q[1], code)
			}
			e.v[code] = v
		}
		ents = append(ents, e)
	}
	if len(ents) != 8*len(trims) {
		t.Fatalf("DXF has %d entities, want %d (4 lines and 4 arcs a card)", len(ents), 8*len(trims))
	}
	for i, tr := range trims {
		x0, x1 := math.Inf(1), math.Inf(-1)
		y0, y1 := math.Inf(1), math.Inf(-1)
		grow := func(x, y float64) { x0, x1, y0, y1 = min(x0, x), max(x1, x), min(y0, y), max(y1, y) }
		lines, arcs := 0, 0
		for _, e := range ents[8*i : 8*i+8] {
			if e.ly != "CUT" {
				t.Errorf("card %d: %s on layer %q, want CUT", i, e.kind, e.ly)
			}
			switch e.kind {
			case "LINE":
				lines++
				grow(e.v[10], e.v[20])
				grow(e.v[11], e.v[21])
			case "ARC":
				arcs++
				if math.Abs(e.v[40]-radius) > 1e-9 || math.Abs(e.v[51]-e.v[50]-90) > 1e-9 {
					t.Errorf("card %d: arc of radius %g from %g to %g degrees, want radius %g and a quarter turn", i, e.v[40], e.v[50], e.v[51], radius)
				}
				mid := (e.v[50] + 45) * math.Pi / 180
				grow(e.v[10]+radius*math.Cos(mid)*math.Sqrt2, e.v[20]+radius*math.Sin(mid)*math.Sqrt2)
			default:
				t.Errorf("card %d: a %s entity", i, e.kind)
			}
		}
		// The arcs' corners (centre + r√2 at 45°) are the outline's corners.
		want := layout.Rect{X: tr.X, Y: page.H - tr.Y - tr.H, W: tr.W, H: tr.H}
		got := layout.Rect{X: x0, Y: y0, W: x1 - x0, H: y1 - y0}
		if lines != 4 || arcs != 4 || !nearRect(got, want, 0.1) {
			t.Errorf("card %d: %d lines, %d arcs around %+v; want 4, 4 around %+v", i, lines, arcs, got, want)
		}
	}
}
