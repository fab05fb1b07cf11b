package pdfgeom

import (
	"github.com/deckwright/deckwright/internal/pdfcontent"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/types"
)

// Matrix is a PDF transformation matrix [a b c d e f].
type Matrix = pdfcontent.Matrix

// Point is a point on the page in millimetres from its top-left corner as
// displayed, y down.
type Point struct{ X, Y float64 }

// Rect is an axis-aligned box on the page in millimetres from its top-left
// corner as displayed, y down: X, Y is its top-left corner. It has the
// shape of pnp.Rect, so one converts to the other.
type Rect struct{ X, Y, W, H float64 }

// Color is a colour as drawn, approximated to 8-bit RGB: grey, RGB and
// CMYK (and the ICC-based and calibrated spaces with 1, 3 or 4 components)
// are converted naively, without colour management. Known is false for a
// colour this package does not convert: a pattern, a separation or DeviceN
// ink, an indexed or Lab colour.
type Color struct {
	R, G, B uint8
	Known   bool
}

// Scope says where an item was drawn: Form is the index in Page.Forms of
// the form placement whose content drew it (-1: the page's own content),
// Clip the index in Page.Clips of the innermost rectangular clip in force
// (-1: none).
type Scope struct {
	Form, Clip int
}

// Stroke is one straight stroked segment, from A to B. A path's segments
// that continue one another in a line are joined into one; a curve (c, v,
// y) is one Stroke from its start to its end, marked Curve, and Box bounds
// it as drawn (its bulge too, from the chords it is flattened into).
type Stroke struct {
	A, B   Point
	Box    Rect    // the segment's extent: a curve's bulge included
	Width  float64 // line width in mm (0: the thinnest line the device draws)
	Color  Color
	Dashed bool
	Curve  bool // a curve, from its start to its end
	Path   int  // the painting operator that drew it, numbered from 0 in the order drawn
	Scope
}

// Fill is one filled subpath: its bounding box and whether it is an
// axis-aligned rectangle. A subpath of no area is left out.
type Fill struct {
	Box   Rect
	Rect  bool // the subpath is an axis-aligned rectangle (re, or four corners joined by lines)
	Color Color
	Path  int // the painting operator that drew it, as in Stroke.Path
	Scope
}

// Clip is a clipping path that is one axis-aligned rectangle (W or W*
// over a single rectangular subpath), with what was drawn while it was in
// force, clips set inside it included. Clips of other shapes narrow the
// Visible box of the clips set after them but are not listed.
type Clip struct {
	Box     Rect // the rectangle
	Visible Rect // Box within every clip in force when it was set (and the forms' bounding boxes)
	Parent  int  // the index of the rectangular clip it was set inside, -1 none
	Form    int  // the form placement whose content set it, -1 the page
	Images  int  // images drawn inside it
	Paths   int  // painting operators (fill, stroke) inside it
	Texts   int  // text-showing operators inside it
}

// Image is one image drawn, an image XObject (Do) or an inline image (BI …
// ID … EI).
//
// Turn, Mirrored and Skewed say how the image lies on the page: an
// axis-aligned image is first flipped left to right when Mirrored, then
// turned Turn clockwise quarter turns (0 to 3). A Skewed image (sheared or
// freely rotated) has Turn 0 and no Mirrored; its Box bounds it. (pnp's
// placed.turn is Turn when neither Mirrored nor Skewed, else -1.)
type Image struct {
	Box        Rect
	Turn       int
	Mirrored   bool
	Skewed     bool
	W, H       int    // pixels, as the image's dictionary says
	BPC        int    // bits per component (0: not given)
	Filter     string // the filter names, space-separated ("DCTDecode", "FlateDecode DCTDecode"); inline abbreviations expanded
	ColorSpace string // a colour space's name (DeviceRGB, or the family of an array: ICCBased, Indexed, …); "" for a stencil mask or a resource name not resolved
	Components int    // colour components (1, 3, 4; 0 unknown)
	SMask      bool   // the image has a soft mask (/SMask)
	Masked     bool   // the image has a /Mask (a stencil image or colour key)
	Stencil    bool   // the image is a stencil mask (/ImageMask true): a shape painted in the fill colour, not a picture
	Inline     bool   // an inline image; Obj and Name are zero
	Name       string // the XObject's resource name
	Obj        types.IndirectRef
	Scope
}

// Form is one placement of a form XObject, whose content is read as part
// of the page (its /Matrix and /BBox applied, its own resources used).
type Form struct {
	Name   string // the resource name it was drawn by
	Obj    types.IndirectRef
	Box    Rect   // its /BBox as placed (the bounding box of the mapped box)
	M      Matrix // maps the form's space to the page's millimetres (y down)
	Depth  int    // 1: drawn by the page's content, 2: by a form drawn by the page, …
	Parent int    // the form placement that drew it, -1 the page
	Clip   int    // the innermost rectangular clip in force where it was drawn, -1 none
}

// Text is one text-showing operator (Tj, TJ, ', "). Its extent is an
// estimate: the font is not read, each glyph is taken as half the font
// size wide, from 0.2 of the size below the baseline to 0.8 above it.
type Text struct {
	Origin    Point   // where the first glyph's baseline starts
	Box       Rect    // the estimated extent
	Size      float64 // the font size as drawn, in mm
	Glyphs    int     // glyphs shown (bytes; 2 a glyph in a Type0 font)
	Invisible bool    // drawn with render mode 3 (neither filled nor stroked: the text layer of a scan)
	Scope
}

// Shading is a shading painted with sh: its box is the bounding box of the
// clip in force (the page when none), since sh paints all of it; the
// shading's own extent is not read.
type Shading struct {
	Box Rect
	Scope
}

// Page is what one page of a PDF draws, as geometry. Every position is in
// millimetres from the page's top-left corner as displayed: after its
// /Rotate, from its crop box's corner, y down.
type Page struct {
	Nr     int
	W, H   float64 // the page's size as displayed, in mm
	Rotate int     // its /Rotate: 0, 90, 180 or 270 (clockwise)

	Strokes  []Stroke
	Fills    []Fill
	Clips    []Clip
	Images   []Image
	Forms    []Form
	Texts    []Text
	Shadings []Shading

	// Cost is what reading the page took (see Check).
	Cost Expansion
}
