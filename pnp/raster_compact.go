package pnp

import "image"

// compact converts a face to YCbCr with 4:2:0 chroma, 1.5 bytes a pixel
// instead of 4: faces are held in memory until the import ends, and most
// come from JPEG art with that very sampling.
func compact(m *image.NRGBA) *image.YCbCr {
	b := m.Bounds()
	w, h := b.Dx(), b.Dy()
	out := image.NewYCbCr(image.Rect(0, 0, w, h), image.YCbCrSubsampleRatio420)
	for y := 0; y < h; y++ {
		row := m.Pix[(y)*m.Stride : (y)*m.Stride+4*w]
		yrow := out.Y[y*out.YStride : y*out.YStride+w]
		for x := 0; x < w; x++ {
			r, g, bl := int32(row[4*x]), int32(row[4*x+1]), int32(row[4*x+2])
			yrow[x] = uint8((19595*r + 38470*g + 7471*bl + 1<<15) >> 16)
		}
	}
	cw, ch := (w+1)/2, (h+1)/2
	chroma := func(cy, cx int, r, g, bl int32) {
		cb := (-11056*r - 21712*g + 32768*bl + 257<<15) >> 16
		cr := (32768*r - 27440*g - 5328*bl + 257<<15) >> 16
		out.Cb[cy*out.CStride+cx] = clamp8(cb)
		out.Cr[cy*out.CStride+cx] = clamp8(cr)
	}
	// Whole 2×2 blocks, two rows at a time (a face is cut for every card
	// and converted once: this loop is a tenth of an import).
	for cy := 0; cy < h/2; cy++ {
		r0 := m.Pix[2*cy*m.Stride : 2*cy*m.Stride+4*w]
		r1 := m.Pix[(2*cy+1)*m.Stride : (2*cy+1)*m.Stride+4*w]
		for cx := 0; cx < w/2; cx++ {
			a, b := r0[8*cx:8*cx+8:8*cx+8], r1[8*cx:8*cx+8:8*cx+8]
			r := (int32(a[0]) + int32(a[4]) + int32(b[0]) + int32(b[4])) >> 2
			g := (int32(a[1]) + int32(a[5]) + int32(b[1]) + int32(b[5])) >> 2
			bl := (int32(a[2]) + int32(a[6]) + int32(b[2]) + int32(b[6])) >> 2
			chroma(cy, cx, r, g, bl)
		}
	}
	// The last column and row when the face's width or height is odd.
	edge := func(cy, cx int) {
		var r, g, bl, n int32
		for y := 2 * cy; y < min(h, 2*cy+2); y++ {
			for x := 2 * cx; x < min(w, 2*cx+2); x++ {
				p := m.Pix[y*m.Stride+4*x:]
				r, g, bl, n = r+int32(p[0]), g+int32(p[1]), bl+int32(p[2]), n+1
			}
		}
		chroma(cy, cx, r/n, g/n, bl/n)
	}
	if w%2 == 1 {
		for cy := 0; cy < ch; cy++ {
			edge(cy, cw-1)
		}
	}
	if h%2 == 1 {
		for cx := 0; cx < cw; cx++ {
			edge(ch-1, cx)
		}
	}
	return out
}

func clamp8(v int32) uint8 {
	if v < 0 {
		return 0
	}
	if v > 255 {
		return 255
	}
	return uint8(v)
}
