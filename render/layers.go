package render

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"image"
	"math"
	"runtime"
	"sync"

	"github.com/jung-kurt/gofpdf"

	"github.com/deckwright/deckwright/art"
	"github.com/deckwright/deckwright/cardface"
	"github.com/deckwright/deckwright/cardsdb"
	"github.com/deckwright/deckwright/templates"
)

// layerKey identifies an image layer's picture as drawn: its file, its
// size in pixels and how it is fitted.
type layerKey struct {
	file     string // templates.Layer.ImageKey
	px       image.Point
	pad      [4]int
	fit      string
	ax, ay   float64
	fileName string // for messages
}

// layerReg is a layer's picture for the PDF: its name there and, until
// the PDF has it, its bytes.
type layerReg struct {
	name, typ string
	data      []byte
	placed    [4]float64 // see art.LayerImage.Placed
	clip      bool
}

// LayerPixels is the size in pixels at dpi of layer l, and the bleed
// around it in pixels (left, top, right, bottom) on a card of size with
// bleed mm around it.
func LayerPixels(l templates.Layer, size cardsdb.Size, bleed float64, dpi float64) (image.Point, [4]int) {
	x, y, w, h := l.Rect(size, bleed)
	px := func(mm float64) int { return int(math.Round(mm / 25.4 * dpi)) }
	p := image.Pt(max(1, px(l.W)), max(1, px(l.H)))
	pad := [4]int{px(l.X - x), px(l.Y - y), px(x + w - l.X - l.W), px(y + h - l.Y - l.H)}
	return p, pad
}

// prepareLayers lays out every text proxy the items print and prepares
// the pictures of their image layers, in parallel, before any page is
// drawn. A picture that cannot be read is a warning; its layer is left
// out.
func (r *renderer) prepareLayers(ctx context.Context, items []cardface.Item) {
	type job struct {
		k   layerKey
		l   templates.Layer
		who string
	}
	var jobs []job
	r.layerImgs = map[layerKey]*layerReg{}
	add := func(f cardface.Face, who string) {
		if f.Image != "" && r.art[artKey{gameID(f), f.Image}] != nil {
			return // drawn from its art
		}
		card, size, side := r.proxyArgs(f)
		face := r.layOut(f, card, size, side)
		for _, l := range face.Layers {
			if l.Kind != templates.LayerImage {
				continue
			}
			k := r.layerKeyOf(l, size)
			if _, ok := r.layerImgs[k]; ok {
				continue
			}
			r.layerImgs[k] = nil
			jobs = append(jobs, job{k, l, who})
		}
	}
	for _, it := range items {
		add(it.Front, it.Name())
		if r.backs() {
			add(it.Back, it.Name())
		}
	}
	if len(jobs) == 0 {
		return
	}
	out := make([]*art.LayerImage, len(jobs))
	errs := make([]error, len(jobs))
	workers := r.opts.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	next := make(chan int)
	var wg sync.WaitGroup
	for range min(workers, len(jobs)) {
		wg.Go(func() {
			for i := range next {
				l := jobs[i].l
				spec := art.LayerSpec{FS: l.ImageFS, Path: l.Image, Fit: l.Fit, AnchorX: l.AnchorX, AnchorY: l.AnchorY}
				out[i], errs[i] = art.PrepareLayer(spec, jobs[i].k.px, jobs[i].k.pad, true)
			}
		})
	}
	for i := range jobs {
		if ctx.Err() != nil {
			break
		}
		next <- i
		r.progress("layers", i+1, len(jobs))
	}
	close(next)
	wg.Wait()
	for i, j := range jobs {
		if errs[i] != nil || out[i] == nil {
			if errs[i] != nil {
				r.warn(j.who, "layer-image", "%s: image %s of layer %q: %v; the layer is left out", j.who, j.l.Image, j.l.Name, errs[i])
			}
			delete(r.layerImgs, j.k)
			continue
		}
		sum := sha256.Sum256(out[i].Data)
		r.layerImgs[j.k] = &layerReg{name: "layer-" + hex.EncodeToString(sum[:16]), typ: out[i].Type, data: out[i].Data, placed: out[i].Placed, clip: out[i].Clip}
	}
}

func (r *renderer) layerKeyOf(l templates.Layer, size cardsdb.Size) layerKey {
	px, pad := LayerPixels(l, size, r.sheet.Bleed, float64(r.opts.DPI))
	return layerKey{file: l.ImageKey, px: px, pad: pad, fit: l.Fit, ax: l.AnchorX, ay: l.AnchorY, fileName: l.Image}
}

// layer draws one layer of a face whose card's top-left corner is at
// (x, y), on a card of size.
func (r *renderer) layer(f cardface.Face, face *templates.Layout, l templates.Layer, x, y float64, size cardsdb.Size) {
	pdf := r.pdf
	lx, ly, lw, lh := l.Rect(size, r.sheet.Bleed)
	turned := l.Rotation != 0
	if turned {
		pdf.TransformBegin()
		// gofpdf turns counter-clockwise; a layer's rotation is clockwise.
		pdf.TransformRotate(-l.Rotation, x+l.X+l.W/2, y+l.Y+l.H/2)
	}
	if l.Opacity < 1 {
		pdf.SetAlpha(l.Opacity, "Normal")
	}
	switch l.Kind {
	case templates.LayerImage:
		reg := r.layerImgs[r.layerKeyOf(l, size)]
		if reg == nil {
			break
		}
		opt := gofpdf.ImageOptions{ImageType: reg.typ, AllowNegativePosition: true}
		if pdf.GetImageInfo(reg.name) == nil && reg.data != nil {
			pdf.RegisterImageOptionsReader(reg.name, opt, bytes.NewReader(reg.data))
		}
		reg.data = nil // the PDF has its own copy
		if p := reg.placed; p != [4]float64{} {
			// The file as it is, placed over the layer and clipped to it.
			if reg.clip {
				pdf.ClipRect(x+lx, y+ly, lw, lh, false)
			}
			pdf.ImageOptions(reg.name, x+lx+p[0]*lw, y+ly+p[1]*lh, p[2]*lw, p[3]*lh, false, opt, 0, "")
			if reg.clip {
				pdf.ClipEnd()
			}
			break
		}
		pdf.ImageOptions(reg.name, x+lx, y+ly, lw, lh, false, opt, 0, "")
	case templates.LayerShape:
		r.shape(l, x, y, lx, ly, lw, lh)
	case templates.LayerText:
		if l.Block != nil {
			r.block(f, face, *l.Block, x, y)
		}
	}
	if l.Opacity < 1 {
		pdf.SetAlpha(1, "Normal")
	}
	if turned {
		pdf.TransformEnd()
	}
}

// shape draws a shape layer in the rectangle lx, ly, lw, lh (its own,
// grown into the bleed) of a card whose top-left corner is at (x, y).
func (r *renderer) shape(l templates.Layer, x, y, lx, ly, lw, lh float64) {
	pdf := r.pdf
	style := ""
	if l.HasFill {
		style += "F"
		pdf.SetFillColor(int(l.Fill[0]), int(l.Fill[1]), int(l.Fill[2]))
	}
	if l.StrokeWidth > 0 {
		style += "D"
		pdf.SetDrawColor(int(l.Stroke[0]), int(l.Stroke[1]), int(l.Stroke[2]))
		pdf.SetLineWidth(r.line(l.StrokeWidth))
	}
	if style == "" {
		return
	}
	switch l.Shape {
	case templates.ShapeRect:
		pdf.Rect(x+lx, y+ly, lw, lh, style)
	case templates.ShapeRounded:
		rad := min(l.Radius, lw/2, lh/2)
		pdf.RoundedRect(x+lx, y+ly, lw, lh, rad, "1234", style)
	case templates.ShapeEllipse:
		pdf.Ellipse(x+lx+lw/2, y+ly+lh/2, lw/2, lh/2, 0, style)
	case templates.ShapePolygon:
		pts := make([]gofpdf.PointType, len(l.Points))
		for i, p := range l.Points {
			pts[i] = gofpdf.PointType{X: x + p.X, Y: y + p.Y}
		}
		pdf.SetLineJoinStyle("round")
		pdf.Polygon(pts, style)
		pdf.SetLineJoinStyle("miter")
	case templates.ShapeLine:
		if len(l.Points) < 2 || l.StrokeWidth <= 0 {
			return
		}
		pdf.SetLineJoinStyle("round")
		pdf.MoveTo(x+l.Points[0].X, y+l.Points[0].Y)
		for _, p := range l.Points[1:] {
			pdf.LineTo(x+p.X, y+p.Y)
		}
		pdf.DrawPath("D")
		pdf.SetLineJoinStyle("miter")
	}
}
