// Command prepimages times art.PrepareImages on the first N JPEG files of
// a directory, as card art of one size, and prints one line of figures:
//
//	wall=1.234 rss_mb=88.1 cards=60 passthrough=0 cached=0 failed=0
//
// wall is the time of the PrepareImages call in seconds and rss_mb the peak
// resident memory of the whole process (VmHWM), so run one measurement per
// process. With -cache DIR the disk cache is used (and filled); -clear
// empties it first, for a cold run.
//
//	go run ./bench/prepimages -n 60 -cache /tmp/c -clear DIR
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"time"

	"github.com/deckwright/deckwright/art"
	"github.com/deckwright/deckwright/internal/procstat"
)

func main() {
	n := flag.Int("n", 60, "number of cards (the first N *.jpg files of DIR)")
	w := flag.Float64("w", 63, "card width in mm")
	h := flag.Float64("h", 88, "card height in mm")
	bleed := flag.Float64("bleed", 0, "bleed in mm")
	dpi := flag.Int("dpi", 300, "resolution")
	workers := flag.Int("workers", 0, "workers (0 = every core)")
	cache := flag.String("cache", "", "cache directory (empty: no cache)")
	clearCache := flag.Bool("clear", false, "empty the cache directory first")
	flag.Parse()
	if flag.NArg() != 1 {
		fmt.Fprintln(os.Stderr, "usage: prepimages [flags] DIR")
		os.Exit(2)
	}
	files, err := filepath.Glob(filepath.Join(flag.Arg(0), "*.jpg"))
	if err != nil || len(files) < *n {
		fmt.Fprintf(os.Stderr, "prepimages: want %d .jpg files in %s, found %d\n", *n, flag.Arg(0), len(files))
		os.Exit(1)
	}
	sort.Strings(files)
	if *clearCache && *cache != "" {
		if err := os.RemoveAll(*cache); err != nil {
			fmt.Fprintln(os.Stderr, "prepimages:", err)
			os.Exit(1)
		}
	}
	specs := make([]art.ImageSpec, *n)
	for i := range specs {
		specs[i] = art.ImageSpec{Path: files[i], TrimW: *w, TrimH: *h, Bleed: *bleed, DPI: *dpi}
	}
	start := time.Now()
	res, errs := art.PrepareImages(context.Background(), specs, art.PrepareOptions{Workers: *workers, CacheDir: *cache})
	wall := time.Since(start)
	var pass, cached, failed int
	for i, r := range res {
		switch {
		case errs[i] != nil:
			failed++
			fmt.Fprintln(os.Stderr, "prepimages:", errs[i])
		case r.Passthrough:
			pass++
		case r.Cached:
			cached++
		}
	}
	fmt.Printf("wall=%.3f rss_mb=%.1f cards=%d passthrough=%d cached=%d failed=%d\n",
		wall.Seconds(), float64(procstat.PeakRSS())/(1<<20), *n, pass, cached, failed)
	if failed > 0 {
		os.Exit(1)
	}
}
