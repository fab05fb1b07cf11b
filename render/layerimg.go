package render

import (
	"bytes"
	"errors"
	"fmt"
	"image"
	"image/draw"
	_ "image/gif" // layer images may be GIF
	"image/jpeg"
	"image/png"
	"math"

	"github.com/disintegration/imaging"
	_ "golang.org/x/image/webp" // and WebP

	"github.com/deckwright/deckwright/art"
	"github.com/deckwright/deckwright/cardsdb"
	"github.com/deckwright/deckwright/templates"
)

// Limits on the file of an image layer (a frame, an art window): bigger
// is a mistake, refused before it is decoded.
const (
	MaxLayerImageBytes  = 64 << 20
	MaxLayerImagePixels = 50_000_000
)

// LayerImage is an image layer's file fitted to the pixels it is drawn
// at.
type LayerImage struct {
	// Image is the picture, exactly the size asked for; nil when the
	// file went through as it is (Data).
	Image *image.NRGBA
	// Data and Type, for a PDF: JPEG ("jpg") bytes of an opaque picture,
	// else PNG ("png"). A JPEG already of the layer's shape and no
	// bigger than 1.5 times the pixels asked for goes through unchanged.
	Data []byte
	Type string
	// SourceW and SourceH are the file's own pixel size.
	SourceW, SourceH int
	// Placed, for a file that goes through as it is, is where to draw
	// the whole picture as fractions of the layer's rectangle (X, Y, W,
	// H); Clip says to clip it to the layer (cover). Zero for a picture
	// fitted to the layer (Data covers the layer exactly).
	Placed [4]float64
	Clip   bool
}

// PrepareLayerImage reads the file of an image layer (l.Image in
// l.ImageFS: PNG, JPEG, GIF or WebP, a regular file of at most
// MaxLayerImageBytes and MaxLayerImagePixels) and fits it into px
// pixels as l.Fit says: cover (the layer filled, the picture cut on the
// sides away from the anchor), contain (the whole picture, placed by the
// anchor, transparent around it) or stretch. With forPDF it also encodes
// it (Data, Type); a JPEG of the layer's shape then goes through as it is,
// undecoded.
//
// pad, when not zero, is the bleed around the layer in pixels (left, top,
// right, bottom): the fitted picture's edge pixels are repeated out over
// it, as card art's are, so that a frame keeps its place on the card.
func PrepareLayerImage(l templates.Layer, px image.Point, pad [4]int, forPDF bool) (*LayerImage, error) {
	if px.X < 1 || px.Y < 1 || int64(px.X)*int64(px.Y) > MaxLayerImagePixels {
		return nil, fmt.Errorf("a layer of %d×%d pixels", px.X, px.Y)
	}
	if l.ImageFS == nil {
		return nil, errors.New("no folder to read it from")
	}
	raw, err := cardsdb.ReadLimited(l.ImageFS, l.Image, MaxLayerImageBytes)
	if errors.Is(err, cardsdb.ErrTooLarge) {
		return nil, fmt.Errorf("over the %d MB limit for a layer image", MaxLayerImageBytes>>20)
	}
	if err != nil {
		return nil, err
	}
	cfg, format, err := art.DecodeConfig(raw) // behind art's recovery, as card art
	if err != nil {
		return nil, fmt.Errorf("not a PNG, JPEG, GIF or WebP image (%v)", err)
	}
	if cfg.Width < 1 || cfg.Height < 1 || int64(cfg.Width)*int64(cfg.Height) > MaxLayerImagePixels {
		return nil, fmt.Errorf("%d×%d pixels: a layer image may have at most %d million", cfg.Width, cfg.Height, MaxLayerImagePixels/1_000_000)
	}
	out := &LayerImage{SourceW: cfg.Width, SourceH: cfg.Height}
	iw, ih := float64(cfg.Width), float64(cfg.Height)
	// The scale from the file to the layer's pixels.
	scale := max(float64(px.X)/iw, float64(px.Y)/ih)
	if l.Fit == templates.FitContain {
		scale = min(float64(px.X)/iw, float64(px.Y)/ih)
	}
	// A baseline JPEG with no more than 1.5 times the pixels it is drawn
	// at goes into a PDF as it is, placed and clipped there: no decoding,
	// resampling or encoding (art made for its window, or a little
	// bigger, as designers make it).
	if forPDF && format == "jpeg" && pad == [4]int{} && scale >= 1/1.5 && baselineJPEG(raw) {
		out.Data, out.Type = raw, "jpg"
		fw, fh := iw*scale/float64(px.X), ih*scale/float64(px.Y) // of the layer
		switch l.Fit {
		case templates.FitStretch:
			out.Placed = [4]float64{0, 0, 1, 1}
		default:
			out.Placed = [4]float64{(1 - fw) * l.AnchorX, (1 - fh) * l.AnchorY, fw, fh}
			out.Clip = l.Fit == templates.FitCover
		}
		return out, nil
	}
	// Decode no more pixels than needed: a JPEG is reduced while it is
	// decoded.
	var src image.Image
	if format == "jpeg" {
		denom := 1
		for _, d := range []int{8, 4, 2} {
			if scale*float64(d) <= 1 {
				denom = d
				break
			}
		}
		src, err = art.DecodeImage(raw, format, denom)
	} else {
		src, err = art.DecodeImage(raw, format, 1)
	}
	if err != nil {
		return nil, fmt.Errorf("decode: %w", err)
	}
	out.Image = extendEdges(fitImage(src, px, l.Fit, l.AnchorX, l.AnchorY), pad)
	if forPDF {
		var buf bytes.Buffer
		if opaque(out.Image) {
			// Opaque NRGBA is RGBA, which image/jpeg encodes on its fast
			// path (NRGBA goes pixel by pixel through At).
			m := out.Image
			err = jpeg.Encode(&buf, &image.RGBA{Pix: m.Pix, Stride: m.Stride, Rect: m.Rect}, &jpeg.Options{Quality: 90})
			out.Type = "jpg"
		} else {
			err = (&png.Encoder{CompressionLevel: png.BestSpeed}).Encode(&buf, out.Image)
			out.Type = "png"
		}
		if err != nil {
			return nil, fmt.Errorf("encode: %w", err)
		}
		out.Data = buf.Bytes()
		out.Image = nil // a PDF needs the bytes only; pictures are big
	}
	return out, nil
}

// layerFilter resamples layer pictures: a JPEG is reduced by a power of
// two while decoded, so what is left is a small change of size, for
// which a linear filter is as good as a wider one and costs half.
var layerFilter = imaging.Linear

// fitImage brings src to exactly px pixels: cover, contain or stretch,
// with the anchor at ax, ay.
func fitImage(src image.Image, px image.Point, fit string, ax, ay float64) *image.NRGBA {
	b := src.Bounds()
	iw, ih := float64(b.Dx()), float64(b.Dy())
	switch fit {
	case templates.FitStretch:
		return resize(src, px.X, px.Y)
	case templates.FitContain:
		s := min(float64(px.X)/iw, float64(px.Y)/ih)
		rw, rh := max(1, int(math.Round(iw*s))), max(1, int(math.Round(ih*s)))
		small := resize(src, rw, rh)
		dst := image.NewNRGBA(image.Rectangle{Max: px})
		at := image.Pt(int(math.Round(float64(px.X-rw)*ax)), int(math.Round(float64(px.Y-rh)*ay)))
		draw.Draw(dst, small.Bounds().Add(at), small, image.Point{}, draw.Src)
		return dst
	}
	s := max(float64(px.X)/iw, float64(px.Y)/ih)
	cw, ch := min(iw, float64(px.X)/s), min(ih, float64(px.Y)/s)
	x0 := b.Min.X + int(math.Round((iw-cw)*ax))
	y0 := b.Min.Y + int(math.Round((ih-ch)*ay))
	crop := image.Rect(x0, y0, x0+max(1, int(math.Round(cw))), y0+max(1, int(math.Round(ch))))
	if sub, ok := src.(interface {
		SubImage(image.Rectangle) image.Image
	}); ok {
		return resize(sub.SubImage(crop), px.X, px.Y) // no copy
	}
	return resize(imaging.Crop(src, crop), px.X, px.Y)
}

// resize brings src to w×h pixels with layerFilter. A JPEG's picture
// (YCbCr) already of that size, art made for its window, is only turned
// into RGB, by image/draw's fast path: imaging takes it pixel by pixel,
// to the same values.
func resize(src image.Image, w, h int) *image.NRGBA {
	if y, ok := src.(*image.YCbCr); ok && y.Rect.Dx() == w && y.Rect.Dy() == h {
		dst := image.NewRGBA(image.Rect(0, 0, w, h))
		draw.Draw(dst, dst.Rect, y, y.Rect.Min, draw.Src)
		// Opaque: RGBA's bytes are NRGBA's.
		return &image.NRGBA{Pix: dst.Pix, Stride: dst.Stride, Rect: dst.Rect}
	}
	return imaging.Resize(src, w, h, layerFilter)
}

// extendEdges puts pad pixels around m (left, top, right, bottom), each
// the copy of the nearest edge pixel.
func extendEdges(m *image.NRGBA, pad [4]int) *image.NRGBA {
	if pad == [4]int{} {
		return m
	}
	w, h := m.Rect.Dx(), m.Rect.Dy()
	out := image.NewNRGBA(image.Rect(0, 0, w+pad[0]+pad[2], h+pad[1]+pad[3]))
	for y := 0; y < out.Rect.Dy(); y++ {
		sy := min(max(y-pad[1], 0), h-1)
		src := m.Pix[sy*m.Stride : sy*m.Stride+4*w]
		dst := out.Pix[y*out.Stride : y*out.Stride+4*out.Rect.Dx()]
		copy(dst[4*pad[0]:], src)
		for x := 0; x < pad[0]; x++ {
			copy(dst[4*x:4*x+4], src[:4])
		}
		for x := pad[0] + w; x < out.Rect.Dx(); x++ {
			copy(dst[4*x:4*x+4], src[4*(w-1):])
		}
	}
	return out
}

// opaque reports whether every pixel of m is opaque.
func opaque(m *image.NRGBA) bool {
	for y := 0; y < m.Rect.Dy(); y++ {
		row := m.Pix[y*m.Stride : y*m.Stride+4*m.Rect.Dx()]
		for i := 3; i < len(row); i += 4 {
			if row[i] != 0xff {
				return false
			}
		}
	}
	return true
}

// baselineJPEG reports whether a JPEG is baseline (SOF0) in YCbCr or
// grey, which every PDF reader draws as it is.
func baselineJPEG(b []byte) bool {
	for i := 2; i+9 < len(b); {
		if b[i] != 0xff {
			return false
		}
		m := b[i+1]
		if m == 0xd8 || (m >= 0xd0 && m <= 0xd7) || m == 0x01 || m == 0xff {
			i++
			continue
		}
		n := int(b[i+2])<<8 | int(b[i+3])
		switch {
		case m == 0xc0:
			comps := b[i+9]
			return comps == 1 || comps == 3
		case m >= 0xc1 && m <= 0xcf && m != 0xc4 && m != 0xc8 && m != 0xcc:
			return false // progressive, lossless, arithmetic
		case m == 0xda:
			return false
		}
		i += 2 + n
	}
	return false
}
