package pdfgeom

import (
	"math"
	"strings"
)

// placement works out where the unit square, mapped by m (image space to
// the page), lies on the page and how: see Image.
func placement(m Matrix) (box Rect, turn int, mirrored, skewed bool) {
	var c [4]Point
	for i, u := range [4][2]float64{{0, 0}, {1, 0}, {0, 1}, {1, 1}} {
		x, y := m.Apply(u[0], u[1])
		c[i] = Point{x, y}
	}
	box = bounds(c[:])
	// The image's rightward and downward directions on the page: its
	// top row is at v = 1.
	rx, ry := m[0], m[1]
	dx, dy := -m[2], -m[3]
	const eps = 1e-6
	axisX := math.Abs(ry) <= eps*math.Abs(rx) && math.Abs(dx) <= eps*math.Abs(dy)
	axisY := math.Abs(rx) <= eps*math.Abs(ry) && math.Abs(dy) <= eps*math.Abs(dx)
	if !axisX && !axisY {
		return box, 0, false, true
	}
	mirrored = rx*dy-ry*dx < 0
	switch {
	case axisX && dy > 0:
		turn = 0
	case axisY && dx < 0:
		turn = 1
	case axisX && dy < 0:
		turn = 2
	default:
		turn = 3
	}
	return box, turn, mirrored, false
}

// do is Do: an image is listed, a form is drawn.
func (e *exec) do(name string) error {
	r := e.r
	x := r.xobject(e.res, name)
	if x == nil {
		return nil
	}
	switch x.kind {
	case xImage:
		im := x.img
		im.Box, im.Turn, im.Mirrored, im.Skewed = placement(e.gs.ctm)
		return e.addImage(im)
	case xForm:
		return e.drawForm(x)
	}
	return nil
}

func (e *exec) addImage(im Image) error {
	if !finiteR(im.Box) {
		return nil
	}
	if err := e.r.addItem(); err != nil {
		return err
	}
	im.Scope = e.scope()
	e.r.page.Images = append(e.r.page.Images, im)
	e.countIn(1, 0, 0)
	return nil
}

// drawForm draws a placement of a form, read and counted by Check.
func (e *exec) drawForm(x *xobject) error {
	r := e.r
	n := x.form
	if n.state != done {
		// Check reads every form the page draws; a form it did not
		// read is one it could not.
		return r.refuse("its form /%s (object %d) was not counted before it was drawn", x.name, x.ref.ObjectNumber.Value())
	}
	if e.depth+1 > r.b.Depth {
		return r.refuse("its forms are nested more than %d deep", r.b.Depth)
	}
	r.placed++
	if r.placed > r.b.Placements {
		return r.refuse("its forms draw each other more than %s times (a form bomb?)", thousands(r.b.Placements))
	}
	m := n.matrix.Mul(e.gs.ctm)
	if !finiteM(m) {
		return nil
	}
	box := e.gs.clipBox
	if n.hasBox {
		b := n.bbox
		var c [4]Point
		for i, u := range [4][2]float64{{b[0], b[1]}, {b[2], b[1]}, {b[0], b[3]}, {b[2], b[3]}} {
			px, py := m.Apply(u[0], u[1])
			c[i] = Point{px, py}
		}
		box = bounds(c[:])
	}
	if !finiteR(box) {
		return nil
	}
	if err := r.addItem(); err != nil {
		return err
	}
	r.page.Forms = append(r.page.Forms, Form{Name: x.name, Obj: x.ref, Box: box, M: m, Depth: e.depth + 1, Parent: e.form, Clip: e.gs.clip})
	gs := e.gs
	gs.ctm = m
	gs.clipBox = intersect(gs.clipBox, box)
	return r.run(n.content, n.res, gs, len(r.page.Forms)-1, e.depth+1, n.where)
}

// Inline image abbreviations (PDF 32000-1, tables 93 and 94).
var (
	inlineFilters = map[string]string{
		"AHx": "ASCIIHexDecode", "A85": "ASCII85Decode", "LZW": "LZWDecode", "Fl": "FlateDecode",
		"RL": "RunLengthDecode", "CCF": "CCITTFaxDecode", "DCT": "DCTDecode",
	}
	inlineSpaces = map[string]string{"G": "DeviceGray", "RGB": "DeviceRGB", "CMYK": "DeviceCMYK", "I": "Indexed"}
)

// inlineImage is ID: the operands since BI are the image's dictionary.
func (e *exec) inlineImage() error {
	im := Image{Inline: true}
	ops := e.ops
	for i := 0; i+1 < len(ops); i += 2 {
		key, val := string(ops[i]), ops[i+1]
		num := func() int {
			v, ok := parseNum(val)
			if !ok || v < 0 || v > 1<<30 {
				return 0
			}
			return int(v)
		}
		switch key {
		case "/W", "/Width":
			im.W = num()
		case "/H", "/Height":
			im.H = num()
		case "/BPC", "/BitsPerComponent":
			im.BPC = num()
		case "/IM", "/ImageMask":
			im.Stencil = string(val) == "true"
		case "/F", "/Filter":
			var parts []string
			for _, f := range strings.Fields(strings.Trim(string(val), "[]")) {
				f = strings.TrimPrefix(f, "/")
				if long, ok := inlineFilters[f]; ok {
					f = long
				}
				parts = append(parts, f)
			}
			im.Filter = strings.Join(parts, " ")
		case "/CS", "/ColorSpace":
			if len(val) > 1 && val[0] == '/' {
				cs := decodeName(val[1:])
				if long, ok := inlineSpaces[cs]; ok {
					cs = long
				}
				switch cs {
				case "DeviceGray", "DeviceRGB", "DeviceCMYK", "Indexed":
					im.ColorSpace = cs
					im.Components = map[string]int{"DeviceGray": 1, "DeviceRGB": 3, "DeviceCMYK": 4, "Indexed": 1}[cs]
				default:
					if d := e.r.category(e.res, "ColorSpace"); d != nil {
						if o, ok := d[cs]; ok {
							im.ColorSpace, im.Components = e.r.spaceName(o)
						}
					}
				}
			} else if len(val) > 0 && val[0] == '[' {
				if f := strings.Fields(strings.Trim(string(val), "[]")); len(f) > 0 {
					im.ColorSpace = strings.TrimPrefix(f[0], "/")
				}
			}
		}
	}
	if im.Stencil {
		im.ColorSpace, im.Components = "", 0
	}
	im.Box, im.Turn, im.Mirrored, im.Skewed = placement(e.gs.ctm)
	return e.addImage(im)
}
