package pnp

import (
	"image"
	"image/color"
	"math"

	"github.com/disintegration/imaging"
)

// This file turns a scanned page straight before its grid is looked for.

// deskew measures how far the page is turned (at most maxSkew degrees) from
// the sharpness of the projections of its edges, and turns it back. It
// returns the page unchanged when it is straight to within 0.1°.
func deskew(img *image.NRGBA, dpi int) (*image.NRGBA, float64) {
	k := max(1, int(math.Round(float64(dpi)/skewDPI)))
	g := toGrey(img, img.Bounds(), k)
	type edge struct {
		x, y float64
		w    float64
		vert bool
	}
	var edges []edge
	for y := 1; y < g.h-1; y++ {
		for x := 1; x < g.w-1; x++ {
			gx := g.at(x+1, y) - g.at(x-1, y)
			gy := g.at(x, y+1) - g.at(x, y-1)
			ax, ay := abs(gx), abs(gy)
			if ax > 2*inkLevel/2 && ax > 2*ay {
				edges = append(edges, edge{float64(x), float64(y), float64(ax), true})
			} else if ay > 2*inkLevel/2 && ay > 2*ax {
				edges = append(edges, edge{float64(x), float64(y), float64(ay), false})
			}
		}
	}
	if len(edges) < 50 {
		return img, 0
	}
	n := max(g.w, g.h) * 2
	hv := make([]float64, n)
	hh := make([]float64, n)
	sharp := func(deg float64) float64 {
		t := math.Tan(deg * math.Pi / 180)
		clear(hv)
		clear(hh)
		off := float64(n / 4)
		for _, e := range edges {
			if e.vert {
				i := int(e.x - e.y*t + off)
				if i >= 0 && i < n {
					hv[i] += e.w
				}
			} else {
				i := int(e.y + e.x*t + off)
				if i >= 0 && i < n {
					hh[i] += e.w
				}
			}
		}
		s := 0.0
		for i := range hv {
			s += hv[i]*hv[i] + hh[i]*hh[i]
		}
		return s
	}
	best, bestS := 0.0, sharp(0)
	for deg := -maxSkew; deg <= maxSkew+1e-9; deg += 0.05 {
		if s := sharp(deg); s > bestS*1.0001 {
			best, bestS = deg, s
		}
	}
	if math.Abs(best) < 0.1 {
		return img, 0
	}
	// A vertical edge at x = x0 + y·tan(best) leans right going down: the
	// page is turned clockwise on screen; turn it back counter-clockwise.
	// Turned about its centre and cropped back to its size, the page keeps
	// its coordinates.
	out := imaging.CropCenter(imaging.Rotate(img, -best, color.White), img.Bounds().Dx(), img.Bounds().Dy())
	return out, best
}
