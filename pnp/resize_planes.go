package pnp

import (
	"image"
	"math"

	"github.com/disintegration/imaging"
)

// This file resizes opaque pictures held as planes (one slice of levels
// a channel) to the very levels imaging.Resize gives: the same weights
// and the same sums in the same order, without its per-pixel conversion
// to NRGBA and its alpha channel. makeFine shrinks every face it compares
// this way (imaging.Resize took a fifth of TestCorpus's CPU there): a
// grey face's one channel alone, a colour face's three.

// resizeWeight is one source pixel's share of a resized pixel.
type resizeWeight struct {
	index  int
	weight float64
}

// resizeWeights are imaging's weights (its precomputeWeights): for each
// of dstSize pixels, the source pixels it is made of and their shares.
func resizeWeights(dstSize, srcSize int, filter imaging.ResampleFilter) [][]resizeWeight {
	du := float64(srcSize) / float64(dstSize)
	scale := du
	if scale < 1.0 {
		scale = 1.0
	}
	ru := math.Ceil(scale * filter.Support)
	out := make([][]resizeWeight, dstSize)
	tmp := make([]resizeWeight, 0, dstSize*int(ru+2)*2)
	for v := 0; v < dstSize; v++ {
		fu := (float64(v)+0.5)*du - 0.5
		begin := int(math.Ceil(fu - ru))
		if begin < 0 {
			begin = 0
		}
		end := int(math.Floor(fu + ru))
		if end > srcSize-1 {
			end = srcSize - 1
		}
		var sum float64
		for u := begin; u <= end; u++ {
			w := filter.Kernel((float64(u) - fu) / scale)
			if w != 0 {
				sum += w
				tmp = append(tmp, resizeWeight{index: u, weight: w})
			}
		}
		if sum != 0 {
			for i := range tmp {
				tmp[i].weight /= sum
			}
		}
		out[v] = tmp
		tmp = tmp[len(tmp):]
	}
	return out
}

// clampLevel is imaging's clamp: rounded to the nearest level in 0-255.
func clampLevel(x float64) uint8 {
	v := int64(x + 0.5)
	if v > 255 {
		return 255
	}
	if v > 0 {
		return uint8(v)
	}
	return 0
}

// resizePlanes resizes the opaque w×h picture whose channels are planes
// to dw×dh with filter, to the levels imaging.Resize gives on the same
// picture as NRGBA (dw, dh > 0; a plane is w*h levels, row by row).
// imaging works out each channel of a pixel apart, from that channel and
// alpha alone, so each plane is resized by itself here. Across each row
// a pixel's alpha is the sum of its weights times 255, the same down a
// column: every pixel of a column has its column's alpha.
func resizePlanes(planes [][]uint8, w, h, dw, dh int, filter imaging.ResampleFilter) [][]uint8 {
	out := make([][]uint8, len(planes))
	if dw == w && dh == h {
		// imaging.Resize clones a picture of the same size.
		for c := range out {
			out[c] = append([]uint8(nil), planes[c]...)
		}
		return out
	}
	var hw, vw [][]resizeWeight
	var colAlpha []uint8 // each column's alpha after the pass across; nil: all opaque
	var colA, colInv []float64
	if dw != w {
		hw = resizeWeights(dw, w, filter)
		colA, colInv = make([]float64, dw), make([]float64, dw)
		opaque := true
		colAlpha = make([]uint8, dw)
		for x, ws := range hw {
			var a float64
			for _, wt := range ws {
				a += float64(uint8(255)) * wt.weight
			}
			colA[x] = a
			if a != 0 {
				colInv[x] = 1 / a
				colAlpha[x] = clampLevel(a)
			}
			if colAlpha[x] != 255 {
				opaque = false
			}
		}
		if opaque {
			colAlpha = nil
		}
	}
	if dh != h {
		vw = resizeWeights(dh, h, filter)
	}
	for c, src := range planes {
		cur, cw := src, w
		if hw != nil {
			// Across each row, as imaging's resizeHorizontal.
			dst := make([]uint8, dw*h)
			for y := 0; y < h; y++ {
				row, d := src[y*w:(y+1)*w], dst[y*dw:(y+1)*dw]
				for x, ws := range hw {
					var r float64
					for _, wt := range ws {
						r += float64(row[wt.index]) * (float64(uint8(255)) * wt.weight)
					}
					if colA[x] != 0 {
						d[x] = clampLevel(r * colInv[x])
					}
				}
			}
			cur, cw = dst, dw
		}
		if vw != nil {
			// Down each column, as imaging's resizeVertical, a row of
			// columns at once (each pixel's sum in the same order).
			dst := make([]uint8, cw*dh)
			acc := make([]float64, cw)
			as := make([]float64, cw)
			for y, ws := range vw {
				clear(acc)
				d := dst[y*cw : (y+1)*cw]
				if colAlpha == nil {
					var a float64
					for _, wt := range ws {
						aw := float64(uint8(255)) * wt.weight
						for x, v := range cur[wt.index*cw : (wt.index+1)*cw] {
							acc[x] += float64(v) * aw
						}
						a += aw
					}
					if a != 0 {
						aInv := 1 / a
						for x, v := range acc {
							d[x] = clampLevel(v * aInv)
						}
					}
					continue
				}
				clear(as)
				for _, wt := range ws {
					for x, v := range cur[wt.index*cw : (wt.index+1)*cw] {
						aw := float64(colAlpha[x]) * wt.weight
						acc[x] += float64(v) * aw
						as[x] += aw
					}
				}
				for x, v := range acc {
					if as[x] != 0 {
						d[x] = clampLevel(v * (1 / as[x]))
					}
				}
			}
			cur = dst
		}
		out[c] = cur
	}
	return out
}

// ycbcrPlanes returns the red, green and blue planes of m as imaging
// converts it, and whether the picture is grey (every Cb and Cr 128, so
// that red, green and blue are all its Y); ok is false where m is not a
// picture this reads (then use imaging).
func ycbcrPlanes(m *image.YCbCr, wantColour bool) (rgb [][]uint8, grey, ok bool) {
	if m.Rect.Min != (image.Point{}) || m.SubsampleRatio != image.YCbCrSubsampleRatio420 {
		return nil, false, false
	}
	w, h := m.Rect.Dx(), m.Rect.Dy()
	grey = true
	cw, ch := (w+1)/2, (h+1)/2
	for cy := 0; cy < ch && grey; cy++ {
		cb, cr := m.Cb[cy*m.CStride:cy*m.CStride+cw], m.Cr[cy*m.CStride:cy*m.CStride+cw]
		for i := range cb {
			if cb[i] != 128 || cr[i] != 128 {
				grey = false
				break
			}
		}
	}
	if grey || !wantColour {
		return nil, grey, true
	}
	rgb = [][]uint8{make([]uint8, w*h), make([]uint8, w*h), make([]uint8, w*h)}
	for y := 0; y < h; y++ {
		yrow := m.Y[y*m.YStride : y*m.YStride+w]
		crow := (y / 2) * m.CStride
		for x, yv := range yrow {
			ic := crow + x/2
			// imaging's scanner's YCbCr to RGB.
			yy1 := int32(yv) * 0x10101
			cb1 := int32(m.Cb[ic]) - 128
			cr1 := int32(m.Cr[ic]) - 128
			r := yy1 + 91881*cr1
			if uint32(r)&0xff000000 == 0 {
				r >>= 16
			} else {
				r = ^(r >> 31)
			}
			g := yy1 - 22554*cb1 - 46802*cr1
			if uint32(g)&0xff000000 == 0 {
				g >>= 16
			} else {
				g = ^(g >> 31)
			}
			b := yy1 + 116130*cb1
			if uint32(b)&0xff000000 == 0 {
				b >>= 16
			} else {
				b = ^(b >> 31)
			}
			i := y*w + x
			rgb[0][i], rgb[1][i], rgb[2][i] = uint8(r), uint8(g), uint8(b)
		}
	}
	return rgb, false, true
}
