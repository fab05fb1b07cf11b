package pnp

import (
	"bufio"
	"context"
	"os"
	"runtime"
	"runtime/debug"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/deckwright/deckwright/layout"
)

// BenchmarkImport imports a 10-page Letter PDF of 90 poker cards printed
// from 300 DPI art, cutting faces at 300 DPI. It reports the peak Go heap
// in use during the imports (peak-heap-MB, sampled every 5 ms) and the
// process's peak resident memory while importing (peak-rss-MB, on Linux).
func BenchmarkImport(b *testing.B) { benchImport(b, false) }

// BenchmarkImportRaster is BenchmarkImport with every page rendered by
// pdftoppm and its grid found on the raster.
func BenchmarkImportRaster(b *testing.B) {
	needPdftoppm(b)
	benchImport(b, true)
}

// BenchmarkImport30Raster imports a 30-page Letter PDF of 270 poker cards,
// every page rendered by pdftoppm at 300 DPI and its grid found on the
// raster (the slow path): s/page is the time a page takes.
func BenchmarkImport30Raster(b *testing.B) {
	needPdftoppm(b)
	benchImportN(b, true, 270)
}

func benchImport(b *testing.B, raster bool) { benchImportN(b, raster, 90) }

func benchImportN(b *testing.B, raster bool, cards int) {
	o := layout.DefaultOptions()
	o.Paper = layout.Letter
	path := printDeck(b, b.TempDir(), cards, o, 300).path // the art is not kept
	if os.Getenv("GOMEMLIMIT") == "" {
		// As the command line runs an import (see MemoryLimit).
		defer debug.SetMemoryLimit(debug.SetMemoryLimit(MemoryLimit))
	}
	runtime.GC()
	debug.FreeOSMemory()
	// Forget the peak resident size of printing the PDF (Linux).
	os.WriteFile("/proc/self/clear_refs", []byte("5"), 0)
	var peak atomic.Uint64
	stop := make(chan struct{})
	done := make(chan struct{})
	go func() {
		defer close(done)
		var ms runtime.MemStats
		for {
			select {
			case <-stop:
				return
			case <-time.After(5 * time.Millisecond):
			}
			runtime.ReadMemStats(&ms)
			if ms.HeapInuse > peak.Load() {
				peak.Store(ms.HeapInuse)
			}
		}
	}()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		res, err := Import(context.Background(), path, Options{CardW: 63, CardH: 88, Layout: LayoutFronts, forceRaster: raster})
		if err != nil {
			b.Fatal(err)
		}
		if len(res.Cards) != cards || len(res.Pages) != cards/9 {
			b.Fatalf("%d cards on %d pages, want %d on %d", len(res.Cards), len(res.Pages), cards, cards/9)
		}
	}
	b.StopTimer()
	close(stop)
	<-done
	b.ReportMetric(b.Elapsed().Seconds()/float64(b.N)/float64(cards/9), "s/page")
	b.ReportMetric(float64(peak.Load())/(1<<20), "peak-heap-MB")
	if rss := vmHWM(); rss > 0 {
		b.ReportMetric(rss, "peak-rss-MB")
	}
}

// vmHWM reads the process's peak resident set size in MB from /proc, or
// 0 where there is none.
func vmHWM() float64 {
	f, err := os.Open("/proc/self/status")
	if err != nil {
		return 0
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if rest, ok := strings.CutPrefix(sc.Text(), "VmHWM:"); ok {
			kb, _ := strconv.ParseFloat(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(rest), "kB")), 64)
			return kb / 1024
		}
	}
	return 0
}
