package art

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"image"
	"image/color"
	"math"
	"strconv"
)

// artPixels is the pixel count of mm millimetres at dpi.
func artPixels(mm float64, dpi int) int {
	return int(math.Round(mm / 25.4 * float64(dpi)))
}

// key is the cache key of src prepared for spec: the content hash plus every
// parameter that changes the output.
func (src *artSource) key(spec ImageSpec) string {
	h := sha256.New()
	h.Write([]byte(artVersion))
	h.Write(src.sum[:])
	f := func(v float64) string { return strconv.FormatFloat(v, 'g', -1, 64) }
	fmt.Fprintf(h, "|%s|%s|%s|%d", f(spec.TrimW), f(spec.TrimH), f(spec.Bleed), spec.DPI)
	return hex.EncodeToString(h.Sum(nil))
}

// artGeometry is where the output's pixels come from.
type artGeometry struct {
	orient     int             // EXIF orientation, 1 to 8
	srcW, srcH int             // source size after orientation
	crop       image.Rectangle // the part of the oriented source that covers the trim
	trimW      int             // output pixels covering the trim
	trimH      int
	outW, outH int // output pixels in all, with the bleed
	bleedX     int // output pixels of bleed on the left (the right gets the rest)
	bleedY     int // on the top
	sourceDPI  float64
	scale      int // the source is decoded at 1/scale of its size (see artDecodeScale)
}

// geometry works out the crop and the output size of src for spec.
func (src *artSource) geometry(spec ImageSpec) artGeometry {
	g := artGeometry{orient: 1, srcW: src.cfg.Width, srcH: src.cfg.Height, scale: 1}
	if src.format == "jpeg" {
		g.orient = jpegOrientation(src.data)
	}
	if g.orient >= 5 {
		g.srcW, g.srcH = g.srcH, g.srcW
	}
	g.crop = image.Rect(0, 0, g.srcW, g.srcH)
	card := spec.TrimW / spec.TrimH
	if art := float64(g.srcW) / float64(g.srcH); math.Abs(art/card-1) > artAspectTol {
		if art > card { // too wide: keep the middle columns
			w := min(g.srcW, max(1, int(math.Round(float64(g.srcH)*card))))
			x := (g.srcW - w) / 2
			g.crop = image.Rect(x, 0, x+w, g.srcH)
		} else {
			h := min(g.srcH, max(1, int(math.Round(float64(g.srcW)/card))))
			y := (g.srcH - h) / 2
			g.crop = image.Rect(0, y, g.srcW, y+h)
		}
	}
	cw, ch := g.crop.Dx(), g.crop.Dy()
	g.sourceDPI = min(float64(cw)/(spec.TrimW/25.4), float64(ch)/(spec.TrimH/25.4))

	// The trim has the same pixels with or without bleed; the bleed takes
	// what the rounding of the whole leaves, the odd pixel on the right
	// or at the bottom.
	g.outW = artPixels(spec.TrimW+2*spec.Bleed, spec.DPI)
	g.outH = artPixels(spec.TrimH+2*spec.Bleed, spec.DPI)
	g.trimW = min(max(1, artPixels(spec.TrimW, spec.DPI)), g.outW)
	g.trimH = min(max(1, artPixels(spec.TrimH, spec.DPI)), g.outH)
	if cw < g.trimW || ch < g.trimH {
		// Too few pixels: keep them as they are rather than invent more,
		// and give the bleed the same resolution.
		g.trimW, g.trimH = cw, ch
		g.outW = cw + 2*int(math.Round(spec.Bleed*float64(cw)/spec.TrimW))
		g.outH = ch + 2*int(math.Round(spec.Bleed*float64(ch)/spec.TrimH))
	}
	g.bleedX, g.bleedY = (g.outW-g.trimW)/2, (g.outH-g.trimH)/2
	g.scale = artDecodeScale(src, g)
	return g
}

// artMaxScale is the largest denominator artDecodeScale may choose; tests
// set it to 1 to compare with full decoding.
var artMaxScale = 8

// artDecodeScale is the denominator (1, 2, 4 or 8) of the scale at which
// src is decoded: a YCbCr or grey JPEG with at least 2 (4, 8) times the
// pixels the trim needs in both directions is decoded at 1/2 (1/4, 1/8) of
// its size by a reduced inverse DCT (third_party/jpeg's DecodeScaled),
// which takes the place of as much of the box shrink in artResample and
// spares decoding and resampling pixels that the box would average away.
// Other art is decoded whole.
func artDecodeScale(src *artSource, g artGeometry) int {
	if src.format != "jpeg" || (src.cfg.ColorModel != color.YCbCrModel && src.cfg.ColorModel != color.GrayModel) {
		return 1
	}
	k := min(g.crop.Dx()/g.trimW, g.crop.Dy()/g.trimH, artMaxScale)
	for _, d := range []int{8, 4, 2} {
		if k >= d {
			return d
		}
	}
	return 1
}

// passthrough returns what to embed of src when it can be embedded without
// decoding it: a whole JPEG that gofpdf embeds (8-bit, Huffman-coded, grey
// or YCbCr), upright, with the card's shape, no bleed asked for and no more
// pixels than the target. What is embedded stops at the end-of-image marker
// and leaves out the metadata segments (see jpegEmbed).
func (src *artSource) passthrough(spec ImageSpec, g artGeometry) ([]byte, bool) {
	if src.format != "jpeg" ||
		(src.cfg.ColorModel != color.YCbCrModel && src.cfg.ColorModel != color.GrayModel) ||
		g.orient != 1 || spec.Bleed != 0 ||
		g.crop != image.Rect(0, 0, g.srcW, g.srcH) ||
		g.srcW > g.outW || g.srcH > g.outH {
		return nil, false
	}
	data, err := jpegEmbed(src.data)
	if err != nil {
		return nil, false
	}
	if len(data) < len(src.data) {
		data = append(make([]byte, 0, len(data)), data...) // let the rest of the file go
	}
	return data, true
}
