package pnp

import (
	"image"
	"math/bits"
	"sort"

	"github.com/disintegration/imaging"
)

// Two faces are the same card face when all three of these agree:
//
//   - their perceptual hashes differ in at most HashRadius bits (fast, and
//     enough to tell most pictures apart);
//   - their thumbnails agree (see thumb): the colours are the same;
//   - their fine images agree (see fineFace): shrunk to fineLong pixels
//     along the long side (about 4.5 px/mm on a poker card, enough to see
//     the words of a text card), with their ink stretched to the full
//     range of grey, and the second shifted by up to about 2 mm onto the
//     first (where the ink of its columns and rows lines up best), no
//     tile of fineTile×fineTile pixels holds more than fineTileLimit
//     pixels that are lighter or darker, by more than fineDelta, than all
//     the pixels around the same place in the other face, or redder,
//     greener or bluer than its grey by more than colourDelta: cards that share their
//     text and differ only by a suit's small symbol, or by its colour (a
//     red and a green of the same grey), are two cards.
//
// The last check tells apart cards that are mostly one frame and a few
// words (deckwright's text proxies: the hash and the thumbnail see only
// the frame), yet keeps the same card cut from two pages, a fraction of a
// pixel or a millimetre apart, one card: on the bundled Seeker cards'
// text proxies the same card gives 0 such pixels in its worst tile, two
// different cards 40 or more (of 400), at 150 to 300 DPI. Over every pair
// of fronts of the 40 corpus PDFs that pass the hash and the thumbnail
// (at 150 DPI), copies give 0 to 2 and different cards 10 or more (a
// word in thin serif on a label, 12 to 15; a short word on a blank flash
// card, 10): fineTileLimit lies between the two, nearer the copies (it
// was 16, and took those cards for copies).
const (
	fineLong      = 400 // pixels along the long side of a fine image
	fineShift     = 10  // the largest shift tried, pixels (about 2 mm on a poker card)
	fineTile      = 20  // tile side, pixels (about 4.4 mm)
	fineDelta     = 128 // grey levels a pixel must lie outside the other's range
	fineTileLimit = 6   // mismatched pixels a tile may hold
	colourDelta   = 60  // levels of a colour's excess over grey a pixel must lie outside the other's range
)

// faceSig is what a face is compared by, each part made when first needed.
type faceSig struct {
	img     image.Image
	hash    uint64
	th      *thumb
	fineImg *fineFace
	// fineAt holds the fine images made at other faces' sizes (see
	// same): a face a pixel off its neighbours' size is compared with
	// each of them at theirs, and cards of one size cut a pixel apart
	// make one or two sizes among hundreds of faces.
	fineAt map[image.Point]*fineFace
}

func newFaceSig(f Face) *faceSig { return &faceSig{img: f.Image, hash: f.Hash} }

func (s *faceSig) thumb() *thumb {
	if s.th == nil {
		s.th = makeThumb(Pixels(s.img))
	}
	return s.th
}

// fine returns the fine image, at the face's own proportions.
func (s *faceSig) fine() *fineFace {
	if s.fineImg == nil {
		b := s.img.Bounds()
		w, h := fineSize(b.Dx(), b.Dy())
		s.fineImg = makeFine(Pixels(s.img), w, h)
	}
	return s.fineImg
}

// fineSized returns the fine image at w×h, made once.
func (s *faceSig) fineSized(w, h int) *fineFace {
	at := image.Pt(w, h)
	if f, ok := s.fineAt[at]; ok {
		return f
	}
	if s.fineAt == nil {
		s.fineAt = map[image.Point]*fineFace{}
	}
	f := s.fine().resized(w, h)
	s.fineAt[at] = f
	return f
}

// same reports whether s and t show the same card face.
func (s *faceSig) same(t *faceSig) bool {
	if s.img == t.img {
		return true // one image (a back Import already found shared)
	}
	if bits.OnesCount64(s.hash^t.hash) > HashRadius {
		return false
	}
	if !s.thumb().agrees(t.thumb()) {
		return false
	}
	a, b := s.fine(), t.fine()
	if a.w != b.w || a.h != b.h {
		// Faces of other proportions (more than 1.5%, six pixels in
		// fineLong) are not one face; faces a little apart are compared
		// at a's size: the cells of a ruled page vary by a few tenths
		// of a millimetre, the one at the page's edge narrower.
		sb, tb := s.img.Bounds(), t.img.Bounds()
		if abs(sb.Dx()*tb.Dy()-tb.Dx()*sb.Dy())*fineLong > sb.Dy()*tb.Dy()*6 {
			return false
		}
		b = t.fineSized(a.w, a.h)
	}
	return a.mismatch(b, fineTileLimit) <= fineTileLimit
}

func fineSize(w, h int) (int, int) {
	if w <= 0 || h <= 0 {
		return 1, 1
	}
	if w >= h {
		return fineLong, max(1, (h*fineLong+w/2)/w)
	}
	return max(1, (w*fineLong+h/2)/h), fineLong
}

// fineFace is a face at a small resolution: in grey, its ink stretched to
// 0-255, and in colour, as how far each of red, green and blue lies above
// or below the pixel's grey (128 for none: black, white and greys); with
// the least and greatest level of each pixel's 3×3 neighbourhood in each,
// and how much ink each column and row holds.
type fineFace struct {
	w, h       int
	pix        []uint8
	lo, hi     []uint8
	rgb        [3][]uint8
	cLo, cHi   [3][]uint8
	cols, rows []int
	// grey: every colour level is 128 (rgb, cLo and cHi share one
	// slice), as on a face of black, white and greys alone.
	grey bool
}

// fromImage fills in f's grey and colour levels from img, shrunk by
// imaging, and counts the grey levels in hist.
func (f *fineFace) fromImage(img image.Image, hist *[256]int) {
	w, h := f.w, f.h
	var grey image.Image = img
	if y, ok := img.(*image.YCbCr); ok {
		// The grey of a compacted face is its Y plane.
		grey = &image.Gray{Pix: y.Y, Stride: y.YStride, Rect: y.Rect}
	}
	small := imaging.Resize(grey, w, h, imaging.Box)
	colour := small
	if grey != img {
		colour = imaging.Resize(img, w, h, imaging.Box)
	}
	f.pix = make([]uint8, w*h)
	for c := range f.rgb {
		f.rgb[c] = make([]uint8, w*h)
	}
	for i := range f.pix {
		p := small.Pix[4*i : 4*i+3 : 4*i+3]
		v := uint8((299*int(p[0]) + 587*int(p[1]) + 114*int(p[2])) / 1000)
		f.pix[i] = v
		q := colour.Pix[4*i : 4*i+3 : 4*i+3]
		y := (299*int(q[0]) + 587*int(q[1]) + 114*int(q[2])) / 1000
		for c := range f.rgb {
			f.rgb[c][i] = uint8(min(255, max(0, 128+int(q[c])-y)))
		}
		hist[v]++
	}
}

// fromYCbCr is fromImage's levels, to the level, for a compacted face
// (see compact), shrunk by resizePlanes: a grey face (every Cb and Cr
// 128) is its Y plane alone, and its colour levels all 128. It reports
// false, and does nothing, for any other picture.
func (f *fineFace) fromYCbCr(img image.Image, hist *[256]int) bool {
	m, ok := img.(*image.YCbCr)
	if !ok {
		return false
	}
	sw, sh := m.Rect.Dx(), m.Rect.Dy()
	if sw <= 0 || sh <= 0 || f.w <= 0 || f.h <= 0 {
		return false
	}
	rgb, grey, ok := ycbcrPlanes(m, true)
	if !ok {
		return false
	}
	w, h := f.w, f.h
	yPlane := m.Y[:sw*sh]
	if m.YStride != sw {
		yPlane = make([]uint8, sw*sh)
		for y := 0; y < sh; y++ {
			copy(yPlane[y*sw:(y+1)*sw], m.Y[y*m.YStride:])
		}
	}
	// The grey of a compacted face is its Y plane; imaging reads a grey
	// level as red, green and blue alike, whose grey is the level.
	f.pix = resizePlanes([][]uint8{yPlane}, sw, sh, w, h, imaging.Box)[0]
	for _, v := range f.pix {
		hist[v]++
	}
	if grey {
		// Red, green and blue are Y: the colour picture is the grey
		// one, and every colour level 128.
		f.grey = true
		none := make([]uint8, w*h)
		for i := range none {
			none[i] = 128
		}
		for c := range f.rgb {
			f.rgb[c] = none
		}
		return true
	}
	q := resizePlanes(rgb, sw, sh, w, h, imaging.Box)
	for c := range f.rgb {
		f.rgb[c] = make([]uint8, w*h)
	}
	for i := range f.pix {
		y := (299*int(q[0][i]) + 587*int(q[1][i]) + 114*int(q[2][i])) / 1000
		for c := range f.rgb {
			f.rgb[c][i] = uint8(min(255, max(0, 128+int(q[c][i])-y)))
		}
	}
	return true
}

func makeFine(img image.Image, w, h int) *fineFace {
	f := &fineFace{w: w, h: h}
	var hist [256]int
	if !f.fromYCbCr(img, &hist) {
		f.fromImage(img, &hist)
	}
	// Stretch the ink: the 99th percentile of grey becomes white and the
	// darkest 1% black, so that a copy printed lighter or darker compares
	// alike; or, on a face with little ink (a word on a plain card, thin
	// lines), the darkest tenth of its ink: the 1st percentile of such a
	// face is its paper, and its text, grey at this size, would lie
	// within fineDelta of paper, so that any two words compared alike.
	hi := percentile(&hist, len(f.pix), 99)
	ink := 0
	for v := range max(0, hi-24) {
		ink += hist[v]
	}
	lo := percentile(&hist, len(f.pix), 1)
	if ink < 10*len(f.pix)/100 && ink >= 8 {
		for v, acc := 0, 0; v < 256; v++ {
			if acc += hist[v]; 10*acc >= ink {
				lo = v
				break
			}
		}
	}
	if hi-lo >= 16 {
		for i, v := range f.pix {
			f.pix[i] = uint8(min(255, max(0, (int(v)-lo)*255/(hi-lo))))
		}
	}
	f.finish()
	return f
}

// resized is f resampled to w×h: the fine image of f's face at a size a
// few pixels off its own (a face cut a little larger, compared with
// another's), made from f's small planes, not from the face again, which
// took a third of reading a PDF of 1008 flash cards.
func (f *fineFace) resized(w, h int) *fineFace {
	g := &fineFace{w: w, h: h, grey: f.grey}
	planes := [][]uint8{f.pix}
	if !f.grey {
		planes = append(planes, f.rgb[0], f.rgb[1], f.rgb[2])
	}
	out := resizePlanes(planes, f.w, f.h, w, h, imaging.Linear)
	g.pix = out[0]
	if f.grey {
		none := make([]uint8, w*h)
		for i := range none {
			none[i] = 128
		}
		g.rgb = [3][]uint8{none, none, none}
	} else {
		g.rgb = [3][]uint8{out[1], out[2], out[3]}
	}
	g.finish()
	return g
}

// finish works out f's neighbourhoods and its ink along each column and
// row from its levels.
func (f *fineFace) finish() {
	w, h := f.w, f.h
	f.lo, f.hi = neighbourhood(f.pix, w, h)
	for c := range f.rgb {
		if f.grey {
			// Every level 128: so are its neighbourhoods.
			f.cLo[c], f.cHi[c] = f.rgb[c], f.rgb[c]
			continue
		}
		f.cLo[c], f.cHi[c] = neighbourhood(f.rgb[c], w, h)
	}
	f.cols, f.rows = make([]int, w), make([]int, h)
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			d := 255 - int(f.pix[y*w+x])
			f.cols[x] += d
			f.rows[y] += d
		}
	}
}

// neighbourhood returns the least and greatest level of each pixel's 3×3
// neighbourhood in pix (w×h). The 3×3 window is a row of three over a
// column of three: each row's 3-wide least and greatest first, then those
// of three rows (the same levels as the window read at once, in a fifth
// of the time: it took a fifth of TestCorpus's CPU).
func neighbourhood(pix []uint8, w, h int) (lo, hi []uint8) {
	lo, hi = make([]uint8, w*h), make([]uint8, w*h)
	if w == 0 || h == 0 {
		return lo, hi
	}
	rlo, rhi := make([]uint8, w*h), make([]uint8, w*h)
	for y := 0; y < h; y++ {
		row, l, u := pix[y*w:(y+1)*w], rlo[y*w:(y+1)*w], rhi[y*w:(y+1)*w]
		if w == 1 {
			l[0], u[0] = row[0], row[0]
			continue
		}
		l[0], u[0] = min(row[0], row[1]), max(row[0], row[1])
		for x := 1; x < w-1; x++ {
			a, b, c := row[x-1], row[x], row[x+1]
			l[x], u[x] = min(a, b, c), max(a, b, c)
		}
		l[w-1], u[w-1] = min(row[w-2], row[w-1]), max(row[w-2], row[w-1])
	}
	for y := 0; y < h; y++ {
		a, b := max(0, y-1), min(h-1, y+1)
		l, u := lo[y*w:(y+1)*w], hi[y*w:(y+1)*w]
		l0, u0 := rlo[a*w:(a+1)*w], rhi[a*w:(a+1)*w]
		l1, u1 := rlo[y*w:(y+1)*w], rhi[y*w:(y+1)*w]
		l2, u2 := rlo[b*w:(b+1)*w], rhi[b*w:(b+1)*w]
		// Rows a, y and b (a row twice at the top and bottom edges:
		// the same least and greatest).
		for x := range l {
			l[x], u[x] = min(l0[x], l1[x], l2[x]), max(u0[x], u1[x], u2[x])
		}
	}
	return lo, hi
}

// differs reports whether pixel i of f and pixel j of b differ: either's
// grey lies more than fineDelta outside the other's 3×3 neighbourhood, or
// its colour more than colourDelta (a red symbol and a green one of the
// same grey). Colour is measured apart from grey, so that a dark line a
// pixel or two off counts once, by its grey.
func (f *fineFace) differs(b *fineFace, i, j int) bool {
	out := func(v, lo, hi uint8, d int) bool { return int(v) < int(lo)-d || int(v) > int(hi)+d }
	if out(f.pix[i], b.lo[j], b.hi[j], fineDelta) || out(b.pix[j], f.lo[i], f.hi[i], fineDelta) {
		return true
	}
	for c := range f.rgb {
		if out(f.rgb[c][i], b.cLo[c][j], b.cHi[c][j], colourDelta) || out(b.rgb[c][j], f.cLo[c][i], f.cHi[c][i], colourDelta) {
			return true
		}
	}
	return false
}

func percentile(hist *[256]int, n, pc int) int {
	want, acc := n*pc/100, 0
	for v, c := range hist {
		acc += c
		if acc > want {
			return v
		}
	}
	return 255
}

// align returns the shift (at most fineShift) that best lays profile b
// over profile a, leaving out a border of fineShift.
func align(a, b []int) int {
	best, bestS := 0, -1
	for d := -fineShift; d <= fineShift; d++ {
		s := 0
		for i := fineShift; i < len(a)-fineShift; i++ {
			s += abs(a[i] - b[i+d])
		}
		if bestS < 0 || s < bestS || s == bestS && abs(d) < abs(best) {
			best, bestS = d, s
		}
	}
	return best
}

// mismatchBorder is the border left out along an axis where b is laid
// shifted by d over f: the shift itself, where b has no pixels, and a
// two millimetres or so more, where the cuts may differ. A fixed border of
// twice fineShift left out the title of a strip 22 mm tall (a tenth of
// its pixels top and bottom), and cards that differ only there compared
// alike.
func mismatchBorder(d int) int { return abs(d) + fineShift }

// mismatch lays b over f (same size) and returns the most mismatched
// pixels in one tile: pixels of either face lighter or darker by more than
// fineDelta than all the other's pixels around the same place. A border
// is left out (see mismatchBorder). It stops at
// the first tile with more than limit such pixels and returns that
// tile's count so far (more than limit, as the whole count would be).
func (f *fineFace) mismatch(b *fineFace, limit int) int {
	if f.w <= 4*fineShift || f.h <= 4*fineShift {
		return 0
	}
	dx, dy := align(f.cols, b.cols), align(f.rows, b.rows)
	mx, my := mismatchBorder(dx), mismatchBorder(dy)
	tw := (f.w + fineTile - 1) / fineTile
	tiles := make([]int, tw*((f.h+fineTile-1)/fineTile))
	worst := 0
	// Two grey faces differ by their grey alone: every colour level of
	// both is 128, which lies inside the other's range.
	grey := f.grey && b.grey
	// Rows are looked at inked first: faces that differ differ where
	// they are printed, so a tile over the limit shows soonest there; the
	// count is the same in any order.
	order := make([]int, 0, f.h-2*my)
	for y := my; y < f.h-my; y++ {
		order = append(order, y)
	}
	ink := func(y int) int { return f.rows[y] + b.rows[min(max(y+dy, 0), b.h-1)] }
	sort.SliceStable(order, func(i, j int) bool { return ink(order[i]) > ink(order[j]) })
	for _, y := range order {
		tr := tiles[(y/fineTile)*tw : (y/fineTile+1)*tw]
		i0, j0 := y*f.w, (y+dy)*f.w+dx
		if grey {
			fp, fl, fh := f.pix[i0:i0+f.w-mx], f.lo[i0:i0+f.w-mx], f.hi[i0:i0+f.w-mx]
			bp, bl, bh := b.pix[j0:j0+f.w-mx], b.lo[j0:j0+f.w-mx], b.hi[j0:j0+f.w-mx]
			for x := mx; x < len(fp); x++ {
				v, u := int(fp[x]), int(bp[x])
				if v < int(bl[x])-fineDelta || v > int(bh[x])+fineDelta || u < int(fl[x])-fineDelta || u > int(fh[x])+fineDelta {
					t := &tr[x/fineTile]
					*t++
					if *t > worst {
						if worst = *t; worst > limit {
							return worst
						}
					}
				}
			}
			continue
		}
		for x := mx; x < f.w-mx; x++ {
			if f.differs(b, i0+x, j0+x) {
				t := &tr[x/fineTile]
				*t++
				if *t > worst {
					if worst = *t; worst > limit {
						return worst
					}
				}
			}
		}
	}
	return worst
}
