package art

import (
	"image"
	"math"

	"github.com/disintegration/imaging"
)

// artYCbCr resamples each plane of m: luma to the output size, chroma to
// half of it (4:2:0, which is what the JPEG encoder writes), so colours are
// never converted to RGB and back.
func artYCbCr(m *image.YCbCr, g artGeometry) *image.YCbCr {
	sx, sy := 1, 1
	switch m.SubsampleRatio {
	case image.YCbCrSubsampleRatio422:
		sx = 2
	case image.YCbCrSubsampleRatio420:
		sx, sy = 2, 2
	case image.YCbCrSubsampleRatio440:
		sy = 2
	case image.YCbCrSubsampleRatio411:
		sx = 4
	case image.YCbCrSubsampleRatio410:
		sx, sy = 4, 2
	}
	w, h := m.Rect.Dx(), m.Rect.Dy()
	cw, ch := (w+sx-1)/sx, (h+sy-1)/sy
	y := artResample(artPlane{pix: m.Y, stride: m.YStride, w: w, h: h, ch: 1}, g, 1, 1, 1)
	cb := artResample(artPlane{pix: m.Cb, stride: m.CStride, w: cw, h: ch, ch: 1}, g, sx, sy, 2)
	cr := artResample(artPlane{pix: m.Cr, stride: m.CStride, w: cw, h: ch, ch: 1}, g, sx, sy, 2)
	return &image.YCbCr{
		Y: y.pix, Cb: cb.pix, Cr: cr.pix,
		YStride: y.stride, CStride: cb.stride,
		SubsampleRatio: image.YCbCrSubsampleRatio420,
		Rect:           image.Rect(0, 0, y.w, y.h),
	}
}

// artRGBA resamples any other image as premultiplied RGBA. It returns an
// *image.RGBA when the result is opaque, and an *image.NRGBA (for PNG) when
// it has transparency.
func artRGBA(img image.Image, g artGeometry) image.Image {
	if g.scale > 1 { // the crop in the scaled image's pixels
		c, d := g.crop, g.scale
		g.crop = image.Rect(c.Min.X/d, c.Min.Y/d, (c.Max.X+d-1)/d, (c.Max.Y+d-1)/d)
		g.scale = 1
	}
	var p artPlane
	switch m := img.(type) {
	case *image.RGBA:
		s := m.SubImage(g.crop.Add(m.Rect.Min)).(*image.RGBA)
		p = artPlane{pix: s.Pix, stride: s.Stride, w: s.Rect.Dx(), h: s.Rect.Dy(), ch: 4}
	default:
		var n *image.NRGBA
		if m, ok := img.(*image.NRGBA); ok {
			n = m.SubImage(g.crop.Add(m.Rect.Min)).(*image.NRGBA) // ours to change
		} else {
			n = imaging.Crop(img, g.crop.Add(img.Bounds().Min))
		}
		p = artPlane{pix: n.Pix, stride: n.Stride, w: n.Rect.Dx(), h: n.Rect.Dy(), ch: 4}
		premultiply(p)
	}
	// The plane already is the crop: resample it whole.
	g.crop = image.Rect(0, 0, p.w, p.h)
	out := artResample(p, g, 1, 1, 1)
	if opaque(out) {
		return &image.RGBA{Pix: out.pix, Stride: out.stride, Rect: image.Rect(0, 0, out.w, out.h)}
	}
	unpremultiply(out)
	return &image.NRGBA{Pix: out.pix, Stride: out.stride, Rect: image.Rect(0, 0, out.w, out.h)}
}

// premultiply turns non-premultiplied RGBA samples into premultiplied ones,
// in place, so that resampling does not bleed the colour of transparent
// pixels into visible ones.
func premultiply(p artPlane) {
	for y := range p.h {
		row := p.pix[y*p.stride:][: 4*p.w : 4*p.w]
		for x := 0; x+3 < len(row); x += 4 {
			a := uint32(row[x+3])
			if a == 255 {
				continue
			}
			row[x] = uint8((uint32(row[x])*a + 127) / 255)
			row[x+1] = uint8((uint32(row[x+1])*a + 127) / 255)
			row[x+2] = uint8((uint32(row[x+2])*a + 127) / 255)
		}
	}
}

// unpremultiply undoes premultiply, in place.
func unpremultiply(p artPlane) {
	for y := range p.h {
		row := p.pix[y*p.stride:][: 4*p.w : 4*p.w]
		for x := 0; x+3 < len(row); x += 4 {
			a := uint32(row[x+3])
			switch a {
			case 255:
			case 0:
				row[x], row[x+1], row[x+2] = 0, 0, 0
			default:
				row[x] = uint8(min(255, (uint32(row[x])*255+a/2)/a))
				row[x+1] = uint8(min(255, (uint32(row[x+1])*255+a/2)/a))
				row[x+2] = uint8(min(255, (uint32(row[x+2])*255+a/2)/a))
			}
		}
	}
}

// opaque tells whether every alpha sample of the RGBA plane p is 255.
func opaque(p artPlane) bool {
	for y := range p.h {
		row := p.pix[y*p.stride:][: 4*p.w : 4*p.w]
		for x := 3; x < len(row); x += 4 {
			if row[x] != 255 {
				return false
			}
		}
	}
	return true
}

// artPlane is a rectangle of 8-bit samples, ch of them (1 or 4)
// interleaved per pixel, starting at pix[0].
type artPlane struct {
	pix      []uint8
	stride   int // bytes from one row to the next
	w, h, ch int
}

// artResample makes one output plane from the source plane p, following g.
// p covers the whole source image, subsampled by sx×sy (chroma planes) and
// by g.scale (the scale it was decoded at); the
// output is subsampled by f in both directions (2 for 4:2:0 chroma). It
// crops, shrinks by an integer box filter to between 1 and 2 times the
// output size, resamples with artFilter and extends the edges into the
// bleed, the last two in a single pass: a bleed pixel has the weights of the
// trim pixel next to it.
func artResample(p artPlane, g artGeometry, sx, sy, f int) artPlane {
	sx, sy = sx*g.scale, sy*g.scale
	// The crop in this plane's coordinates.
	x0, x1 := float64(g.crop.Min.X)/float64(sx), float64(g.crop.Max.X)/float64(sx)
	y0, y1 := float64(g.crop.Min.Y)/float64(sy), float64(g.crop.Max.Y)/float64(sy)
	// The box factor is the same for every plane, from the luma.
	k := max(1, min(g.crop.Dx()/(g.trimW*g.scale), g.crop.Dy()/(g.trimH*g.scale)))
	// Box-shrink only the rows and columns the crop touches.
	bx0, by0 := int(math.Floor(x0)), int(math.Floor(y0))
	bx1, by1 := min(p.w, int(math.Ceil(x1))), min(p.h, int(math.Ceil(y1)))
	sub := artPlane{
		pix:    p.pix[by0*p.stride+bx0*p.ch:],
		stride: p.stride, w: bx1 - bx0, h: by1 - by0, ch: p.ch,
	}
	if k > 1 {
		sub = boxShrink(sub, k)
	}
	scale := 1 / float64(k)
	outW, outH := (g.outW+f-1)/f, (g.outH+f-1)/f
	xt := artTaps(outW, f, g.bleedX, g.trimW, (x0-float64(bx0))*scale, (x1-x0)*scale, sub.w)
	yt := artTaps(outH, f, g.bleedY, g.trimH, (y0-float64(by0))*scale, (y1-y0)*scale, sub.h)
	return convolve(sub, xt, yt)
}

// boxShrink averages each k×k block of p (the last row and column of
// blocks may be smaller).
func boxShrink(p artPlane, k int) artPlane {
	ow, oh, ch := (p.w+k-1)/k, (p.h+k-1)/k, p.ch
	out := artPlane{pix: make([]uint8, ow*oh*ch), stride: ow * ch, w: ow, h: oh, ch: ch}
	acc := make([]uint32, p.w*ch) // column sums of one row of blocks
	for oy := range oh {
		clear(acc)
		rows := min(k, p.h-oy*k)
		for r := range rows {
			row := p.pix[(oy*k+r)*p.stride:][:len(acc):len(acc)]
			for x, v := range row {
				acc[x] += uint32(v)
			}
		}
		dst := out.pix[oy*out.stride:][: ow*ch : ow*ch]
		ox := 0
		if ch == 1 && k == 2 && rows == 2 {
			for ; ox < p.w/2; ox++ {
				s := acc[2*ox:][:2:2]
				dst[ox] = uint8((s[0] + s[1] + 2) >> 2)
			}
		}
		for ; ox < ow; ox++ {
			cols := min(k, p.w-ox*k)
			n := uint32(rows * cols)
			blk := acc[ox*k*ch:][: cols*ch : cols*ch]
			for c := range ch {
				var s uint32
				for i := c; i < len(blk); i += ch {
					s += blk[i]
				}
				dst[ox*ch+c] = uint8((s + n/2) / n)
			}
		}
	}
	return out
}

// Fixed-point precision of the resampler: weights are scaled by 1<<14 and
// the intermediate rows keep 7 bits below the 8-bit sample.
const (
	artWeightBits = 14
	artMidBits    = 7
)

// artTapTable holds, for every output sample, the first source sample it
// reads and n weights (zero-padded), in fixed point.
type artTapTable struct {
	start []int
	n     int
	w     []int32
}

// artTaps makes the weights of one axis. The output has out samples, each f
// output pixels wide; bleed and trim are in output pixels; the trim maps to
// source coordinates [src0, src0+srcLen) of a plane srcN samples long.
func artTaps(out, f, bleed, trim int, src0, srcLen float64, srcN int) artTapTable {
	step := srcLen / float64(trim)    // source samples per output pixel
	fs := max(1, step*float64(f))     // filter scale: source samples per output sample
	support := artFilter.Support * fs // radius in source samples
	wide := min(srcN, int(math.Ceil(2*support))+2)
	starts := make([]int, out)
	all := make([]float64, out*wide)
	half := float64(f) / 2
	n := 1 // the widest span of non-zero weights
	for j := range out {
		// The centre of output sample j in trim pixels, held inside the
		// trim so that bleed samples repeat the edge.
		u := (float64(j)+0.5)*float64(f) - float64(bleed)
		if float64(trim) >= 2*half {
			u = min(max(u, half), float64(trim)-half)
		} else {
			u = float64(trim) / 2
		}
		c := src0 + u*step // centre in source coordinates
		lo := int(math.Floor(c - support))
		hi := int(math.Ceil(c + support))
		start := min(max(lo, 0), srcN-wide)
		ws := all[j*wide : (j+1)*wide]
		var sum float64
		for i := lo; i <= hi; i++ {
			wt := artFilter.Kernel((float64(i) + 0.5 - c) / fs)
			// Samples beyond the plane repeat its edge.
			idx := min(max(i, 0), srcN-1) - start
			if wt == 0 || idx < 0 || idx >= wide {
				continue // idx is always inside: the window holds every tap
			}
			ws[idx] += wt
			sum += wt
		}
		if sum == 0 { // cannot happen with artFilter: take the nearest sample
			ws[min(max(int(c)-start, 0), wide-1)] = 1
			sum = 1
		}
		first, last := wide, -1
		for i, wt := range ws {
			ws[i] = wt / sum
			if wt != 0 {
				first, last = min(first, i), i
			}
		}
		starts[j] = start
		n = max(n, last-first+1)
	}
	// Repack with n weights per sample, the first at start.
	t := artTapTable{start: make([]int, out), n: n, w: make([]int32, out*n)}
	for j := range out {
		ws := all[j*wide : (j+1)*wide]
		first := 0
		for first < wide-1 && ws[first] == 0 {
			first++
		}
		start := min(starts[j]+first, srcN-n)
		t.start[j] = start
		dst := t.w[j*n : (j+1)*n]
		var total, big int32
		for i := range dst {
			if k := start - starts[j] + i; k >= 0 && k < wide {
				dst[i] = int32(math.Round(ws[k] * (1 << artWeightBits)))
			}
			total += dst[i]
			if dst[i] > dst[big] {
				big = int32(i)
			}
		}
		dst[big] += 1<<artWeightBits - total
	}
	return t
}

// convolve resamples p: along columns with yt, then along rows with xt.
func convolve(p artPlane, xt, yt artTapTable) artPlane {
	ow, oh, ch := len(xt.start), len(yt.start), p.ch
	// Source columns that some output column reads.
	c0, c1 := p.w, 0
	for _, s := range xt.start {
		c0, c1 = min(c0, s), max(c1, s+xt.n)
	}
	midLen := (c1 - c0) * ch
	mid := make([]int32, oh*midLen)
	const (
		midShift = artWeightBits - artMidBits
		midRound = 1 << (midShift - 1)
	)
	for i, s := range yt.start {
		acc := mid[i*midLen:][:midLen:midLen]
		ws := yt.w[i*yt.n : (i+1)*yt.n]
		t := 0
		for ; t+1 < len(ws); t += 2 { // two source rows at a time
			w0, w1 := ws[t], ws[t+1]
			r0 := p.pix[(s+t)*p.stride+c0*ch:][:len(acc):len(acc)]
			r1 := p.pix[(s+t+1)*p.stride+c0*ch:][:len(acc):len(acc)]
			for x := range acc {
				acc[x] += int32(r0[x])*w0 + int32(r1[x])*w1
			}
		}
		if t < len(ws) {
			w0 := ws[t]
			r0 := p.pix[(s+t)*p.stride+c0*ch:][:len(acc):len(acc)]
			for x := range acc {
				acc[x] += int32(r0[x]) * w0
			}
		}
		for x, v := range acc {
			acc[x] = (v + midRound) >> midShift
		}
	}
	rowLen := ow * ch
	out := artPlane{pix: make([]uint8, oh*rowLen), stride: rowLen, w: ow, h: oh, ch: ch}
	const (
		shift = artWeightBits + artMidBits
		round = 1 << (shift - 1)
	)
	clamp := func(v int32) uint8 { return uint8(min(max((v+round)>>shift, 0), 255)) }
	for i := range oh {
		src := mid[i*midLen:][:midLen:midLen]
		dst := out.pix[i*rowLen:][:rowLen:rowLen]
		if ch == 1 {
			for j, s := range xt.start {
				ws := xt.w[j*xt.n:][:xt.n:xt.n]
				in := src[s-c0:][:len(ws)]
				var sum int32
				for k, wt := range ws {
					sum += in[k] * wt
				}
				dst[j] = clamp(sum)
			}
			continue
		}
		for j, s := range xt.start {
			ws := xt.w[j*xt.n:][:xt.n:xt.n]
			in := src[(s-c0)*ch:][: len(ws)*ch : len(ws)*ch]
			var s0, s1, s2, s3 int32
			for k, wt := range ws {
				px := in[k*ch:][:4:4]
				s0 += px[0] * wt
				s1 += px[1] * wt
				s2 += px[2] * wt
				s3 += px[3] * wt
			}
			d := dst[j*4:][:4:4]
			d[0], d[1], d[2], d[3] = clamp(s0), clamp(s1), clamp(s2), clamp(s3)
		}
	}
	if ch == 4 {
		// Premultiplied colour cannot exceed alpha; ringing can make it.
		for x := 0; x+3 < len(out.pix); x += 4 {
			a := out.pix[x+3]
			out.pix[x] = min(out.pix[x], a)
			out.pix[x+1] = min(out.pix[x+1], a)
			out.pix[x+2] = min(out.pix[x+2], a)
		}
	}
	return out
}
