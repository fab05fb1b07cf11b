package templates

import (
	"io/fs"
	"math"
	"path"
	"strings"
	"text/template"

	"gopkg.in/yaml.v3"

	"github.com/deckwright/deckwright/cardsdb"
)

// The kinds of Layer.
const (
	LayerImage = "image"
	LayerShape = "shape"
	LayerText  = "text"
)

// The shapes a shape layer draws.
const (
	ShapeRect    = "rect"
	ShapeRounded = "rounded"
	ShapeEllipse = "ellipse"
	ShapePolygon = "polygon"
	ShapeLine    = "line"
)

// The ways an image fills its layer.
const (
	FitCover   = "cover"   // fills the layer, cut at the anchor's far sides
	FitContain = "contain" // whole, inside the layer, placed by the anchor
	FitStretch = "stretch" // exactly the layer, out of proportion if need be
)

var (
	layerKeys  = []string{"name", "x", "y", "w", "h", "when", "bleed", "opacity", "rotation"}
	imageKeys  = []string{"image", "fit", "anchor"}
	shapeKeys  = []string{"shape", "fill", "stroke", "stroke_width", "radius", "points"}
	shapeNames = []string{ShapeRect, ShapeRounded, ShapeEllipse, ShapePolygon, ShapeLine}
	fitNames   = []string{FitCover, FitContain, FitStretch}
	// anchors maps an anchor to its place across and down, 0 to 1.
	anchors = map[string][2]float64{
		"center": {0.5, 0.5}, "top": {0.5, 0}, "bottom": {0.5, 1}, "left": {0, 0.5}, "right": {1, 0.5},
		"top-left": {0, 0}, "top-right": {1, 0}, "bottom-left": {0, 1}, "bottom-right": {1, 1},
	}
	anchorNames = []string{"center", "top", "bottom", "left", "right", "top-left", "top-right", "bottom-left", "bottom-right"}
)

// Point is a point in mm on the card, from its top-left corner.
type Point struct{ X, Y float64 }

// Layer is one layer of a face, ready to draw: an image, a shape or a
// text block, in the rectangle X, Y, W, H (mm on the trimmed card),
// drawn at Opacity and turned by Rotation degrees clockwise about the
// rectangle's centre. A Bleed layer runs out to the bleed edge on every
// side where it touches the card's edge (see Rect).
type Layer struct {
	Name       string
	Kind       string // LayerImage, LayerShape or LayerText
	X, Y, W, H float64
	Bleed      bool
	Opacity    float64 // 0 (invisible) to 1
	Rotation   float64 // degrees, clockwise

	// An image layer: the file Image in ImageFS, fitted by Fit with its
	// anchor at AnchorX, AnchorY (0 left or top, 1 right or bottom).
	// ImageKey names the file uniquely (its folder and path), for caches;
	// ImageInTemplates says the file is the templates folder's, not the
	// game's.
	Image            string
	ImageFS          fs.FS
	ImageKey         string
	ImageInTemplates bool
	Fit              string
	AnchorX, AnchorY float64

	// A shape layer: Shape filled with Fill when HasFill and stroked with
	// Stroke, StrokeWidth mm wide along its outline, when StrokeWidth > 0.
	// Radius is a rounded rectangle's corner radius; Points a polygon's
	// corners or a line's points, in mm on the card.
	Shape       string
	Fill        RGB
	HasFill     bool
	Stroke      RGB
	StrokeWidth float64
	Radius      float64
	Points      []Point

	// A text layer: the block to draw, as Face.Blocks are drawn.
	Block *Block
}

// Rect returns the rectangle a layer covers on a card of size with bleed
// mm around it: its own, grown by bleed on each side where a Bleed layer
// touches the card's edge.
func (l Layer) Rect(size cardsdb.Size, bleed float64) (x, y, w, h float64) {
	x, y, w, h = l.X, l.Y, l.W, l.H
	if !l.Bleed || bleed <= 0 {
		return
	}
	const tol = 0.01
	if x <= tol {
		x, w = x-bleed, w+bleed
	}
	if y <= tol {
		y, h = y-bleed, h+bleed
	}
	if l.X+l.W >= size.W-tol {
		w += bleed
	}
	if l.Y+l.H >= size.H-tol {
		h += bleed
	}
	return
}

// Outline returns a closed shape layer's outline (rect, rounded,
// ellipse, polygon) grown by grow mm outward (negative: shrunk), as
// corners in mm on the card, clockwise on the page; curves are
// flattened. A line has none. Drawers that cannot draw curves fill and
// stroke these.
func (l Layer) Outline(grow float64) []Point {
	x0, y0, x1, y1 := l.X-grow, l.Y-grow, l.X+l.W+grow, l.Y+l.H+grow
	if x1 <= x0 || y1 <= y0 {
		return nil
	}
	switch l.Shape {
	case ShapeRect:
		return []Point{{x0, y0}, {x1, y0}, {x1, y1}, {x0, y1}}
	case ShapeRounded:
		r := min(max(l.Radius+grow, 0), (x1-x0)/2, (y1-y0)/2)
		var out []Point
		corner := func(cx, cy, from float64) {
			for i := 0; i <= 8; i++ {
				a := (from + float64(i)*90/8) * math.Pi / 180
				out = append(out, Point{cx + r*math.Cos(a), cy + r*math.Sin(a)})
			}
		}
		corner(x0+r, y0+r, 180)
		corner(x1-r, y0+r, 270)
		corner(x1-r, y1-r, 0)
		corner(x0+r, y1-r, 90)
		return out
	case ShapeEllipse:
		cx, cy, rx, ry := (x0+x1)/2, (y0+y1)/2, (x1-x0)/2, (y1-y0)/2
		out := make([]Point, 72)
		for i := range out {
			a := float64(i) * 2 * math.Pi / 72
			out[i] = Point{cx + rx*math.Cos(a), cy + ry*math.Sin(a)}
		}
		return out
	case ShapePolygon:
		return l.Points
	}
	return nil
}

// layer is one entry of a template's layers: list.
type layer struct {
	kind       string
	name       string
	x, y, w, h float64
	when       *template.Template
	bleed      bool
	opacity    float64
	rotation   float64
	pos        cardsdb.Pos

	box *box // a text layer

	image   *template.Template // an image layer's path
	fixed   string             // the path when it is no template
	fit     string
	anchorX float64
	anchorY float64

	shape        string
	fill, stroke paint
	strokeWidth  float64
	radius       float64
	points       []Point // relative to x, y
}

// layers reads a template's layers: list.
func (d *decoder) layers(n *yaml.Node, t *Template, dir fs.FS) []*layer {
	if n.Kind != yaml.SequenceNode {
		d.errorf(n, "layers must be a list of layers, found %s", kindName(n))
		return nil
	}
	seen := map[string]cardsdb.Pos{}
	var out []*layer
	for _, item := range n.Content {
		l := d.layer(item, t, dir)
		if l == nil {
			continue
		}
		if prev, dup := seen[l.name]; dup && l.name != "" {
			d.errorf(item, "two layers are called %q (the first at line %d); layer names must differ", l.name, prev.Line)
			continue
		}
		seen[l.name] = l.pos
		out = append(out, l)
	}
	return out
}

// layer reads one layer: a text layer when it has content:, an image
// layer when it has image:, a shape layer when it has shape:.
func (d *decoder) layer(n *yaml.Node, t *Template, dir fs.FS) *layer {
	pairs, ok := d.mapping(n, "layer")
	if !ok {
		return nil
	}
	l := &layer{opacity: 1, pos: d.pos(n), anchorX: 0.5, anchorY: 0.5, fit: FitCover}
	var kinds []string
	for _, k := range []string{"content", "image", "shape"} {
		if hasKey(pairs, k) {
			kinds = append(kinds, k)
		}
	}
	switch {
	case len(kinds) == 0:
		d.errorf(n, "layer has none of content (text), image or shape; give it one")
		return nil
	case len(kinds) > 1:
		d.errorf(n, "layer has both %s and %s; a layer is one of text (content), image or shape", kinds[0], kinds[1])
		return nil
	}
	// Keys every layer has are read here; a text layer's other keys are
	// a box's.
	var boxPairs []*yaml.Node
	allowed := append([]string{}, layerKeys...)
	switch kinds[0] {
	case "content":
		l.kind = LayerText
		allowed = append(allowed, boxKeys...)
	case "image":
		l.kind = LayerImage
		allowed = append(allowed, imageKeys...)
	case "shape":
		l.kind = LayerShape
		allowed = append(allowed, shapeKeys...)
	}
	var whenNode, imageNode, pointsNode *yaml.Node
	for _, p := range pairs {
		switch p.Key {
		case "when":
			whenNode = p.V
			continue
		case "bleed":
			l.bleed = d.bool(p.V, "layer bleed")
			continue
		case "opacity":
			l.opacity, _ = d.numberIn(p.V, "layer opacity", 0, 1, "")
			continue
		case "rotation":
			l.rotation, _ = d.numberIn(p.V, "layer rotation", -360, 360, " degrees")
			continue
		}
		if l.kind == LayerText {
			boxPairs = append(boxPairs, p.K, p.V)
			continue
		}
		switch p.Key {
		case "name":
			l.name = d.boxName(p.V)
		case "x":
			l.x, _ = d.numberIn(p.V, "layer x", -maxCardMM, maxCardMM, " mm")
		case "y":
			l.y, _ = d.numberIn(p.V, "layer y", -maxCardMM, maxCardMM, " mm")
		case "w":
			l.w, _ = d.numberIn(p.V, "layer w", 0, maxCardMM, " mm")
		case "h":
			l.h, _ = d.numberIn(p.V, "layer h", 0, maxCardMM, " mm")
		case "image":
			imageNode = p.V
		case "fit":
			l.fit = d.oneOf(p.V, "image fit", fitNames...)
		case "anchor":
			if a := d.oneOf(p.V, "image anchor", anchorNames...); a != "" {
				l.anchorX, l.anchorY = anchors[a][0], anchors[a][1]
			}
		case "shape":
			l.shape = d.oneOf(p.V, "shape", shapeNames...)
		case "fill":
			l.fill, _ = d.paint(p.V, "shape fill")
		case "stroke":
			l.stroke, _ = d.paint(p.V, "shape stroke")
		case "stroke_width":
			l.strokeWidth, _ = d.numberIn(p.V, "shape stroke_width", 0, maxBorder, " mm")
		case "radius":
			l.radius, _ = d.numberIn(p.V, "shape radius", 0, maxCardMM, " mm")
		case "points":
			pointsNode = p.V
		default:
			d.unknown(p, l.kind+" layer", allowed)
		}
	}
	if whenNode != nil {
		l.when = d.whenTemplate(whenNode)
	}
	if l.kind == LayerText {
		m := &yaml.Node{Kind: yaml.MappingNode, Tag: "!!map", Content: boxPairs, Line: n.Line, Column: n.Column}
		l.box = d.box(m, t, false)
		if l.box != nil {
			l.name, l.x, l.y, l.w, l.h = l.box.name, l.box.x, l.box.y, l.box.w, l.box.h
		}
		return l
	}
	if !hasKey(pairs, "name") {
		d.errorf(n, "layer has no name; give it one (name: frame) for messages")
	}
	for _, k := range []string{"x", "y", "w", "h"} {
		if !hasKey(pairs, k) {
			d.errorf(n, "layer %q has no %q; a layer needs x, y, w and h in mm", l.name, k)
		}
	}
	if l.x+l.w > t.Size.W+eps || l.y+l.h > t.Size.H+eps || l.x < -eps || l.y < -eps {
		d.errorf(n, "layer %q goes outside the %gx%g mm card (x %g to %g, y %g to %g); keep it on the card (bleed: true runs a layer at the edge into the bleed)", l.name, t.Size.W, t.Size.H, l.x, l.x+l.w, l.y, l.y+l.h)
	}
	switch l.kind {
	case LayerImage:
		d.imageSource(imageNode, l, dir)
	case LayerShape:
		d.shapeGeometry(n, pointsNode, l)
	}
	return l
}

// whenTemplate reads a layer's when: a template that must render true or
// false; it is tried on blank cards now.
func (d *decoder) whenTemplate(n *yaml.Node) *template.Template {
	s, ok := d.scalar(n, "when")
	if !ok {
		return nil
	}
	tmpl, err := compile("when", s)
	if err != nil {
		d.Add(d.pos(n), "when: %s", cleanExecErr(err))
		return nil
	}
	for _, probe := range []*Data{{}, {Back: true}, {CardBack: true}} {
		out, err := execute(tmpl, probe)
		if err != nil {
			d.Add(d.pos(n), "when: %s", cleanExecErr(err))
			return nil
		}
		if v := strings.TrimSpace(out); v != "true" && v != "false" {
			d.errorf(n, "when must render true or false, but renders %q on a blank card; write a test such as '{{.Has \"cost\"}}' or '{{eq .FactionID \"ember\"}}'", v)
			return nil
		}
	}
	return tmpl
}

// imageSource reads an image layer's path: a fixed file of the templates
// folder, checked now, or a template (a card field), resolved per card.
func (d *decoder) imageSource(n *yaml.Node, l *layer, dir fs.FS) {
	s, ok := d.scalar(n, "image")
	if !ok {
		return
	}
	if !strings.Contains(s, "{{") {
		p, msg := cleanImagePath(s)
		if msg != "" {
			d.errorf(n, "image %q %s", s, msg)
			return
		}
		if dir == nil {
			d.errorf(n, "image %q: this template is not read from a folder, so it cannot name a file; give the folder with --templates", s)
			return
		}
		if st, err := fs.Stat(dir, p); err != nil || st.IsDir() {
			d.errorf(n, "image %q is not in the templates folder%s", s, didYouMean(cardsdb.Suggest(p, filesNear(dir, p), 1)))
			return
		}
		l.fixed = p
		return
	}
	tmpl, err := compile("image", s)
	if err != nil {
		d.Add(d.pos(n), "image: %s", cleanExecErr(err))
		return
	}
	for _, probe := range []*Data{{}, {Back: true}, {CardBack: true}} {
		if _, err := execute(tmpl, probe); err != nil {
			d.Add(d.pos(n), "image: %s", cleanExecErr(err))
			return
		}
	}
	l.image = tmpl
}

// cleanImagePath cleans an image path of a template or card field; msg
// says why it cannot be used.
func cleanImagePath(s string) (p, msg string) {
	s = strings.TrimSpace(s)
	if s == "" {
		return "", ""
	}
	if path.IsAbs(s) || strings.Contains(s, `\`) || strings.HasPrefix(path.Clean(s), "..") || strings.Contains(s, ":") {
		return "", "leads outside the folder; give a path inside it, with / between folders"
	}
	p = path.Clean(s)
	if !fs.ValidPath(p) {
		return "", "is not a valid path"
	}
	return p, ""
}

// filesNear lists the files of the folder p is in (and of p's first
// folder), for suggestions.
func filesNear(dir fs.FS, p string) []string {
	var out []string
	for _, d := range []string{path.Dir(p), strings.Split(p, "/")[0]} {
		entries, _ := fs.ReadDir(dir, d)
		for _, e := range entries {
			if len(out) > 500 {
				return out
			}
			out = append(out, path.Join(d, e.Name()))
		}
	}
	return out
}

// shapeGeometry checks a shape's points and radius.
func (d *decoder) shapeGeometry(n, pointsNode *yaml.Node, l *layer) {
	if pointsNode != nil {
		if pointsNode.Kind != yaml.SequenceNode {
			d.errorf(pointsNode, "points must be a list of [x, y] in mm from the layer's top-left corner, found %s", kindName(pointsNode))
		} else {
			for _, pn := range pointsNode.Content {
				if pn.Kind != yaml.SequenceNode || len(pn.Content) != 2 {
					d.errorf(pn, "a point is [x, y] in mm from the layer's top-left corner")
					continue
				}
				x, okx := d.numberIn(pn.Content[0], "point x", 0, l.w, " mm (the layer's width)")
				y, oky := d.numberIn(pn.Content[1], "point y", 0, l.h, " mm (the layer's height)")
				if okx && oky {
					l.points = append(l.points, Point{x, y})
				}
			}
		}
	}
	switch l.shape {
	case ShapePolygon:
		if len(l.points) < 3 {
			d.errorf(n, "polygon %q needs points: at least 3 corners [x, y] in mm from the layer's top-left corner", l.name)
		}
	case ShapeLine:
		if pointsNode == nil {
			l.points = []Point{{0, 0}, {l.w, l.h}} // the layer's diagonal
		} else if len(l.points) < 2 {
			d.errorf(n, "line %q needs at least 2 points", l.name)
		}
		if l.strokeWidth == 0 {
			l.strokeWidth = 0.3
		}
		if l.stroke.kind == paintNone {
			l.stroke = paint{kind: paintRGB}
		}
	default:
		if pointsNode != nil {
			d.errorf(pointsNode, "points are for a polygon or a line, not a %s", l.shape)
		}
	}
	if l.radius > 0 && l.shape != ShapeRounded {
		d.errorf(n, "radius is for a rounded shape, not a %s", l.shape)
	}
	if l.fill.kind == paintNone && l.stroke.kind == paintNone {
		d.errorf(n, "shape %q has neither fill nor stroke, so it draws nothing", l.name)
	}
	if l.stroke.kind != paintNone && l.strokeWidth == 0 {
		l.strokeWidth = 0.3
	}
}

// renderLayers lays out the template's layers for one face.
func (r *renderer) renderLayers(f *Face, data *Data) {
	for _, l := range r.t.layers {
		if !r.layerOn(l, data) {
			continue
		}
		out := Layer{
			Name: l.name, Kind: l.kind, X: l.x * r.sx, Y: l.y * r.sy, W: l.w * r.sx, H: l.h * r.sy,
			Bleed: l.bleed, Opacity: l.opacity, Rotation: l.rotation,
		}
		switch l.kind {
		case LayerText:
			n := len(f.Blocks)
			text := ""
			if _, ok := r.flowed[l.box]; !ok {
				var err error
				if text, err = execute(l.box.tmpl, data); err != nil {
					r.warn(l.name, WarnTemplate, "layer %q of template %s failed: %v; the layer is left out", l.name, r.t.Name, cleanExecErr(err))
					continue
				}
			}
			r.addBlock(f, l.box, text)
			if len(f.Blocks) == n {
				continue // empty text
			}
			b := f.Blocks[n]
			f.Blocks = f.Blocks[:n]
			out.Block = &b
		case LayerImage:
			if !r.imageLayer(&out, l, data) {
				continue
			}
		case LayerShape:
			out.Shape, out.Radius, out.StrokeWidth = l.shape, l.radius*r.sf, l.strokeWidth
			out.Fill, out.HasFill = l.fill.resolve(r.fc)
			if c, ok := l.stroke.resolve(r.fc); ok && l.strokeWidth > 0 {
				out.Stroke = c
			} else {
				out.StrokeWidth = 0
			}
			for _, p := range l.points {
				out.Points = append(out.Points, Point{out.X + p.X*r.sx, out.Y + p.Y*r.sy})
			}
		}
		f.Layers = append(f.Layers, out)
	}
}

// layerOn reports whether layer l is drawn on this card: its when:
// renders true (a layer without one always is). A when: that fails or
// renders anything else is a warning, given once, and leaves the layer
// out.
func (r *renderer) layerOn(l *layer, data *Data) bool {
	if l.when == nil {
		return true
	}
	if on, ok := r.on[l]; ok {
		return on
	}
	on := false
	out, err := execute(l.when, data)
	switch {
	case err != nil:
		r.warn(l.name, WarnTemplate, "when: of layer %q of template %s failed: %v; the layer is left out", l.name, r.t.Name, cleanExecErr(err))
	case strings.TrimSpace(out) == "true":
		on = true
	case strings.TrimSpace(out) == "false":
	default:
		r.warn(l.name, WarnTemplate, "when: of layer %q of template %s renders %q, not true or false; the layer is left out", l.name, r.t.Name, strings.TrimSpace(out))
	}
	if r.on == nil {
		r.on = map[*layer]bool{}
	}
	r.on[l] = on
	return on
}

// imageLayer finds an image layer's file for a card: a fixed file of the
// templates folder, or the path a template gives, looked up in the
// templates folder and else in the game's folder (beside the card's file
// first, as a card's image: is). A path that leads outside, or names no
// file, is a warning and the layer is left out.
func (r *renderer) imageLayer(out *Layer, l *layer, data *Data) bool {
	out.Fit, out.AnchorX, out.AnchorY = l.fit, l.anchorX, l.anchorY
	if l.fixed != "" {
		out.Image, out.ImageFS, out.ImageKey, out.ImageInTemplates = l.fixed, r.t.dir, "templates:"+r.t.File+":"+l.fixed, true
		return true
	}
	if l.image == nil {
		return false
	}
	s, err := execute(l.image, data)
	if err != nil {
		r.warn(l.name, WarnTemplate, "image of layer %q of template %s failed: %v; the layer is left out", l.name, r.t.Name, cleanExecErr(err))
		return false
	}
	if strings.TrimSpace(s) == "" {
		return false // the card has no such picture
	}
	p, msg := cleanImagePath(s)
	if msg != "" {
		r.warn(l.name, WarnImage, "image %q of layer %q %s; the layer is left out", strings.TrimSpace(s), l.name, msg)
		return false
	}
	if r.t.dir != nil {
		if st, err := fs.Stat(r.t.dir, p); err == nil && !st.IsDir() {
			out.Image, out.ImageFS, out.ImageKey, out.ImageInTemplates = p, r.t.dir, "templates:"+r.t.File+":"+p, true
			return true
		}
	}
	if r.game != nil && r.game.FS != nil {
		var tries []string
		if r.card != nil {
			if dir := cardDir(r.card, r.game); dir != "" {
				tries = append(tries, path.Join(dir, p))
			}
		}
		tries = append(tries, p)
		for _, q := range tries {
			if st, err := fs.Stat(r.game.FS, q); err == nil && !st.IsDir() {
				out.Image, out.ImageFS, out.ImageKey = q, r.game.FS, "game:"+r.game.ID+":"+q
				return true
			}
		}
	}
	r.warn(l.name, WarnImage, "image %q of layer %q is in neither the templates folder nor the game's folder; the layer is left out", p, l.name)
	return false
}

// cardDir is the folder, in the game's files, of the file a card is in.
func cardDir(c *cardsdb.Card, g *cardsdb.Game) string {
	f := c.Pos.File
	if g.Dir != "" {
		if rest, ok := strings.CutPrefix(f, g.Dir+"/"); ok {
			f = rest
		} else {
			return ""
		}
	}
	if d := path.Dir(f); d != "." {
		return d
	}
	return ""
}

// WarnImage is the Warning kind of an image layer whose file cannot be
// found or read.
const WarnImage = "layer-image"
