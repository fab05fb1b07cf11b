package art

import (
	"errors"
	"fmt"
	"image"
	"image/color"

	"github.com/srwiley/rasterx"
	"golang.org/x/image/math/fixed"
	"golang.org/x/image/vector"
)

// Limits on drawing an SVG, checked before a pixel is filled (see
// svgCanvas): each path costs the pixels of its extent on the image, and
// its lines.
const (
	// MaxSVGFillPixels bounds the pixels all the paths of an SVG cover
	// together, each counted over its extent (a path the size of a poker
	// card at 300 DPI covers 0.84 million): filling them takes about a
	// second a billion.
	MaxSVGFillPixels = 1_000_000_000
	// MaxSVGLines bounds the straight lines an SVG's paths become once
	// their curves are flattened and their strokes outlined and dashed.
	MaxSVGLines = 4_000_000
)

// svgBytesPerPixel is what drawing an SVG takes a pixel of its image: the
// RGBA image, and x/image/vector's float and integer coverage buffers
// (for a path as large as the image).
const svgBytesPerPixel = 4 + 4 + 4

// errSVGLines stops oksvg's drawing when the lines pass MaxSVGLines; the
// rasterx Adder interface has no error to return.
var errSVGLines = errors.New("svg: too many lines")

// svgCanvas is the rasterx.Scanner oksvg draws an SVG's paths into. It
// records each path first (its lines, its colour and its extent), so that
// the cost of the whole drawing is known, and bounded, before a pixel is
// filled (see cost); then fill fills each path over its own extent only.
// rasterx's own ScannerGV fills the whole image for every path, through
// image/draw's slowest path (pixel by pixel) for the NRGBA image deckwright
// gave it: 0.2 s a path at 300 DPI, minutes for an SVG of a few thousand
// shapes. svgCanvas fills an RGBA image, x/image/vector's fast path for a
// uniform colour.
type svgCanvas struct {
	w, h  int
	pts   []fixed.Point26_6 // the points of every path recorded, in order
	start []bool            // start[i]: pts[i] begins a subpath (Start)
	paths []svgFill
	first int // where the current path's points begin in pts
	// the current path's extent, and the colour set for it
	min, max fixed.Point26_6
	src      image.Image
	// pixels is the sum of the recorded paths' extents on the image;
	// lines counts every point added, kept or not
	pixels int64
	lines  int
}

// svgFill is one path recorded: pts[from:to], filled with src over rect.
type svgFill struct {
	from, to int
	rect     image.Rectangle
	src      image.Image
}

func newSVGCanvas(w, h int) *svgCanvas {
	c := &svgCanvas{w: w, h: h, src: image.NewUniform(color.Black)}
	c.Clear()
	return c
}

// Start begins a subpath at a.
func (c *svgCanvas) Start(a fixed.Point26_6) { c.add(a, true) }

// Line adds a line to b.
func (c *svgCanvas) Line(b fixed.Point26_6) { c.add(b, false) }

func (c *svgCanvas) add(p fixed.Point26_6, start bool) {
	if c.lines++; c.lines > MaxSVGLines {
		panic(errSVGLines) // caught by drawSVG
	}
	c.pts = append(c.pts, p)
	c.start = append(c.start, start)
	c.min.X, c.min.Y = min(c.min.X, p.X), min(c.min.Y, p.Y)
	c.max.X, c.max.Y = max(c.max.X, p.X), max(c.max.Y, p.Y)
}

// Draw ends the current path: it is kept, with its colour and its extent
// on the image, to be filled later.
func (c *svgCanvas) Draw() {
	if len(c.pts) > c.first {
		r := image.Rect(c.min.X.Floor(), c.min.Y.Floor(), c.max.X.Ceil()+1, c.max.Y.Ceil()+1).Intersect(image.Rect(0, 0, c.w, c.h))
		if !r.Empty() {
			c.paths = append(c.paths, svgFill{from: c.first, to: len(c.pts), rect: r, src: c.src})
			c.pixels += int64(r.Dx()) * int64(r.Dy())
		} else {
			// wholly outside the image: nothing to keep
			c.pts, c.start = c.pts[:c.first], c.start[:c.first]
		}
	}
	c.Clear()
}

// GetPathExtent returns the current path's extent (gradients in object
// units are fitted to it).
func (c *svgCanvas) GetPathExtent() fixed.Rectangle26_6 {
	return fixed.Rectangle26_6{Min: c.min, Max: c.max}
}

// SetBounds is the image's size, set by newSVGCanvas.
func (c *svgCanvas) SetBounds(w, h int) {}

// SetColor sets the colour of the current path: a color.Color or a
// rasterx.ColorFunc (a gradient).
func (c *svgCanvas) SetColor(clr interface{}) {
	switch v := clr.(type) {
	case color.Color:
		c.src = image.NewUniform(v)
	case rasterx.ColorFunc:
		c.src = svgColorFunc(v)
	}
}

// SetWinding is ignored, as by rasterx's ScannerGV: x/image/vector fills
// by the non-zero rule.
func (c *svgCanvas) SetWinding(bool) {}

// SetClip is not used by oksvg.
func (c *svgCanvas) SetClip(image.Rectangle) {}

// Clear drops the current path's points not yet drawn.
func (c *svgCanvas) Clear() {
	if len(c.paths) > 0 {
		c.first = c.paths[len(c.paths)-1].to
	} else {
		c.first = 0
	}
	c.pts, c.start = c.pts[:c.first], c.start[:c.first]
	const big = fixed.Int26_6(1<<31 - 1)
	c.min, c.max = fixed.Point26_6{X: big, Y: big}, fixed.Point26_6{X: -big, Y: -big}
}

// cost checks what filling the recorded paths takes against
// MaxSVGFillPixels.
func (c *svgCanvas) cost() error {
	if c.pixels > MaxSVGFillPixels {
		return fmt.Errorf("its %d shapes cover %.1f billion pixels at this size (%.0f times the card), over the limit of %.0f billion: simplify it (fewer or smaller shapes), or save it as PNG",
			len(c.paths), float64(c.pixels)/1e9, float64(c.pixels)/float64(c.w*c.h), float64(MaxSVGFillPixels)/1e9)
	}
	return nil
}

// fill fills the recorded paths into dst, in order, each over its extent.
func (c *svgCanvas) fill(dst *image.RGBA) {
	var z vector.Rasterizer
	for _, p := range c.paths {
		r := p.rect
		z.Reset(r.Dx(), r.Dy())
		ox, oy := float32(r.Min.X), float32(r.Min.Y)
		for i := p.from; i < p.to; i++ {
			x, y := float32(c.pts[i].X)/64-ox, float32(c.pts[i].Y)/64-oy
			if c.start[i] {
				z.MoveTo(x, y)
			} else {
				z.LineTo(x, y)
			}
		}
		z.Draw(dst, r, p.src, r.Min)
	}
}

// svgColorFunc is a gradient as an image: the colour at each point.
type svgColorFunc rasterx.ColorFunc

func (f svgColorFunc) ColorModel() color.Model { return color.RGBAModel }
func (f svgColorFunc) Bounds() image.Rectangle {
	return image.Rect(-1<<30, -1<<30, 1<<30, 1<<30)
}
func (f svgColorFunc) At(x, y int) color.Color { return f(x, y) }
