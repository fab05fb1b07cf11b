package render_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"github.com/deckwright/deckwright/cardsdb/cardsdbtest"
	"image"
	"image/jpeg"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"runtime/metrics"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/deckwright/deckwright/cardface"
	"github.com/deckwright/deckwright/layout"
	"github.com/deckwright/deckwright/render"
)

// BenchmarkTextProxies500 renders 500 text-proxy faces (the Seeker
// Chronicles set, over and over) to a PDF thrown away. The target is
// 500 text proxies in at most 3 s.
func BenchmarkTextProxies500(b *testing.B) {
	set := cardface.SetItems(cardsdbtest.Game(b, "seeker-chronicles"))
	items := make([]cardface.Item, 500)
	for i := range items {
		items[i] = set[i%len(set)]
	}
	opts := render.RenderOptions{Sheet: layout.DefaultOptions()}
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		rep, err := render.Render(context.Background(), io.Discard, items, opts)
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
		opts := render.RenderOptions{Sheet: layout.DefaultOptions(), CacheDir: cacheDir}
		rep, err := render.Render(context.Background(), io.Discard, items, opts)
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
func artItems60(b *testing.B, n int) []cardface.Item { return artItems(b, n, 2000, 2800) }

// artItems makes a game of n cards, each with its own w×h JPEG, in a
// temporary folder.
func artItems(b *testing.B, n, w, h int) []cardface.Item {
	b.Helper()
	base := paint(w, h, 0)
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
			step := h / 28
			for y := step * (i % 25); y < min(h, step*(i%25)+3*step); y++ {
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

// BenchmarkRender5000Art prints 5,000 cards with art, the default
// --max-cards: 200 cards with their own 1000×1400 JPEG, 25 copies of each,
// at 300 DPI, from a cold cache (every image decoded and resampled) and a
// warm one. Besides time it reports the peak heap (live objects, sampled
// every millisecond) and the process's peak RSS during the run (Linux:
// VmHWM, reset before each run). The target is at most 300 MB.
func BenchmarkRender5000Art(b *testing.B) {
	const distinct, copies = 200, 25
	art := artItems(b, distinct, 1000, 1400)
	items := make([]cardface.Item, 0, distinct*copies)
	for _, it := range art {
		for range copies {
			items = append(items, it)
		}
	}
	run := func(b *testing.B, cacheDir string) {
		b.Helper()
		opts := render.RenderOptions{Sheet: layout.DefaultOptions(), CacheDir: cacheDir}
		peak := startPeakMem()
		rep, err := render.Render(context.Background(), io.Discard, items, opts)
		heap, rss := peak.stop()
		if err != nil {
			b.Fatal(err)
		}
		if rep.Images != len(items) || len(rep.Warnings) != 0 {
			b.Fatalf("%d images, warnings %v; want %d images, no warnings", rep.Images, rep.Warnings, len(items))
		}
		b.ReportMetric(float64(heap)/(1<<20), "peak-heap-MB")
		if rss > 0 {
			b.ReportMetric(float64(rss)/(1<<20), "peak-RSS-MB")
		}
	}
	b.Run("cold", func(b *testing.B) {
		base := b.TempDir()
		i := 0
		for b.Loop() {
			i++
			run(b, filepath.Join(base, strconv.Itoa(i)))
		}
	})
	b.Run("warm", func(b *testing.B) {
		dir := b.TempDir()
		run(b, dir) // fill the cache
		for b.Loop() {
			run(b, dir)
		}
	})
}

// peakMem samples the heap while a benchmark runs.
type peakMem struct {
	done chan struct{}
	heap chan uint64
}

func startPeakMem() *peakMem {
	runtime.GC()
	// Linux: writing 5 to clear_refs resets the peak RSS (VmHWM).
	os.WriteFile("/proc/self/clear_refs", []byte("5"), 0)
	p := &peakMem{done: make(chan struct{}), heap: make(chan uint64)}
	go func() {
		s := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
		var peak uint64
		t := time.NewTicker(time.Millisecond)
		defer t.Stop()
		for {
			metrics.Read(s)
			peak = max(peak, s[0].Value.Uint64())
			select {
			case <-p.done:
				p.heap <- peak
				return
			case <-t.C:
			}
		}
	}()
	return p
}

// stop returns the peak heap and the peak RSS (0 where unknown) in bytes.
func (p *peakMem) stop() (heap, rss uint64) {
	close(p.done)
	heap = <-p.heap
	data, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return heap, 0
	}
	for _, l := range strings.Split(string(data), "\n") {
		if v, ok := strings.CutPrefix(l, "VmHWM:"); ok {
			kb, _ := strconv.ParseUint(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(v), "kB")), 10, 64)
			return heap, kb << 10
		}
	}
	return heap, 0
}
