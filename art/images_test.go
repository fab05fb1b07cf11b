package art

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"image"
	"image/color"
	"image/gif"
	"image/jpeg"
	"image/png"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"
	"testing/fstest"

	"github.com/deckwright/deckwright/internal/jpegscans"
)

// artPaint returns a w×h opaque image with smooth but varied content: every
// pixel differs from its neighbours, and the four quarters have clearly
// different colours.
func artPaint(w, h int) *image.RGBA {
	m := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := range h {
		for x := range w {
			fx, fy := float64(x)/float64(w), float64(y)/float64(h)
			r := 128 + 100*math.Sin(6*fx+2*fy)
			g := 128 + 100*math.Cos(5*fy-3*fx)
			b := 128 + 100*math.Sin(9*fx*fy)
			m.SetRGBA(x, y, color.RGBA{uint8(r), uint8(g), uint8(b), 255})
		}
	}
	return m
}

// artQuarters returns a w×h image whose quarters are red, green (top) and
// blue, white (bottom).
func artQuarters(w, h int) *image.RGBA {
	m := image.NewRGBA(image.Rect(0, 0, w, h))
	cols := [4]color.RGBA{{220, 30, 30, 255}, {30, 200, 30, 255}, {30, 30, 220, 255}, {240, 240, 240, 255}}
	for y := range h {
		for x := range w {
			q := 0
			if x >= w/2 {
				q++
			}
			if y >= h/2 {
				q += 2
			}
			m.SetRGBA(x, y, cols[q])
		}
	}
	return m
}

func artEncodeJPEG(t testing.TB, m image.Image, q int) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := jpeg.Encode(&b, m, &jpeg.Options{Quality: q}); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func artEncodePNG(t testing.TB, m image.Image) []byte {
	t.Helper()
	var b bytes.Buffer
	enc := png.Encoder{CompressionLevel: png.BestSpeed}
	if err := enc.Encode(&b, m); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// artGIF encodes m, which has few colours, as a GIF.
func artGIF(t testing.TB, m *image.RGBA) []byte {
	t.Helper()
	var pal color.Palette
	idx := map[color.RGBA]uint8{}
	p := image.NewPaletted(m.Rect, nil)
	for y := range m.Rect.Dy() {
		for x := range m.Rect.Dx() {
			c := m.RGBAAt(x, y)
			i, ok := idx[c]
			if !ok {
				i = uint8(len(pal))
				idx[c] = i
				pal = append(pal, c)
			}
			p.Pix[y*p.Stride+x] = i
		}
	}
	p.Palette = pal
	var b bytes.Buffer
	if err := gif.Encode(&b, p, nil); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func artWrite(t testing.TB, dir, name string, data []byte) string {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// artPrepareOne prepares a single spec.
func artPrepareOne(t testing.TB, spec ImageSpec, opts PrepareOptions) (*PreparedImage, error) {
	t.Helper()
	res, errs := PrepareImages(context.Background(), []ImageSpec{spec}, opts)
	if len(res) != 1 || len(errs) != 1 {
		t.Fatalf("got %d results and %d errors for 1 spec", len(res), len(errs))
	}
	if (res[0] == nil) == (errs[0] == nil) {
		t.Fatalf("want exactly one of result and error, got %v and %v", res[0], errs[0])
	}
	return res[0], errs[0]
}

// artDecodeResult decodes p.Data and checks it against p's other fields.
func artDecodeResult(t testing.TB, p *PreparedImage) image.Image {
	t.Helper()
	m, format, err := image.Decode(bytes.NewReader(p.Data))
	if err != nil {
		t.Fatalf("prepared image does not decode: %v", err)
	}
	want := map[string]string{"jpg": "jpeg", "png": "png"}[p.Type]
	if format != want {
		t.Errorf("Type %q but Data is %s", p.Type, format)
	}
	if b := m.Bounds(); b.Dx() != p.W || b.Dy() != p.H {
		t.Errorf("W×H %d×%d but Data is %d×%d", p.W, p.H, b.Dx(), b.Dy())
	}
	return m
}

// artNear tells whether two colours differ by at most tol in every channel.
func artNear(a, b color.Color, tol int) bool {
	r1, g1, b1, a1 := a.RGBA()
	r2, g2, b2, a2 := b.RGBA()
	d := func(x, y uint32) bool { return math.Abs(float64(x>>8)-float64(y>>8)) <= float64(tol) }
	return d(r1, r2) && d(g1, g2) && d(b1, b2) && d(a1, a2)
}

func poker(path string, bleed float64) ImageSpec {
	return ImageSpec{Path: path, TrimW: 63, TrimH: 88, Bleed: bleed, DPI: 300}
}

func TestPrepareImagesFormats(t *testing.T) {
	dir := t.TempDir()
	big := artPaint(1000, 1400)
	alpha := image.NewNRGBA(image.Rect(0, 0, 1000, 1400))
	for y := range 1400 {
		for x := range 1000 {
			a := uint8(255)
			if x > 500 {
				a = 0
			}
			alpha.SetNRGBA(x, y, color.NRGBA{200, 100, uint8(y / 6), a})
		}
	}
	gifData := artGIF(t, artQuarters(1000, 1400))
	gray := image.NewGray(image.Rect(0, 0, 1000, 1400))
	for i := range gray.Pix {
		gray.Pix[i] = uint8(i % 251)
	}
	files := map[string][]byte{
		"art.jpg":    artEncodeJPEG(t, big, 90),
		"gray.jpg":   artEncodeJPEG(t, gray, 90),
		"opaque.png": artEncodePNG(t, big),
		"alpha.png":  artEncodePNG(t, alpha),
		"art.gif":    gifData,
	}
	for name, data := range files {
		artWrite(t, dir, name, data)
	}
	td := filepath.Join("testdata", "images")
	tests := []struct {
		path     string
		typ      string
		w, h     int
		sourceDP float64 // 0: not checked
	}{
		{filepath.Join(dir, "art.jpg"), "jpg", 744, 1039, 1000 / (63 / 25.4)},
		{filepath.Join(dir, "gray.jpg"), "jpg", 744, 1039, 0},
		{filepath.Join(dir, "opaque.png"), "jpg", 744, 1039, 0},
		{filepath.Join(dir, "alpha.png"), "png", 744, 1039, 0},
		{filepath.Join(dir, "art.gif"), "jpg", 744, 1039, 0},
		// Tiny WebP files made with libwebp: too few pixels, kept as they are.
		{filepath.Join(td, "quad.webp"), "jpg", 64, 90, 64 / (63 / 25.4)},
		{filepath.Join(td, "alpha.webp"), "png", 32, 45, 0},
		// A CMYK JPEG, which must be re-encoded.
		{filepath.Join(td, "cmyk.jpg"), "jpg", 64, 90, 0},
	}
	for _, tt := range tests {
		t.Run(filepath.Base(tt.path), func(t *testing.T) {
			p, err := artPrepareOne(t, poker(tt.path, 0), PrepareOptions{})
			if err != nil {
				t.Fatal(err)
			}
			if p.Type != tt.typ || p.W != tt.w || p.H != tt.h {
				t.Errorf("got %s %d×%d, want %s %d×%d", p.Type, p.W, p.H, tt.typ, tt.w, tt.h)
			}
			if p.Passthrough || p.Cached {
				t.Errorf("Passthrough %v, Cached %v: want neither", p.Passthrough, p.Cached)
			}
			if tt.sourceDP != 0 && math.Abs(p.SourceDPI-tt.sourceDP) > 0.01 {
				t.Errorf("SourceDPI %.2f, want %.2f", p.SourceDPI, tt.sourceDP)
			}
			if len(p.Key) != 64 {
				t.Errorf("Key %q: want 64 hex digits", p.Key)
			}
			artDecodeResult(t, p)
		})
	}
}

// TestPrepareImagesColours checks that the art keeps its colours and
// placement through every path: each quarter of the output has the colour
// of the same quarter of the source.
func TestPrepareImagesColours(t *testing.T) {
	dir := t.TempDir()
	q := artQuarters(1000, 1400)
	gifData := artGIF(t, q)
	paths := []string{
		artWrite(t, dir, "q.jpg", artEncodeJPEG(t, q, 95)),
		artWrite(t, dir, "q.png", artEncodePNG(t, q)),
		artWrite(t, dir, "q.gif", gifData),
		filepath.Join("testdata", "images", "quad.webp"),
		filepath.Join("testdata", "images", "quad444.jpg"),
		filepath.Join("testdata", "images", "quad422.jpg"),
		filepath.Join("testdata", "images", "progressive.jpg"),
	}
	for _, path := range paths {
		for _, bleed := range []float64{0, 3} {
			t.Run(fmt.Sprintf("%s/bleed%g", filepath.Base(path), bleed), func(t *testing.T) {
				p, err := artPrepareOne(t, poker(path, bleed), PrepareOptions{})
				if err != nil {
					t.Fatal(err)
				}
				m := artDecodeResult(t, p)
				for i, pt := range []image.Point{{p.W / 4, p.H / 4}, {3 * p.W / 4, p.H / 4}, {p.W / 4, 3 * p.H / 4}, {3 * p.W / 4, 3 * p.H / 4}} {
					want := q.At(i%2*500+250, i/2*700+350)
					if got := m.At(pt.X, pt.Y); !artNear(got, want, 12) {
						t.Errorf("quarter %d at %v: got %v, want %v", i, pt, got, want)
					}
				}
			})
		}
	}
}

func TestPrepareImagesSizes(t *testing.T) {
	dir := t.TempDir()
	src := artWrite(t, dir, "big.jpg", artEncodeJPEG(t, artPaint(1500, 2100), 90))
	small := artWrite(t, dir, "small.jpg", artEncodeJPEG(t, artPaint(315, 440), 90))
	wide := artWrite(t, dir, "wide.jpg", artEncodeJPEG(t, artPaint(2100, 1500), 90))
	tests := []struct {
		name string
		spec ImageSpec
		w, h int
		dpi  float64
	}{
		{"poker 300 DPI", poker(src, 0), 744, 1039, 1500 / (63 / 25.4)},
		{"poker 300 DPI bleed 3", poker(src, 3), 815, 1110, 1500 / (63 / 25.4)},
		{"poker 150 DPI", ImageSpec{Path: src, TrimW: 63, TrimH: 88, DPI: 150}, 372, 520, 0},
		{"landscape card", ImageSpec{Path: wide, TrimW: 88, TrimH: 63, DPI: 300}, 1039, 744, 0},
		{"landscape card bleed 2", ImageSpec{Path: wide, TrimW: 88, TrimH: 63, Bleed: 2, DPI: 300}, 1087, 791, 0},
		{"mini 41x63", ImageSpec{Path: src, TrimW: 41, TrimH: 63, DPI: 300}, 484, 744, 0},
		// 315 px over 63 mm is 127 DPI: never enlarged.
		{"low resolution", poker(small, 0), 315, 440, 127},
		// Bleed at the art's own 127 DPI: 3 mm is 15 px.
		{"low resolution bleed 3", poker(small, 3), 345, 470, 127},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, err := artPrepareOne(t, tt.spec, PrepareOptions{})
			if err != nil {
				t.Fatal(err)
			}
			if p.W != tt.w || p.H != tt.h {
				t.Errorf("got %d×%d, want %d×%d", p.W, p.H, tt.w, tt.h)
			}
			if tt.dpi != 0 && math.Abs(p.SourceDPI-tt.dpi) > 0.01 {
				t.Errorf("SourceDPI %.2f, want %.2f", p.SourceDPI, tt.dpi)
			}
			artDecodeResult(t, p)
		})
	}
}

func TestPrepareImagesPassthrough(t *testing.T) {
	dir := t.TempDir()
	jpg := func(name string, w, h int) string {
		return artWrite(t, dir, name, artEncodeJPEG(t, artPaint(w, h), 85))
	}
	exact := jpg("exact.jpg", 744, 1039)
	smaller := jpg("smaller.jpg", 600, 838)
	near := jpg("near.jpg", 740, 1040) // aspect 0.3% off
	bigger := jpg("bigger.jpg", 1000, 1400)
	wrongShape := jpg("square.jpg", 744, 744)
	g := image.NewGray(image.Rect(0, 0, 500, 698))
	grayPath := artWrite(t, dir, "gray.jpg", artEncodeJPEG(t, g, 85))
	pngPath := artWrite(t, dir, "exact.png", artEncodePNG(t, artPaint(744, 1039)))
	rotated := artWrite(t, dir, "rotated.jpg", artWithOrientation(t, artEncodeJPEG(t, artPaint(1039, 744), 85), 6))
	tests := []struct {
		name string
		spec ImageSpec
		want bool
	}{
		{"exact size", poker(exact, 0), true},
		{"fewer pixels", poker(smaller, 0), true},
		{"aspect within 1%", poker(near, 0), true},
		{"grey", poker(grayPath, 0), true},
		{"progressive", poker(filepath.Join("testdata", "images", "progressive.jpg"), 0), true},
		{"bleed asked for", poker(exact, 3), false},
		{"more pixels than the target", poker(bigger, 0), false},
		{"more pixels at a lower DPI", ImageSpec{Path: exact, TrimW: 63, TrimH: 88, DPI: 200}, false},
		{"wrong shape", poker(wrongShape, 0), false},
		{"PNG", poker(pngPath, 0), false},
		{"CMYK JPEG", poker(filepath.Join("testdata", "images", "cmyk.jpg"), 0), false},
		{"EXIF rotated", poker(rotated, 0), false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, err := artPrepareOne(t, tt.spec, PrepareOptions{})
			if err != nil {
				t.Fatal(err)
			}
			if p.Passthrough != tt.want {
				t.Fatalf("Passthrough %v, want %v", p.Passthrough, tt.want)
			}
			orig, err := os.ReadFile(tt.spec.Path)
			if err != nil {
				t.Fatal(err)
			}
			if same := bytes.Equal(p.Data, orig); same != tt.want {
				t.Errorf("Data is the file's bytes: %v, want %v", same, tt.want)
			}
			artDecodeResult(t, p)
		})
	}
}

// artWithOrientation inserts an EXIF APP1 segment with the given
// orientation right after a JPEG's SOI marker.
func artWithOrientation(t testing.TB, jpg []byte, orient uint16) []byte {
	t.Helper()
	var tiff bytes.Buffer
	tiff.WriteString("MM\x00\x2a")
	binary.Write(&tiff, binary.BigEndian, uint32(8)) // first IFD
	binary.Write(&tiff, binary.BigEndian, uint16(1)) // one entry
	binary.Write(&tiff, binary.BigEndian, uint16(0x0112))
	binary.Write(&tiff, binary.BigEndian, uint16(3)) // SHORT
	binary.Write(&tiff, binary.BigEndian, uint32(1))
	binary.Write(&tiff, binary.BigEndian, orient)
	binary.Write(&tiff, binary.BigEndian, uint16(0))
	binary.Write(&tiff, binary.BigEndian, uint32(0)) // no next IFD
	seg := append([]byte("Exif\x00\x00"), tiff.Bytes()...)
	var out bytes.Buffer
	out.Write(jpg[:2])
	out.Write([]byte{0xff, 0xe1})
	binary.Write(&out, binary.BigEndian, uint16(len(seg)+2))
	out.Write(seg)
	out.Write(jpg[2:])
	return out.Bytes()
}

func TestPrepareImagesOrientation(t *testing.T) {
	dir := t.TempDir()
	// Stored lying on its side: the quarters of the upright art, turned a
	// quarter turn anticlockwise, which orientation 6 turns back clockwise.
	up := artQuarters(1000, 1400)
	side := image.NewRGBA(image.Rect(0, 0, 1400, 1000))
	for y := range 1400 {
		for x := range 1000 {
			side.Set(y, 999-x, up.At(x, y))
		}
	}
	path := artWrite(t, dir, "side.jpg", artWithOrientation(t, artEncodeJPEG(t, side, 95), 6))
	p, err := artPrepareOne(t, poker(path, 0), PrepareOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if p.W != 744 || p.H != 1039 {
		t.Fatalf("got %d×%d, want 744×1039", p.W, p.H)
	}
	m := artDecodeResult(t, p)
	for i, pt := range []image.Point{{186, 260}, {558, 260}, {186, 779}, {558, 779}} {
		want := up.At(i%2*500+250, i/2*700+350)
		if got := m.At(pt.X, pt.Y); !artNear(got, want, 12) {
			t.Errorf("quarter %d: got %v, want %v", i, got, want)
		}
	}
}

// TestPrepareImagesCMYK checks that CMYK art keeps its colours (Adobe
// CMYK JPEGs store inverted samples).
func TestPrepareImagesCMYK(t *testing.T) {
	p, err := artPrepareOne(t, poker(filepath.Join("testdata", "images", "cmyk.jpg"), 0), PrepareOptions{})
	if err != nil {
		t.Fatal(err)
	}
	m := artDecodeResult(t, p)
	want := []color.RGBA{{255, 0, 0, 255}, {0, 255, 0, 255}, {0, 0, 255, 255}, {255, 255, 255, 255}}
	for i, pt := range []image.Point{{16, 22}, {48, 22}, {16, 67}, {48, 67}} {
		if got := m.At(pt.X, pt.Y); !artNear(got, want[i], 12) {
			t.Errorf("quarter %d: got %v, want %v", i, got, want[i])
		}
	}
}

// TestPrepareImagesGIFFrame checks a GIF whose first frame covers only part
// of its screen: the rest is transparent.
func TestPrepareImagesGIFFrame(t *testing.T) {
	frame := image.NewPaletted(image.Rect(10, 10, 50, 70), color.Palette{color.RGBA{200, 0, 0, 255}})
	var b bytes.Buffer
	g := &gif.GIF{
		Image:  []*image.Paletted{frame},
		Delay:  []int{0},
		Config: image.Config{ColorModel: frame.Palette, Width: 100, Height: 140},
	}
	if err := gif.EncodeAll(&b, g); err != nil {
		t.Fatal(err)
	}
	path := artWrite(t, t.TempDir(), "frame.gif", b.Bytes())
	p, err := artPrepareOne(t, poker(path, 0), PrepareOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if p.Type != "png" || p.W != 100 || p.H != 140 {
		t.Fatalf("got %s %d×%d, want png 100×140", p.Type, p.W, p.H)
	}
	m := artDecodeResult(t, p)
	if got := m.At(30, 40); !artNear(got, color.RGBA{200, 0, 0, 255}, 0) {
		t.Errorf("inside the frame: %v", got)
	}
	if _, _, _, a := m.At(80, 100).RGBA(); a != 0 {
		t.Errorf("outside the frame: alpha %d, want 0", a>>8)
	}
}

func TestPrepareImagesCrop(t *testing.T) {
	// Art of the wrong shape, green where the card's shape fits in the
	// middle and red outside: nothing red may be left.
	green, red := color.RGBA{20, 180, 40, 255}, color.RGBA{230, 20, 20, 255}
	paint := func(w, h int, inside image.Rectangle) *image.RGBA {
		m := image.NewRGBA(image.Rect(0, 0, w, h))
		for y := range h {
			for x := range w {
				c := red
				if (image.Point{x, y}).In(inside) {
					c = green
				}
				m.SetRGBA(x, y, c)
			}
		}
		return m
	}
	dir := t.TempDir()
	// 63:88 of 1400 rows is 1002.3 columns: keep 1002, centred.
	wide := artWrite(t, dir, "wide.png", artEncodePNG(t, paint(3000, 1400, image.Rect(999, 0, 2001, 1400))))
	// 88/63 of 1000 columns is 1396.8 rows: keep 1397, centred.
	tall := artWrite(t, dir, "tall.png", artEncodePNG(t, paint(1000, 3000, image.Rect(0, 801, 1000, 2198))))
	for _, path := range []string{wide, tall} {
		t.Run(filepath.Base(path), func(t *testing.T) {
			p, err := artPrepareOne(t, poker(path, 2), PrepareOptions{})
			if err != nil {
				t.Fatal(err)
			}
			m := artDecodeResult(t, p)
			for y := 0; y < p.H; y += 7 {
				for x := 0; x < p.W; x += 7 {
					if got := m.At(x, y); !artNear(got, green, 16) {
						t.Fatalf("pixel (%d,%d) is %v, want green %v", x, y, got, green)
					}
				}
			}
		})
	}
}

func TestPrepareImagesBleed(t *testing.T) {
	dir := t.TempDir()
	src := artPaint(744, 1039)
	// One pixel not quite opaque makes the output a PNG, so pixels can be
	// compared exactly.
	lossless := image.NewNRGBA(src.Rect)
	copy(lossless.Pix, src.Pix)
	lossless.Pix[4*(500*744+300)+3] = 254
	tests := []struct {
		name string
		path string
		tol  int
	}{
		{"png", artWrite(t, dir, "art.png", artEncodePNG(t, lossless)), 0},
		{"jpeg", artWrite(t, dir, "art.jpg", artEncodeJPEG(t, src, 95)), 10},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, err := artPrepareOne(t, poker(tt.path, 3), PrepareOptions{})
			if err != nil {
				t.Fatal(err)
			}
			if p.W != 815 || p.H != 1110 {
				t.Fatalf("got %d×%d, want 815×1110", p.W, p.H)
			}
			m := artDecodeResult(t, p)
			const b = 35 // round(3 mm at 300 DPI)
			inner := image.Rect(b, b, p.W-b, p.H-b)
			clampPt := func(x, y int) (int, int) {
				return min(max(x, inner.Min.X), inner.Max.X-1), min(max(y, inner.Min.Y), inner.Max.Y-1)
			}
			bad := 0
			for y := 0; y < p.H; y++ {
				for x := 0; x < p.W; x++ {
					if (image.Point{x, y}).In(inner.Inset(2)) {
						continue
					}
					ex, ey := clampPt(x, y)
					if got, want := m.At(x, y), m.At(ex, ey); !artNear(got, want, tt.tol) {
						if bad++; bad < 5 {
							t.Errorf("bleed pixel (%d,%d) is %v, edge pixel (%d,%d) is %v", x, y, got, ex, ey, want)
						}
					}
				}
			}
			// The trim itself holds the whole art, unchanged in size.
			for _, pt := range []image.Point{{0, 0}, {743, 0}, {0, 1038}, {743, 1038}, {372, 520}} {
				got, want := m.At(pt.X+b, pt.Y+b), src.At(pt.X, pt.Y)
				if !artNear(got, want, tt.tol+2) {
					t.Errorf("trim pixel %v is %v, source has %v", pt, got, want)
				}
			}
		})
	}
}

// TestPrepareImagesBleedFineDetail gives the bleed an image whose every
// pixel differs from its neighbours (1-pixel stripes of red along x, of
// green along y), at exactly the trim's resolution, as a lossless PNG.
// Every bleed pixel must be the source's nearest edge pixel and every trim
// pixel the source's own: a bleed (or edge) that blends or smears pixels is
// off by half a stripe. TestPrepareImagesBleed's smooth art, which compares
// the bleed with the output's own edge, cannot tell a blend from a copy.
func TestPrepareImagesBleedFineDetail(t *testing.T) {
	const w, h = 744, 1039 // 63×88 mm at 300 DPI
	src := image.NewNRGBA(image.Rect(0, 0, w, h))
	for y := range h {
		for x := range w {
			src.SetNRGBA(x, y, color.NRGBA{uint8(255 * (x % 2)), uint8(255 * (y % 2)), uint8((x*37 + y*91) % 256), 255})
		}
	}
	// One pixel not quite opaque makes the output a PNG, compared exactly.
	odd := image.Point{300, 500}
	src.Pix[src.PixOffset(odd.X, odd.Y)+3] = 254
	p, err := artPrepareOne(t, poker(artWrite(t, t.TempDir(), "stripes.png", artEncodePNG(t, src)), 3), PrepareOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if p.W != 815 || p.H != 1110 || p.Type != "png" {
		t.Fatalf("got a %d×%d %s, want a 815×1110 png", p.W, p.H, p.Type)
	}
	m := artDecodeResult(t, p)
	const b = 35 // round(3 mm at 300 DPI)
	bad := 0
	for y := range p.H {
		for x := range p.W {
			sx, sy := min(max(x-b, 0), w-1), min(max(y-b, 0), h-1)
			if (image.Point{sx, sy}) == odd {
				continue
			}
			if got, want := m.At(x, y), src.At(sx, sy); !artNear(got, want, 1) {
				if bad++; bad <= 5 {
					t.Errorf("pixel (%d,%d) is %v, want the source's (%d,%d) %v", x, y, got, sx, sy, want)
				}
			}
		}
	}
	if bad > 5 {
		t.Errorf("%d pixels in all differ from the source", bad)
	}
}

// artHugePNG returns the start of a PNG that claims w×h pixels: its
// signature and IHDR chunk, with a correct checksum, and no image data.
func artHugePNG(w, h uint32) []byte { return artPNGHeader(w, h, 8) }

// artPNGHeader returns the start of an RGBA PNG of the given size and bit
// depth: its signature and IHDR chunk.
func artPNGHeader(w, h uint32, depth byte) []byte {
	var b bytes.Buffer
	b.WriteString("\x89PNG\r\n\x1a\n")
	ihdr := make([]byte, 17)
	copy(ihdr, "IHDR")
	binary.BigEndian.PutUint32(ihdr[4:], w)
	binary.BigEndian.PutUint32(ihdr[8:], h)
	ihdr[12], ihdr[13] = depth, 6 // RGBA
	binary.Write(&b, binary.BigEndian, uint32(13))
	b.Write(ihdr)
	binary.Write(&b, binary.BigEndian, crc32.ChecksumIEEE(ihdr))
	return b.Bytes()
}

// artJPEGHeader returns the start of a JPEG: SOI, a start-of-frame marker
// sof with the given precision and size (3 components), and the start of a
// scan.
func artJPEGHeader(sof byte, precision byte, w, h uint16) []byte {
	b := []byte{0xff, 0xd8, 0xff, sof, 0, 17, precision, byte(h >> 8), byte(h), byte(w >> 8), byte(w), 3,
		1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1,
		0xff, 0xda, 0, 12}
	return append(b, make([]byte, 10)...)
}

func TestPrepareImagesErrors(t *testing.T) {
	dir := t.TempDir()
	good := artEncodeJPEG(t, artPaint(1000, 1400), 90)
	small := artEncodeJPEG(t, artPaint(300, 420), 90) // would be passed through
	files := map[string][]byte{
		"huge.png":      artHugePNG(20000, 20000),
		"deep.png":      artPNGHeader(8000, 8000, 16), // 64 MP, 512 MB decoded + 256 MB RGBA
		"huge.jpg":      artJPEGHeader(0xc0, 8, 65000, 60000),
		"prog.jpg":      artJPEGHeader(0xc2, 8, 9000, 9000), // 81 MP: 232 MiB decoded + 464 MiB of coefficients
		"twelve.jpg":    artJPEGHeader(0xc1, 12, 300, 420),
		"arith.jpg":     artJPEGHeader(0xc9, 8, 300, 420),
		"truncated.jpg": good[:len(good)/2],
		"cut-small.jpg": small[:len(small)-300],
		"header.jpg":    good[:40],
		"garbage.png":   []byte("this is not an image at all, just some text\n"),
		"empty.png":     nil,
		"bmp.bmp":       append([]byte("BM"), make([]byte, 60)...),
	}
	for name, data := range files {
		artWrite(t, dir, name, data)
	}
	if err := os.Mkdir(filepath.Join(dir, "folder.png"), 0o755); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		file string
		spec func(string) ImageSpec
		want []string // substrings of the error
		is   error
	}{
		{"huge.png", nil, []string{"huge.png", "20000×20000", "400.0 megapixels", "100-megapixel limit"}, nil},
		{"huge.jpg", nil, []string{"huge.jpg", "65000×60000", "megapixel limit"}, nil},
		{"deep.png", nil, []string{"deep.png", "8000×8000 pixels of 16-bit colour take 732 MB to prepare, over the 400 MB limit", "8 bits per channel"}, nil},
		{"prog.jpg", nil, []string{"prog.jpg", "9000×9000 pixels of progressive 8-bit colour take 696 MB to prepare, over the 400 MB limit", "baseline (not progressive) JPEG"}, nil},
		{"twelve.jpg", nil, []string{"twelve.jpg", "precision", "8-bit JPEG"}, nil},
		{"arith.jpg", nil, []string{"arith.jpg", "unsupported JPEG feature"}, nil},
		{"truncated.jpg", nil, []string{"truncated.jpg", "corrupt jpeg image"}, nil},
		{"cut-small.jpg", nil, []string{"cut-small.jpg", "corrupt jpeg image"}, nil},
		{"header.jpg", nil, []string{"header.jpg", "corrupt"}, nil},
		{"garbage.png", nil, []string{"garbage.png", "unknown image format"}, nil},
		{"empty.png", nil, []string{"empty.png", "empty file"}, nil},
		{"bmp.bmp", nil, []string{"bmp.bmp", "unsupported image format BMP (want JPEG, PNG, WebP or GIF)"}, nil},
		{"missing.png", nil, []string{"missing.png", "open"}, fs.ErrNotExist},
		{"folder.png", nil, []string{"folder.png", "directory"}, nil},
		{"", func(string) ImageSpec { return ImageSpec{TrimW: 63, TrimH: 88, DPI: 300} }, []string{"no file name"}, nil},
		{"x.png", func(p string) ImageSpec { return ImageSpec{Path: p, TrimW: 63, TrimH: 88} }, []string{"0 DPI"}, nil},
		{"x.png", func(p string) ImageSpec { return ImageSpec{Path: p, TrimW: 63, TrimH: 88, DPI: 300, Bleed: -1} }, []string{"bleed -1"}, nil},
		{"x.png", func(p string) ImageSpec { return ImageSpec{Path: p, TrimW: math.NaN(), TrimH: 88, DPI: 300} }, []string{"card size NaN"}, nil},
		{"x.png", func(p string) ImageSpec { return ImageSpec{Path: p, TrimW: 63, TrimH: 88, DPI: 100000} }, []string{"megapixels"}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.file+strings.Join(tt.want, ","), func(t *testing.T) {
			path := filepath.Join(dir, tt.file)
			spec := poker(path, 0)
			if tt.spec != nil {
				spec = tt.spec(path)
			}
			var before, after runtime.MemStats
			runtime.ReadMemStats(&before)
			_, err := artPrepareOne(t, spec, PrepareOptions{CacheDir: t.TempDir()})
			runtime.ReadMemStats(&after)
			if err == nil {
				t.Fatal("no error")
			}
			msg := err.Error()
			for _, w := range tt.want {
				if !strings.Contains(msg, w) {
					t.Errorf("error %q does not say %q", msg, w)
				}
			}
			if msg != strings.ToLower(msg[:1])+msg[1:] {
				t.Errorf("error %q starts with a capital", msg)
			}
			if tt.is != nil && !errors.Is(err, tt.is) {
				t.Errorf("error %q is not %v", msg, tt.is)
			}
			// Refused from the header alone: nothing the size of the
			// image is allocated (400 MP would be 1.6 GB).
			if n := after.TotalAlloc - before.TotalAlloc; n > 8<<20 {
				t.Errorf("allocated %d MB to refuse it", n>>20)
			}
		})
	}
}

// TestPrepareImagesManyScans checks that art of more than 100 progressive
// scans, which can take minutes to decode, is refused.
func TestPrepareImagesManyScans(t *testing.T) {
	dir := t.TempDir()
	path := artWrite(t, dir, "scans.jpg", jpegscans.Progressive(2000, 2800, 101)) // more than a card needs: decoded
	_, err := artPrepareOne(t, poker(path, 0), PrepareOptions{CacheDir: t.TempDir()})
	if err == nil || !strings.Contains(err.Error(), "scans.jpg") || !strings.Contains(err.Error(), "JPEG of more than 100 progressive scans, refused") {
		t.Fatalf("error %v, want one that says the file has too many scans", err)
	}
}

func TestPrepareImagesFS(t *testing.T) {
	jpg := artEncodeJPEG(t, artPaint(744, 1039), 85)
	fsys := fstest.MapFS{
		"cards/art/hero.jpg": {Data: jpg},
	}
	specs := []ImageSpec{
		{FS: fsys, Path: "cards/art/hero.jpg", TrimW: 63, TrimH: 88, DPI: 300},
		{FS: fsys, Path: "cards/art/villain.jpg", TrimW: 63, TrimH: 88, DPI: 300},
		{FS: fsys, Path: "../outside.jpg", TrimW: 63, TrimH: 88, DPI: 300},
	}
	res, errs := PrepareImages(context.Background(), specs, PrepareOptions{})
	if errs[0] != nil || res[0] == nil || !res[0].Passthrough {
		t.Errorf("hero: got %+v, %v; want it passed through", res[0], errs[0])
	}
	if !errors.Is(errs[1], fs.ErrNotExist) || !strings.Contains(errs[1].Error(), `"cards/art/villain.jpg"`) {
		t.Errorf("villain: got error %v, want a missing file named", errs[1])
	}
	if errs[2] == nil {
		t.Errorf("a path outside the FS: no error")
	}
}

func TestPrepareImagesCache(t *testing.T) {
	dir, cache := t.TempDir(), t.TempDir()
	specs := []ImageSpec{
		poker(artWrite(t, dir, "a.jpg", artEncodeJPEG(t, artPaint(1000, 1400), 90)), 3),
		poker(artWrite(t, dir, "b.png", artEncodePNG(t, artPaint(900, 1260))), 0),
		poker(artWrite(t, dir, "c.jpg", artEncodeJPEG(t, artPaint(700, 980), 90)), 0), // passed through
	}
	opts := PrepareOptions{CacheDir: filepath.Join(cache, "deep", "images")}
	run := func() []*PreparedImage {
		t.Helper()
		res, errs := PrepareImages(context.Background(), specs, opts)
		for _, err := range errs {
			if err != nil {
				t.Fatal(err)
			}
		}
		return res
	}
	first := run()
	second := run()
	for i := range specs {
		a, b := first[i], second[i]
		if a.Cached {
			t.Errorf("spec %d: first run Cached", i)
		}
		if wantCached := !a.Passthrough; b.Cached != wantCached {
			t.Errorf("spec %d: second run Cached %v, want %v", i, b.Cached, wantCached)
		}
		b.Cached = false
		if fmt.Sprintf("%+v", *a) != fmt.Sprintf("%+v", *b) {
			t.Errorf("spec %d: cached result differs:\n%+v\n%+v", i, *a, *b)
		}
	}
	cached, err := filepath.Glob(filepath.Join(opts.CacheDir, "*"))
	if err != nil || len(cached) != 2 {
		t.Fatalf("cache holds %v, want 2 files (%v)", cached, err)
	}

	// A damaged cache file is ignored and written anew.
	damage := map[string]func([]byte) []byte{
		"truncated": func(b []byte) []byte { return b[:len(b)-100] },
		"bit flip":  func(b []byte) []byte { b[len(b)/2] ^= 1; return b },
		"header":    func(b []byte) []byte { b[0] = 'X'; return b },
		"short":     func(b []byte) []byte { return b[:10] },
		"empty":     func(b []byte) []byte { return nil },
		"bad size":  func(b []byte) []byte { binary.BigEndian.PutUint32(b[len(artCacheMagic)+1:], 0); return b },
		// Header fields outside the image bytes: the type (a JPEG
		// read as a PNG failed every later print), the size, the DPI
		// (a flipped DPI dropped the low-DPI warning).
		"type":  func(b []byte) []byte { b[len(artCacheMagic)] = 'p'; return b },
		"width": func(b []byte) []byte { b[len(artCacheMagic)+4] ^= 1; return b },
		"dpi":   func(b []byte) []byte { b[len(artCacheMagic)+9] ^= 0x40; return b },
		"sum":   func(b []byte) []byte { b[artCacheHeader-1] ^= 1; return b },
		"magic": func(b []byte) []byte { b[len(artCacheMagic)-2] ^= 1; return b },
	}
	for name, f := range damage {
		t.Run(name, func(t *testing.T) {
			p := artCachePath(opts.CacheDir, first[0].Key)
			b, err := os.ReadFile(p)
			if err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(p, f(b), 0o644); err != nil {
				t.Fatal(err)
			}
			again := run()
			if again[0].Cached {
				t.Errorf("a damaged cache file was used")
			}
			if !again[0].CacheRebuilt {
				t.Errorf("a damaged cache file was rebuilt without a note")
			}
			if !bytes.Equal(again[0].Data, first[0].Data) {
				t.Errorf("rebuilt image differs")
			}
			if !run()[0].Cached {
				t.Errorf("cache file not rebuilt")
			}
		})
	}
	// Changing any parameter is a different key.
	changed := specs[0]
	changed.DPI = 299
	p, err := artPrepareOne(t, changed, opts)
	if err != nil || p.Cached || p.Key == first[0].Key {
		t.Errorf("DPI changed: got Cached %v, same key %v, %v", p.Cached, p.Key == first[0].Key, err)
	}
	// No temporary files are left behind.
	left, _ := filepath.Glob(filepath.Join(opts.CacheDir, "*.tmp*"))
	if len(left) > 0 {
		t.Errorf("temporary files left: %v", left)
	}
}

func TestPrepareImagesUnwritableCache(t *testing.T) {
	dir := t.TempDir()
	notDir := artWrite(t, dir, "file", []byte("x"))
	path := artWrite(t, dir, "a.jpg", artEncodeJPEG(t, artPaint(1000, 1400), 90))
	p, err := artPrepareOne(t, poker(path, 0), PrepareOptions{CacheDir: filepath.Join(notDir, "cache")})
	if err != nil || p.W != 744 {
		t.Errorf("with a cache that cannot be written: %v, %v", p, err)
	}
}

func TestPrepareImagesDedup(t *testing.T) {
	dir := t.TempDir()
	data := artEncodeJPEG(t, artPaint(1000, 1400), 90)
	a := artWrite(t, dir, "a.jpg", data)
	b := artWrite(t, dir, "copy-of-a.jpg", data)
	other := artWrite(t, dir, "other.jpg", artEncodeJPEG(t, artPaint(1000, 1401), 90))
	specs := []ImageSpec{poker(a, 0), poker(b, 0), poker(a, 0), poker(a, 3), poker(other, 0), poker(b, 0)}
	var calls []int
	res, errs := PrepareImages(context.Background(), specs, PrepareOptions{
		Workers:  3,
		Progress: func(done, total int) { calls = append(calls, done*100+total) },
	})
	for i, err := range errs {
		if err != nil {
			t.Fatalf("spec %d: %v", i, err)
		}
	}
	if res[0] != res[1] || res[0] != res[2] || res[0] != res[5] {
		t.Errorf("identical content and parameters prepared more than once")
	}
	if res[0] == res[3] || res[0] == res[4] || res[0].Key == res[3].Key || res[0].Key == res[4].Key {
		t.Errorf("different bleed or content shares a result")
	}
	if len(calls) != len(specs) {
		t.Fatalf("Progress called %d times, want %d", len(calls), len(specs))
	}
	for i, c := range calls {
		if want := (i+1)*100 + len(specs); c != want {
			t.Errorf("Progress call %d: got %d/%d, want %d/%d", i, c/100, c%100, want/100, want%100)
		}
	}
}

func TestPrepareImagesWorkers(t *testing.T) {
	dir := t.TempDir()
	var specs []ImageSpec
	for i := range 6 {
		m := artPaint(900+37*i, 1300+11*i)
		var data []byte
		if i%2 == 0 {
			data = artEncodeJPEG(t, m, 90)
		} else {
			data = artEncodePNG(t, m)
		}
		specs = append(specs, poker(artWrite(t, dir, fmt.Sprintf("c%d", i), data), float64(i%3)))
	}
	var want []*PreparedImage
	for _, workers := range []int{1, 2, 3, 8, 0} {
		res, errs := PrepareImages(context.Background(), specs, PrepareOptions{Workers: workers})
		for i, err := range errs {
			if err != nil {
				t.Fatalf("workers %d, spec %d: %v", workers, i, err)
			}
		}
		if want == nil {
			want = res
			continue
		}
		for i := range res {
			if !bytes.Equal(res[i].Data, want[i].Data) {
				t.Errorf("workers %d, spec %d: output differs from 1 worker's", workers, i)
			}
		}
	}
}

func TestPrepareImagesCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	specs := []ImageSpec{poker("a.jpg", 0), poker("b.jpg", 0)}
	res, errs := PrepareImages(ctx, specs, PrepareOptions{})
	for i := range specs {
		if res[i] != nil || !errors.Is(errs[i], context.Canceled) {
			t.Errorf("spec %d: got %v, %v; want context.Canceled", i, res[i], errs[i])
		}
	}
	if res, errs := PrepareImages(ctx, nil, PrepareOptions{}); len(res) != 0 || len(errs) != 0 {
		t.Errorf("no specs: got %d results, %d errors", len(res), len(errs))
	}
}

func TestArtTaps(t *testing.T) {
	tests := []struct {
		name               string
		out, f, bleed, trm int
		src0, srcLen       float64
		srcN               int
	}{
		{"identity", 100, 1, 0, 100, 0, 100, 100},
		{"reduce 1.34", 744, 1, 0, 744, 0, 1000, 1000},
		{"reduce with offset", 744, 1, 0, 744, 3.5, 997, 1003},
		{"bleed", 815, 1, 35, 745, 0, 1000, 1000},
		{"chroma", 408, 2, 35, 745, 0, 500, 500},
		{"enlarge chroma", 372, 2, 0, 744, 0, 250, 250},
		{"one pixel", 3, 1, 1, 1, 0, 1, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			taps := artTaps(tt.out, tt.f, tt.bleed, tt.trm, tt.src0, tt.srcLen, tt.srcN)
			for j := range tt.out {
				s := taps.start[j]
				if s < 0 || s+taps.n > tt.srcN {
					t.Fatalf("sample %d reads [%d,%d) of %d", j, s, s+taps.n, tt.srcN)
				}
				var sum int32
				for _, w := range taps.w[j*taps.n : (j+1)*taps.n] {
					sum += w
				}
				if sum != 1<<artWeightBits {
					t.Errorf("sample %d: weights sum to %d", j, sum)
				}
			}
			if tt.name == "identity" {
				for j := range tt.out {
					if taps.n != 1 || taps.start[j] != j {
						t.Fatalf("identity: sample %d reads %d taps from %d", j, taps.n, taps.start[j])
					}
				}
			}
			if tt.bleed > 0 && tt.f == 1 {
				for j := range tt.bleed {
					if taps.start[j] != taps.start[tt.bleed] {
						t.Errorf("bleed sample %d does not repeat the edge", j)
					}
				}
			}
		})
	}
}

func TestDefaultCacheDir(t *testing.T) {
	t.Setenv("XDG_CACHE_HOME", "/tmp/xdg")
	if d := DefaultCacheDir(); runtime.GOOS == "linux" && d != filepath.Join("/tmp/xdg", "deckwright", "images") {
		t.Errorf("DefaultCacheDir() = %q", d)
	}
}

// artBenchSet writes 60 JPEGs of 2000×2800 pixels, quality 90, with varied
// content into dir, on every core.
func artBenchSet(b *testing.B, dir string) []ImageSpec {
	specs := make([]ImageSpec, 60)
	errs := make([]error, len(specs))
	var wg sync.WaitGroup
	sem := make(chan struct{}, runtime.NumCPU())
	for i := range specs {
		specs[i] = poker(filepath.Join(dir, fmt.Sprintf("card%03d.jpg", i)), 0)
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer wg.Done()
			defer func() { <-sem }()
			var buf bytes.Buffer
			if err := jpeg.Encode(&buf, artBenchArt(i, 2000, 2800), &jpeg.Options{Quality: 90}); err != nil {
				errs[i] = err
				return
			}
			errs[i] = os.WriteFile(specs[i].Path, buf.Bytes(), 0o644)
		}()
	}
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		b.Fatal(err)
	}
	return specs
}

// artBenchArt paints card i: waves of different frequencies per card, a few
// discs and fine noise, like painted art.
func artBenchArt(i, w, h int) *image.RGBA {
	m := image.NewRGBA(image.Rect(0, 0, w, h))
	seed := uint32(i*2654435761 + 1)
	rnd := func() float64 {
		seed ^= seed << 13
		seed ^= seed >> 17
		seed ^= seed << 5
		return float64(seed) / (1 << 32)
	}
	fx, fy, fz := 2+8*rnd(), 2+8*rnd(), 1+5*rnd()
	type disc struct{ x, y, r, c float64 }
	var discs []disc
	for range 6 {
		discs = append(discs, disc{rnd() * float64(w), rnd() * float64(h), 100 + 400*rnd(), 255 * rnd()})
	}
	for y := range h {
		row := m.Pix[y*m.Stride:]
		sy := math.Sin(fy * float64(y) / float64(h) * math.Pi)
		for x := range w {
			sx := math.Sin(fx * float64(x) / float64(w) * math.Pi)
			v := [3]float64{128 + 90*sx*sy, 128 + 90*math.Sin(fz*(sx+sy)), 128 + 60*sx + 40*sy}
			for _, d := range discs {
				if dx, dy := float64(x)-d.x, float64(y)-d.y; dx*dx+dy*dy < d.r*d.r {
					v[1], v[2] = d.c, 255-d.c
				}
			}
			seed ^= seed << 13
			seed ^= seed >> 17
			seed ^= seed << 5
			n := float64(seed%13) - 6
			for c := range 3 {
				row[4*x+c] = uint8(min(max(v[c]+n, 0), 255))
			}
			row[4*x+3] = 255
		}
	}
	return m
}

func artBenchRun(b *testing.B, specs []ImageSpec, opts PrepareOptions) {
	_, errs := PrepareImages(context.Background(), specs, opts)
	for _, err := range errs {
		if err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkPrepareCold60 prepares 60 cards of 2000×2800 JPEG art for
// 63×88 mm at 300 DPI with an empty cache.
func BenchmarkPrepareCold60(b *testing.B) {
	specs := artBenchSet(b, b.TempDir())
	for b.Loop() {
		artBenchRun(b, specs, PrepareOptions{CacheDir: b.TempDir()})
	}
}

// BenchmarkPrepareWarm60 prepares the same 60 cards from a filled cache.
func BenchmarkPrepareWarm60(b *testing.B) {
	specs := artBenchSet(b, b.TempDir())
	opts := PrepareOptions{CacheDir: b.TempDir()}
	artBenchRun(b, specs, opts)
	for b.Loop() {
		artBenchRun(b, specs, opts)
	}
}
