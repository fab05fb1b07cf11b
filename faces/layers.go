package faces

import (
	"encoding/binary"
	"fmt"
	"image"
	"image/color"
	"io/fs"
	"math"
	"sync"

	"github.com/disintegration/imaging"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/font/sfnt"
	"golang.org/x/image/vector"

	"github.com/deckwright/deckwright/art"
	"github.com/deckwright/deckwright/cardsdb"
	"github.com/deckwright/deckwright/templates"
)

// pictures caches the pictures of image layers as drawn for every Render
// (a faction's frame is drawn on many cards, and exports draw in
// batches); a picture is known by its file's path, size and time, so a
// file saved again (serve's live preview) is read again.
var pictures = &layerPics{}

// layerPics caches the pictures of image layers as drawn; it holds at most
// maxLayerPics, as an art window is one card's.
type layerPics struct {
	mu   sync.Mutex
	pics map[layerPicKey]*layerPic
}

const maxLayerPics = 32

type layerPicKey struct {
	file   string
	stamp  string // the file's size and time
	px     image.Point
	pad    [4]int
	fit    string
	ax, ay float64
}

type layerPic struct {
	uses int // how many faces asked for it (under layerPics.mu)
	once sync.Once
	img  *image.NRGBA
	err  error
}

func (c *layerPics) get(l templates.Layer, px image.Point, pad [4]int) (*image.NRGBA, error) {
	stamp := ""
	if l.ImageFS != nil {
		if st, err := fs.Stat(l.ImageFS, l.Image); err == nil {
			stamp = fmt.Sprint(st.Size(), st.ModTime().UnixNano())
		}
	}
	k := layerPicKey{l.ImageKey, stamp, px, pad, l.Fit, l.AnchorX, l.AnchorY}
	c.mu.Lock()
	if c.pics == nil {
		c.pics = map[layerPicKey]*layerPic{}
	}
	if len(c.pics) >= maxLayerPics {
		// Forget the pictures used once (one card's art) first, and keep
		// those shared by many cards (frames).
		for k, p := range c.pics {
			if p.uses <= 1 {
				delete(c.pics, k)
			}
		}
		if len(c.pics) >= maxLayerPics/2 {
			clear(c.pics)
		}
	}
	p := c.pics[k]
	if p == nil {
		p = &layerPic{}
		c.pics[k] = p
	}
	p.uses++
	c.mu.Unlock()
	p.once.Do(func() {
		spec := art.LayerSpec{FS: l.ImageFS, Path: l.Image, Fit: l.Fit, AnchorX: l.AnchorX, AnchorY: l.AnchorY}
		li, err := art.PrepareLayer(spec, px, pad, false)
		if err != nil {
			p.err = err
			return
		}
		p.img = li.Image
	})
	return p.img, p.err
}

// layer draws one layer of a face on a trimmed card of size: directly
// when it is opaque and not turned, else on a sheet of its own that is
// turned and laid over at its opacity.
func (c *canvas) layer(l templates.Layer, size cardsdb.Size, bleed float64) {
	if l.Opacity >= 1 && l.Rotation == 0 {
		c.layerDirect(l, size, bleed)
		return
	}
	if l.Opacity <= 0 {
		return
	}
	sheet := *c
	sheet.img = image.NewNRGBA(c.img.Rect)
	sheet.layerDirect(l, size, bleed)
	src := sheet.img
	at := image.Point{}
	if l.Rotation != 0 {
		// Turn a square around the layer's centre that holds it whatever
		// the angle.
		cx, cy := c.ox+(l.X+l.W/2)*c.sx, c.oy+(l.Y+l.H/2)*c.sy
		_, _, lw, lh := l.Rect(size, bleed)
		half := math.Ceil(math.Hypot(lw*c.sx, lh*c.sy)/2) + 2
		sq := image.Rect(int(cx-half), int(cy-half), int(cx+half), int(cy+half))
		sub := imaging.Crop(sheet.img, sq)
		// imaging turns counter-clockwise; a layer's rotation is clockwise.
		turned := imaging.Rotate(sub, -l.Rotation, color.NRGBA{})
		tb := turned.Bounds()
		at = image.Pt(int(math.Round(cx-float64(tb.Dx())/2)), int(math.Round(cy-float64(tb.Dy())/2)))
		src = turned
	}
	b := src.Bounds()
	over(c.img, b.Sub(b.Min).Add(at), src, b.Min, min(1, l.Opacity))
}

// over lays src (from sp) over dst in r at opacity alpha (0 to 1), as
// draw.Over does, without image/draw's slow path for NRGBA.
func over(dst *image.NRGBA, r image.Rectangle, src *image.NRGBA, sp image.Point, alpha float64) {
	clipped := r.Intersect(dst.Rect)
	sp = sp.Add(clipped.Min.Sub(r.Min))
	r = clipped.Intersect(src.Rect.Sub(sp).Add(clipped.Min))
	if r.Empty() {
		return
	}
	k := uint32(math.Round(alpha * 255))
	for y := r.Min.Y; y < r.Max.Y; y++ {
		di := dst.PixOffset(r.Min.X, y)
		si := src.PixOffset(sp.X+r.Min.X-clipped.Min.X, sp.Y+y-clipped.Min.Y)
		for x := r.Min.X; x < r.Max.X; x, di, si = x+1, di+4, si+4 {
			if k == 255 && src.Pix[si+3] == 255 {
				// A run of opaque pixels (most of a frame) is copied
				// as it is, alpha and all.
				n := 1
				for x+n < r.Max.X && src.Pix[si+4*n+3] == 255 {
					n++
				}
				copy(dst.Pix[di:di+4*n], src.Pix[si:si+4*n])
				n--
				x, di, si = x+n, di+4*n, si+4*n
				continue
			}
			sa := uint32(src.Pix[si+3]) * k / 255
			if sa == 0 {
				continue
			}
			d := dst.Pix[di : di+4 : di+4]
			if sa == 255 {
				d[0], d[1], d[2], d[3] = src.Pix[si], src.Pix[si+1], src.Pix[si+2], 255
				continue
			}
			da := uint32(d[3])
			oa := sa*255 + da*(255-sa) // out alpha, times 255
			for i := range 3 {
				sc, dc := uint32(src.Pix[si+i]), uint32(d[i])
				d[i] = uint8((sc*sa*255 + dc*da*(255-sa) + oa/2) / oa)
			}
			d[3] = uint8((oa + 127) / 255)
		}
	}
}

// layerDirect draws a layer as it is, opaque and not turned.
func (c *canvas) layerDirect(l templates.Layer, size cardsdb.Size, bleed float64) {
	lx, ly, lw, lh := l.Rect(size, bleed)
	switch l.Kind {
	case templates.LayerImage:
		// The layer's own pixels, and the bleed around them.
		x0, y0 := int(math.Round(c.ox+l.X*c.sx)), int(math.Round(c.oy+l.Y*c.sy))
		x1, y1 := int(math.Round(c.ox+(l.X+l.W)*c.sx)), int(math.Round(c.oy+(l.Y+l.H)*c.sy))
		bx0, by0 := int(math.Round(c.ox+lx*c.sx)), int(math.Round(c.oy+ly*c.sy))
		bx1, by1 := int(math.Round(c.ox+(lx+lw)*c.sx)), int(math.Round(c.oy+(ly+lh)*c.sy))
		px := image.Pt(x1-x0, y1-y0)
		if px.X < 1 || px.Y < 1 || c.pics == nil {
			return
		}
		pad := [4]int{x0 - bx0, y0 - by0, bx1 - x1, by1 - y1}
		x0, y0, x1, y1 = bx0, by0, bx1, by1
		img, err := c.pics.get(l, px, pad)
		if err != nil {
			c.layerErrs = append(c.layerErrs, fmt.Errorf("image %s of layer %q: %w; the layer is left out", l.Image, l.Name, err))
			return
		}
		over(c.img, image.Rect(x0, y0, x1, y1), img, img.Rect.Min, 1)
	case templates.LayerShape:
		c.shape(l, lx, ly, lw, lh)
	case templates.LayerText:
		if l.Block != nil {
			c.block(*l.Block)
		}
	}
}

// shape fills and strokes a shape layer as the PDF writer draws it: the
// stroke centred on the outline, polygons and lines with round joins.
func (c *canvas) shape(l templates.Layer, lx, ly, lw, lh float64) {
	grown := l
	grown.X, grown.Y, grown.W, grown.H = lx, ly, lw, lh
	if l.Shape == templates.ShapeRounded {
		grown.Radius = min(l.Radius, lw/2, lh/2)
	}
	if l.HasFill && l.Shape != templates.ShapeLine {
		c.fillPaths(rgb(l.Fill), grown.Outline(0))
	}
	if l.StrokeWidth <= 0 {
		return
	}
	hw := l.StrokeWidth / 2
	switch l.Shape {
	case templates.ShapeRect, templates.ShapeRounded, templates.ShapeEllipse:
		// The edges of a stroke centred on the outline: for a rounded
		// rectangle, corners of the radius plus and less half the line.
		outer, inner := grown.Outline(hw), grown.Outline(-hw)
		c.fillPaths(rgb(l.Stroke), outer, reversed(inner))
	case templates.ShapePolygon:
		pts := append(append([]templates.Point{}, l.Points...), l.Points[0])
		c.fillPaths(rgb(l.Stroke), strokePaths(pts, hw)...)
	case templates.ShapeLine:
		c.fillPaths(rgb(l.Stroke), strokePaths(l.Points, hw)...)
	}
}

// strokePaths are the pieces of a stroke hw mm either side of the
// polyline pts: a quadrilateral per segment and a disc at each joint.
func strokePaths(pts []templates.Point, hw float64) [][]templates.Point {
	var out [][]templates.Point
	for i := 0; i+1 < len(pts); i++ {
		a, b := pts[i], pts[i+1]
		dx, dy := b.X-a.X, b.Y-a.Y
		n := math.Hypot(dx, dy)
		if n == 0 {
			continue
		}
		nx, ny := -dy/n*hw, dx/n*hw
		out = append(out, clockwise([]templates.Point{{X: a.X + nx, Y: a.Y + ny}, {X: b.X + nx, Y: b.Y + ny}, {X: b.X - nx, Y: b.Y - ny}, {X: a.X - nx, Y: a.Y - ny}}))
	}
	for i := 1; i+1 < len(pts); i++ {
		disc := make([]templates.Point, 24)
		for k := range disc {
			a := float64(k) * 2 * math.Pi / 24
			disc[k] = templates.Point{X: pts[i].X + hw*math.Cos(a), Y: pts[i].Y + hw*math.Sin(a)}
		}
		out = append(out, clockwise(disc))
	}
	return out
}

// clockwise returns the polygon turning one way (positive area on the
// page), so that overlapping pieces add up instead of cancelling.
func clockwise(p []templates.Point) []templates.Point {
	a := 0.0
	for i := range p {
		j := (i + 1) % len(p)
		a += p[i].X*p[j].Y - p[j].X*p[i].Y
	}
	if a < 0 {
		return reversed(p)
	}
	return p
}

func reversed(p []templates.Point) []templates.Point {
	out := make([]templates.Point, len(p))
	for i, q := range p {
		out[len(p)-1-i] = q
	}
	return out
}

// fillPaths fills closed paths in mm on the card with col, anti-aliased;
// where paths overlap the coverage is their sum, at most full. Only the
// paths' bounding box is rasterised, into a mask, then blended.
func (c *canvas) fillPaths(col color.NRGBA, paths ...[]templates.Point) {
	minX, minY, maxX, maxY := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	for _, p := range paths {
		if len(p) < 3 {
			continue
		}
		for _, q := range p {
			x, y := c.ox+q.X*c.sx, c.oy+q.Y*c.sy
			minX, minY, maxX, maxY = min(minX, x), min(minY, y), max(maxX, x), max(maxY, y)
		}
	}
	box := image.Rect(int(math.Floor(minX)), int(math.Floor(minY)), int(math.Ceil(maxX))+1, int(math.Ceil(maxY))+1).Intersect(c.img.Rect)
	if box.Empty() {
		return
	}
	mask := masks.get(box, c, paths)
	for y := 0; y < box.Dy(); y++ {
		row := mask.Pix[y*mask.Stride : y*mask.Stride+box.Dx()]
		di := c.img.PixOffset(box.Min.X, box.Min.Y+y)
		for x, a := range row {
			switch a {
			case 0:
			case 255:
				d := c.img.Pix[di+4*x : di+4*x+4 : di+4*x+4]
				d[0], d[1], d[2], d[3] = col.R, col.G, col.B, 0xff
			default:
				c.blend(box.Min.X+x, box.Min.Y+y, col, float64(a)/255)
			}
		}
	}
}

// masks caches the coverage of shapes' paths: a template's shapes (a
// cost badge, a text panel) fall on the same pixels of every card drawn
// at one size, and rasterising them was as much work as laying them on.
var masks = &maskCache{}

// maskCache holds at most maxMasks masks, by the paths' pixel
// coordinates in their box.
type maskCache struct {
	mu sync.Mutex
	m  map[string]*image.Alpha
}

const maxMasks = 64

// get returns the coverage of paths (in mm on c) in box.
func (mc *maskCache) get(box image.Rectangle, c *canvas, paths [][]templates.Point) *image.Alpha {
	at := func(q templates.Point) (float32, float32) {
		return float32(c.ox + q.X*c.sx - float64(box.Min.X)), float32(c.oy + q.Y*c.sy - float64(box.Min.Y))
	}
	key := make([]byte, 0, 16+8*len(paths)*8)
	key = binary.LittleEndian.AppendUint32(key, uint32(box.Dx()))
	key = binary.LittleEndian.AppendUint32(key, uint32(box.Dy()))
	for _, p := range paths {
		if len(p) < 3 {
			continue
		}
		key = binary.LittleEndian.AppendUint32(key, uint32(len(p)))
		for _, q := range p {
			x, y := at(q)
			key = binary.LittleEndian.AppendUint32(key, math.Float32bits(x))
			key = binary.LittleEndian.AppendUint32(key, math.Float32bits(y))
		}
	}
	mc.mu.Lock()
	mask := mc.m[string(key)]
	mc.mu.Unlock()
	if mask != nil {
		return mask
	}
	z := vector.NewRasterizer(box.Dx(), box.Dy())
	for _, p := range paths {
		if len(p) < 3 {
			continue
		}
		z.MoveTo(at(p[0]))
		for _, q := range p[1:] {
			z.LineTo(at(q))
		}
		z.ClosePath()
	}
	mask = image.NewAlpha(image.Rectangle{Max: box.Size()})
	z.Draw(mask, mask.Rect, image.Opaque, image.Point{})
	mc.mu.Lock()
	if mc.m == nil || len(mc.m) >= maxMasks {
		mc.m = map[string]*image.Alpha{}
	}
	mc.m[string(key)] = mask
	mc.mu.Unlock()
	return mask
}

// userFonts are the template fonts parsed for drawing, by name.
var userFonts sync.Map // name -> *sfnt.Font (nil when it does not parse)

func userFont(name string, data []byte) *sfnt.Font {
	if f, ok := userFonts.Load(name); ok {
		return f.(*sfnt.Font)
	}
	f, err := opentype.Parse(data)
	if err != nil {
		f = nil
	}
	userFonts.Store(name, f)
	return f
}
