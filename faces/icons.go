package faces

import (
	"bytes"
	"image"
	"image/draw"
	"image/png"
	"io/fs"

	"github.com/disintegration/imaging"

	"github.com/deckwright/deckwright/art"
	"github.com/deckwright/deckwright/templates"
)

// iconInset is the share of an icon's one-em square left empty on each
// side, as the PDF writer (package render) leaves it.
const iconInset = 0.1

// icon draws an icon run of a line from its image (read from the face's
// files, art.ReadIcon): fitted with its proportions into the run's square
// less the inset, centred across and standing on the baseline at (x, y)
// mm, as the PDF writer draws it. An icon whose image cannot be read
// prints its fallback text (its glyph, or its name in brackets).
func (c *canvas) icon(run templates.Run, x, y float64, size float64, col image.Image) {
	img := c.iconImage(run)
	if img == nil {
		c.text(x, y, run.Text, run.Bold, run.Italic, size, col)
		return
	}
	side := run.W * (1 - 2*iconInset)
	b := img.Bounds()
	w, h := side, side
	if b.Dx() > b.Dy() {
		h = side * float64(b.Dy()) / float64(b.Dx())
	} else {
		w = side * float64(b.Dx()) / float64(b.Dy())
	}
	x0 := x + (run.W-w)/2
	r := image.Rect(int(c.ox+x0*c.sx+0.5), int(c.oy+(y-h)*c.sy+0.5), int(c.ox+(x0+w)*c.sx+0.5), int(c.oy+y*c.sy+0.5))
	if r.Dx() < 1 || r.Dy() < 1 {
		return
	}
	scaled := imaging.Resize(img, r.Dx(), r.Dy(), imaging.CatmullRom)
	draw.Draw(c.img, r, scaled, image.Point{}, draw.Over)
}

// iconImage reads and decodes an icon's image once per canvas; nil when
// it cannot be read.
func (c *canvas) iconImage(run templates.Run) image.Image {
	if img, ok := c.icons[run.Icon.Image]; ok {
		return img
	}
	if c.icons == nil {
		c.icons = map[string]image.Image{}
	}
	var img image.Image
	if c.fsys != nil {
		if data, _, _, err := art.ReadIcon(art.ImageSpec{FS: c.fsys, Path: run.Icon.Image}); err == nil {
			img, _ = png.Decode(bytes.NewReader(data))
		}
	}
	c.icons[run.Icon.Image] = img
	return img
}

// withFS gives the canvas the files icon images are read from.
func (c *canvas) withFS(fsys fs.FS) *canvas {
	c.fsys = fsys
	return c
}
