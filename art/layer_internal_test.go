package art

import (
	"image"
	"math/rand/v2"
	"testing"

	"github.com/disintegration/imaging"

	"github.com/deckwright/deckwright/templates"
)

// TestResizeYCbCrAsImaging: a JPEG's picture already of the size asked
// for is turned into RGB by image/draw; every pixel must be what imaging
// makes of it, for every chroma subsampling and for a picture cut out of
// a bigger one.
func TestResizeYCbCrAsImaging(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for _, ratio := range []image.YCbCrSubsampleRatio{
		image.YCbCrSubsampleRatio444, image.YCbCrSubsampleRatio422, image.YCbCrSubsampleRatio420,
		image.YCbCrSubsampleRatio440, image.YCbCrSubsampleRatio411, image.YCbCrSubsampleRatio410,
	} {
		m := image.NewYCbCr(image.Rect(0, 0, 37, 23), ratio)
		for _, p := range [][]byte{m.Y, m.Cb, m.Cr} {
			for i := range p {
				p[i] = uint8(r.IntN(256))
			}
		}
		for _, src := range []*image.YCbCr{m, m.SubImage(image.Rect(3, 5, 30, 20)).(*image.YCbCr)} {
			w, h := src.Rect.Dx(), src.Rect.Dy()
			got := resize(src, w, h)
			want := imaging.Resize(src, w, h, layerFilter)
			if got.Rect != want.Rect {
				t.Fatalf("%v: bounds %v, want %v", ratio, got.Rect, want.Rect)
			}
			for y := 0; y < h; y++ {
				for x := 0; x < w; x++ {
					if g, w := got.NRGBAAt(x, y), want.NRGBAAt(x, y); g != w {
						t.Fatalf("%v %v: pixel %d,%d = %v, want %v", ratio, src.Rect, x, y, g, w)
					}
				}
			}
		}
	}
}

// TestLayerFitsAreTemplates checks that LayerSpec.Fit takes the values a
// template's image layer gives (art does not import templates).
func TestLayerFitsAreTemplates(t *testing.T) {
	if fitCover != templates.FitCover || fitContain != templates.FitContain || fitStretch != templates.FitStretch {
		t.Errorf("fits %q %q %q, templates' %q %q %q", fitCover, fitContain, fitStretch, templates.FitCover, templates.FitContain, templates.FitStretch)
	}
}
