package art

import (
	"bytes"
	"errors"
	"fmt"
	"image"
	"image/draw"
	"image/jpeg"
	"image/png"
	"math"

	"github.com/disintegration/imaging"

	scaledjpeg "github.com/deckwright/deckwright/third_party/jpeg"
)

// processArt decodes src and makes the output image, encoded.
func processArt(src *artSource, g artGeometry) (data []byte, typ string, err error) {
	img, err := decodeArt(src, g.scale)
	if err != nil {
		return nil, "", err
	}
	src.data = nil // the encoded bytes are no longer needed; let them go early
	if src.format == "webp" {
		fullRange(img)
	}
	if g.orient != 1 {
		img = orientArt(img, g.orient)
	}
	var out image.Image
	switch m := img.(type) {
	case *image.YCbCr:
		if m.Rect.Min != (image.Point{}) {
			out = artRGBA(m, g)
			break
		}
		out = artYCbCr(m, g)
	case *image.Gray:
		if m.Rect.Min != (image.Point{}) {
			out = artRGBA(m, g)
			break
		}
		y := artResample(artPlane{pix: m.Pix, stride: m.Stride, w: m.Rect.Dx(), h: m.Rect.Dy(), ch: 1}, g, 1, 1, 1)
		out = &image.Gray{Pix: y.pix, Stride: y.stride, Rect: image.Rect(0, 0, y.w, y.h)}
	default:
		out = artRGBA(img, g)
	}
	img = nil
	var buf bytes.Buffer
	if n, ok := out.(*image.NRGBA); ok {
		enc := png.Encoder{CompressionLevel: png.BestSpeed}
		err, typ = enc.Encode(&buf, n), "png"
	} else {
		err, typ = jpeg.Encode(&buf, out, &jpeg.Options{Quality: artQuality}), "jpg"
	}
	if err != nil {
		return nil, "", fmt.Errorf("encode %s: %w", typ, err)
	}
	return buf.Bytes(), typ, nil
}

// decodeArt decodes src at 1/scale of its size (scale > 1 for JPEGs only,
// see artDecodeScale). A decoder's panic on malformed input goes up to the
// package's one recovery, guard.
func decodeArt(src *artSource, scale int) (img image.Image, err error) {
	if src.format == "jpeg" {
		// third_party/jpeg decodes what image/jpeg decodes, faster
		// (its fast Huffman path), and at a scale.
		img, err = scaledjpeg.DecodeScaled(bytes.NewReader(src.data), scale)
	} else {
		img, _, err = image.Decode(bytes.NewReader(src.data))
	}
	if errors.Is(err, scaledjpeg.ErrTooManyScans) {
		return nil, fmt.Errorf("JPEG of more than %d progressive scans, refused: such files can take minutes to decode (save it again as a baseline or ordinary progressive JPEG)", scaledjpeg.MaxProgressiveScans)
	}
	if err != nil {
		return nil, fmt.Errorf("corrupt %s image: %w", src.format, err)
	}
	if src.format == "gif" && img.Bounds() != image.Rect(0, 0, src.cfg.Width, src.cfg.Height) {
		// The first frame of a GIF may cover only part of its screen.
		canvas := image.NewNRGBA(image.Rect(0, 0, src.cfg.Width, src.cfg.Height))
		draw.Draw(canvas, img.Bounds(), img, img.Bounds().Min, draw.Src)
		img = canvas
	}
	if b := img.Bounds(); b != image.Rect(0, 0, (src.cfg.Width+scale-1)/scale, (src.cfg.Height+scale-1)/scale) {
		return nil, fmt.Errorf("corrupt %s image: header says %d×%d pixels, image has %d×%d at 1/%d",
			src.format, src.cfg.Width, src.cfg.Height, b.Dx(), b.Dy(), scale)
	}
	return img, nil
}

// fullRange turns the limited-range ("video") YCbCr samples of a lossy
// WebP image, which golang.org/x/image/webp hands over as they are, into
// the full-range samples image.YCbCr stands for, in place. Without it
// blacks come out grey and whites dull (golang/go#40173).
func fullRange(img image.Image) {
	var m *image.YCbCr
	switch t := img.(type) {
	case *image.YCbCr:
		m = t
	case *image.NYCbCrA:
		m = &t.YCbCr
	default:
		return
	}
	var luma, chroma [256]uint8
	for i := range 256 {
		luma[i] = uint8(min(max(math.Round(float64(i-16)*255/219), 0), 255))
		chroma[i] = uint8(min(max(math.Round(float64(i-128)*255/224+128), 0), 255))
	}
	for i, v := range m.Y {
		m.Y[i] = luma[v]
	}
	for i, v := range m.Cb {
		m.Cb[i] = chroma[v]
	}
	for i, v := range m.Cr {
		m.Cr[i] = chroma[v]
	}
}

// orientArt turns img upright according to its EXIF orientation.
func orientArt(img image.Image, orient int) image.Image {
	switch orient {
	case 2:
		return imaging.FlipH(img)
	case 3:
		return imaging.Rotate180(img)
	case 4:
		return imaging.FlipV(img)
	case 5:
		return imaging.Transpose(img)
	case 6:
		return imaging.Rotate270(img)
	case 7:
		return imaging.Transverse(img)
	case 8:
		return imaging.Rotate90(img)
	}
	return img
}

// DecodeConfig reads an image file's header (PNG, JPEG, GIF or WebP) and
// names its format, as image.DecodeConfig does, behind the package's one
// recovery (guard): for the other readers of pictures from a game's folder
// (render's layer images), so that a decoder's panic on a file is an error
// there too.
func DecodeConfig(raw []byte) (image.Config, string, error) {
	type header struct {
		cfg    image.Config
		format string
	}
	h, err := guard(func() (header, error) {
		cfg, format, err := image.DecodeConfig(bytes.NewReader(raw))
		return header{cfg, format}, err
	})
	return h.cfg, h.format, err
}

// DecodeImage decodes an image file in the format DecodeConfig named, a
// JPEG at 1/denom of its size (1, 2, 4 or 8; the other formats whole),
// behind the package's one recovery (guard). The caller checks the
// header's size against its budget first.
func DecodeImage(raw []byte, format string, denom int) (image.Image, error) {
	return guard(func() (image.Image, error) {
		if format == "jpeg" {
			return scaledjpeg.DecodeScaled(bytes.NewReader(raw), denom)
		}
		img, _, err := image.Decode(bytes.NewReader(raw))
		return img, err
	})
}
