package layout_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"image"
	"image/jpeg"
	"io"
	"path/filepath"
	"runtime"
	"strconv"
	"sync"
	"testing"

	"github.com/deckwright/deckwright/layout"
)

// BenchmarkTextProxies500 renders 500 text-proxy faces (the Seeker
// Chronicles set, over and over) to a PDF thrown away. The target is
// 500 text proxies in at most 3 s.
func BenchmarkTextProxies500(b *testing.B) {
	set := layout.SetItems(bundledGame(b, "seeker-chronicles"))
	items := make([]layout.Item, 500)
	for i := range items {
		items[i] = set[i%len(set)]
	}
	opts := layout.RenderOptions{Sheet: layout.DefaultOptions()}
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		rep, err := layout.Render(context.Background(), io.Discard, items, opts)
		if err != nil {
			b.Fatal(err)
		}
		if rep.TextFaces != 500 {
			b.Fatalf("%d text faces, want 500", rep.TextFaces)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Milliseconds())/float64(b.N), "ms/500faces")
}

// BenchmarkRender60Art renders 60 cards, each with its own 2000×2800 JPEG
// (quality 90), at 300 DPI: with a cold cache (a new cache folder each
// time, so every image is decoded and resampled) and with a warm one.
func BenchmarkRender60Art(b *testing.B) {
	const n = 60
	items := artItems60(b, n)
	run := func(b *testing.B, cacheDir string, wantCached int) {
		b.Helper()
		opts := layout.RenderOptions{Sheet: layout.DefaultOptions(), CacheDir: cacheDir}
		rep, err := layout.Render(context.Background(), io.Discard, items, opts)
		if err != nil {
			b.Fatal(err)
		}
		if rep.Images != n || rep.Cached != wantCached || len(rep.Warnings) != 0 {
			b.Fatalf("%d images, %d cached, warnings %v; want %d images, %d cached, no warnings",
				rep.Images, rep.Cached, rep.Warnings, n, wantCached)
		}
	}
	b.Run("cold", func(b *testing.B) {
		base := b.TempDir()
		i := 0
		for b.Loop() {
			i++
			run(b, filepath.Join(base, strconv.Itoa(i)), 0)
		}
	})
	b.Run("warm", func(b *testing.B) {
		dir := b.TempDir()
		run(b, dir, 0) // fill the cache
		for b.Loop() {
			run(b, dir, n)
		}
	})
}

// artItems60 makes a game of n cards, each with its own 2000×2800 JPEG, in
// a temporary folder; the art is made once per benchmark run.
func artItems60(b *testing.B, n int) []layout.Item {
	b.Helper()
	base := paint(2000, 2800, 0)
	files := map[string][]byte{}
	var cards, names []string
	var mu sync.Mutex
	var errs []error
	var wg sync.WaitGroup
	sem := make(chan struct{}, runtime.NumCPU())
	for i := range n {
		name := fmt.Sprintf("Card %02d", i)
		names = append(names, name)
		cards = append(cards, fmt.Sprintf("  - {name: %q, type: unit, image: art/%02d.jpg}", name, i))
		wg.Go(func() {
			sem <- struct{}{}
			defer func() { <-sem }()
			// Each card's art differs: a band of its own colour.
			m := image.NewRGBA(base.Rect)
			copy(m.Pix, base.Pix)
			for y := 100 * (i % 25); y < 100*(i%25)+300; y++ {
				row := m.Pix[y*m.Stride:][:m.Stride]
				for x := 0; x+3 < len(row); x += 4 {
					row[x] ^= uint8(37 * i)
					row[x+2] ^= uint8(11 * i)
				}
			}
			var buf bytes.Buffer
			err := jpeg.Encode(&buf, m, &jpeg.Options{Quality: 90})
			mu.Lock()
			files[fmt.Sprintf("cards/art/%02d.jpg", i)] = buf.Bytes()
			errs = append(errs, err)
			mu.Unlock()
		})
	}
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		b.Fatal(err)
	}
	g := gameDir(b, "", cards, files)
	return cardItems(b, g, names...)
}
