package pdfgeom

import (
	"fmt"

	"github.com/deckwright/deckwright/internal/pdfcontent"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/types"
)

// cost is what drawing one content stream once costs, the forms it draws
// included (as drawn).
type cost struct {
	ops, placements, images, scanned int64
	height                           int // the deepest nesting of forms it draws (0: none)
}

// check counts what drawing the page costs, each distinct form read once,
// and refuses the page when that is over budget: a form's cost is known
// before any of its placements is expanded, so a form bomb costs one pass
// over each of its few distinct streams.
func (r *reader) check() error {
	c, err := r.count(r.content, r.res, 0, "")
	if err != nil {
		return err
	}
	r.exp.Ops, r.exp.Placements, r.exp.Images, r.exp.Scanned, r.exp.Depth = c.ops, c.placements, c.images, c.scanned, c.height
	return nil
}

// count counts what drawing content (in resource context res, at form
// nesting depth) costs. Every stream counted is drawn at least once, so a
// stream whose own count is over budget puts the page over it. where
// names the stream in errors ("" for the page's content).
//
// Besides forms it counts what else a renderer expands from content
// streams of the PDF's own: a tiling pattern's cell each time the pattern
// is chosen as a colour (once, though a renderer may draw the cell many
// times over), and a Type 3 font's glyph procedures for each glyph shown
// (each glyph taken at the cost of the font's costliest).
func (r *reader) count(content []byte, res *resources, depth int, where string) (cost, error) {
	c := cost{scanned: int64(len(content))}
	var prev, last []byte // the two operands before the operator
	resetOperands := func() { prev, last = nil, nil }
	var glyph *cost // the Type 3 font in use: its costliest glyph
	var failed error
	// add counts times drawings of what costs n (each a placement itself
	// when self is 1), and checks the budget.
	add := func(n cost, height int, times, self int64) error {
		c.placements = satAdd(c.placements, satMul(times, satAdd(self, n.placements)))
		c.ops = satAdd(c.ops, satMul(times, n.ops))
		c.images = satAdd(c.images, satMul(times, n.images))
		c.scanned = satAdd(c.scanned, satMul(times, n.scanned))
		c.height = max(c.height, height)
		if c.placements > r.b.Placements {
			return r.refuse("its forms draw each other more than %s times (a form bomb?)", thousands(r.b.Placements))
		}
		if c.ops > r.b.Ops {
			return r.opsRefused()
		}
		if c.scanned > r.b.Scanned {
			return r.scannedRefused()
		}
		return nil
	}
	see := func(t pdfcontent.Token) error {
		if t.Operand {
			prev, last = last, t.Raw
			return nil
		}
		// The operands are this operator's only.
		prev, last := prev, last
		resetOperands()
		c.ops++
		if c.ops&4095 == 0 {
			if err := r.ctx.Err(); err != nil {
				return fmt.Errorf("page %d: %w", r.nr, err)
			}
		}
		if c.ops > r.b.Ops {
			return r.opsRefused()
		}
		switch string(t.Raw) {
		case "Do":
			name, ok := nameOf(last)
			if !ok {
				break
			}
			x := r.xobject(res, name)
			if x == nil {
				break
			}
			switch x.kind {
			case xImage:
				c.images = satAdd(c.images, 1)
			case xForm:
				n := x.form
				if err := r.visit(n, "form", name, depth+1); err != nil {
					return err
				}
				return add(n.cost, n.height, 1, 1)
			}
		case "ID":
			c.images = satAdd(c.images, 1)
		case "scn", "SCN":
			name, ok := nameOf(last)
			if !ok {
				break
			}
			if n := r.tilingPattern(res, name); n != nil {
				if err := r.visit(n, "pattern", name, depth+1); err != nil {
					return err
				}
				return add(n.cost, n.height, 1, 1)
			}
		case "Tf":
			glyph = nil
			if name, ok := nameOf(prev); ok {
				g, err := r.type3Glyph(res, name, depth+1)
				if err != nil {
					return err
				}
				glyph = g
			}
		case "Tj", "TJ", "'", "\"":
			if glyph != nil {
				return add(*glyph, glyph.height, int64(shownBytes(last)), 0)
			}
		}
		return nil
	}
	err := pdfcontent.Scan(content, func(t pdfcontent.Token) error {
		err := see(t)
		if err != nil {
			failed = err
		}
		return err
	})
	if failed != nil {
		return c, failed
	}
	if err != nil {
		return c, r.unreadable(where, err)
	}
	return c, nil
}

// nameOf returns a name operand's name, without its slash.
func nameOf(raw []byte) (string, bool) {
	if len(raw) < 2 || raw[0] != '/' {
		return "", false
	}
	return decodeName(raw[1:]), true
}

// shownBytes counts the bytes a string or an array of strings shows.
func shownBytes(raw []byte) int {
	if len(raw) < 2 || raw[0] != '[' {
		n, _ := stringBytes(raw)
		return n
	}
	total := 0
	_ = pdfcontent.Scan(raw[1:len(raw)-1], func(t pdfcontent.Token) error {
		if len(t.Raw) > 0 && (t.Raw[0] == '(' || t.Raw[0] == '<') {
			n, _ := stringBytes(t.Raw)
			total += n
		}
		return nil
	})
	return total
}

// tilingPattern returns the content of the tiling pattern named name in
// the Pattern resources (nil for a shading pattern or none).
func (r *reader) tilingPattern(res *resources, name string) *formNode {
	d := r.category(res, "Pattern")
	if d == nil {
		return nil
	}
	ref, ok := d[name].(types.IndirectRef)
	if !ok {
		return nil
	}
	sd, _, err := r.xt.DereferenceStreamDict(ref)
	if err != nil || sd == nil {
		return nil
	}
	return r.formNode(ref, sd, res)
}

// type3Glyph reads the glyph procedures of the font named name, when it
// is a Type 3 font, and returns what its costliest glyph costs (nil for
// another font).
func (r *reader) type3Glyph(res *resources, name string, depth int) (*cost, error) {
	if g, ok := res.type3[name]; ok {
		if g != nil && depth+g.height-1 > r.b.Depth {
			return nil, r.refuse("its forms are nested more than %d deep", r.b.Depth)
		}
		return g, nil
	}
	o, ok := r.category(res, "Font")[name]
	if !ok {
		return nil, nil
	}
	if res.type3 == nil {
		res.type3 = map[string]*cost{}
	}
	res.type3[name] = nil // not a Type 3 font, or one being read
	font, err := r.xt.DereferenceDict(o)
	if err != nil || font == nil || r.nameEntry(font, "Subtype") != "Type3" {
		return nil, nil
	}
	procs, err := r.xt.DereferenceDict(font["CharProcs"])
	if err != nil || procs == nil {
		return nil, nil
	}
	// The glyphs use the font's resources, else the page's (or form's).
	fres := res
	if o, ok := font.Find("Resources"); ok {
		if rd, err := r.xt.DereferenceDict(o); err == nil && rd != nil {
			fres = r.newResources(rd)
		}
	}
	var worst cost
	for glyph, o := range procs {
		ref, ok := o.(types.IndirectRef)
		if !ok {
			continue
		}
		sd, _, err := r.xt.DereferenceStreamDict(ref)
		if err != nil || sd == nil {
			continue
		}
		n := r.formNode(ref, sd, fres)
		if err := r.visit(n, "glyph", name+" "+glyph, depth); err != nil {
			return nil, err
		}
		if n.cost.ops+n.cost.placements > worst.ops+worst.placements {
			worst = n.cost
		}
		worst.height = max(worst.height, n.height)
	}
	res.type3[name] = &worst
	return &worst, nil
}

// unreadable is the error for content the tokenizer cannot split.
func (r *reader) unreadable(where string, err error) error {
	if where != "" {
		return fmt.Errorf("page %d: unreadable content: %s: %v", r.nr, where, err)
	}
	return fmt.Errorf("page %d: unreadable content: %v", r.nr, err)
}

func (r *reader) scannedRefused() error {
	return r.refuse("its content streams come to more than %s, forms expanded", sizeText(r.b.Scanned))
}

func (r *reader) opsRefused() error {
	return r.refuse("its content has more than %s operators (forms expanded)", thousands(r.b.Ops))
}

// visit reads form n (drawn by the name name at nesting depth) once, and
// counts what drawing it costs. A form met again while it is being read
// draws itself: a cycle, refused. kind says what n is in errors (form,
// pattern, glyph).
func (r *reader) visit(n *formNode, kind, name string, depth int) error {
	if depth > r.b.Depth {
		return r.refuse("its forms are nested more than %d deep", r.b.Depth)
	}
	switch n.state {
	case visiting:
		return r.refuse("its %s /%s (object %d) draws itself", kind, name, n.ref.ObjectNumber.Value())
	case done:
		if depth+n.height-1 > r.b.Depth {
			return r.refuse("its forms are nested more than %d deep", r.b.Depth)
		}
		return nil
	}
	if err := r.ctx.Err(); err != nil {
		return fmt.Errorf("page %d: %w", r.nr, err)
	}
	n.state = visiting
	n.where = fmt.Sprintf("its %s /%s (object %d)", kind, name, n.ref.ObjectNumber.Value())
	b, err := r.inflate(n.sd, n.where)
	if err != nil {
		return err
	}
	n.content = b
	c, err := r.count(b, n.res, depth, n.where)
	if err != nil {
		return err
	}
	n.cost, n.height, n.state = c, c.height+1, done
	return nil
}

// checkAnnots counts the appearance streams of the page's annotations,
// which a renderer draws as forms placed on the page.
func (r *reader) checkAnnots() error {
	o, ok := r.pageDict.Find("Annots")
	if !ok {
		return nil
	}
	o, err := r.xt.Dereference(o)
	if err != nil {
		return nil
	}
	annots, ok := o.(types.Array)
	if !ok {
		return nil
	}
	for _, a := range annots {
		d, err := r.xt.DereferenceDict(a)
		if err != nil || d == nil {
			continue
		}
		ap, err := r.xt.DereferenceDict(d["AP"])
		if err != nil || ap == nil {
			continue
		}
		var refs []types.IndirectRef
		switch v := ap["N"].(type) {
		case types.IndirectRef:
			if sd, _, err := r.xt.DereferenceStreamDict(v); err == nil && sd != nil {
				refs = append(refs, v)
			} else if states, err := r.xt.DereferenceDict(v); err == nil {
				refs = appendRefs(refs, states)
			}
		case types.Dict:
			refs = appendRefs(refs, v)
		}
		for _, ref := range refs {
			sd, _, err := r.xt.DereferenceStreamDict(ref)
			if err != nil || sd == nil {
				continue
			}
			n := r.formNode(ref, sd, r.res)
			if err := r.visit(n, "annotation", "AP", 1); err != nil {
				return err
			}
			r.exp.Annots++
			r.exp.Placements = satAdd(r.exp.Placements, satAdd(1, n.cost.placements))
			r.exp.Ops = satAdd(r.exp.Ops, n.cost.ops)
			r.exp.Images = satAdd(r.exp.Images, n.cost.images)
			r.exp.Scanned = satAdd(r.exp.Scanned, n.cost.scanned)
			r.exp.Depth = max(r.exp.Depth, n.height)
			if r.exp.Placements > r.b.Placements {
				return r.refuse("its forms draw each other more than %s times (a form bomb?)", thousands(r.b.Placements))
			}
			if r.exp.Ops > r.b.Ops {
				return r.opsRefused()
			}
			if r.exp.Scanned > r.b.Scanned {
				return r.scannedRefused()
			}
		}
	}
	return nil
}

// appendRefs appends the indirect references among d's values (an
// appearance's states).
func appendRefs(refs []types.IndirectRef, d types.Dict) []types.IndirectRef {
	for _, v := range d {
		if ref, ok := v.(types.IndirectRef); ok {
			refs = append(refs, ref)
		}
	}
	return refs
}

// decodeName undoes a name's #xx escapes.
func decodeName(b []byte) string {
	i := 0
	for i < len(b) && b[i] != '#' {
		i++
	}
	if i == len(b) {
		return string(b)
	}
	out := make([]byte, 0, len(b))
	for i := 0; i < len(b); i++ {
		if b[i] == '#' && i+2 < len(b) {
			if h, ok := unhex(b[i+1]); ok {
				if l, ok := unhex(b[i+2]); ok {
					out = append(out, h<<4|l)
					i += 2
					continue
				}
			}
		}
		out = append(out, b[i])
	}
	return string(out)
}

func unhex(c byte) (byte, bool) {
	switch {
	case c >= '0' && c <= '9':
		return c - '0', true
	case c >= 'a' && c <= 'f':
		return c - 'a' + 10, true
	case c >= 'A' && c <= 'F':
		return c - 'A' + 10, true
	}
	return 0, false
}
