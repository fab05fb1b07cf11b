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
	for cy := 0; cy < ch; cy++ {
		for cx := 0; cx < cw; cx++ {
			var r, g, bl, n int32
			for dy := 0; dy < 2; dy++ {
				y := 2*cy + dy
				if y >= h {
					continue
				}
				for dx := 0; dx < 2; dx++ {
					x := 2*cx + dx
					if x >= w {
						continue
					}
					p := m.Pix[y*m.Stride+4*x:]
					r, g, bl, n = r+int32(p[0]), g+int32(p[1]), bl+int32(p[2]), n+1
				}
			}
			r, g, bl = r/n, g/n, bl/n
			cb := (-11056*r - 21712*g + 32768*bl + 257<<15) >> 16
			cr := (32768*r - 27440*g - 5328*bl + 257<<15) >> 16
			out.Cb[cy*out.CStride+cx] = clamp8(cb)
			out.Cr[cy*out.CStride+cx] = clamp8(cr)
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
