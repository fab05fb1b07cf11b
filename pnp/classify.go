package pnp

import (
	"fmt"
	"image"
	"math"
)

// Page classification: a grid found on a rendered page is cut only when
// the page holds cards. Two kinds of page hold a grid of card-sized cells
// that are not cards, and are skipped:
//
//   - a map or board: one picture runs across the cells, so what lies at
//     one cell's edge goes on at its neighbour's facing edge, while the
//     same edge of two cells (a card template's border) differs;
//   - a booklet or leaflet: a few panels of body text on a page that
//     would hold several times as many, in a PDF where no page is fuller.

// noCards is the reason every skipped page without a grid of cards
// starts with, in the summary and in JSON.
const noCards = "no grid of cards (a map, a board or rules?)"

// edgeSample is a grey profile along one edge of a cell, a millimetre
// inside it.
type edgeSample []float64

// sampleEdge reads img's grey levels along the line from (x0,y0) to
// (x0,y0)+n*(dx,dy), averaged over three pixels across the line.
func sampleEdge(img *image.NRGBA, x0, y0, dx, dy, n int) edgeSample {
	b := img.Bounds()
	out := make(edgeSample, 0, n)
	for i := 0; i < n; i++ {
		x, y := x0+i*dx, y0+i*dy
		sum, k := 0, 0
		for d := -1; d <= 1; d++ {
			px, py := x+d*dy, y+d*dx // across the line
			if !(image.Point{px, py}).In(b) {
				continue
			}
			p := img.Pix[img.PixOffset(px, py):]
			sum += luma(p)
			k++
		}
		if k > 0 {
			out = append(out, float64(sum)/float64(k))
		}
	}
	return out
}

// spread is a profile's standard deviation in grey levels.
func (e edgeSample) spread() float64 {
	if len(e) == 0 {
		return 0
	}
	var m, v float64
	for _, x := range e {
		m += x
	}
	m /= float64(len(e))
	for _, x := range e {
		v += (x - m) * (x - m)
	}
	return math.Sqrt(v / float64(len(e)))
}

// correlation is the Pearson correlation of two profiles of one length.
func correlation(a, b edgeSample) float64 {
	n := min(len(a), len(b))
	if n < 8 {
		return 0
	}
	var ma, mb float64
	for i := 0; i < n; i++ {
		ma += a[i]
		mb += b[i]
	}
	ma /= float64(n)
	mb /= float64(n)
	var sab, saa, sbb float64
	for i := 0; i < n; i++ {
		da, db := a[i]-ma, b[i]-mb
		sab += da * db
		saa += da * da
		sbb += db * db
	}
	if saa == 0 || sbb == 0 {
		return 0
	}
	return sab / math.Sqrt(saa*sbb)
}

// minSpread is the least standard deviation (grey levels) of an edge
// profile that can tell a picture running on from a plain border.
const minSpread = 12.0

// pictureAcross reports whether the cells of a grid found on a rendered
// page are pieces of one picture (a map, a board) rather than cards, and
// why. For each two neighbouring cells it compares the profile along the
// edges that face each other (a millimetre inside each) with the profile
// along the same edge of the two cells (the right edges of a left and a
// right neighbour). Cards of one template show their template at the same
// edge of every card, and pictures that do not run on at facing edges; a
// picture cut into cells runs on across the facing edges, and the same
// edge of two cells shows two different parts of it. The cells are a
// picture when most neighbours with enough detail at their edges, at
// least two and a third of all neighbours, run on so: facing edges
// correlate (at least 0.25) clearly more (by 0.3) than the same edges.
func pictureAcross(img *image.NRGBA, cells []gridCell, pxmm float64) (bool, string) {
	in := max(1, int(math.Round(pxmm)))
	type pairStat struct{ across, same float64 }
	var stats []pairStat
	pairs := 0
	byPlace := map[[2]int]gridCell{}
	for _, c := range cells {
		byPlace[[2]int{c.row, c.col}] = c
	}
	for _, a := range cells {
		for _, right := range []bool{true, false} {
			key := [2]int{a.row + 1, a.col}
			if right {
				key = [2]int{a.row, a.col + 1}
			}
			b, ok := byPlace[key]
			if !ok {
				continue
			}
			pairs++
			var fa, fb, sb edgeSample
			if right {
				y0 := max(a.trim.Min.Y, b.trim.Min.Y)
				y1 := min(a.trim.Max.Y, b.trim.Max.Y)
				m := (y1 - y0) / 10
				n := y1 - y0 - 2*m
				if n < 8 {
					continue
				}
				fa = sampleEdge(img, a.trim.Max.X-in, y0+m, 0, 1, n)
				fb = sampleEdge(img, b.trim.Min.X+in, y0+m, 0, 1, n)
				sb = sampleEdge(img, b.trim.Max.X-in, y0+m, 0, 1, n)
			} else {
				x0 := max(a.trim.Min.X, b.trim.Min.X)
				x1 := min(a.trim.Max.X, b.trim.Max.X)
				m := (x1 - x0) / 10
				n := x1 - x0 - 2*m
				if n < 8 {
					continue
				}
				fa = sampleEdge(img, x0+m, a.trim.Max.Y-in, 1, 0, n)
				fb = sampleEdge(img, x0+m, b.trim.Min.Y+in, 1, 0, n)
				sb = sampleEdge(img, x0+m, b.trim.Max.Y-in, 1, 0, n)
			}
			if fa.spread() < minSpread || fb.spread() < minSpread {
				continue
			}
			stats = append(stats, pairStat{across: correlation(fa, fb), same: correlation(fa, sb)})
		}
	}
	runOn := 0
	for _, s := range stats {
		if s.across >= 0.25 && s.across-s.same >= 0.3 {
			runOn++
		}
	}
	if debugClassify != nil {
		debugClassify(fmt.Sprintf("pairs %d detailed %d run on %d %v", pairs, len(stats), runOn, stats))
	}
	if runOn >= 2 && 2*runOn > len(stats) && 3*runOn >= pairs {
		return true, fmt.Sprintf("one picture runs on across %d of %d cell edges", runOn, pairs)
	}
	return false, ""
}

// debugClassify, when set by a test, hears the classifier's figures.
var debugClassify func(string)

// bodyText reports whether a cell holds paragraphs of small text: at
// least eight lines of print, each from 1 to 3.5 mm high, one under the
// other (a page of a booklet or the rules). Ink is read across the
// cell's inside, 3 mm in from its edges.
func bodyText(img *image.NRGBA, r image.Rectangle, pxmm float64) bool {
	r = r.Inset(int(3 * pxmm)).Intersect(img.Bounds())
	if r.Empty() {
		return false
	}
	lines, run := 0, 0
	end := func() {
		if h := float64(run) / pxmm; h >= 1 && h <= 3.5 {
			lines++
		}
		run = 0
	}
	for y := r.Min.Y; y < r.Max.Y; y++ {
		row := img.Pix[img.PixOffset(r.Min.X, y):]
		inked := false
		for x := 0; x < r.Dx(); x++ {
			p := row[4*x:]
			if luma(p) < 160 {
				inked = true
				break
			}
		}
		if inked {
			run++
		} else if run > 0 {
			end()
		}
	}
	if run > 0 {
		end()
	}
	return lines >= 8
}

// leaflet reports whether a page's grid looks like the panels of a
// booklet or leaflet rather than cards: two or more cells of body text
// (see bodyText) where the page would hold at least three times as many
// cards of their size. Import skips such pages when no page it reads
// holds cards otherwise (a partly filled last page of text cards keeps
// its cards).
func leaflet(img *image.NRGBA, cells []gridCell, pxmm, pageW, pageH float64) (bool, string) {
	if len(cells) < 2 {
		return false, ""
	}
	w, h := float64(cells[0].trim.Dx())/pxmm, float64(cells[0].trim.Dy())/pxmm
	if w <= 0 || h <= 0 {
		return false, ""
	}
	fit := int(math.Floor(pageW/w+0.05)) * int(math.Floor(pageH/h+0.05))
	if 3*len(cells) > fit {
		return false, ""
	}
	for _, c := range cells {
		if bodyText(img, c.trim, pxmm) {
			return true, fmt.Sprintf("%d panels of text where the page holds %d cards, and no page holds more: a booklet or a leaflet?", len(cells), fit)
		}
	}
	return false, ""
}

// dropLeaflets skips the pages that look like a booklet's panels (see
// leaflet) when no other page of res holds cards, and returns why, one
// error a page; else it leaves res as it is.
func dropLeaflets(res *Result) []error {
	anyLeaflet := false
	for _, p := range res.Pages {
		if p.Cards > 0 && p.leaflet == "" && p.Side != "skipped" {
			return nil
		}
		anyLeaflet = anyLeaflet || p.leaflet != ""
	}
	if !anyLeaflet {
		return nil
	}
	var errs []error
	for i, p := range res.Pages {
		if p.leaflet == "" {
			continue
		}
		why := noCards + ": " + p.leaflet
		res.Pages[i] = PageReport{Page: p.Page, Side: "skipped", Skipped: why, W: p.W, H: p.H, Thumb: p.Thumb, Grid: p.Grid}
		errs = append(errs, fmt.Errorf("page %d: %s", p.Page, why))
	}
	res.Cards = nil
	return errs
}

// gridError is a page skipped although a grid was found on it (a map, a
// board): the grid is drawn on the pages sheet.
type gridError struct {
	err  error
	grid []Rect
}

func (e *gridError) Error() string { return e.err.Error() }
func (e *gridError) Unwrap() error { return e.err }

// gridRects is the cells' trims in mm.
func gridRects(cells []gridCell, pxmm float64) []Rect {
	out := make([]Rect, len(cells))
	for i, c := range cells {
		t := c.trim
		out[i] = Rect{X: float64(t.Min.X) / pxmm, Y: float64(t.Min.Y) / pxmm, W: float64(t.Dx()) / pxmm, H: float64(t.Dy()) / pxmm}
	}
	return out
}
