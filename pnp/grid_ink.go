package pnp

import "sort"

// inkSums is a summed-area table of a grey map's printed pixels (those
// more than inkLevel from the paper): the ink of any rectangle in four
// lookups, where a grid's check counts the ink of every cell and of the
// page outside the cards, for each lattice tried.
type inkSums struct {
	w, h  int
	paper int
	s     []int32 // (w+1)×(h+1); s[y*(w+1)+x] is the ink above and left of (x, y)
}

// inkTable returns g's table for paper, built on first use.
func (g *greyMap) inkTable(paper int) *inkSums {
	if g.ink != nil && g.ink.paper == paper {
		return g.ink
	}
	t := &inkSums{w: g.w, h: g.h, paper: paper, s: make([]int32, (g.w+1)*(g.h+1))}
	W := g.w + 1
	for y := 0; y < g.h; y++ {
		row := g.pix[y*g.w : (y+1)*g.w]
		var run int32
		for x, v := range row {
			if abs(int(v)-paper) > inkLevel {
				run++
			}
			t.s[(y+1)*W+x+1] = t.s[y*W+x+1] + run
		}
	}
	g.ink = t
	return t
}

// count returns the ink in [x0,x1)×[y0,y1), clipped to the map, and the
// clipped area.
func (t *inkSums) count(x0, y0, x1, y1 int) (n, area int) {
	x0, y0 = max(0, x0), max(0, y0)
	x1, y1 = min(t.w, x1), min(t.h, y1)
	if x1 <= x0 || y1 <= y0 {
		return 0, 0
	}
	W := t.w + 1
	n = int(t.s[y1*W+x1] - t.s[y0*W+x1] - t.s[y1*W+x0] + t.s[y0*W+x0])
	return n, (x1 - x0) * (y1 - y0)
}

// total returns all the ink of the map.
func (t *inkSums) total() int { return int(t.s[len(t.s)-1]) }

// span is a half-open rectangle [x0,x1)×[y0,y1) in working pixels.
type span struct{ x0, y0, x1, y1 int }

// unionInk returns the ink inside the union of rs: the page is cut into
// bands at the rectangles' top and bottom edges, and within each band the
// rectangles that cross it are merged along x.
func (t *inkSums) unionInk(rs []span) int {
	var ys []int
	for i := range rs {
		r := &rs[i]
		r.x0, r.y0 = max(0, r.x0), max(0, r.y0)
		r.x1, r.y1 = min(t.w, r.x1), min(t.h, r.y1)
		if r.x1 > r.x0 && r.y1 > r.y0 {
			ys = append(ys, r.y0, r.y1)
		}
	}
	sort.Ints(ys)
	n := 0
	var xs [][2]int
	for i := 0; i+1 < len(ys); i++ {
		a, b := ys[i], ys[i+1]
		if a == b {
			continue
		}
		xs = xs[:0]
		for _, r := range rs {
			if r.x1 > r.x0 && r.y0 <= a && r.y1 >= b {
				xs = append(xs, [2]int{r.x0, r.x1})
			}
		}
		sort.Slice(xs, func(p, q int) bool { return xs[p][0] < xs[q][0] })
		for k := 0; k < len(xs); {
			lo, hi := xs[k][0], xs[k][1]
			for k++; k < len(xs) && xs[k][0] <= hi; k++ {
				hi = max(hi, xs[k][1])
			}
			c, _ := t.count(lo, a, hi, b)
			n += c
		}
	}
	return n
}
