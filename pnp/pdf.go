package pnp

import (
	"bytes"
	"errors"
	"fmt"
	"image"
	"image/jpeg"
	"math"
	"os"
	"strings"
	"sync"

	"github.com/deckwright/deckwright/internal/pdfgeom"
	scaledjpeg "github.com/deckwright/deckwright/third_party/jpeg"
	"github.com/disintegration/imaging"
	"github.com/pdfcpu/pdfcpu/pkg/api"
	"github.com/pdfcpu/pdfcpu/pkg/filter"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/model"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/types"
)

// ptPerMM converts PDF points to millimetres.
const ptPerMM = 72 / 25.4

var disableConfig sync.Once

// pdfFile is an opened PDF: its pages' sizes, read with pdfcpu.
type pdfFile struct {
	path  string
	ctx   *model.Context
	pages int
	// geomMu keeps geometry's reads of the XRefTable one at a time.
	geomMu sync.Mutex
}

// openPDF reads a PDF's structure with pdfcpu. An encrypted PDF that needs
// a password, or one pdfcpu cannot parse, is an error naming the file.
func openPDF(path string) (f *pdfFile, err error) {
	disableConfig.Do(api.DisableConfigDir) // never touch the user's config folder
	file, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer file.Close()
	defer func() {
		if r := recover(); r != nil {
			f, err = nil, fmt.Errorf("%s: not a readable PDF (%v)", path, r)
		}
	}()
	conf := model.NewDefaultConfiguration()
	conf.Cmd = model.LISTIMAGES
	ctx, err := api.ReadContext(file, conf)
	if err != nil {
		if errors.Is(err, pdfcpu.ErrWrongPassword) || strings.Contains(err.Error(), "password") {
			return nil, fmt.Errorf("%s: the PDF is encrypted with a password; remove it first (for example qpdf --decrypt --password=PASSWORD in.pdf out.pdf)", path)
		}
		return nil, fmt.Errorf("%s: not a readable PDF: %s", path, firstLine(err.Error()))
	}
	if err := ctx.EnsurePageCount(); err != nil {
		return nil, fmt.Errorf("%s: not a readable PDF: cannot count its pages: %s", path, firstLine(err.Error()))
	}
	if ctx.PageCount < 1 {
		return nil, fmt.Errorf("%s: the PDF has no pages", path)
	}
	return &pdfFile{path: path, ctx: ctx, pages: ctx.PageCount}, nil
}

func firstLine(s string) string {
	s, _, _ = strings.Cut(s, "\n")
	return s
}

// pdfPage is what Import needs of one page: its size as shown (after its
// /Rotate), and the images its content stream draws.
type pdfPage struct {
	nr      int
	w, h    float64 // mm, as displayed
	rotate  int     // the page's /Rotate, 0, 90, 180 or 270
	images  []placed
	text    bool // the page shows text (drawn over or beside images)
	forms   bool // the page draws form XObjects, whose content is not read
	maxSide int  // the largest image drawn, in pixels (width*height)
	// shapes are the cards the page states in its shapes (see
	// geometryGrid), once shapesRead.
	shapes     []pdfgeom.Rect
	shapesRead bool
	// trimBox is the page's TrimBox in mm from its top-left corner, when
	// it lies inside the page by more than a mm; else zero.
	trimBox Rect
}

// placed is one image XObject drawn on a page: where (in mm from the page's
// top left, y down), turned how, and what it is.
type placed struct {
	box    Rect
	turn   int // clockwise quarter turns of the image as it lies on the page
	w, h   int // pixels
	filter string
	cs     string
	smask  bool
	obj    types.IndirectRef
}

func (r Rect) cx() float64 { return r.X + r.W/2 }
func (r Rect) cy() float64 { return r.Y + r.H/2 }

// page reads page nr's size and image placements.
func (f *pdfFile) page(nr int) (p *pdfPage, err error) {
	defer func() {
		if r := recover(); r != nil {
			p, err = nil, fmt.Errorf("page %d: unreadable (%v)", nr, r)
		}
	}()
	xt := f.ctx.XRefTable
	d, _, inh, err := xt.PageDict(nr, false)
	if err != nil || d == nil {
		return nil, fmt.Errorf("page %d: unreadable page: %v", nr, err)
	}
	p = &pdfPage{nr: nr}
	box := inh.MediaBox
	if box == nil {
		return nil, fmt.Errorf("page %d: no page size (MediaBox)", nr)
	}
	if inh.CropBox != nil {
		box = inh.CropBox
	}
	pw, ph := box.Width()/ptPerMM, box.Height()/ptPerMM
	p.rotate = ((inh.Rotate % 360) + 360) % 360
	if p.rotate == 90 || p.rotate == 270 {
		p.w, p.h = ph, pw
	} else {
		p.w, p.h = pw, ph
	}
	if !(p.w > 1 && p.h > 1 && p.w < 10000 && p.h < 10000) {
		return nil, fmt.Errorf("page %d: page size %.0fx%.0f mm is not a sheet of paper", nr, p.w, p.h)
	}
	if a := d.ArrayEntry("TrimBox"); a != nil && p.rotate == 0 {
		if r, err := xt.RectForArray(a); err == nil && r != nil {
			t := Rect{X: (r.LL.X - box.LL.X) / ptPerMM, Y: (box.UR.Y - r.UR.Y) / ptPerMM, W: r.Width() / ptPerMM, H: r.Height() / ptPerMM}
			if t.X >= 1 && t.Y >= 1 && t.X+t.W <= p.w-1 && t.Y+t.H <= p.h-1 && t.W > 1 && t.H > 1 {
				p.trimBox = t
			}
		}
	}
	content, err := pageContent(xt, d, maxContentBytes)
	if err != nil {
		if errors.Is(err, model.ErrNoContent) {
			return p, nil
		}
		return nil, fmt.Errorf("page %d: unreadable content: %s", nr, firstLine(err.Error()))
	}
	xobjs := map[string]types.Dict{}
	refs := map[string]types.IndirectRef{}
	if res := inh.Resources; res != nil {
		if o, ok := res.Find("XObject"); ok {
			xd, err := xt.DereferenceDict(o)
			if err == nil {
				for name, v := range xd {
					ref, ok := v.(types.IndirectRef)
					if !ok {
						continue
					}
					sd, _, err := xt.DereferenceStreamDict(ref)
					if err != nil || sd == nil {
						continue
					}
					xobjs[name] = sd.Dict
					refs[name] = ref
				}
			}
		}
	}
	if p.rotate != 0 {
		// Placements are in the unrotated page's space; such pages are
		// rasterized (pdftoppm turns them) rather than read here.
		p.forms = true
		return p, nil
	}
	err = scanContent(content, func(op string, ctm matrix, name string) {
		switch op {
		case "text":
			p.text = true
		case "Do":
			d, ok := xobjs[name]
			if !ok {
				return
			}
			st := d.NameEntry("Subtype")
			if st == nil || *st != "Image" {
				p.forms = true
				return
			}
			pl := placed{obj: refs[name]}
			if v := d.IntEntry("Width"); v != nil {
				pl.w = *v
			}
			if v := d.IntEntry("Height"); v != nil {
				pl.h = *v
			}
			pl.filter = filterName(xt, d)
			if cs, ok := d.Find("ColorSpace"); ok {
				if n, ok := cs.(types.Name); ok {
					pl.cs = string(n)
				}
			}
			_, pl.smask = d.Find("SMask")
			if m, ok := d.Find("ImageMask"); ok {
				if b, ok := m.(types.Boolean); ok && bool(b) {
					return // a stencil mask is a shape, not a picture
				}
			}
			pl.box, pl.turn = placement(ctm, ph*ptPerMM)
			if pl.w*pl.h > p.maxSide {
				p.maxSide = pl.w * pl.h
			}
			p.images = append(p.images, pl)
		}
	})
	if err != nil {
		return nil, fmt.Errorf("page %d: unreadable content: %v", nr, err)
	}
	return p, nil
}

// maxContentBytes bounds the inflated size of one page's content
// streams: a page of cards takes a few hundred kilobytes, while a small
// PDF can hold a stream that inflates to gigabytes. Tests lower it.
var maxContentBytes int64 = 64 << 20

// pageContent returns the content of the page dictionary d, its streams
// inflated and joined, refusing more than budget bytes in all: each
// stream is decoded with what is left of the budget as its limit, so a
// stream that inflates past it stops there instead of filling memory
// (pdfcpu's own PageContent decodes every stream whole).
func pageContent(xt *model.XRefTable, d types.Dict, budget int64) ([]byte, error) {
	o, _ := d.Find("Contents")
	if o == nil {
		return nil, model.ErrNoContent
	}
	o, err := xt.Dereference(o)
	if err != nil || o == nil {
		return nil, model.ErrNoContent
	}
	var streams []types.Object
	switch o := o.(type) {
	case types.StreamDict:
		streams = []types.Object{o}
	case types.Array:
		streams = o
	default:
		return nil, fmt.Errorf("contents is a %T, not a stream", o)
	}
	var out []byte
	for _, so := range streams {
		if so == nil {
			continue
		}
		sd, _, err := xt.DereferenceStreamDict(so)
		if err != nil {
			return nil, err
		}
		if sd == nil {
			continue
		}
		left := budget - int64(len(out))
		if left < 1 || int64(len(sd.Raw)) > left {
			return nil, fmt.Errorf("its content streams hold more than %d MB", budget>>20)
		}
		// A copy: decoding sets sd.Content on the copy, not on the
		// table's entry, so the inflated bytes are not kept.
		c := *sd
		c.Content = nil
		if err := c.DecodeWithLimit(left); err != nil {
			if errors.Is(err, filter.ErrDecodeLimitExceeded) {
				return nil, fmt.Errorf("its content streams inflate to more than %d MB", budget>>20)
			}
			return nil, err
		}
		if int64(len(c.Content)) > left {
			return nil, fmt.Errorf("its content streams inflate to more than %d MB", budget>>20)
		}
		out = append(out, c.Content...)
		out = append(out, '\n')
	}
	return out, nil
}

func filterName(xt *model.XRefTable, d types.Dict) string {
	o, ok := d.Find("Filter")
	if !ok {
		return ""
	}
	o, _ = xt.Dereference(o)
	switch v := o.(type) {
	case types.Name:
		return string(v)
	case types.Array:
		var parts []string
		for _, e := range v {
			if n, ok := e.(types.Name); ok {
				parts = append(parts, string(n))
			}
		}
		return strings.Join(parts, " ")
	}
	return ""
}

// placement works out where the unit square, mapped by ctm, lies on a page
// of height hPt points, in mm from the top left, and how many clockwise
// quarter turns take the image's top-left corner to where it landed. A
// skewed or freely rotated image gets its bounding box and turn -1.
func placement(ctm matrix, hPt float64) (Rect, int) {
	toMM := func(x, y float64) (float64, float64) { return x / ptPerMM, (hPt - y) / ptPerMM }
	x0, y0 := math.Inf(1), math.Inf(1)
	x1, y1 := math.Inf(-1), math.Inf(-1)
	for _, c := range [][2]float64{{0, 0}, {1, 0}, {0, 1}, {1, 1}} {
		x, y := toMM(ctm.Apply(c[0], c[1]))
		x0, y0, x1, y1 = math.Min(x0, x), math.Min(y0, y), math.Max(x1, x), math.Max(y1, y)
	}
	r := Rect{X: x0, Y: y0, W: x1 - x0, H: y1 - y0}
	axis := math.Abs(ctm[1]) < 1e-6*math.Abs(ctm[0]) && math.Abs(ctm[2]) < 1e-6*math.Abs(ctm[3]) ||
		math.Abs(ctm[0]) < 1e-6*math.Abs(ctm[1]) && math.Abs(ctm[3]) < 1e-6*math.Abs(ctm[2])
	if !axis {
		return r, -1
	}
	// The image's top-left corner is (0, 1) in image space; its top-right
	// (1, 1) tells a mirrored image from a turned one.
	tx, ty := toMM(ctm.Apply(0, 1))
	rx, ry := toMM(ctm.Apply(1, 1))
	near := func(a, b float64) bool { return math.Abs(a-b) < 0.05 }
	left, top := near(tx, x0), near(ty, y0)
	switch {
	case left && top && near(ry, y0) && !near(rx, x0):
		return r, 0
	case !left && top && near(rx, x1) && !near(ry, y0):
		return r, 1
	case !left && !top && near(ry, y1) && !near(rx, x1):
		return r, 2
	case left && !top && near(rx, x0) && !near(ry, y1):
		return r, 3
	}
	return r, -1 // mirrored
}

// native reports whether the image can be decoded from its own bytes: a
// baseline or progressive JPEG in RGB or grey, without a soft mask.
func (pl placed) native() bool {
	return pl.filter == "DCTDecode" && !pl.smask && (pl.cs == "DeviceRGB" || pl.cs == "DeviceGray") && pl.turn >= 0
}

// decodeNative decodes a native image at its own resolution and turns it
// as it lies on the page.
func (f *pdfFile) decodeNative(pl placed) (img image.Image, err error) {
	defer func() {
		if r := recover(); r != nil {
			img, err = nil, fmt.Errorf("unreadable image (%v)", r)
		}
	}()
	sd, _, err := f.ctx.XRefTable.DereferenceStreamDict(pl.obj)
	if err != nil || sd == nil {
		return nil, fmt.Errorf("unreadable image: %v", err)
	}
	// The PDF's Width and Height are only what the file says: the cap
	// is checked against the JPEG's own header before decoding it.
	cfg, err := jpeg.DecodeConfig(bytes.NewReader(sd.Raw))
	if err != nil {
		return nil, fmt.Errorf("unreadable JPEG image: %v", err)
	}
	if cfg.Width*cfg.Height > maxPixels {
		return nil, fmt.Errorf("an image of %d megapixels (its JPEG is %dx%d pixels, its PDF entry says %dx%d) is over the cap of %d", cfg.Width*cfg.Height/1_000_000, cfg.Width, cfg.Height, pl.w, pl.h, maxPixels/1_000_000)
	}
	img, err = scaledjpeg.Decode(bytes.NewReader(sd.Raw))
	if err != nil {
		return nil, fmt.Errorf("unreadable JPEG image: %v", err)
	}
	switch pl.turn {
	case 1:
		img = imaging.Rotate270(img)
	case 2:
		img = imaging.Rotate180(img)
	case 3:
		img = imaging.Rotate90(img)
	}
	return img, nil
}
