package otf2ttf

import (
	"bytes"
	"image"
	"os"
	"testing"

	"golang.org/x/image/font"
	"golang.org/x/image/font/sfnt"
	"golang.org/x/image/math/fixed"
	"golang.org/x/image/vector"
)

// The real CFF fonts of templates/testdata/fonts (see its MANIFEST.md):
// x/image's CFFTest.otf (5 glyphs) and Adobe's Source Sans 3 (2,478).
const (
	cffTest     = "../../templates/testdata/fonts/cfftest.otf"
	sourceSans3 = "../../templates/testdata/fonts/SourceSans3-Regular.otf"
)

func readCFF(t testing.TB) []byte { return readFont(t, cffTest) }

func readFont(t testing.TB, p string) []byte {
	data, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// rasterSize is the ppem at which glyphs are compared, and the side of
// the square they are drawn in.
const rasterSize = 64

// raster draws glyph gi of f at rasterSize ppem, its origin at
// (rasterSize/4, rasterSize*3/4) of a 2*rasterSize square.
func raster(t testing.TB, f *sfnt.Font, gi sfnt.GlyphIndex) *image.Alpha {
	var buf sfnt.Buffer
	segs, err := f.LoadGlyph(&buf, gi, fixed.I(rasterSize), nil)
	if err != nil {
		t.Fatalf("glyph %d: %v", gi, err)
	}
	const side = 2 * rasterSize
	ox, oy := float32(rasterSize/4), float32(rasterSize*5/4)
	r := vector.NewRasterizer(side, side)
	pt := func(p fixed.Point26_6) (float32, float32) {
		return ox + float32(p.X)/64, oy + float32(p.Y)/64
	}
	for _, s := range segs {
		x0, y0 := pt(s.Args[0])
		x1, y1 := pt(s.Args[1])
		x2, y2 := pt(s.Args[2])
		switch s.Op {
		case sfnt.SegmentOpMoveTo:
			r.ClosePath()
			r.MoveTo(x0, y0)
		case sfnt.SegmentOpLineTo:
			r.LineTo(x0, y0)
		case sfnt.SegmentOpQuadTo:
			r.QuadTo(x0, y0, x1, y1)
		case sfnt.SegmentOpCubeTo:
			r.CubeTo(x0, y0, x1, y1, x2, y2)
		}
	}
	r.ClosePath()
	dst := image.NewAlpha(image.Rect(0, 0, side, side))
	r.Draw(dst, dst.Bounds(), image.Opaque, image.Point{})
	return dst
}

// diff is how far a converted font's glyphs draw from the source's: the
// largest, over the glyphs, mean absolute difference of their rasters
// (0-255 a pixel) and the glyph it is for, and the largest difference of
// one pixel and its glyph.
type diff struct {
	mean       float64
	meanGlyph  int
	pixel      int
	pixelGlyph int
}

// compare checks that the TrueType font ttf has the glyph count,
// advances and BMP cmap of the CFF font src, and returns how far its
// glyphs draw from the source's.
func compare(t *testing.T, src, ttf []byte) (d diff) {
	t.Helper()
	if bytes.HasPrefix(ttf, []byte("OTTO")) || !bytes.HasPrefix(ttf, []byte{0, 1, 0, 0}) {
		t.Fatalf("converted font starts %q, want TrueType's 00 01 00 00", ttf[:4])
	}
	fs, err := sfnt.Parse(src)
	if err != nil {
		t.Fatal(err)
	}
	ft, err := sfnt.Parse(ttf)
	if err != nil {
		t.Fatalf("converted font does not parse: %v", err)
	}
	if fs.NumGlyphs() != ft.NumGlyphs() {
		t.Fatalf("converted font has %d glyphs, source %d", ft.NumGlyphs(), fs.NumGlyphs())
	}
	if fs.UnitsPerEm() != ft.UnitsPerEm() {
		t.Errorf("unitsPerEm %d, source %d", ft.UnitsPerEm(), fs.UnitsPerEm())
	}
	var bs, bt sfnt.Buffer
	upem := fixed.I(int(fs.UnitsPerEm()))
	for i := 0; i < fs.NumGlyphs(); i++ {
		gi := sfnt.GlyphIndex(i)
		as, err1 := fs.GlyphAdvance(&bs, gi, upem, font.HintingNone)
		at, err2 := ft.GlyphAdvance(&bt, gi, upem, font.HintingNone)
		if err1 != nil || err2 != nil || as != at {
			t.Errorf("glyph %d: advance %v (%v), source %v (%v)", i, at, err2, as, err1)
		}
	}
	mapped := 0
	for r := rune(0); r < 0x10000; r++ {
		gs, _ := fs.GlyphIndex(&bs, r)
		gt, _ := ft.GlyphIndex(&bt, r)
		if gs != gt {
			t.Errorf("U+%04X: glyph %d, source %d", r, gt, gs)
		}
		if gs != 0 {
			mapped++
		}
	}
	if mapped == 0 {
		t.Error("no character maps to a glyph")
	}
	for i := 0; i < fs.NumGlyphs(); i++ {
		a := raster(t, fs, sfnt.GlyphIndex(i))
		b := raster(t, ft, sfnt.GlyphIndex(i))
		sum := 0
		for k := range a.Pix {
			v := int(a.Pix[k]) - int(b.Pix[k])
			if v < 0 {
				v = -v
			}
			sum += v
			if v > d.pixel {
				d.pixel, d.pixelGlyph = v, i
			}
		}
		if m := float64(sum) / float64(len(a.Pix)); m > d.mean {
			d.mean, d.meanGlyph = m, i
		}
	}
	return d
}

// maxMeanDiff is the largest mean difference (0-255) between a source
// glyph and its conversion at 64 ppem, over a 128 px square: rounding
// points to whole units of a 1000-unit em moves an edge at most 0.032
// px (Source Sans 3's busiest glyph comes to 0.28).
const maxMeanDiff = 0.5

// maxPixelDiff is the largest difference of one pixel: an edge moved by
// 0.032 px for rounding and as much for the curve fit changes a pixel by
// about 16/255, and the rasteriser flattens cubic and quadratic curves
// into different lines (Source Sans 3's worst pixel comes to 82).
const maxPixelDiff = 128

// TestConvert: the converted font parses as TrueType with the source's
// glyphs, advances and cmap, and its glyphs draw as the source's.
func TestConvert(t *testing.T) {
	for _, p := range []string{cffTest, sourceSans3} {
		src := readFont(t, p)
		ttf, err := Convert(src)
		if err != nil {
			t.Fatalf("%s: %v", p, err)
		}
		d := compare(t, src, ttf)
		t.Logf("%s: %d bytes -> %d bytes; worst mean raster difference %.4f (glyph %d), worst pixel %d (glyph %d)",
			p, len(src), len(ttf), d.mean, d.meanGlyph, d.pixel, d.pixelGlyph)
		if d.mean > maxMeanDiff {
			t.Errorf("%s: glyph %d differs from the source by a mean of %.3f, want at most %v", p, d.meanGlyph, d.mean, maxMeanDiff)
		}
		if d.pixel > maxPixelDiff {
			t.Errorf("%s: glyph %d differs from the source by %d in a pixel, want at most %v", p, d.pixelGlyph, d.pixel, maxPixelDiff)
		}
	}
}

// TestConvertBrokenIsSeen: the comparison of TestConvert sees a broken
// conversion: a glyph's contour dropped, or its curves flattened into
// lines.
func TestConvertBrokenIsSeen(t *testing.T) {
	src := readCFF(t)
	for _, tc := range []struct {
		name string
		edit func(gi int, cs [][]point) [][]point
	}{
		{"drop a contour", func(gi int, cs [][]point) [][]point {
			if len(cs) > 0 {
				return cs[1:]
			}
			return cs
		}},
		{"an off-curve point moved by 5% of an em", func(gi int, cs [][]point) [][]point {
			for _, c := range cs {
				for k := range c {
					if !c[k].on {
						c[k].x += 50
						return cs
					}
				}
			}
			return cs
		}},
		{"curves to lines", func(gi int, cs [][]point) [][]point {
			for _, c := range cs {
				for k := range c {
					c[k].on = true
				}
			}
			return cs
		}},
	} {
		ttf, err := convert(src, tc.edit)
		if err != nil {
			t.Fatal(err)
		}
		d := compare(t, src, ttf)
		t.Logf("%s: worst mean %.3f (glyph %d), worst pixel %d (glyph %d)", tc.name, d.mean, d.meanGlyph, d.pixel, d.pixelGlyph)
		if d.mean <= maxMeanDiff && d.pixel <= maxPixelDiff {
			t.Errorf("%s: worst mean difference %.3f, worst pixel %d, within %v and %v: the comparison cannot see it",
				tc.name, d.mean, d.pixel, maxMeanDiff, maxPixelDiff)
		}
	}
}

// TestConvertRefuses: what is not a CFF font is an error, not a panic.
func TestConvertRefuses(t *testing.T) {
	src := readCFF(t)
	for name, data := range map[string][]byte{
		"empty":        nil,
		"truetype":     {0, 1, 0, 0, 0, 0},
		"otto only":    []byte("OTTO"),
		"no directory": []byte("OTTO\x00\x09\x00\x00\x00\x00\x00\x00"),
		"cut in half":  src[:len(src)/2],
	} {
		if _, err := Convert(data); err == nil {
			t.Errorf("%s: converted", name)
		}
	}
}

// FuzzConvert: any bytes convert or fail, without a panic; what converts
// parses as TrueType with the same glyph count.
func FuzzConvert(f *testing.F) {
	f.Add(readCFF(f))
	f.Add([]byte("OTTO"))
	f.Fuzz(func(t *testing.T, data []byte) {
		ttf, err := Convert(data)
		if err != nil {
			return
		}
		ft, err := sfnt.Parse(ttf)
		if err != nil {
			t.Fatalf("converted font does not parse: %v", err)
		}
		fs, _ := sfnt.Parse(data)
		if ft.NumGlyphs() != fs.NumGlyphs() {
			t.Fatalf("%d glyphs, source %d", ft.NumGlyphs(), fs.NumGlyphs())
		}
	})
}

// BenchmarkConvert converts Source Sans 3 (2,478 glyphs).
func BenchmarkConvert(b *testing.B) {
	src := readFont(b, sourceSans3)
	b.SetBytes(int64(len(src)))
	for b.Loop() {
		if _, err := Convert(src); err != nil {
			b.Fatal(err)
		}
	}
}
