package pdfgeom

import (
	"strings"

	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/types"
)

// resources is one resource dictionary in use (the page's, or a form's),
// with what has been looked up in it.
type resources struct {
	id     int
	dict   types.Dict
	xobjs  map[string]*xobject
	spaces map[string]space
	states map[string]types.Dict
	fonts  map[string]bool  // a Type0 (two-byte) font
	type3  map[string]*cost // a Type 3 font's costliest glyph (nil: not one)
}

func (r *reader) newResources(d types.Dict) *resources {
	r.nres++
	return &resources{id: r.nres, dict: d}
}

// category returns the sub-dictionary cat (XObject, ColorSpace, …).
func (r *reader) category(res *resources, cat string) types.Dict {
	if res == nil || res.dict == nil {
		return nil
	}
	o, ok := res.dict.Find(cat)
	if !ok {
		return nil
	}
	d, err := r.xt.DereferenceDict(o)
	if err != nil {
		return nil
	}
	return d
}

// xobject kinds.
const (
	xOther = iota
	xImage
	xForm
)

// xobject is an XObject named in a resource dictionary.
type xobject struct {
	name string
	ref  types.IndirectRef
	kind int
	img  Image     // an image's fields (Box and Scope unset)
	form *formNode // a form's content, shared by every placement
}

// xobject looks up the XObject named name, nil when there is none. Only
// names the resources hold are remembered: content naming a million
// missing XObjects costs lookups, not memory.
func (r *reader) xobject(res *resources, name string) *xobject {
	if x, ok := res.xobjs[name]; ok {
		return x
	}
	xd := r.category(res, "XObject")
	if xd == nil {
		return nil
	}
	o, ok := xd[name]
	if !ok {
		return nil
	}
	if res.xobjs == nil {
		res.xobjs = map[string]*xobject{}
	}
	res.xobjs[name] = nil
	ref, ok := o.(types.IndirectRef)
	if !ok {
		return nil // a stream is always an indirect object
	}
	sd, _, err := r.xt.DereferenceStreamDict(ref)
	if err != nil || sd == nil {
		return nil
	}
	x := &xobject{name: name, ref: ref}
	switch r.nameEntry(sd.Dict, "Subtype") {
	case "Image":
		x.kind = xImage
		x.img = r.imageInfo(sd.Dict)
		x.img.Name, x.img.Obj = name, ref
	case "Form":
		x.kind = xForm
		x.form = r.formNode(ref, sd, res)
	}
	res.xobjs[name] = x
	return x
}

// formKey names a form's content as read in one resource context: its
// object, and the context it inherits resources from when it has none of
// its own (0 when it has).
type formKey struct {
	ref types.IndirectRef
	res int
}

// formNode is a form's content, read once however many times it is drawn.
type formNode struct {
	where  string // names it in errors: its form /Fm1 (object 12)
	ref    types.IndirectRef
	sd     *types.StreamDict
	matrix Matrix
	bbox   [4]float64 // llx lly urx ury in form space
	hasBox bool
	res    *resources

	content []byte
	state   int  // unread, visiting, done (during Check)
	cost    cost // what drawing it once costs, its forms included
	height  int  // 1 + the deepest nesting of forms inside it
}

const (
	unread = iota
	visiting
	done
)

func (r *reader) formNode(ref types.IndirectRef, sd *types.StreamDict, parent *resources) *formNode {
	own, hasOwn := sd.Dict.Find("Resources")
	key := formKey{ref: ref}
	if !hasOwn {
		key.res = parent.id
	}
	if n, ok := r.nodes[key]; ok {
		return n
	}
	n := &formNode{ref: ref, sd: sd, matrix: Matrix{1, 0, 0, 1, 0, 0}}
	if m, ok := r.numbers(sd.Dict, "Matrix", 6); ok {
		copy(n.matrix[:], m)
	}
	if b, ok := r.numbers(sd.Dict, "BBox", 4); ok {
		n.bbox = [4]float64{min(b[0], b[2]), min(b[1], b[3]), max(b[0], b[2]), max(b[1], b[3])}
		n.hasBox = true
	}
	if hasOwn {
		d, err := r.xt.DereferenceDict(own)
		if err != nil {
			d = nil
		}
		n.res = r.newResources(d)
	} else {
		n.res = parent
	}
	r.nodes[key] = n
	r.exp.Forms++
	return n
}

// numbers returns the n numbers of the array d[key].
func (r *reader) numbers(d types.Dict, key string, n int) ([]float64, bool) {
	o, ok := d.Find(key)
	if !ok {
		return nil, false
	}
	o, err := r.xt.Dereference(o)
	if err != nil {
		return nil, false
	}
	a, ok := o.(types.Array)
	if !ok || len(a) != n {
		return nil, false
	}
	out := make([]float64, n)
	for i, e := range a {
		v, ok := r.number(e)
		if !ok {
			return nil, false
		}
		out[i] = v
	}
	return out, true
}

// number returns a number object's value (dereferenced), if it is finite.
func (r *reader) number(o types.Object) (float64, bool) {
	o, err := r.xt.Dereference(o)
	if err != nil {
		return 0, false
	}
	var v float64
	switch o := o.(type) {
	case types.Integer:
		v = float64(o)
	case types.Float:
		v = float64(o)
	default:
		return 0, false
	}
	return v, finite(v)
}

func (r *reader) intEntry(d types.Dict, key string) int {
	o, ok := d.Find(key)
	if !ok {
		return 0
	}
	v, ok := r.number(o)
	if !ok || v < 0 || v > 1<<30 {
		return 0
	}
	return int(v)
}

func (r *reader) nameEntry(d types.Dict, key string) string {
	o, ok := d.Find(key)
	if !ok {
		return ""
	}
	o, err := r.xt.Dereference(o)
	if err != nil {
		return ""
	}
	n, _ := o.(types.Name)
	return string(n)
}

func (r *reader) boolEntry(d types.Dict, key string) bool {
	o, ok := d.Find(key)
	if !ok {
		return false
	}
	o, err := r.xt.Dereference(o)
	if err != nil {
		return false
	}
	b, _ := o.(types.Boolean)
	return bool(b)
}

// imageInfo reads an image XObject's dictionary.
func (r *reader) imageInfo(d types.Dict) Image {
	im := Image{
		W:       r.intEntry(d, "Width"),
		H:       r.intEntry(d, "Height"),
		BPC:     r.intEntry(d, "BitsPerComponent"),
		Stencil: r.boolEntry(d, "ImageMask"),
	}
	_, im.SMask = d.Find("SMask")
	_, im.Masked = d.Find("Mask")
	if o, ok := d.Find("Filter"); ok {
		o, _ = r.xt.Dereference(o)
		switch v := o.(type) {
		case types.Name:
			im.Filter = string(v)
		case types.Array:
			var parts []string
			for _, e := range v {
				if n, ok := e.(types.Name); ok {
					parts = append(parts, string(n))
				}
			}
			im.Filter = strings.Join(parts, " ")
		}
	}
	if o, ok := d.Find("ColorSpace"); ok && !im.Stencil {
		im.ColorSpace, im.Components = r.spaceName(o)
	}
	return im
}

// spaceName returns the name of a colour space object (its family for an
// array) and its number of components, 0 when not known.
func (r *reader) spaceName(o types.Object) (string, int) {
	o, err := r.xt.Dereference(o)
	if err != nil {
		return "", 0
	}
	var fam string
	switch v := o.(type) {
	case types.Name:
		fam = string(v)
	case types.Array:
		if len(v) == 0 {
			return "", 0
		}
		n, _ := v[0].(types.Name)
		fam = string(n)
		if fam == "ICCBased" && len(v) > 1 {
			sd, _, err := r.xt.DereferenceStreamDict(v[1])
			if err == nil && sd != nil {
				return fam, r.intEntry(sd.Dict, "N")
			}
			return fam, 0
		}
	default:
		return "", 0
	}
	switch fam {
	case "DeviceGray", "CalGray", "G":
		return fam, 1
	case "DeviceRGB", "CalRGB", "RGB":
		return fam, 3
	case "DeviceCMYK", "CMYK":
		return fam, 4
	case "Indexed", "I", "Separation":
		return fam, 1
	case "Lab":
		return fam, 3
	}
	return fam, 0
}
