package art

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"image/color"
	_ "image/jpeg"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"github.com/srwiley/oksvg"
	"github.com/srwiley/rasterx"
)

// TestSVGArt: SVG art (Squib's samples are mostly SVG) is drawn at the
// print's resolution, covering the card, and placed as any other art.
func TestSVGArt(t *testing.T) {
	spec := ImageSpec{Path: filepath.Join("testdata", "svg", "robot-golem.svg"), TrimW: 63, TrimH: 88, DPI: 150}
	res, errs := PrepareImages(context.Background(), []ImageSpec{spec}, PrepareOptions{})
	if errs[0] != nil {
		t.Fatal(errs[0])
	}
	p := res[0]
	wantW, wantH := artPixels(63, 150), artPixels(88, 150)
	if p.W != wantW || p.H != wantH {
		t.Errorf("prepared %d×%d, want %d×%d (the card at 150 DPI)", p.W, p.H, wantW, wantH)
	}
	img, _, err := image.Decode(bytes.NewReader(p.Data))
	if err != nil {
		t.Fatal(err)
	}
	// The icon is a light figure on a black square: the corner is dark,
	// and some pixel of the middle row is light.
	r, g, b, _ := img.At(2, 2).RGBA()
	if r > 0x2000 || g > 0x2000 || b > 0x2000 {
		t.Errorf("corner is %x %x %x, want the black backdrop", r, g, b)
	}
	light := false
	for x := 0; x < p.W; x++ {
		r, g, b, _ := img.At(x, p.H/3).RGBA()
		light = light || r > 0xe000 && g > 0xe000 && b > 0xe000
	}
	if !light {
		t.Error("no light pixel in the figure's row: the paths were not drawn")
	}
	if p.SourceDPI < 149 {
		t.Errorf("source DPI %.0f: an SVG is drawn at the print's resolution", p.SourceDPI)
	}
}

// TestSVGBad: SVG files that cannot be drawn are errors, never crashes.
func TestSVGBad(t *testing.T) {
	for name, data := range map[string]string{
		"nosize.svg":  `<svg xmlns="http://www.w3.org/2000/svg"><path d="M0 0L10 10"/></svg>`,
		"garbage.svg": `<svg viewBox="0 0 10 10"><path d="M 0 0 L x y z"/><<<`,
		"huge.svg":    `<svg viewBox="0 0 10 10">` + strings.Repeat(" ", maxSVGBytes) + `</svg>`,
		"xml.svg":     "<?xml version=\"1.0\"?>\n<svg viewBox=\"0 0 0 0\"></svg>",
	} {
		fsys := fstest.MapFS{name: {Data: []byte(data)}}
		_, errs := PrepareImages(context.Background(), []ImageSpec{{FS: fsys, Path: name, TrimW: 63, TrimH: 88, DPI: 100}}, PrepareOptions{})
		if errs[0] == nil {
			t.Errorf("%s: no error", name)
		}
	}
	// A PNG named .svg is read by its content.
	_, errs := PrepareImages(context.Background(), []ImageSpec{{Path: filepath.Join("testdata", "svg", "bad-svg.svg"), TrimW: 63, TrimH: 88, DPI: 100}}, PrepareOptions{})
	if errs[0] != nil {
		t.Errorf("bad-svg.svg (a PNG): %v", errs[0])
	}
}

// drawSVG draws an SVG as readSVG does for a poker card at dpi, and
// decodes the PNG it makes.
func drawSVG(t *testing.T, data []byte, dpi int) (image.Image, error) {
	t.Helper()
	src, err := readSVG(ImageSpec{TrimW: 63, TrimH: 88, DPI: dpi}, bytes.NewReader(data), nil)
	if err != nil {
		return nil, err
	}
	img, err := png.Decode(bytes.NewReader(src.data))
	if err != nil {
		t.Fatal(err)
	}
	return img, nil
}

// svgProbe is a colour an SVG must show at a point, given in fractions of
// the drawn image's width and height; "" for transparent.
type svgProbe struct {
	x, y float64
	rgb  string
}

// svgCorpus is the SVG files made by other tools in testdata/svg (see its
// MANIFEST.md), each with what it shows, written by hand from looking at
// them drawn.
var svgCorpus = []struct {
	file   string
	probes []svgProbe
}{
	{"robot-golem.svg", []svgProbe{{0.02, 0.02, "010101"}, {0.5, 0.48, "fdfdfd"}}},
	{"illustrator-sea.svg", []svgProbe{{0.5, 0.85, "ff4f70"}, {0.5, 0.45, "ffffff"}, {0.02, 0.02, ""}}},
	{"use-defs.svg", []svgProbe{{1.0 / 6, 0.1, "ff0000"}, {0.5, 0.1, "008000"}, {5.0 / 6, 0.1, "0000ff"}, {1.0 / 6, 0.5, "ffa500"}, {0.5, 0.5, "ffff00"}}},
	{"inkscape-diagram.svg", []svgProbe{{0.02, 0.02, ""}}},
	{"oksvg-shapes.svg", []svgProbe{{0.22, 0.47, "00ffff"}, {0.02, 0.02, ""}}},
}

// TestSVGCorpus: SVG files from Illustrator, Inkscape and others draw, and
// show what they show (svgCorpus), quickly: before svgCanvas, use-defs.svg
// took 12 s at 300 DPI. The table says what each took.
func TestSVGCorpus(t *testing.T) {
	t.Logf("%-22s %-9s %8s  %s", "file", "drawn", "ms", "result")
	for _, c := range svgCorpus {
		data, err := os.ReadFile(filepath.Join("testdata", "svg", c.file))
		if err != nil {
			t.Fatal(err)
		}
		start := time.Now()
		img, err := drawSVG(t, data, 150)
		ms := time.Since(start).Milliseconds()
		if err != nil {
			t.Errorf("%s: %v", c.file, err)
			t.Logf("%-22s %-9s %8d  %v", c.file, "-", ms, err)
			continue
		}
		b := img.Bounds()
		result := "ok"
		for _, p := range c.probes {
			x, y := int(p.x*float64(b.Dx())), int(p.y*float64(b.Dy()))
			if got := rgbHex(img.At(x, y)); !closeRGB(got, p.rgb) {
				t.Errorf("%s at (%d, %d): %q, want %q", c.file, x, y, got, p.rgb)
				result = "wrong colours"
			}
		}
		inked := false
		for y := b.Min.Y; y < b.Max.Y && !inked; y++ {
			for x := b.Min.X; x < b.Max.X && !inked; x++ {
				_, _, _, a := img.At(x, y).RGBA()
				inked = a > 0
			}
		}
		if !inked {
			t.Errorf("%s: nothing drawn", c.file)
			result = "blank"
		}
		t.Logf("%-22s %-9s %8d  %s", c.file, fmt.Sprintf("%dx%d", b.Dx(), b.Dy()), ms, result)
	}
}

// rgbHex writes a colour as rrggbb, or "" when it is transparent.
func rgbHex(c color.Color) string {
	n := color.NRGBAModel.Convert(c).(color.NRGBA)
	if n.A < 0x80 {
		return ""
	}
	return fmt.Sprintf("%02x%02x%02x", n.R, n.G, n.B)
}

// closeRGB reports whether two rrggbb colours are within 8 levels in each
// channel.
func closeRGB(a, b string) bool {
	if a == "" || b == "" {
		return a == b
	}
	var x, y [3]int
	fmt.Sscanf(a, "%02x%02x%02x", &x[0], &x[1], &x[2])
	fmt.Sscanf(b, "%02x%02x%02x", &y[0], &y[1], &y[2])
	for i := range x {
		if d := x[i] - y[i]; d > 8 || d < -8 {
			return false
		}
	}
	return true
}

// TestSVGSameAsRasterx: svgCanvas fills what rasterx's own scanner fills
// (over the whole image for every path, which is what made it slow): the
// corpus drawn both ways agrees to within 2 levels in every pixel
// (premultiplied).
func TestSVGSameAsRasterx(t *testing.T) {
	for _, c := range svgCorpus {
		data, err := os.ReadFile(filepath.Join("testdata", "svg", c.file))
		if err != nil {
			t.Fatal(err)
		}
		ours, err := drawSVG(t, data, 40)
		if err != nil {
			t.Fatal(err)
		}
		icon, err := oksvg.ReadIconStream(bytes.NewReader(data), oksvg.IgnoreErrorMode)
		if err != nil {
			t.Fatal(err)
		}
		b := ours.Bounds()
		icon.SetTarget(0, 0, float64(b.Dx()), float64(b.Dy()))
		theirs := image.NewNRGBA(b)
		icon.Draw(rasterx.NewDasher(b.Dx(), b.Dy(), rasterx.NewScannerGV(b.Dx(), b.Dy(), theirs, b)), 1)
		off, worst := 0, 0
		for y := b.Min.Y; y < b.Max.Y; y++ {
			for x := b.Min.X; x < b.Max.X; x++ {
				// premultiplied: the colour of a nearly transparent
				// pixel is noise
				p := color.RGBAModel.Convert(ours.At(x, y)).(color.RGBA)
				q := color.RGBAModel.Convert(theirs.NRGBAAt(x, y)).(color.RGBA)
				if p.A == 0 && q.A == 0 {
					continue
				}
				d := 0
				for _, v := range []int{int(p.R) - int(q.R), int(p.G) - int(q.G), int(p.B) - int(q.B), int(p.A) - int(q.A)} {
					d = max(d, v, -v)
				}
				worst = max(worst, d)
				if d > 2 {
					off++
				}
			}
		}
		if off > 0 {
			t.Errorf("%s: %d of %d pixels differ from rasterx's by more than 2 levels (at most %d)", c.file, off, b.Dx()*b.Dy(), worst)
		}
	}
}

// svgDoc wraps SVG elements in an <svg> the size of a poker card.
func svgDoc(body string) []byte {
	return []byte(`<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 63 88">` + body + `</svg>`)
}

// svgFanOut is <use> fanning out ways ways, deep levels deep, over a
// rectangle the size of the card: ways^deep rectangles.
func svgFanOut(ways, deep int) []byte {
	var b strings.Builder
	b.WriteString(`<defs><g id="l0"><rect width="63" height="88" fill="#123456"/></g>`)
	for i := 1; i <= deep; i++ {
		fmt.Fprintf(&b, `<g id="l%d">`, i)
		for range ways {
			fmt.Fprintf(&b, `<use href="#l%d"/>`, i-1)
		}
		b.WriteString(`</g>`)
	}
	fmt.Fprintf(&b, `</defs><use href="#l%d"/>`, deep)
	return svgDoc(b.String())
}

// svgBombs are SVG files that took deckwright down or kept it busy for
// minutes (issue 34), each refused now before the work, with what was over.
func svgBombs() []struct {
	name string
	svg  []byte
	want string
} {
	var rects, bigPath, dashed strings.Builder
	for i := range 4000 {
		fmt.Fprintf(&rects, `<rect width="63" height="88" fill="#%06x"/>`, i*4099%0xffffff)
	}
	bigPath.WriteString(`<defs><path id="p" d="M0 0`)
	for bigPath.Len() < 40_000 {
		bigPath.WriteString(" L1 1 L0 0")
	}
	bigPath.WriteString(`"/></defs>`)
	for range 900 {
		bigPath.WriteString(`<use href="#p"/>`)
	}
	dashed.WriteString(`<path fill="none" stroke="#000" stroke-width="40" stroke-dasharray="0.1 0.1" d="M0 0`)
	for range 50 {
		dashed.WriteString(" L63 88 L0 0")
	}
	dashed.WriteString(`"/>`)
	var chain strings.Builder
	chain.WriteString(`<defs><rect id="c0" width="1" height="1"/>`)
	for i := 1; i <= 20; i++ {
		fmt.Fprintf(&chain, `<g id="c%d"><use href="#c%d"/></g>`, i, i-1)
	}
	chain.WriteString(`</defs><use href="#c20"/>`)
	return []struct {
		name string
		svg  []byte
		want string
	}{
		// oksvg recursed until "fatal error: stack overflow"
		{"use inside itself", svgDoc(`<defs><g id="a"><rect width="10" height="10"/><use xlink:href="#a"/></g></defs><use xlink:href="#a"/>`), "<use> of #a refers back to itself"},
		{"use loop", svgDoc(`<defs><g id="a"><use href="#b"/></g><g id="b"><rect width="1" height="1"/><use href="#a"/></g></defs><use href="#a"/>`), "refers back to itself"},
		// the loop ahead of a malformed end tag: oksvg expands the <use>
		// before it reads the bad tag (found by FuzzSVGArt)
		{"use loop before a bad end tag", []byte(strings.TrimSuffix(string(svgDoc(`<defs><g id="a"><use href="#b"/></g><g id="b"><rect width="1" height="1"/><use href="#a"/></g></defs><use href="#a"/>`)), ">") + " "), "refers back to itself"},
		// 9 GB
		{"use 10 ways 9 deep", svgFanOut(10, 9), "more than 250,000 elements"},
		{"use 20 deep", svgDoc(chain.String()), "more than 16 deep"},
		{"40 kB path used 900 times", svgDoc(bigPath.String()), "more than 32 MB of shapes"},
		// minutes for one card
		{"4000 full-size rectangles", svgDoc(rects.String()), "its 4000 shapes cover 3.1 billion pixels"},
		{"dashes of 0.1", svgDoc(dashed.String()), "more than 4.0 million lines"},
	}
}

// TestSVGBombs: SVG files that expand or draw without bound are refused
// before the work, saying what was over; none crashes or hangs.
func TestSVGBombs(t *testing.T) {
	for _, c := range svgBombs() {
		t.Run(c.name, func(t *testing.T) {
			_, err := drawSVG(t, c.svg, 300)
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("got %v, want an error saying %q", err, c.want)
			}
		})
	}
}

// TestGuard: a panic in a reader is an error, the package's one recovery.
func TestGuard(t *testing.T) {
	v, err := guard(func() (int, error) { panic("index out of range") })
	if v != 0 || err == nil || !strings.Contains(err.Error(), "corrupt image: reading it failed (index out of range)") {
		t.Fatalf("got %v, %v", v, err)
	}
	if v, err := guard(func() (int, error) { return 7, nil }); v != 7 || err != nil {
		t.Fatalf("got %v, %v", v, err)
	}
}

// TestDecodeImage: the decoding other packages use (render's layer images)
// goes through the package's recovery: a header that lies is an error, and
// a PNG decodes.
func TestDecodeImage(t *testing.T) {
	var b bytes.Buffer
	if err := png.Encode(&b, image.NewNRGBA(image.Rect(0, 0, 3, 2))); err != nil {
		t.Fatal(err)
	}
	cfg, format, err := DecodeConfig(b.Bytes())
	if err != nil || format != "png" || cfg.Width != 3 || cfg.Height != 2 {
		t.Fatalf("header: %v %s %v", cfg, format, err)
	}
	if img, err := DecodeImage(b.Bytes(), format, 1); err != nil || img.Bounds().Dx() != 3 {
		t.Fatalf("decode: %v", err)
	}
	if _, err := DecodeImage(b.Bytes()[:30], "png", 1); err == nil {
		t.Error("a PNG cut short decodes")
	}
}
