package pnp

import (
	"image"
	"math"
	"slices"
	"sort"
	"sync"
	"weak"
)

// This file measures the evidence for card edges: a page in grey levels
// and, along each axis, where printed matter starts, stops and changes.

// greyMap is a page (or a part of one) in grey levels at a working
// resolution: scale full-resolution pixels per pixel.
type greyMap struct {
	w, h  int
	pix   []uint8
	scale int
	// noFrames: the cards are not cut at the thin frames seen on them
	// (see framedGrid), but where their cells put them.
	noFrames bool
	// pageEdges: the region's four sides (left, top, right, bottom) are
	// the page's own edges, where a card cut to the page's edge needs
	// no line (see check).
	pageEdges [4]bool
	ink       *inkSums // see inkTable; reset when pix changes
	// shared is what is worked out from greyOf's grey that g is a copy
	// of, for all its copies (see profiles); nil when g is no copy, or
	// its pix changed.
	shared *greyShared
}

// greyShared holds the edge profiles measured on one of greyOf's greys:
// the grid finders measure the same page the same way several times.
type greyShared struct {
	mu   sync.Mutex
	prof map[profKey][2]axisProfiles
}

type profKey struct {
	paper    int
	pxPerMM  float64
	offPaper bool
}

func (g *greyMap) at(x, y int) int { return int(g.pix[y*g.w+x]) }

// greyOf is toGrey for the grid finders, which read one page many times
// over (a page's layout is guessed from grids found on it, each reading
// tries the page again, a rejected grid gives way to another): the grey
// of a page region at a block size is made once and each caller gets a
// copy of its own to change. Pages are not changed once grids are looked
// for on them (registration marks are blanked before), and the cache
// holds them only weakly, so a page read and let go is not kept alive.
func greyOf(img *image.NRGBA, r image.Rectangle, k int) *greyMap {
	key := greyKey{r: r.Intersect(img.Bounds()), k: k}
	alive := weak.Make(img)
	if key.id = rasterID(img); key.id == 0 {
		key.img = alive
	}
	greyCache.Lock()
	e, ok := greyCache.m[key]
	if ok && key.id != 0 {
		// The page read back from the scratch file is a new raster of
		// the same pixels: the grey now lives as long as it does.
		e.img = alive
		greyCache.m[key] = e
	}
	greyCache.Unlock()
	g := e.g
	if !ok {
		g = toGrey(img, r, k)
		g.shared = &greyShared{}
		greyCache.Lock()
		if greyCache.m == nil {
			greyCache.m = map[greyKey]greyEntry{}
		}
		// The greys of pages gone are forgotten as each grey is made; when
		// the pages still held fill the cache (some 2 MB a grey for A4 at 150
		// DPI), it starts again.
		for k, e := range greyCache.m {
			if e.img.Value() == nil {
				delete(greyCache.m, k)
			}
		}
		if len(greyCache.m) >= greyCacheSize {
			clear(greyCache.m)
		}
		greyCache.m[key] = greyEntry{g: g, img: alive}
		greyCache.Unlock()
	}
	return &greyMap{w: g.w, h: g.h, pix: slices.Clone(g.pix), scale: g.scale, shared: g.shared}
}

// greyCacheSize bounds greyOf's cache: the regions of the pages read at
// once (a whole page, its halves, a part left) at one block size or two.
const greyCacheSize = 48

// greyKey names a grey: of a page's raster (id, see nameRaster) or, for a
// raster no page names, of that raster (img).
type greyKey struct {
	id  uint64
	img weak.Pointer[image.NRGBA]
	r   image.Rectangle
	k   int
}

// greyEntry is a grey made and the raster it was last made or asked for
// from: the entry is forgotten once no such raster lives.
type greyEntry struct {
	g   *greyMap
	img weak.Pointer[image.NRGBA]
}

var greyCache struct {
	sync.Mutex
	m map[greyKey]greyEntry
}

// rasters names the rasters of one page of one import alike: a page let go
// and read back from the scratch file (see pages.go) is a new image of the
// same pixels, whose greys (and the profiles measured on them) need not be
// made again.
var rasters struct {
	sync.Mutex
	m map[weak.Pointer[image.NRGBA]]uint64
}

// nameRaster records that img is the raster of the page id names.
func nameRaster(img *image.NRGBA, id uint64) {
	rasters.Lock()
	defer rasters.Unlock()
	if rasters.m == nil {
		rasters.m = map[weak.Pointer[image.NRGBA]]uint64{}
	}
	for p := range rasters.m {
		if p.Value() == nil {
			delete(rasters.m, p)
		}
	}
	rasters.m[weak.Make(img)] = id
}

// rasterID is the page nameRaster named img for, or 0.
func rasterID(img *image.NRGBA) uint64 {
	rasters.Lock()
	defer rasters.Unlock()
	return rasters.m[weak.Make(img)]
}

// toGrey averages k×k blocks of r in img into grey levels.
func toGrey(img *image.NRGBA, r image.Rectangle, k int) *greyMap {
	r = r.Intersect(img.Bounds())
	w, h := r.Dx()/k, r.Dy()/k
	g := &greyMap{w: w, h: h, pix: make([]uint8, w*h), scale: k}
	if w == 0 || h == 0 {
		return g
	}
	if k == 1 {
		// A pixel a level (a constant divisor: no division instruction).
		for y := 0; y < h; y++ {
			o := (r.Min.Y+y)*img.Stride + 4*r.Min.X
			row, out := img.Pix[o:o+4*w], g.pix[y*w:(y+1)*w]
			for x := range out {
				q := row[4*x : 4*x+3 : 4*x+3]
				out[x] = uint8((299*int(q[0]) + 587*int(q[1]) + 114*int(q[2])) / 1000)
			}
		}
		return g
	}
	sums := make([]int, w)
	div := 1000 * k * k
	for y := 0; y < h; y++ {
		clear(sums)
		for dy := 0; dy < k; dy++ {
			o := (r.Min.Y+y*k+dy)*img.Stride + 4*r.Min.X
			row := img.Pix[o : o+4*w*k]
			for x := range sums {
				blk := row[4*k*x : 4*k*(x+1)]
				s := 0
				for i := 0; i+2 < len(blk); i += 4 {
					q := blk[i : i+3 : i+3]
					s += 299*int(q[0]) + 587*int(q[1]) + 114*int(q[2])
				}
				sums[x] += s
			}
		}
		out := g.pix[y*w : (y+1)*w]
		for x, s := range sums {
			out[x] = uint8(s / div)
		}
	}
	return g
}

// paper returns the grey level of the paper: the median of a strip along
// the edges of g.
func (g *greyMap) paper() int {
	var hist [256]int
	n := 0
	band := max(1, min(g.w, g.h)/40)
	for y := 0; y < g.h; y++ {
		for x := 0; x < g.w; x++ {
			if y >= band && y < g.h-band && x >= band && x < g.w-band {
				x = g.w - band - 1
				continue
			}
			hist[g.pix[y*g.w+x]]++
			n++
		}
	}
	acc := 0
	for v, c := range hist {
		acc += c
		if acc*2 >= n {
			return v
		}
	}
	return 255
}

func abs(v int) int {
	if v < 0 {
		return -v
	}
	return v
}

// axisProfiles are the evidence for card edges along one axis. A change
// in the picture between lines i-1 and i (less its local median) counts in
// left[i] when something printed starts at line i, in right[i] when
// something printed stops at line i-1 (both across a boundary between two
// cards, or at a thin line); edge[i] is the larger. rise[i] and fall[i]
// say how much printed area starts or stops there.
type axisProfiles struct {
	left, right, edge []float64
	rise, fall        []float64
	ink               []float64 // printed pixels in each line
	noise             float64   // 3 times the median |edge|: what a real edge must exceed
}

// profiles measures the evidence for vertical card edges (along x) and
// horizontal ones (along y) in g. With offPaper, only a change between
// the paper and something printed counts: on a page filled with a colour,
// cards are set off from the fill by gaps, and a change within a card (a
// dark header band over its white body) is no edge of it.
//
// The profiles of a copy of greyOf's grey are measured once and shared by
// its copies; nothing changes them once made.
func profiles(g *greyMap, paper int, pxPerMM float64, offPaper bool) (px, py axisProfiles) {
	sh := g.shared
	if sh == nil {
		return measureProfiles(g, paper, pxPerMM, offPaper)
	}
	key := profKey{paper, pxPerMM, offPaper}
	sh.mu.Lock()
	defer sh.mu.Unlock()
	if p, ok := sh.prof[key]; ok {
		return p[0], p[1]
	}
	px, py = measureProfiles(g, paper, pxPerMM, offPaper)
	if sh.prof == nil {
		sh.prof = map[profKey][2]axisProfiles{}
	}
	sh.prof[key] = [2]axisProfiles{px, py}
	return px, py
}

func measureProfiles(g *greyMap, paper int, pxPerMM float64, offPaper bool) (px, py axisProfiles) {
	lx, rx := make([]float64, g.w), make([]float64, g.w)
	ly, ry := make([]float64, g.h), make([]float64, g.h)
	ix := make([]float64, g.w)
	iy := make([]float64, g.h)
	inked := func(v int) bool { return abs(v-paper) > inkLevel }
	for y := 0; y < g.h; y++ {
		row := g.pix[y*g.w : (y+1)*g.w]
		for x := 0; x < g.w; x++ {
			v := int(row[x])
			in := inked(v)
			if in {
				ix[x]++
				iy[y]++
			}
			if x > 0 {
				u := int(row[x-1])
				if d := abs(v - u); d > minStep {
					prev := inked(u)
					if offPaper && in == prev {
						// a change within the print, or within the paper
					} else if in || !prev {
						lx[x] += float64(d)
					}
					if (prev || !in) && !(offPaper && in == prev) {
						rx[x] += float64(d)
					}
				}
			}
			if y > 0 {
				u := int(g.pix[(y-1)*g.w+x])
				if d := abs(v - u); d > minStep {
					prev := inked(u)
					if offPaper && in == prev {
						// a change within the print, or within the paper
					} else if in || !prev {
						ly[y] += float64(d)
					}
					if (prev || !in) && !(offPaper && in == prev) {
						ry[y] += float64(d)
					}
				}
			}
		}
	}
	win := max(2, int(3*pxPerMM))
	return axis(lx, rx, ix, win), axis(ly, ry, iy, win)
}

// lessMedian returns e less its median over a window of ±win.
func lessMedian(e []float64, win int) []float64 {
	n := len(e)
	out := make([]float64, n)
	buf := make([]float64, 0, 2*win+1)
	for i := 0; i < n; i++ {
		buf = buf[:0]
		for j := max(0, i-win); j <= min(n-1, i+win); j++ {
			buf = append(buf, e[j])
		}
		sort.Float64s(buf)
		out[i] = e[i] - buf[len(buf)/2]
	}
	return out
}

func axis(left, right, ink []float64, win int) axisProfiles {
	n := len(left)
	p := axisProfiles{left: lessMedian(left, win), right: lessMedian(right, win), edge: make([]float64, n),
		rise: make([]float64, n), fall: make([]float64, n), ink: ink}
	abs := make([]float64, n)
	for i := range p.edge {
		p.edge[i] = max(p.left[i], p.right[i])
		abs[i] = math.Abs(p.edge[i])
	}
	sort.Float64s(abs)
	if n > 0 {
		p.noise = 3 * abs[n/2]
	}
	// Printed area starting or stopping: compare the two lines either side.
	const inkWeight = 32
	for i := 0; i < n; i++ {
		before := (at(ink, i-1) + at(ink, i-2)) / 2
		after := (at(ink, i) + at(ink, i+1)) / 2
		if d := after - before; d > 0 {
			p.rise[i] = inkWeight * d
		} else {
			p.fall[i] = -inkWeight * d
		}
	}
	return p
}

// clearBorder drops the evidence for edges within n lines of either end.
func (p *axisProfiles) clearBorder(n int) {
	for _, e := range [][]float64{p.left, p.right, p.edge, p.rise, p.fall} {
		for i := range e {
			if i < n || i >= len(e)-n {
				e[i] = 0
			}
		}
	}
}

func at(v []float64, i int) float64 {
	if i < 0 || i >= len(v) {
		return 0
	}
	return v[i]
}
