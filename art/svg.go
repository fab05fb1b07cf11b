package art

import (
	"bytes"
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"io"
	"math"

	"github.com/srwiley/oksvg"
	"github.com/srwiley/rasterx"
)

// maxSVGBytes is the largest SVG file drawn: card art and icons drawn as
// vectors are a few hundred kilobytes; a larger one is more likely a
// hostile file of millions of paths.
const maxSVGBytes = 4 << 20

// isSVG reports whether the first bytes of a file look like SVG: an <svg
// element, or an XML declaration or comment followed by one or by an SVG
// document type (whose declarations may push <svg past the bytes seen).
func isSVG(head []byte) bool {
	head = bytes.TrimLeft(head, "\ufeff \t\r\n")
	if bytes.HasPrefix(head, []byte("<svg")) {
		return true
	}
	if !bytes.HasPrefix(head, []byte("<?xml")) && !bytes.HasPrefix(head, []byte("<!--")) && !bytes.HasPrefix(head, []byte("<!DOCTYPE")) {
		return false
	}
	return bytes.Contains(head, []byte("<svg")) || bytes.Contains(head, []byte("<!DOCTYPE svg"))
}

// readSVG reads an SVG file's rest from r and draws it at the print's
// resolution (spec's printed size, bleed included, at spec.DPI), covering
// that size with its proportions kept, into a PNG that the rest of the
// pipeline crops and places as any other art. Squib's art is mostly SVG.
//
// Every cost is bounded before the work it bounds: the file's size, what
// its <use> elements expand to (checkSVGRefs, before oksvg reads it), the
// image's memory (before it is made), and the lines and pixels of its
// paths (svgCanvas, before a pixel is filled).
func readSVG(spec ImageSpec, r io.Reader, budget *artBudget) (*artSource, error) {
	data, err := io.ReadAll(io.LimitReader(r, maxSVGBytes+1))
	if err != nil {
		return nil, fmt.Errorf("read: %w", err)
	}
	if len(data) > maxSVGBytes {
		return nil, fmt.Errorf("SVG file over the %d MB limit: simplify it or save it as PNG", maxSVGBytes>>20)
	}
	if err := checkSVGRefs(data); err != nil {
		return nil, fmt.Errorf("SVG image refused: %w", err)
	}
	icon, err := oksvg.ReadIconStream(bytes.NewReader(data), oksvg.IgnoreErrorMode)
	if err != nil {
		return nil, fmt.Errorf("corrupt SVG image: %w", err)
	}
	vw, vh := icon.ViewBox.W, icon.ViewBox.H
	if !(vw > 0 && vh > 0) || math.IsInf(vw, 0) || math.IsInf(vh, 0) {
		return nil, errors.New("SVG image without a size (give the <svg> element a viewBox, or width and height)")
	}
	outW := float64(artPixels(spec.TrimW+2*spec.Bleed, spec.DPI))
	outH := float64(artPixels(spec.TrimH+2*spec.Bleed, spec.DPI))
	scale := max(outW/vw, outH/vh)
	w, h := int(math.Ceil(vw*scale)), int(math.Ceil(vh*scale))
	if w < 1 || h < 1 || int64(w)*int64(h) > artMaxPixels {
		return nil, fmt.Errorf("SVG image of proportions %g:%g drawn at %d×%d pixels: want at most %g megapixels", vw, vh, w, h, float64(artMaxPixels)/1e6)
	}
	n := int64(w) * int64(h) * svgBytesPerPixel
	if n > artMaxDecoded {
		return nil, fmt.Errorf("SVG image drawn at %d×%d pixels takes %d MB, over the %d MB limit: print it at a lower --dpi", w, h, n>>20, artMaxDecoded>>20)
	}
	if budget != nil {
		budget.acquire(n)
		defer budget.release(n)
	}
	icon.SetTarget(0, 0, float64(w), float64(h))
	canvas := newSVGCanvas(w, h)
	if err := traceSVG(icon, canvas); err != nil {
		return nil, err
	}
	if err := canvas.cost(); err != nil {
		return nil, fmt.Errorf("SVG image refused: %w", err)
	}
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	canvas.fill(img)
	var out bytes.Buffer
	if err := (&png.Encoder{CompressionLevel: png.BestSpeed}).Encode(&out, img); err != nil {
		return nil, err
	}
	src := &artSource{format: "png", cfg: image.Config{ColorModel: color.NRGBAModel, Width: w, Height: h}, data: out.Bytes()}
	if err := src.checkDecoded(1); err != nil {
		return nil, err
	}
	return src, nil
}

// traceSVG has oksvg trace icon's paths into canvas, which records them;
// it stops when they pass MaxSVGLines.
func traceSVG(icon *oksvg.SvgIcon, canvas *svgCanvas) (err error) {
	defer func() {
		if p := recover(); p != nil {
			if p != errSVGLines {
				panic(p) // for the art boundary (guard.go)
			}
			err = fmt.Errorf("SVG image refused: its paths make more than %s lines once curves, strokes and dashes are drawn, over the limit: simplify it, or save it as PNG", countText(MaxSVGLines))
		}
	}()
	icon.Draw(rasterx.NewDasher(canvas.w, canvas.h, canvas), 1)
	return nil
}
