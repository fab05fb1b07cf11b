package art

import (
	"bytes"
	"context"
	"image"
	_ "image/jpeg"
	_ "image/png"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"
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
