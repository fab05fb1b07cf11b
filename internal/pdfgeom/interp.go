package pdfgeom

import (
	"fmt"
	"math"

	"github.com/deckwright/deckwright/internal/pdfcontent"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/types"
)

// gstate is the graphics state as far as geometry needs it.
type gstate struct {
	ctm          Matrix // user space to displayed millimetres
	lw           float64
	dashed       bool
	stroke, fill paint
	clip         int  // the innermost rectangular clip, -1 none
	clipBox      Rect // the bounding box of the clip region in force

	// Text state.
	tfs     float64
	twoByte bool
	tc, tw  float64
	th      float64 // horizontal scaling, 1 = 100%
	tl      float64
	rise    float64
	mode    int
}

// exec draws one content stream: the page's, or one placement of a form.
type exec struct {
	r     *reader
	res   *resources
	form  int // the placement in Page.Forms, -1 the page
	depth int

	gs     gstate
	stack  []gstate
	ops    [][]byte // the operands before the operator
	nums   [32]float64
	path   path
	clipW  bool // W or W* seen: the path becomes a clip when painted
	tm     Matrix
	tlm    Matrix
	failed error
}

// maxOperands is how many operands are kept before an operator: no
// operator takes more (an inline image's dictionary aside, whose pairs are
// few).
const maxOperands = 64

// read draws the page.
func (r *reader) read() (*Page, error) {
	p := r.page
	gs := gstate{
		ctm:     r.base,
		lw:      1,
		stroke:  paint{spGray, black},
		fill:    paint{spGray, black},
		clip:    -1,
		clipBox: Rect{0, 0, p.W, p.H},
		th:      1,
	}
	if err := r.run(r.content, r.res, gs, -1, 0, ""); err != nil {
		return nil, err
	}
	// Each clip counts what was drawn inside the clips set inside it: a
	// clip's parent comes before it.
	for i := len(p.Clips) - 1; i >= 0; i-- {
		c := p.Clips[i]
		if c.Parent >= 0 {
			pc := &p.Clips[c.Parent]
			pc.Images += c.Images
			pc.Paths += c.Paths
			pc.Texts += c.Texts
		}
	}
	p.Cost = r.exp
	return p, nil
}

// run draws content in resource context res from graphics state gs; form
// is its placement (-1 the page), depth its nesting.
func (r *reader) run(content []byte, res *resources, gs gstate, form, depth int, where string) error {
	r.scanned += int64(len(content))
	if r.scanned > r.b.Scanned {
		return r.scannedRefused()
	}
	e := &exec{r: r, res: res, form: form, depth: depth, gs: gs, tm: identity, tlm: identity}
	err := pdfcontent.Scan(content, e.token)
	r.states -= len(e.stack)
	if e.failed != nil {
		return e.failed
	}
	if err != nil {
		return r.unreadable(where, err)
	}
	return nil
}

var identity = pdfcontent.Identity

func (e *exec) scope() Scope { return Scope{Form: e.form, Clip: e.gs.clip} }

// token takes one token of the stream.
func (e *exec) token(t pdfcontent.Token) error {
	if t.Operand {
		if len(e.ops) == 2*maxOperands {
			n := copy(e.ops, e.ops[maxOperands:])
			e.ops = e.ops[:n]
		}
		e.ops = append(e.ops, t.Raw)
		return nil
	}
	err := e.op(t.Raw)
	e.ops = e.ops[:0]
	if err != nil {
		e.failed = err
	}
	return err
}

// num returns the last n operands as numbers.
func (e *exec) num(n int) ([]float64, bool) {
	if len(e.ops) < n || n > len(e.nums) {
		return nil, false
	}
	for i, raw := range e.ops[len(e.ops)-n:] {
		v, ok := parseNum(raw)
		if !ok {
			return nil, false
		}
		e.nums[i] = v
	}
	return e.nums[:n], true
}

// colorNums returns the numeric operands of sc, scn, SC or SCN, and
// whether a pattern's name ends them.
func (e *exec) colorNums() ([]float64, bool) {
	ops := e.ops
	pattern := false
	if len(ops) > 0 && len(ops[len(ops)-1]) > 0 && ops[len(ops)-1][0] == '/' {
		ops, pattern = ops[:len(ops)-1], true
	}
	n := min(len(ops), len(e.nums))
	for i, raw := range ops[len(ops)-n:] {
		v, ok := parseNum(raw)
		if !ok {
			return nil, pattern
		}
		e.nums[i] = v
	}
	return e.nums[:n], pattern
}

// name returns the last operand as a name, without its slash.
func (e *exec) name() (string, bool) {
	if len(e.ops) == 0 {
		return "", false
	}
	raw := e.ops[len(e.ops)-1]
	if len(raw) < 2 || raw[0] != '/' {
		return "", false
	}
	return decodeName(raw[1:]), true
}

// op carries out one operator.
func (e *exec) op(raw []byte) error {
	r := e.r
	r.ops++
	if r.ops&4095 == 0 {
		if err := r.ctx.Err(); err != nil {
			return fmt.Errorf("page %d: %w", r.nr, err)
		}
	}
	if r.ops > r.b.Ops {
		return r.opsRefused()
	}
	gs := &e.gs
	switch string(raw) {
	// The graphics state.
	case "q":
		if r.states >= r.b.States {
			return r.refuse("its graphics states are nested more than %s deep", thousands(int64(r.b.States)))
		}
		r.states++
		e.stack = append(e.stack, e.gs)
	case "Q":
		if len(e.stack) > 0 {
			e.gs = e.stack[len(e.stack)-1]
			e.stack = e.stack[:len(e.stack)-1]
			r.states--
		}
	case "cm":
		if v, ok := e.num(6); ok {
			m := Matrix{v[0], v[1], v[2], v[3], v[4], v[5]}.Mul(gs.ctm)
			if finiteM(m) {
				gs.ctm = m
			}
		}
	case "w":
		if v, ok := e.num(1); ok && v[0] >= 0 {
			gs.lw = v[0]
		}
	case "d":
		if len(e.ops) >= 2 {
			gs.dashed = dashed(e.ops[len(e.ops)-2])
		}
	case "gs":
		if name, ok := e.name(); ok {
			e.extGState(name)
		}

	// Colours.
	case "G", "g", "RG", "rg", "K", "k":
		sp := deviceSpace(raw[0])
		p := &gs.fill
		if raw[0] >= 'A' && raw[0] <= 'Z' {
			p = &gs.stroke
		}
		if v, ok := e.num(sp.components()); ok {
			setColor(p, sp, v)
		}
	case "CS", "cs":
		p := &gs.fill
		if raw[0] == 'C' {
			p = &gs.stroke
		}
		if name, ok := e.name(); ok {
			e.setSpace(p, name)
		}
	case "SC", "SCN", "sc", "scn":
		p := &gs.fill
		if raw[0] == 'S' {
			p = &gs.stroke
		}
		v, pattern := e.colorNums()
		if pattern || p.sp == spPattern {
			p.color = Color{}
			break
		}
		setColor(p, p.sp, v)

	// Paths.
	case "m":
		if v, ok := e.num(2); ok {
			e.path.moveTo(e.pt(v[0], v[1]))
		}
	case "l":
		if v, ok := e.num(2); ok {
			e.path.lineTo(e.pt(v[0], v[1]))
		}
	case "c":
		if v, ok := e.num(6); ok {
			e.path.curveTo(e.pt(v[0], v[1]), e.pt(v[2], v[3]), e.pt(v[4], v[5]), false)
		}
	case "v":
		if v, ok := e.num(4); ok {
			e.path.curveTo(Point{}, e.pt(v[0], v[1]), e.pt(v[2], v[3]), true)
		}
	case "y":
		if v, ok := e.num(4); ok {
			p := e.pt(v[2], v[3])
			e.path.curveTo(e.pt(v[0], v[1]), p, p, false)
		}
	case "h":
		e.path.close()
	case "re":
		if v, ok := e.num(4); ok {
			x, y, w, h := v[0], v[1], v[2], v[3]
			e.path.moveTo(e.pt(x, y))
			e.path.lineTo(e.pt(x+w, y))
			e.path.lineTo(e.pt(x+w, y+h))
			e.path.lineTo(e.pt(x, y+h))
			e.path.close()
		}
	case "S":
		return e.paint(true, false, false)
	case "s":
		return e.paint(true, false, true)
	case "f", "F", "f*":
		return e.paint(false, true, false)
	case "B", "B*":
		return e.paint(true, true, false)
	case "b", "b*":
		return e.paint(true, true, true)
	case "n":
		return e.paint(false, false, false)
	case "W", "W*":
		e.clipW = true

	// Text.
	case "BT":
		e.tm, e.tlm = identity, identity
	case "Tf":
		if v, ok := e.num(1); ok && len(e.ops) >= 2 {
			gs.tfs = v[0]
			raw := e.ops[len(e.ops)-2]
			gs.twoByte = len(raw) > 1 && raw[0] == '/' && r.twoByteFont(e.res, decodeName(raw[1:]))
		}
	case "Tc":
		if v, ok := e.num(1); ok {
			gs.tc = v[0]
		}
	case "Tw":
		if v, ok := e.num(1); ok {
			gs.tw = v[0]
		}
	case "Tz":
		if v, ok := e.num(1); ok {
			gs.th = v[0] / 100
		}
	case "TL":
		if v, ok := e.num(1); ok {
			gs.tl = v[0]
		}
	case "Ts":
		if v, ok := e.num(1); ok {
			gs.rise = v[0]
		}
	case "Tr":
		if v, ok := e.num(1); ok {
			gs.mode = int(v[0])
		}
	case "Td", "TD":
		if v, ok := e.num(2); ok {
			if raw[1] == 'D' {
				gs.tl = -v[1]
			}
			e.tlm = Matrix{1, 0, 0, 1, v[0], v[1]}.Mul(e.tlm)
			e.tm = e.tlm
		}
	case "Tm":
		if v, ok := e.num(6); ok {
			m := Matrix{v[0], v[1], v[2], v[3], v[4], v[5]}
			if finiteM(m) {
				e.tm, e.tlm = m, m
			}
		}
	case "T*":
		e.nextLine()
	case "Tj":
		if len(e.ops) > 0 {
			return e.show(e.ops[len(e.ops)-1], false)
		}
	case "TJ":
		if len(e.ops) > 0 {
			return e.show(e.ops[len(e.ops)-1], true)
		}
	case "'":
		e.nextLine()
		if len(e.ops) > 0 {
			return e.show(e.ops[len(e.ops)-1], false)
		}
	case "\"":
		if len(e.ops) >= 3 {
			if aw, ok := parseNum(e.ops[len(e.ops)-3]); ok {
				gs.tw = aw
			}
			if ac, ok := parseNum(e.ops[len(e.ops)-2]); ok {
				gs.tc = ac
			}
			e.nextLine()
			return e.show(e.ops[len(e.ops)-1], false)
		}

	// Images, forms, shadings.
	case "Do":
		if name, ok := e.name(); ok {
			return e.do(name)
		}
	case "ID":
		return e.inlineImage()
	case "sh":
		if err := r.addItem(); err != nil {
			return err
		}
		r.page.Shadings = append(r.page.Shadings, Shading{Box: gs.clipBox, Scope: e.scope()})
	}
	if len(e.path.pts) > maxPathPoints {
		return r.refuse("it builds a path of more than %s points", thousands(maxPathPoints))
	}
	return nil
}

// deviceSpace is the space a colour operator's first letter implies.
func deviceSpace(c byte) space {
	switch c | 0x20 {
	case 'g':
		return spGray
	case 'r':
		return spRGB
	}
	return spCMYK
}

// pt maps a point in user space to the page.
func (e *exec) pt(x, y float64) Point {
	x, y = e.gs.ctm.Apply(x, y)
	return Point{x, y}
}

// addItem counts one more item against the budget.
func (r *reader) addItem() error {
	r.items++
	if r.items > r.b.Items {
		return r.refuse("it draws more than %s shapes, images and texts", thousands(int64(r.b.Items)))
	}
	return nil
}

// count notes one thing drawn inside the innermost clip.
func (e *exec) countIn(images, paths, texts int) {
	if c := e.gs.clip; c >= 0 {
		cl := &e.r.page.Clips[c]
		cl.Images += images
		cl.Paths += paths
		cl.Texts += texts
	}
}

// dashed reports whether a dash array (its raw text, "[3 2]") makes a line
// dashed: it holds a length other than 0.
func dashed(raw []byte) bool {
	for _, c := range raw {
		if c >= '1' && c <= '9' {
			return true
		}
	}
	return false
}

// extGState applies the line width and dash of an ExtGState resource.
func (e *exec) extGState(name string) {
	r := e.r
	d, ok := e.res.states[name]
	if !ok {
		o, ok := r.category(e.res, "ExtGState")[name]
		if !ok {
			return
		}
		d, _ = r.xt.DereferenceDict(o)
		if e.res.states == nil {
			e.res.states = map[string]types.Dict{}
		}
		e.res.states[name] = d
	}
	if d == nil {
		return
	}
	if o, ok := d.Find("LW"); ok {
		if v, ok := r.number(o); ok && v >= 0 {
			e.gs.lw = v
		}
	}
	if o, ok := d.Find("D"); ok {
		if o, err := r.xt.Dereference(o); err == nil {
			if a, ok := o.(types.Array); ok && len(a) > 0 {
				dash := false
				if arr, err := r.xt.Dereference(a[0]); err == nil {
					if arr, ok := arr.(types.Array); ok {
						for _, v := range arr {
							if x, ok := r.number(v); ok && x != 0 {
								dash = true
							}
						}
					}
				}
				e.gs.dashed = dash
			}
		}
	}
}

// twoByteFont reports whether the font named name is a Type0 font, whose
// strings take two bytes a glyph (the usual Identity-H encoding).
func (r *reader) twoByteFont(res *resources, name string) bool {
	if v, ok := res.fonts[name]; ok {
		return v
	}
	o, ok := r.category(res, "Font")[name]
	if !ok {
		return false
	}
	v := false
	if d, err := r.xt.DereferenceDict(o); err == nil && d != nil {
		v = r.nameEntry(d, "Subtype") == "Type0"
	}
	if res.fonts == nil {
		res.fonts = map[string]bool{}
	}
	res.fonts[name] = v
	return v
}

func finite(v float64) bool { return !math.IsInf(v, 0) && !math.IsNaN(v) }

func finiteM(m Matrix) bool {
	for _, v := range m {
		if !finite(v) {
			return false
		}
	}
	return true
}

func finiteR(b Rect) bool { return finite(b.X) && finite(b.Y) && finite(b.W) && finite(b.H) }

// parseNum parses a number as PDF writes them (an optional sign, digits, at
// most one point), without allocating.
func parseNum(b []byte) (float64, bool) {
	i, neg := 0, false
	if len(b) > 0 && (b[0] == '+' || b[0] == '-') {
		neg = b[0] == '-'
		i++
	}
	var mant uint64
	digits, frac, scale := 0, -1, 0
	for ; i < len(b); i++ {
		c := b[i]
		switch {
		case c >= '0' && c <= '9':
			digits++
			if mant < 1e17 {
				mant = mant*10 + uint64(c-'0')
				if frac >= 0 {
					frac++
				}
			} else if frac < 0 {
				scale++ // an integer digit past the precision kept
			}
		case c == '.' && frac < 0:
			frac = 0
		default:
			return 0, false
		}
	}
	if digits == 0 {
		return 0, false
	}
	v := float64(mant)
	if scale > 0 {
		v *= math.Pow10(scale)
	}
	if frac > 0 {
		v /= math.Pow10(frac)
	}
	if neg {
		v = -v
	}
	return v, finite(v)
}
