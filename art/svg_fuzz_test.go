package art

import (
	"context"
	"os"
	"path/filepath"
	"testing"
	"testing/fstest"
)

// FuzzSVGArt draws arbitrary SVG text as art: an error is fine, a panic
// or a hang is not, and what is drawn covers the card.
func FuzzSVGArt(f *testing.F) {
	data, err := os.ReadFile(filepath.Join("testdata", "svg", "robot-golem.svg"))
	if err != nil {
		f.Fatal(err)
	}
	f.Add(data)
	f.Add([]byte(`<svg viewBox="0 0 10 20"><rect x="1" y="1" width="5" height="5" fill="red"/><circle cx="5" cy="5" r="3" stroke="blue" stroke-dasharray="1 2"/></svg>`))
	f.Add([]byte(`<?xml version="1.0"?><svg width="4" height="4"><path d="M0 0 C 1 1 2 2 3 3 Z" fill="url(#g)"/><linearGradient id="g"><stop offset="0"/></linearGradient></svg>`))
	// The files that crashed or stalled the drawing (issue 34): <use>
	// loops, fan-outs and chains, dense dashes.
	for _, c := range svgBombs() {
		if len(c.svg) < 4096 { // the big ones are TestSVGBombs': as seeds they slow every run
			f.Add(c.svg)
		}
	}
	defer func(n int64) { artMaxPixels = n }(artMaxPixels)
	artMaxPixels = 1 << 20
	f.Fuzz(func(t *testing.T, data []byte) {
		if !isSVG(data) {
			data = append([]byte("<svg "), data...) // explore the SVG path, not the other formats
		}
		fsys := fstest.MapFS{"a.svg": {Data: data}}
		spec := ImageSpec{FS: fsys, Path: "a.svg", TrimW: 63, TrimH: 88, DPI: 30}
		res, errs := PrepareImages(context.Background(), []ImageSpec{spec}, PrepareOptions{})
		if errs[0] != nil {
			return
		}
		if want := artPixels(63, 30); res[0].W != want {
			t.Errorf("drawn %d wide, want %d", res[0].W, want)
		}
	})
}
