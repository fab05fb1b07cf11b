package pdfgeom

import (
	"fmt"

	"github.com/deckwright/deckwright/internal/pdfcontent"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/types"
)

// cost is what drawing one content stream once costs, the forms it draws
// included (as drawn).
type cost struct {
	ops, placements, images int64
	height                  int // the deepest nesting of forms it draws (0: none)
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
	r.exp.Ops, r.exp.Placements, r.exp.Images, r.exp.Depth = c.ops, c.placements, c.images, c.height
	return nil
}

// count counts what drawing content (in resource context res, at form
// nesting depth) costs. Every stream counted is drawn at least once, so a
// stream whose own count is over budget puts the page over it. where
// names the stream in errors ("" for the page's content).
func (r *reader) count(content []byte, res *resources, depth int, where string) (cost, error) {
	var c cost
	var last []byte // the operand before the operator
	var failed error
	err := pdfcontent.Scan(content, func(t pdfcontent.Token) (err error) {
		defer func() {
			if err != nil {
				failed = err
			}
		}()
		if t.Operand {
			last = t.Raw
			return nil
		}
		c.ops++
		if c.ops&4095 == 0 {
			if err := r.ctx.Err(); err != nil {
				return fmt.Errorf("page %d: %w", r.nr, err)
			}
		}
		if c.ops > r.b.Ops {
			return r.opsRefused()
		}
		op := t.Raw
		switch {
		case len(op) == 2 && op[0] == 'D' && op[1] == 'o':
			if len(last) < 2 || last[0] != '/' {
				break
			}
			name := decodeName(last[1:])
			x := r.xobject(res, name)
			if x == nil {
				break
			}
			switch x.kind {
			case xImage:
				c.images = satAdd(c.images, 1)
			case xForm:
				n := x.form
				if err := r.visit(n, name, depth+1); err != nil {
					return err
				}
				c.placements = satAdd(c.placements, satAdd(1, n.cost.placements))
				c.ops = satAdd(c.ops, n.cost.ops)
				c.images = satAdd(c.images, n.cost.images)
				c.height = max(c.height, n.height)
				if c.placements > r.b.Placements {
					return r.refuse("its forms draw each other more than %s times (a form bomb?)", thousands(r.b.Placements))
				}
				if c.ops > r.b.Ops {
					return r.opsRefused()
				}
			}
		case len(op) == 2 && op[0] == 'I' && op[1] == 'D':
			c.images = satAdd(c.images, 1)
		}
		last = nil
		return nil
	})
	if failed != nil {
		return c, failed
	}
	if err != nil {
		return c, r.unreadable(where, err)
	}
	return c, nil
}

// unreadable is the error for content the tokenizer cannot split.
func (r *reader) unreadable(where string, err error) error {
	if where != "" {
		return fmt.Errorf("page %d: unreadable content: %s: %v", r.nr, where, err)
	}
	return fmt.Errorf("page %d: unreadable content: %v", r.nr, err)
}

func (r *reader) opsRefused() error {
	return r.refuse("its content has more than %s operators (forms expanded)", thousands(r.b.Ops))
}

// visit reads form n (drawn by the name name at nesting depth) once, and
// counts what drawing it costs. A form met again while it is being read
// draws itself: a cycle, refused.
func (r *reader) visit(n *formNode, name string, depth int) error {
	if depth > r.b.Depth {
		return r.refuse("its forms are nested more than %d deep", r.b.Depth)
	}
	switch n.state {
	case visiting:
		return r.refuse("its form /%s (object %d) draws itself", name, n.ref.ObjectNumber.Value())
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
	n.where = fmt.Sprintf("its form /%s (object %d)", name, n.ref.ObjectNumber.Value())
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
			if err := r.visit(n, "(annotation)", 1); err != nil {
				return err
			}
			r.exp.Annots++
			r.exp.Placements = satAdd(r.exp.Placements, satAdd(1, n.cost.placements))
			r.exp.Ops = satAdd(r.exp.Ops, n.cost.ops)
			r.exp.Images = satAdd(r.exp.Images, n.cost.images)
			r.exp.Depth = max(r.exp.Depth, n.height)
			if r.exp.Placements > r.b.Placements {
				return r.refuse("its forms draw each other more than %s times (a form bomb?)", thousands(r.b.Placements))
			}
			if r.exp.Ops > r.b.Ops {
				return r.opsRefused()
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
