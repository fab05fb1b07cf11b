package pdfgeom

import "math"

// maxPathPoints bounds the points of one path under construction (a curve
// adds four): far more than any drawing's path, far less than memory.
const maxPathPoints = 1 << 20

// path is the path under construction, its points already on the page.
type path struct {
	pts   []Point
	curve []uint8 // curve[i]: what the segment ending at pts[i] is (line, chord1, chord)
	subs  []subpath
	cur   Point // the current point, when has
	has   bool
}

// What a segment of a path is.
const (
	line   = iota // a straight segment (l, re, h)
	chord1        // a curve's first chord
	chord         // a curve's next chord
)

// subpath is the points pts[start:] up to the next subpath's start.
type subpath struct {
	start  int
	closed bool
}

func (p *path) reset() {
	p.pts, p.curve, p.subs, p.has = p.pts[:0], p.curve[:0], p.subs[:0], false
}

// moveTo begins a subpath (a subpath of one point, a lone m, is dropped).
func (p *path) moveTo(q Point) {
	if n := len(p.subs); n > 0 && p.subs[n-1].start == len(p.pts)-1 && !p.subs[n-1].closed {
		p.pts[len(p.pts)-1] = q
	} else {
		p.subs = append(p.subs, subpath{start: len(p.pts)})
		p.pts = append(p.pts, q)
		p.curve = append(p.curve, line)
	}
	p.cur, p.has = q, true
}

// add appends a point to the current subpath, beginning a new one at the
// current point after a close.
func (p *path) add(q Point, curve uint8) {
	if n := len(p.subs); n > 0 && p.subs[n-1].closed {
		p.subs = append(p.subs, subpath{start: len(p.pts)})
		p.pts = append(p.pts, p.cur)
		p.curve = append(p.curve, line)
	}
	p.pts = append(p.pts, q)
	p.curve = append(p.curve, curve)
	p.cur = q
}

func (p *path) lineTo(q Point) {
	if !p.has {
		return // no current point: ignored, as renderers do
	}
	p.add(q, line)
}

// curveTo adds a Bézier curve from the current point, flattened into four
// chords (for the bounding box of what it fills; it is stroked as one
// segment); fromCur takes the current point as its first control point (v).
func (p *path) curveTo(c1, c2, q Point, fromCur bool) {
	if !p.has {
		return
	}
	p0 := p.cur
	if fromCur {
		c1 = p0
	}
	for i := 1; i <= 4; i++ {
		t := float64(i) / 4
		u := 1 - t
		a, b, c, d := u*u*u, 3*u*u*t, 3*u*t*t, t*t*t
		kind := uint8(chord)
		if i == 1 {
			kind = chord1
		}
		p.add(Point{a*p0.X + b*c1.X + c*c2.X + d*q.X, a*p0.Y + b*c1.Y + c*c2.Y + d*q.Y}, kind)
	}
}

// close closes the current subpath: the current point goes back to its
// start.
func (p *path) close() {
	n := len(p.subs)
	if !p.has || n == 0 {
		return
	}
	p.subs[n-1].closed = true
	p.cur = p.pts[p.subs[n-1].start]
}

// sub returns subpath i's points and curve flags.
func (p *path) sub(i int) ([]Point, []uint8, bool) {
	end := len(p.pts)
	if i+1 < len(p.subs) {
		end = p.subs[i+1].start
	}
	s := p.subs[i]
	return p.pts[s.start:end], p.curve[s.start:end], s.closed
}

// bounds returns the bounding box of points.
func bounds(pts []Point) Rect {
	if len(pts) == 0 {
		return Rect{}
	}
	x0, y0, x1, y1 := pts[0].X, pts[0].Y, pts[0].X, pts[0].Y
	for _, q := range pts[1:] {
		x0, y0, x1, y1 = math.Min(x0, q.X), math.Min(y0, q.Y), math.Max(x1, q.X), math.Max(y1, q.Y)
	}
	return Rect{x0, y0, x1 - x0, y1 - y0}
}

// intersect returns the part of a inside b (empty: zero width or height
// at a's position clamped into b).
func intersect(a, b Rect) Rect {
	x0, y0 := math.Max(a.X, b.X), math.Max(a.Y, b.Y)
	x1, y1 := math.Min(a.X+a.W, b.X+b.W), math.Min(a.Y+a.H, b.Y+b.H)
	return Rect{x0, y0, math.Max(0, x1-x0), math.Max(0, y1-y0)}
}

// tol is how far apart, in mm, two coordinates may be and still be taken
// as the same (a rectangle's corners, a line's points).
const tol = 0.01

// isRect reports whether a closed subpath is an axis-aligned rectangle:
// four corners joined by straight lines, counting repeated points and
// points along an edge (LibreOffice starts its rectangles mid-edge) once.
func isRect(pts []Point, curve []uint8) bool {
	var c [8]Point
	n := 0
	for i, q := range pts {
		if curve[i] != line {
			return false
		}
		if n > 0 && near(c[n-1], q) {
			continue
		}
		if n >= 2 && onLine(c[n-2], c[n-1], q) {
			c[n-1] = q
			continue
		}
		if n == len(c) {
			return false
		}
		c[n] = q
		n++
	}
	if n > 1 && near(c[n-1], c[0]) {
		n--
	}
	// The start may lie along an edge, and so may the last point.
	for n >= 3 && onLine(c[n-2], c[n-1], c[0]) {
		n--
	}
	for n >= 3 && onLine(c[n-1], c[0], c[1]) {
		copy(c[:], c[1:n])
		n--
	}
	if n != 4 {
		return false
	}
	for i := range 4 {
		a, b, d := c[i], c[(i+1)%4], c[(i+2)%4]
		h1 := math.Abs(a.Y-b.Y) <= tol
		v1 := math.Abs(a.X-b.X) <= tol
		h2 := math.Abs(b.Y-d.Y) <= tol
		v2 := math.Abs(b.X-d.X) <= tol
		if !(h1 && v2 || v1 && h2) {
			return false
		}
	}
	return true
}

func near(a, b Point) bool { return math.Abs(a.X-b.X) <= tol && math.Abs(a.Y-b.Y) <= tol }

// onLine reports whether b lies on the straight line from a to c, between
// them (going on in the same direction).
func onLine(a, b, c Point) bool {
	abx, aby := b.X-a.X, b.Y-a.Y
	bcx, bcy := c.X-b.X, c.Y-b.Y
	if abx*bcx+aby*bcy < 0 {
		return false
	}
	acx, acy := c.X-a.X, c.Y-a.Y
	l := math.Hypot(acx, acy)
	if l == 0 {
		return false
	}
	return math.Abs(abx*acy-aby*acx)/l <= tol
}

// paint paints the path (stroking, filling, closing it first), makes it
// the clip if W or W* came before, and ends it.
func (e *exec) paint(stroke, fill, closeFirst bool) error {
	defer func() {
		e.path.reset()
		e.clipW = false
	}()
	if closeFirst {
		e.path.close()
	}
	r := e.r
	p := &e.path
	id := r.paths
	drew := false
	if fill {
		for i := range p.subs {
			pts, curve, _ := p.sub(i)
			b := bounds(pts)
			if !(b.W > 0 && b.H > 0) || !finiteR(b) || math.Abs(area(pts)) < minArea {
				continue
			}
			if err := r.addItem(); err != nil {
				return err
			}
			r.page.Fills = append(r.page.Fills, Fill{Box: b, Rect: isRect(pts, curve), Color: e.gs.fill.color, Path: id, Scope: e.scope()})
			drew = true
		}
	}
	if stroke {
		w := e.gs.lw * math.Sqrt(math.Abs(e.gs.ctm[0]*e.gs.ctm[3]-e.gs.ctm[1]*e.gs.ctm[2]))
		for i := range p.subs {
			pts, curve, closed := p.sub(i)
			ok, err := e.strokeSub(pts, curve, closed, w, id)
			if err != nil {
				return err
			}
			drew = drew || ok
		}
	}
	if drew {
		r.paths++
		e.countIn(0, 1, 0)
	}
	if e.clipW {
		return e.setClip()
	}
	return nil
}

// minArea is the area, in mm², below which a filled subpath paints
// nothing worth listing (a line filled).
const minArea = 1e-6

// area is the signed area of a polygon (the shoelace formula).
func area(pts []Point) float64 {
	a := 0.0
	for i := range pts {
		p, q := pts[i], pts[(i+1)%len(pts)]
		a += p.X*q.Y - q.X*p.Y
	}
	return a / 2
}

// strokeSub adds a subpath's segments as strokes, joining segments that
// continue one another in a straight line, and a curve's chords into one
// segment from its start to its end.
func (e *exec) strokeSub(pts []Point, curve []uint8, closed bool, w float64, id int) (bool, error) {
	r := e.r
	n := len(pts)
	if n < 2 && !closed {
		return false, nil
	}
	first := len(r.page.Strokes)
	emit := func(a, b Point, kind uint8) error {
		if !finite(a.X + a.Y + b.X + b.Y) {
			return nil
		}
		if k := len(r.page.Strokes); k > first {
			last := &r.page.Strokes[k-1]
			switch {
			case kind == chord && last.Curve:
				last.B = b // the curve goes on
				last.Box = bounds([]Point{{last.Box.X, last.Box.Y}, {last.Box.X + last.Box.W, last.Box.Y + last.Box.H}, b})
				return nil
			case kind == line && !last.Curve && near(last.B, a) && onLine(last.A, a, b):
				last.B = b // straight on
				last.Box = bounds([]Point{last.A, b})
				return nil
			}
		}
		if kind == line && near(a, b) {
			return nil
		}
		if err := r.addItem(); err != nil {
			return err
		}
		r.page.Strokes = append(r.page.Strokes, Stroke{A: a, B: b, Box: bounds([]Point{a, b}), Width: w, Color: e.gs.stroke.color, Dashed: e.gs.dashed, Curve: kind != line, Path: id, Scope: e.scope()})
		return nil
	}
	for i := 1; i < n; i++ {
		if err := emit(pts[i-1], pts[i], curve[i]); err != nil {
			return false, err
		}
	}
	if closed && n > 1 {
		if err := emit(pts[n-1], pts[0], line); err != nil {
			return false, err
		}
		// The closing segment may go straight on into the first.
		if k := len(r.page.Strokes); k-first >= 2 {
			s0, sl := r.page.Strokes[first], r.page.Strokes[k-1]
			if !s0.Curve && !sl.Curve && sl.B == s0.A && onLine(sl.A, s0.A, s0.B) {
				r.page.Strokes[first].A = sl.A
				r.page.Strokes[first].Box = bounds([]Point{sl.A, s0.B})
				r.page.Strokes = r.page.Strokes[:k-1]
				r.items--
			}
		}
	}
	return len(r.page.Strokes) > first, nil
}

// setClip makes the path just painted the clip: a rectangle is listed in
// Page.Clips; any clip narrows the clip box.
func (e *exec) setClip() error {
	p := &e.path
	if len(p.pts) == 0 {
		return nil
	}
	b := bounds(p.pts)
	if !finiteR(b) {
		return nil
	}
	vis := intersect(b, e.gs.clipBox)
	if len(p.subs) == 1 {
		pts, curve, _ := p.sub(0)
		if isRect(pts, curve) {
			r := e.r
			if err := r.addItem(); err != nil {
				return err
			}
			r.page.Clips = append(r.page.Clips, Clip{Box: b, Visible: vis, Parent: e.gs.clip, Form: e.form})
			e.gs.clip = len(r.page.Clips) - 1
		}
	}
	e.gs.clipBox = vis
	return nil
}
