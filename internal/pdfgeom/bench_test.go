package pdfgeom

import (
	"context"
	"runtime"
	"testing"
)

// BenchmarkCorpus reads every page of every corpus PDF (pdfcpu's parse of
// the files left out: pnp has done it before it reads a page), and reports
// the time and allocations a page.
func BenchmarkCorpus(b *testing.B) {
	files, xts := loadCorpus(b)
	pages := 0
	for _, f := range files {
		pages += xts[f.File].PageCount
	}
	var m0, m1 runtime.MemStats
	runtime.ReadMemStats(&m0)
	b.ResetTimer()
	for range b.N {
		for _, f := range files {
			xt := xts[f.File]
			for nr := 1; nr <= xt.PageCount; nr++ {
				if _, err := Read(context.Background(), xt, nr, Budget{}); err != nil {
					b.Fatal(err)
				}
			}
		}
	}
	b.StopTimer()
	runtime.ReadMemStats(&m1)
	n := float64(b.N * pages)
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/n, "ns/page")
	b.ReportMetric(float64(m1.Mallocs-m0.Mallocs)/n, "allocs/page")
	b.ReportMetric(float64(m1.TotalAlloc-m0.TotalAlloc)/n, "B/page")
}

// BenchmarkCorpusPages reads each corpus file's pages, one benchmark a
// file, to find the slowest.
func BenchmarkCorpusPages(b *testing.B) {
	files, xts := loadCorpus(b)
	for _, f := range files {
		xt := xts[f.File]
		b.Run(f.File, func(b *testing.B) {
			b.ReportAllocs()
			for range b.N {
				for nr := 1; nr <= xt.PageCount; nr++ {
					if _, err := Read(context.Background(), xt, nr, Budget{}); err != nil {
						b.Fatal(err)
					}
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*xt.PageCount), "ns/page")
		})
	}
}

// BenchmarkFormBomb is Check refusing forms that draw each other 10 ways
// 10 deep (10^10 placements).
func BenchmarkFormBomb(b *testing.B) {
	xt := formChain(b, 10, 10, true)
	b.ReportAllocs()
	for range b.N {
		if _, err := Check(context.Background(), xt, 1, Budget{}); err == nil {
			b.Fatal("not refused")
		}
	}
}
