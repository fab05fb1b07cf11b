// Package fastpng writes PNG images of card faces quickly: exports write
// a thousand 300 DPI faces at a time, and image/png spent most of their
// time (issue 22) choosing a filter for every row among five and
// compressing with compress/flate.
//
// Encode writes an *image.NRGBA as 8-bit truecolour, without alpha when
// every pixel is opaque (as image/png does), every row with the Up or Sub
// filter, whichever suits the row (image/png tries all five
// filters on every row, the three others costly for little gain on card
// faces), compressed by
// github.com/klauspost/compress's zlib at its fastest level, which is
// about twice as fast as compress/flate's and writes smaller files. The
// pixels are kept exactly: any PNG reader decodes the image it was given.
//
//	var buf bytes.Buffer
//	err := fastpng.Encode(&buf, img, 300) // a pHYs chunk says 300 DPI
package fastpng

import (
	"bufio"
	"encoding/binary"
	"fmt"
	"hash/crc32"
	"image"
	"io"
	"math"
	"sync"

	"github.com/klauspost/compress/zlib"
)

// chunkSize is the most image data written in one IDAT chunk.
const chunkSize = 1 << 16

// zwriters keeps the compressors between images: each holds tables of
// several hundred kilobytes.
var zwriters = sync.Pool{New: func() any {
	z, _ := zlib.NewWriterLevel(io.Discard, zlib.BestSpeed)
	return z
}}

// Encode writes m to w as a PNG. A dpi over 0 is written as a pHYs chunk
// (pixels per metre) right after the header, where programs that place
// an image at its printed size look for it.
func Encode(w io.Writer, m *image.NRGBA, dpi int) error {
	b := m.Rect
	if b.Dx() <= 0 || b.Dy() <= 0 || b.Dx() > math.MaxInt32/4 || b.Dy() > math.MaxInt32 {
		return fmt.Errorf("png: cannot encode an image of %d×%d pixels", b.Dx(), b.Dy())
	}
	bw := bufio.NewWriterSize(w, 1<<16)
	cw := &chunkWriter{w: bw}
	opaque := m.Opaque()
	var head [13]byte
	binary.BigEndian.PutUint32(head[0:], uint32(b.Dx()))
	binary.BigEndian.PutUint32(head[4:], uint32(b.Dy()))
	head[8] = 8 // bits per channel
	head[9] = 6 // truecolour with alpha
	if opaque {
		head[9] = 2 // truecolour
	}
	if _, err := bw.WriteString("\x89PNG\r\n\x1a\n"); err != nil {
		return err
	}
	cw.chunk("IHDR", head[:])
	if dpi > 0 {
		var phys [9]byte
		ppm := uint32(math.Round(float64(dpi) / 0.0254))
		binary.BigEndian.PutUint32(phys[0:], ppm)
		binary.BigEndian.PutUint32(phys[4:], ppm)
		phys[8] = 1 // the unit is the metre
		cw.chunk("pHYs", phys[:])
	}
	if cw.err != nil {
		return cw.err
	}

	z := zwriters.Get().(*zlib.Writer)
	defer zwriters.Put(z)
	z.Reset(cw)
	bpp := 4
	if opaque {
		bpp = 3
	}
	n := b.Dx() * bpp
	up := make([]byte, 1+n)
	sub := make([]byte, 1+n)
	up[0], sub[0] = 2, 1
	prev := make([]byte, n)
	cur := make([]byte, n)
	for y := b.Min.Y; y < b.Max.Y; y++ {
		pix := m.Pix[m.PixOffset(b.Min.X, y):][:4*b.Dx()]
		if opaque {
			dropAlpha(cur, pix)
		} else {
			copy(cur, pix)
		}
		if _, err := z.Write(filter(up, sub, cur, prev, bpp)); err != nil {
			return err
		}
		prev, cur = cur, prev
	}
	if err := z.Close(); err != nil {
		return err
	}
	cw.flush()
	cw.chunk("IEND", nil)
	if cw.err != nil {
		return cw.err
	}
	return bw.Flush()
}

// chunkWriter gathers compressed data into IDAT chunks.
type chunkWriter struct {
	w   *bufio.Writer
	buf []byte
	err error
}

func (c *chunkWriter) Write(p []byte) (int, error) {
	if c.err != nil {
		return 0, c.err
	}
	n := len(p)
	for len(p) > 0 {
		if c.buf == nil {
			c.buf = make([]byte, 0, chunkSize)
		}
		k := min(len(p), chunkSize-len(c.buf))
		c.buf = append(c.buf, p[:k]...)
		p = p[k:]
		if len(c.buf) == chunkSize {
			c.flush()
			if c.err != nil {
				return 0, c.err
			}
		}
	}
	return n, nil
}

// flush writes the data gathered as one IDAT chunk.
func (c *chunkWriter) flush() {
	if len(c.buf) > 0 {
		c.chunk("IDAT", c.buf)
		c.buf = c.buf[:0]
	}
}

// chunk writes one chunk: its length, type, data and CRC.
func (c *chunkWriter) chunk(typ string, data []byte) {
	if c.err != nil {
		return
	}
	var head [8]byte
	binary.BigEndian.PutUint32(head[:4], uint32(len(data)))
	copy(head[4:], typ)
	crc := crc32.Update(crc32.ChecksumIEEE(head[4:]), crc32.IEEETable, data)
	var tail [4]byte
	binary.BigEndian.PutUint32(tail[:], crc)
	for _, p := range [][]byte{head[:], data, tail[:]} {
		if _, err := c.w.Write(p); err != nil {
			c.err = err
			return
		}
	}
}

// filter filters the row cur (under prev) Up (into up[1:]) or Sub (into
// sub[1:]) and returns the filtered row. It chooses the filter whose
// bytes, read as signed, sum smaller in magnitude (libpng's heuristic,
// over the two filters that cost least), the sums taken over one byte in
// eight: the choice is a guess either way, and trying both filters in full
// cost as much as compressing.
func filter(up, sub, cur, prev []byte, bpp int) []byte {
	n := len(cur)
	prev = prev[:n]
	su, ss := 0, 0
	for i := bpp; i < n; i += 8 {
		su += abs8(cur[i] - prev[i])
		ss += abs8(cur[i] - cur[i-bpp])
	}
	if ss < su {
		s := sub[1 : n+1]
		copy(s[:bpp], cur[:bpp])
		subBytes(s[bpp:], cur[bpp:], cur[:n-bpp])
		return sub
	}
	subBytes(up[1:n+1], cur, prev)
	return up
}

// dropAlpha writes the RGB of the RGBA pixels pix into rgb, two pixels
// at a time.
func dropAlpha(rgb, pix []byte) {
	j, x := 0, 0
	for ; j+8 <= len(pix) && x+8 <= len(rgb); j, x = j+8, x+6 {
		v := binary.LittleEndian.Uint64(pix[j:])
		// R G B A R G B A -> R G B R G B, and two bytes the next pair
		// writes over.
		binary.LittleEndian.PutUint64(rgb[x:], v&0xffffff|(v>>8)&0xffffff000000)
	}
	for ; j < len(pix); j, x = j+4, x+3 {
		c := rgb[x : x+3 : x+3]
		c[0], c[1], c[2] = pix[j], pix[j+1], pix[j+2]
	}
}

// subBytes sets dst[i] = a[i] - b[i] (mod 256), eight bytes at a time.
func subBytes(dst, a, b []byte) {
	const hi = 0x8080808080808080
	i := 0
	for ; i+8 <= len(dst); i += 8 {
		x := binary.LittleEndian.Uint64(a[i:])
		y := binary.LittleEndian.Uint64(b[i:])
		// Each byte's difference without a borrow from its neighbour:
		// the high bits apart.
		d := ((x | hi) - (y &^ hi)) ^ ((x ^ ^y) & hi)
		binary.LittleEndian.PutUint64(dst[i:], d)
	}
	for ; i < len(dst); i++ {
		dst[i] = a[i] - b[i]
	}
}

// abs8 is the magnitude of b read as a signed byte.
func abs8(b byte) int {
	return int(int8(b)>>7^int8(b)) + int(b>>7)
}
