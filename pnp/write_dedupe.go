package pnp

import "image"

// HashRadius is the largest HashDistance at which two faces may be the
// same card face (a coarse first test: a text card that is mostly paper,
// cut a millimetre off, moves several bits; the fine images decide);
// thumbSize and thumbTolerance say when their colours
// agree: shrunk to a thumbSize × thumbSize grid of averaged colours, no
// channel of a cell differs by more than thumbTolerance on average. See
// faceSig.same for the whole comparison.
const (
	HashRadius     = 10
	thumbSize      = 16
	thumbTolerance = 10.0 // mean absolute difference, 0-255 scale
)

// thumb is a face shrunk to thumbSize × thumbSize averaged RGB cells.
type thumb [thumbSize * thumbSize * 3]float32

func makeThumb(img image.Image) *thumb {
	var t thumb
	var n [thumbSize * thumbSize]float32
	b := img.Bounds()
	w, h := b.Dx(), b.Dy()
	if w == 0 || h == 0 {
		return &t
	}
	// At most 256 samples each way (16 per cell): enough for an average,
	// and fast on 300 DPI faces.
	stepX, stepY := max(1, w/256), max(1, h/256)
	rgba, _ := img.(*image.RGBA)
	ycc, _ := img.(*image.YCbCr) // a compacted face: its colours read without At's interface
	for y := 0; y < h; y += stepY {
		cy := y * thumbSize / h
		for x := 0; x < w; x += stepX {
			cx := x * thumbSize / w
			var r, g, bl uint32
			if rgba != nil {
				o := rgba.PixOffset(b.Min.X+x, b.Min.Y+y)
				r, g, bl = uint32(rgba.Pix[o]), uint32(rgba.Pix[o+1]), uint32(rgba.Pix[o+2])
			} else if ycc != nil {
				r, g, bl, _ = ycc.YCbCrAt(b.Min.X+x, b.Min.Y+y).RGBA()
				r, g, bl = r>>8, g>>8, bl>>8
			} else {
				r, g, bl, _ = img.At(b.Min.X+x, b.Min.Y+y).RGBA()
				r, g, bl = r>>8, g>>8, bl>>8
			}
			i := cy*thumbSize + cx
			t[3*i] += float32(r)
			t[3*i+1] += float32(g)
			t[3*i+2] += float32(bl)
			n[i]++
		}
	}
	for i, c := range n {
		if c > 0 {
			t[3*i] /= c
			t[3*i+1] /= c
			t[3*i+2] /= c
		}
	}
	return &t
}

func (t *thumb) agrees(u *thumb) bool {
	var sum float64
	for i := range t {
		d := float64(t[i] - u[i])
		if d < 0 {
			d = -d
		}
		sum += d
	}
	return sum/float64(len(t)) <= thumbTolerance
}

// grouper sorts faces into groups of equal faces (see faceSig.same), in
// order of first appearance.
type grouper struct {
	reps []groupRep
}

type groupRep struct {
	sig  *faceSig
	size int
}

// add returns the group of f, starting a new one when no group matches.
func (g *grouper) add(f Face) int {
	s := newFaceSig(f)
	for i := range g.reps {
		r := &g.reps[i]
		if r.sig.same(s) {
			r.size++
			return i
		}
	}
	// The fine images made at the reps' sizes served this face's
	// comparisons; as a rep it is compared at its own.
	s.fineAt = nil
	g.reps = append(g.reps, groupRep{sig: s, size: 1})
	return len(g.reps) - 1
}

// SameFace reports whether a and b show the same card face: perceptual
// hashes within HashRadius bits, thumbnails that agree, and fine images
// that agree once laid over each other (see faceSig.same).
func SameFace(a, b Face) bool {
	return newFaceSig(a).same(newFaceSig(b))
}
