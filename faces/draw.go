package faces

import (
	"image"
	"image/color"
	"image/draw"
	"io/fs"
	"math"
	"sync"
	"unicode/utf8"

	"github.com/deckwright/deckwright/cardsdb"
	"github.com/deckwright/deckwright/templates"
	"golang.org/x/image/font"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/font/sfnt"
	"golang.org/x/image/math/fixed"
)

// canvas draws a templates.Layout into an image, mapping millimetres on the
// trimmed card to pixels.
type canvas struct {
	img    *image.NRGBA
	sx, sy float64 // pixels per mm
	ox, oy float64 // pixel position of the trimmed card's top-left corner
	faces  map[fontKey]font.Face
	fsys   fs.FS                  // the face's files, for icon images
	icons  map[string]image.Image // icon images by path, nil when unreadable
	// pics are the pictures of image layers; layerErrs the layers whose
	// picture could not be read. fonts are the face's template fonts.
	pics      *layerPics
	layerErrs []error
	fonts     map[string][]byte
	trim      cardsdb.Size
	bleed     float64
}

type fontKey struct {
	style int
	name  string // a template font; "" for the Go font of style
	size  float64
}

// newCanvas returns a canvas over img (nil: a new white image of size)
// for a trimmed card of trim mm with bleed mm around it.
func newCanvas(img *image.NRGBA, size image.Point, trim cardsdb.Size, bleed float64) *canvas {
	if img == nil {
		img = image.NewNRGBA(image.Rectangle{Max: size})
		fillNRGBA(img, color.NRGBA{0xff, 0xff, 0xff, 0xff})
	}
	c := &canvas{img: img, faces: map[fontKey]font.Face{}, trim: trim, bleed: bleed}
	c.sx = float64(size.X) / (trim.W + 2*bleed)
	c.sy = float64(size.Y) / (trim.H + 2*bleed)
	c.ox, c.oy = bleed*c.sx, bleed*c.sy
	return c
}

func rgb(c templates.RGB) color.NRGBA { return color.NRGBA{c[0], c[1], c[2], 0xff} }

// face draws a whole text proxy as the render package's PDF writer does: background
// over the bleed, frame, then each block.
func (c *canvas) face(f templates.Layout) {
	if f.HasBackground {
		fillNRGBA(c.img, rgb(f.Background))
	}
	if fr := f.Frame; fr.Width > 0 {
		c.strokeRect(fr.X, fr.Y, fr.W, fr.H, fr.Width, rgb(fr.Color))
	}
	c.fonts = f.Fonts
	for _, l := range f.Layers {
		c.layer(l, c.trim, c.bleed)
	}
	for _, b := range f.Blocks {
		c.block(b)
	}
}

// block draws one block: fill, border, lines.
func (c *canvas) block(b templates.Block) {
	if b.HasFill {
		c.fillRect(b.X, b.Y, b.X+b.W, b.Y+b.H, rgb(b.Fill))
	}
	if b.Border > 0 {
		c.strokeRect(b.X, b.Y, b.W, b.H, b.Border, rgb(b.BorderColor))
	}
	col := image.NewUniform(rgb(b.Color))
	for _, l := range b.Lines {
		if l.Runs == nil {
			c.text(l.X, l.Baseline, l.Text, b.Bold, b.Italic, b.Size, col)
			continue
		}
		for _, r := range l.Runs {
			if r.Icon != nil {
				c.icon(r, l.X+r.X, l.Baseline, b.Size, col)
				continue
			}
			if data := c.fonts[r.Font]; data != nil {
				c.textIn(c.userFace(r.Font, data, b.Size), l.X+r.X, l.Baseline, r.Text, col)
				continue
			}
			c.text(l.X+r.X, l.Baseline, r.Text, r.Bold, r.Italic, b.Size, col)
		}
	}
}

// strokeRect strokes a rectangle along its centre line with a line lw mm
// wide, as a PDF "D" rectangle.
func (c *canvas) strokeRect(x, y, w, h, lw float64, col color.NRGBA) {
	o := lw / 2
	c.fillRect(x-o, y-o, x+w+o, y+o, col)     // top
	c.fillRect(x-o, y+h-o, x+w+o, y+h+o, col) // bottom
	c.fillRect(x-o, y+o, x+o, y+h-o, col)     // left
	c.fillRect(x+w-o, y+o, x+w+o, y+h-o, col) // right
}

// fillRect fills the rectangle from (x0, y0) to (x1, y1) mm on the card,
// anti-aliased: edge pixels are blended by how much of them it covers.
func (c *canvas) fillRect(x0, y0, x1, y1 float64, col color.NRGBA) {
	c.fillRectAlpha(x0, y0, x1, y1, col, 1)
}

// fillRectAlpha is fillRect with col at opacity alpha (0 to 1).
func (c *canvas) fillRectAlpha(x0, y0, x1, y1 float64, col color.NRGBA, alpha float64) {
	px0, px1 := c.ox+x0*c.sx, c.ox+x1*c.sx
	py0, py1 := c.oy+y0*c.sy, c.oy+y1*c.sy
	if px1 <= px0 || py1 <= py0 {
		return
	}
	b := c.img.Rect
	ix0, ix1 := max(b.Min.X, int(math.Floor(px0))), min(b.Max.X, int(math.Ceil(px1)))
	iy0, iy1 := max(b.Min.Y, int(math.Floor(py0))), min(b.Max.Y, int(math.Ceil(py1)))
	for y := iy0; y < iy1; y++ {
		cy := math.Min(py1, float64(y+1)) - math.Max(py0, float64(y))
		for x := ix0; x < ix1; x++ {
			cx := math.Min(px1, float64(x+1)) - math.Max(px0, float64(x))
			c.blend(x, y, col, cx*cy*alpha)
		}
	}
}

// blend paints col over pixel (x, y) with coverage a (0 to 1).
func (c *canvas) blend(x, y int, col color.NRGBA, a float64) {
	if a <= 0 {
		return
	}
	i := c.img.PixOffset(x, y)
	p := c.img.Pix[i : i+4 : i+4]
	if a >= 1 {
		p[0], p[1], p[2], p[3] = col.R, col.G, col.B, 0xff
		return
	}
	mix := func(d, s uint8) uint8 { return uint8(float64(d)*(1-a) + float64(s)*a + 0.5) }
	p[0], p[1], p[2] = mix(p[0], col.R), mix(p[1], col.G), mix(p[2], col.B)
	p[3] = uint8(float64(p[3])*(1-a) + 255*a + 0.5)
}

// text draws s with its baseline starting at (x, y) mm, in the Go font of
// the style at size points. Glyphs advance by their own widths with no
// kerning, as gofpdf draws them and templates measures them.
func (c *canvas) text(x, y float64, s string, bold, italic bool, size float64, col image.Image) {
	c.textIn(c.fontFace(bold, italic, size), x, y, s, col)
}

// textIn is text in the font face fc.
func (c *canvas) textIn(fc font.Face, x, y float64, s string, col image.Image) {
	if fc == nil || s == "" {
		return
	}
	dot := fixed.Point26_6{X: fixed.Int26_6(math.Round((c.ox + x*c.sx) * 64)), Y: fixed.Int26_6(math.Round((c.oy + y*c.sy) * 64))}
	// The font is sized by the vertical scale; horizontal advances are
	// scaled apart so that a stretched image keeps the layout.
	stretch := c.sx / c.sy
	fx := float64(dot.X)
	for len(s) > 0 {
		r, n := utf8.DecodeRuneInString(s)
		s = s[n:]
		dot.X = fixed.Int26_6(math.Round(fx))
		dr, mask, mp, adv, ok := fc.Glyph(dot, r)
		if ok {
			c.glyph(dr, col, mask, mp)
		}
		fx += float64(adv) * stretch
	}
}

// fontFace returns the Go font of a style at size points, at the canvas's
// vertical resolution.
func (c *canvas) fontFace(bold, italic bool, size float64) font.Face {
	k := fontKey{style: templates.FontStyle(bold, italic), size: size}
	if f, ok := c.faces[k]; ok {
		return f
	}
	ft := parsedFont(bold, italic)
	if ft == nil {
		return nil
	}
	f, err := opentype.NewFace(ft, &opentype.FaceOptions{Size: size, DPI: c.sy * 25.4, Hinting: font.HintingNone})
	if err != nil {
		f = nil
	}
	c.faces[k] = f
	return f
}

// glyph paints col through a glyph's mask (at mp) into dr, as
// draw.DrawMask with draw.Over does, without its pixel-by-pixel path
// for NRGBA.
func (c *canvas) glyph(dr image.Rectangle, col image.Image, mask image.Image, mp image.Point) {
	u, ok1 := col.(*image.Uniform)
	a, ok2 := mask.(*image.Alpha)
	if !ok1 || !ok2 {
		draw.DrawMask(c.img, dr, col, image.Point{}, mask, mp, draw.Over)
		return
	}
	cc := color.NRGBAModel.Convert(u.C).(color.NRGBA)
	r := dr.Intersect(c.img.Rect)
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			m := a.AlphaAt(mp.X+x-dr.Min.X, mp.Y+y-dr.Min.Y).A
			if m != 0 {
				c.blend(x, y, cc, float64(m)/255*float64(cc.A)/255)
			}
		}
	}
}

// fillNRGBA paints every pixel of m col.
func fillNRGBA(m *image.NRGBA, col color.NRGBA) {
	w, h := m.Rect.Dx(), m.Rect.Dy()
	if w <= 0 || h <= 0 {
		return
	}
	// One row, filled by doubling, then copied to the others.
	first := m.Pix[:4*w]
	first[0], first[1], first[2], first[3] = col.R, col.G, col.B, col.A
	for n := 4; n < len(first); n *= 2 {
		copy(first[n:], first[:n])
	}
	for y := 1; y < h; y++ {
		copy(m.Pix[y*m.Stride:y*m.Stride+4*w], first)
	}
}

// userFace returns a template font at size points, at the canvas's
// vertical resolution.
func (c *canvas) userFace(name string, data []byte, size float64) font.Face {
	k := fontKey{name: name, size: size}
	if f, ok := c.faces[k]; ok {
		return f
	}
	ft := userFont(name, data)
	var f font.Face
	if ft != nil {
		var err error
		if f, err = opentype.NewFace(ft, &opentype.FaceOptions{Size: size, DPI: c.sy * 25.4, Hinting: font.HintingNone}); err != nil {
			f = nil
		}
	}
	c.faces[k] = f
	return f
}

// fonts holds the embedded Go fonts, parsed once.
var fonts = sync.OnceValue(func() [4]*sfnt.Font {
	var out [4]*sfnt.Font
	for s := range out {
		f, err := opentype.Parse(templates.FontTTF(s&1 != 0, s&2 != 0))
		if err == nil {
			out[s] = f
		}
	}
	return out
})

func parsedFont(bold, italic bool) *sfnt.Font { return fonts()[templates.FontStyle(bold, italic)] }
