// Command genart writes card art for deckwright's image benchmark: N JPEG
// files of W×H pixels with varied content (gradients, shapes, texture and
// noise, different for every card), named card000.jpg, card001.jpg, ...
//
//	go run ./bench/genart -n 60 -w 2000 -h 2800 -q 90 DIR
//
// Files that already exist with the right size are kept, so a second run
// costs nothing.
package main

import (
	"flag"
	"fmt"
	"image"
	"image/jpeg"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"sync"
)

func main() {
	n := flag.Int("n", 60, "number of images")
	w := flag.Int("w", 2000, "width in pixels")
	h := flag.Int("h", 2800, "height in pixels")
	q := flag.Int("q", 90, "JPEG quality")
	flag.Parse()
	if flag.NArg() != 1 {
		fmt.Fprintln(os.Stderr, "usage: genart [-n N] [-w W] [-h H] [-q Q] DIR")
		os.Exit(2)
	}
	dir := flag.Arg(0)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	var wg sync.WaitGroup
	next := make(chan int)
	errs := make(chan error, *n)
	for range runtime.NumCPU() {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				if err := write(dir, i, *w, *h, *q); err != nil {
					errs <- err
				}
			}
		}()
	}
	for i := range *n {
		next <- i
	}
	close(next)
	wg.Wait()
	close(errs)
	for err := range errs {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}

// Name returns the file name of card i.
func name(i int) string { return fmt.Sprintf("card%03d.jpg", i) }

func write(dir string, i, w, h, q int) error {
	path := filepath.Join(dir, name(i))
	if f, err := os.Open(path); err == nil {
		cfg, err := jpeg.DecodeConfig(f)
		f.Close()
		if err == nil && cfg.Width == w && cfg.Height == h {
			return nil
		}
	}
	img := Art(i, w, h)
	tmp := path + ".tmp"
	f, err := os.Create(tmp)
	if err != nil {
		return err
	}
	if err := jpeg.Encode(f, img, &jpeg.Options{Quality: q}); err != nil {
		f.Close()
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	return os.Rename(tmp, path)
}

// Art paints card i: a smooth background of mixed waves, a few shapes in
// flat or shaded colours, a textured band and fine noise, all chosen by a
// generator seeded with i.
func Art(i, w, h int) *image.RGBA {
	r := rand.New(rand.NewPCG(uint64(i), 0xdec4))
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	// Background: per channel, a sum of two waves over x and y.
	var fx, fy, ph [3][2]float64
	for c := range 3 {
		for k := range 2 {
			fx[c][k] = (r.Float64()*6 + 0.5) * 2 * math.Pi / float64(w)
			fy[c][k] = (r.Float64()*6 + 0.5) * 2 * math.Pi / float64(h)
			ph[c][k] = r.Float64() * 2 * math.Pi
		}
	}
	sx := make([][3][2]float64, w)
	for x := range w {
		for c := range 3 {
			for k := range 2 {
				sx[x][c][k] = math.Sin(fx[c][k]*float64(x) + ph[c][k])
			}
		}
	}
	for y := range h {
		var sy [3][2]float64
		for c := range 3 {
			for k := range 2 {
				sy[c][k] = math.Cos(fy[c][k] * float64(y))
			}
		}
		row := img.Pix[y*img.Stride:]
		for x := range w {
			for c := range 3 {
				v := 128 + 60*sx[x][c][0]*sy[c][0] + 40*sx[x][c][1] + 30*sy[c][1]
				row[4*x+c] = clamp(v)
			}
			row[4*x+3] = 255
		}
	}
	// Shapes: discs and rectangles, flat or with a radial shade.
	for range 8 + r.IntN(12) {
		cx, cy := r.IntN(w), r.IntN(h)
		rad := 40 + r.IntN(w/4)
		col := [3]float64{r.Float64() * 255, r.Float64() * 255, r.Float64() * 255}
		shade := r.IntN(2) == 0
		disc := r.IntN(2) == 0
		for y := max(0, cy-rad); y < min(h, cy+rad); y++ {
			for x := max(0, cx-rad); x < min(w, cx+rad); x++ {
				dx, dy := float64(x-cx), float64(y-cy)
				d := math.Sqrt(dx*dx+dy*dy) / float64(rad)
				if disc && d > 1 {
					continue
				}
				f := 1.0
				if shade {
					f = 1.1 - 0.6*min(d, 1)
				}
				p := img.Pix[y*img.Stride+4*x:]
				for c := range 3 {
					p[c] = clamp(col[c] * f)
				}
			}
		}
	}
	// A textured band (cross-hatching) like an engraved frame.
	by := r.IntN(h - h/5)
	period := 3 + r.IntN(6)
	for y := by; y < by+h/5; y++ {
		for x := range w {
			if (x+y)%period == 0 || (x-y+h)%(period+2) == 0 {
				p := img.Pix[y*img.Stride+4*x:]
				p[0], p[1], p[2] = p[0]/3, p[1]/3, p[2]/3
			}
		}
	}
	// Fine noise over everything, as in scanned or painted art.
	amp := 4 + r.IntN(10)
	seed := r.Uint64()
	for y := range h {
		row := img.Pix[y*img.Stride:]
		s := seed ^ uint64(y)*0x9e3779b97f4a7c15
		for x := range w {
			s ^= s << 13
			s ^= s >> 7
			s ^= s << 17
			n := int(s%uint64(2*amp+1)) - amp
			for c := range 3 {
				row[4*x+c] = clamp(float64(int(row[4*x+c]) + n))
			}
		}
	}
	return img
}

func clamp(v float64) uint8 {
	switch {
	case v < 0:
		return 0
	case v > 255:
		return 255
	}
	return uint8(v)
}
