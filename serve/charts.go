package serve

import (
	"fmt"
	"sort"
	"strconv"

	"github.com/deckwright/deckwright/deckstats"
)

// barChart is a bar chart laid out for an SVG template: the server works
// out every coordinate, the template only draws.
type barChart struct {
	Title  string
	Width  int
	Height int
	Bars   []bar
	// Line is an optional polyline over the bars (a cumulative curve),
	// in SVG points notation, with its legend.
	Line      string
	LineLabel string
	Axis      int // y of the x axis
}

type bar struct {
	X, Y, W, H int
	Label      string // under the bar
	Value      string // over the bar
	TX, VY     int    // centre x of the labels, y of the value
}

const (
	chartH   = 150
	chartTop = 18
	chartBot = 22
)

// newBarChart lays out bars of the given values, labelled.
func newBarChart(title string, labels []string, values []float64, format func(float64) string) *barChart {
	if len(values) == 0 {
		return nil
	}
	maxV := 0.0
	for _, v := range values {
		maxV = max(maxV, v)
	}
	if maxV == 0 {
		maxV = 1
	}
	bw := 44
	if len(values) > 10 {
		bw = max(10, 420/len(values))
	}
	c := &barChart{Title: title, Width: 10 + len(values)*(bw+6), Height: chartH, Axis: chartH - chartBot}
	inner := chartH - chartTop - chartBot
	for i, v := range values {
		h := int(v / maxV * float64(inner))
		x := 10 + i*(bw+6)
		c.Bars = append(c.Bars, bar{X: x, Y: c.Axis - h, W: bw, H: h, Label: labels[i], Value: format(v), TX: x + bw/2, VY: c.Axis - h - 4})
	}
	return c
}

func intFormat(v float64) string { return strconv.Itoa(int(v)) }

// curveChart is a deck's cost curve.
func curveChart(st *deckstats.Stats) *barChart {
	if st == nil || st.Curve == nil {
		return nil
	}
	var labels []string
	var values []float64
	for _, b := range st.Curve.Bars {
		labels = append(labels, strconv.Itoa(b.Cost))
		values = append(values, float64(b.Cards))
	}
	if st.Curve.X > 0 {
		labels = append(labels, "X")
		values = append(values, float64(st.Curve.X))
	}
	return newBarChart("Cost curve ("+st.Curve.Field+")", labels, values, intFormat)
}

// countChart is a deck's cards by type or faction.
func countChart(cs []deckstats.Count) *barChart {
	var labels []string
	var values []float64
	for _, c := range cs {
		labels = append(labels, c.Name)
		values = append(values, float64(c.Cards))
	}
	c := newBarChart("", labels, values, intFormat)
	if c != nil {
		// Names are long: wider bars.
		for i := range c.Bars {
			c.Bars[i].X += i * 40
			c.Bars[i].TX += i * 40
		}
		c.Width += len(cs) * 40
	}
	return c
}

// histBin is a bin of goldfish's histogram.
type histBin struct {
	Turn  int     `json:"turn"`
	Games int     `json:"games"`
	WonBy float64 `json:"won_by"`
}

// histogramChart is goldfish's win-turn histogram with the cumulative
// win curve (won_by) drawn over it against the same height (100%).
func histogramChart(unit string, bins []histBin) *barChart {
	var labels []string
	var values []float64
	for _, b := range bins {
		labels = append(labels, strconv.Itoa(b.Turn))
		values = append(values, float64(b.Games))
	}
	c := newBarChart("Games won by "+unit, labels, values, intFormat)
	if c == nil {
		return nil
	}
	inner := float64(chartH - chartTop - chartBot)
	pts := ""
	for i, b := range bins {
		pts += fmt.Sprintf("%d,%d ", c.Bars[i].TX, c.Axis-int(b.WonBy*inner))
	}
	c.Line = pts
	c.LineLabel = "cumulative share of games won by each " + unit
	return c
}

// hbarChart is a horizontal bar chart of one figure per card, laid out
// for an SVG template.
type hbarChart struct {
	Title  string
	Width  int
	Height int
	Rows   []hbar
}

type hbar struct {
	Y, W       int // the bar's top and width
	TY         int // the baseline of its texts
	Label, Val string
}

const (
	hbarLabelW = 190
	hbarMaxW   = 260
	hbarRowH   = 16
)

// cardChart charts column col of goldfish's per-card table: one bar per
// card, longest first, the bars scaled to the largest value.
func cardChart(title string, cols []string, rows [][]string, col string) *hbarChart {
	i := -1
	for j, c := range cols {
		if c == col {
			i = j
		}
	}
	if i < 0 || len(rows) == 0 {
		return nil
	}
	type v struct {
		name string
		x    float64
		text string
	}
	var vs []v
	maxV := 0.0
	for _, r := range rows {
		x, err := strconv.ParseFloat(r[i], 64)
		if err != nil {
			continue
		}
		vs = append(vs, v{r[0], x, r[i]})
		maxV = max(maxV, x)
	}
	if maxV <= 0 {
		return nil
	}
	sort.SliceStable(vs, func(a, b int) bool { return vs[a].x > vs[b].x })
	c := &hbarChart{Title: title, Width: hbarLabelW + hbarMaxW + 60}
	for k, x := range vs {
		y := k * hbarRowH
		c.Rows = append(c.Rows, hbar{Y: y + 2, W: max(1, int(x.x/maxV*hbarMaxW)), TY: y + 12, Label: x.name, Val: x.text})
	}
	c.Height = len(vs)*hbarRowH + 4
	return c
}
