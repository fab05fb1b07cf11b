package pnp

import (
	"math"

	"github.com/disintegration/imaging"
)

// This file tells a page of backs from a page of more fronts by what the
// cards show: a back that names its card (its number, its word, its
// picture again) resembles its own front, which duplex printing puts at
// the mirrored place on the page before. Two pages of fronts, each card
// different, resemble each other nowhere in particular.

// likeLeast is the least correlation of a back with its front for it to
// resemble it: a card's own back shows what it does, not a hint of it.
const likeLeast = 0.5

// likeSide is the side, in pixels, of the grey thumbnails cards are
// compared at.
const likeSide = 24

// mirroredAlike reports whether the cards of backs resemble the cards of
// fronts at the places at puts them (the mirrored places) better than any
// other card of backs (and at a correlation of likeLeast or more), for at
// least three quarters of four or more
// fronts, where mirroring moves at least half of them (a grid of one
// column mirrored left to right is where it was: its likeness proves
// nothing). cardW is the card's width, mm.
func mirroredAlike(fronts, backs []cut, at func(Rect) (float64, float64), cardW float64) bool {
	if len(fronts) < 4 || len(backs) != len(fronts) {
		return false
	}
	near := func(x, y float64) int {
		for j, b := range backs {
			if math.Hypot(b.box.cx()-x, b.box.cy()-y) < cardW/3 {
				return j
			}
		}
		return -1
	}
	bt := make([][]float64, len(backs))
	for j, b := range backs {
		bt[j] = likeThumb(b)
	}
	hits, moved := 0, 0
	for _, f := range fronts {
		mx, my := at(f.box)
		partner := near(mx, my)
		if partner < 0 {
			return false
		}
		if near(f.box.cx(), f.box.cy()) != partner {
			moved++
		}
		ft := likeThumb(f)
		best, bestR := -1, math.Inf(-1)
		for j := range backs {
			if r := correlation(ft, bt[j]); r > bestR {
				best, bestR = j, r
			}
		}
		if best == partner && bestR >= likeLeast {
			hits++
		}
	}
	return 2*moved >= len(fronts) && 4*hits >= 3*len(fronts)
}

// likeThumb is a card's face in grey, shrunk to likeSide a side.
func likeThumb(c cut) edgeSample {
	small := imaging.Resize(c.face.Pixels(), likeSide, likeSide, imaging.Box)
	out := make(edgeSample, 0, likeSide*likeSide)
	for y := 0; y < likeSide; y++ {
		for x := 0; x < likeSide; x++ {
			p := small.Pix[small.PixOffset(x, y):]
			out = append(out, float64(luma(p)))
		}
	}
	return out
}
