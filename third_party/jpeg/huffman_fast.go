// Copyright 2026 The deckwright Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package jpeg

import "encoding/binary"

// The fast path of sequential (baseline and extended) scans: a block's
// Huffman symbols and coefficient bits are read from a 64-bit, left-aligned
// bit buffer refilled up to 8 bytes at a time, through a lookup table of
// fastBits bits that gives, for most symbols, the code length, the
// run/size symbol and the coefficient's value at once (libjpeg-turbo's
// jdhuff.c and stb_image do the same; this is written from the JPEG
// specification, sections F.2.2.1 to F.2.2.3).
//
// It decodes exactly what upstream's decodeHuffman, receiveExtend and
// decodeBits decode, on every input: a symbol is taken from the table only
// when at least 32 bits of the current entropy-coded segment are in the
// buffer (a code and its value bits are at most 16+16 bits), the table is
// derived from upstream's own 8-bit look-up table and canonical code ranges
// (so a malformed table decodes as upstream decodes it), and whenever fewer
// bits are at hand (near a marker or the end of the byte buffer) the symbol
// is read by upstream's functions, from the same state.

// fastBits is the log-2 size of a huffman's fast table.
const fastBits = 10

// A fast table entry (int32), 0 when the code is longer than fastBits:
//
//	bits 0-4   the bits to consume: the code length, plus the size of the
//	           value when the value is included
//	bits 8-15  the symbol (for AC tables the run in the high and the size
//	           in the low nibble; for DC tables the size)
//	bits 16-31 the value, sign-extended, when it is included; 0 when it is
//	           not (an included value is never 0)
const (
	fastLenMask = 0x1f
	fastSymbol  = 8
	fastValue   = 16
)

// buildFast derives h.fast from h.lut, h.minCodes, h.maxCodes and
// h.valsIndices, as upstream's decodeHuffman would decode each fastBits-bit
// prefix: its 8-bit look-up first, then code by code. ac says whether the
// table codes AC run/size symbols (the value's size is the low nibble) or DC
// sizes.
func (h *huffman) buildFast(ac bool) {
	clear(h.fast[:])
	for p := range uint32(1 << fastBits) {
		var sym uint8
		l := uint32(0)
		if v := h.lut[p>>(fastBits-lutSize)]; v != 0 {
			sym, l = uint8(v>>8), uint32(v&0xff)-1
		} else {
			for i := uint32(0); i < fastBits; i++ {
				code := int32(p >> (fastBits - 1 - i))
				if code <= h.maxCodes[i] {
					k := h.valsIndices[i] + code - h.minCodes[i]
					if k < 0 || k >= maxNCodes {
						break // left to the slow path, which is upstream's
					}
					sym, l = h.vals[k], i+1
					break
				}
			}
			if l == 0 {
				continue
			}
		}
		s := uint32(sym)
		if ac {
			s &= 0x0f
		}
		e := int32(sym)<<fastSymbol | int32(l)
		if s > 0 && s <= 16 && l+s <= fastBits {
			x := int32(p>>(fastBits-l-s)) & (1<<s - 1)
			if x < 1<<(s-1) {
				x += -1<<s + 1
			}
			e = x<<fastValue | int32(sym)<<fastSymbol | int32(l+s)
		}
		h.fast[p] = e
	}
}

// refill tops the left-aligned bit buffer acc, holding n bits, up to at
// least 57 bits from d.bytes, undoing byte stuffing. It stops early at a
// marker (0xff followed by a byte other than 0x00), which it leaves unread,
// and at the end of the buffered bytes, which it leaves to upstream's
// readByteStuffedByte (which fills the buffer and can give them back).
func (d *decoder) refill(acc uint64, n int32) (uint64, int32) {
	buf := d.bytes.buf[:d.bytes.j]
	i := d.bytes.i
	if i+8 <= len(buf) {
		// Without an 0xff among the next 8 bytes, as many as fit are
		// taken at once.
		w := binary.BigEndian.Uint64(buf[i:])
		if x := ^w; (x-0x0101010101010101)&^x&0x8080808080808080 == 0 {
			k := uint(64-n) >> 3
			acc |= w >> (64 - 8*k) << (uint(64-n) - 8*k)
			d.bytes.i = i + int(k)
			d.bytes.nUnreadable = 0
			return acc, n + int32(8*k)
		}
	}
	for n <= 56 && i+1 < len(buf) {
		c := buf[i]
		if c == 0xff {
			if buf[i+1] != 0x00 {
				break
			}
			i++
		}
		i++
		acc |= uint64(c) << uint(56-n)
		n += 8
	}
	if i != d.bytes.i {
		d.bytes.i = i
		d.bytes.nUnreadable = 0
	}
	return acc, n
}

// fromLeft and toLeft convert between the left-aligned buffer of the fast
// path and upstream's d.bits.
func (d *decoder) fromLeft(acc uint64, n int32) {
	d.bits.a, d.bits.n = acc>>uint(64-n), n
}

func (d *decoder) toLeft() (uint64, int32) {
	return d.bits.a << uint(64-d.bits.n), d.bits.n
}

// symbol decodes the next symbol with h from the left-aligned buffer,
// which holds at least 32 bits, when h.fast has no entry for it. It
// returns an entry for it as h.fast's are, without the value; nothing is
// consumed.
func (h *huffman) symbol(acc uint64) (int32, error) {
	if h.nCodes == 0 {
		return 0, FormatError("uninitialized Huffman table")
	}
	// Upstream's slow path, past the first fastBits bits (which matched no
	// code).
	for i := fastBits; i < maxCodeLength; i++ {
		code := int32(acc >> (63 - i))
		if code <= h.maxCodes[i] {
			return int32(h.vals[(h.valsIndices[i]+code-h.minCodes[i])&(maxNCodes-1)])<<fastSymbol | int32(i+1), nil
		}
	}
	return 0, FormatError("bad Huffman code")
}

// extend is RECEIVE and EXTEND (section F.2.2.1) of s bits at the top of
// acc.
func extend(acc uint64, s uint32) int32 {
	x := int32(acc >> (64 - s))
	if x < 1<<(s-1) {
		x += -1<<s + 1
	}
	return x
}

// decodeBlockSeq decodes one block of a sequential scan into b (which is
// zero), in natural order: the DC difference with dcH, added to *dc, and
// the AC coefficients with acH, as processSOS's general loop does with
// zigStart 0, zigEnd 63 and no successive approximation.
func (d *decoder) decodeBlockSeq(b *block, dcH, acH *huffman, dc *int32) error {
	acc, n := d.toLeft()

	// The DC coefficient.
	if n < 32 {
		acc, n = d.refill(acc, n)
	}
	if n >= 32 {
		e := dcH.fast[acc>>(64-fastBits)]
		if e == 0 {
			var err error
			if e, err = dcH.symbol(acc); err != nil {
				return err
			}
		}
		s := uint32(e>>fastSymbol) & 0xff
		if s > 16 {
			return UnsupportedError("excessive DC component")
		}
		l := e & fastLenMask
		acc <<= uint(l)
		n -= l
		if v := e >> fastValue; v != 0 {
			*dc += v
		} else if s != 0 {
			*dc += extend(acc, s)
			acc <<= s
			n -= int32(s)
		}
	} else {
		d.fromLeft(acc, n)
		value, err := d.decodeHuffman(dcH)
		if err != nil {
			return err
		}
		if value > 16 {
			return UnsupportedError("excessive DC component")
		}
		delta, err := d.receiveExtend(value)
		if err != nil {
			return err
		}
		*dc += delta
		acc, n = d.toLeft()
	}
	b[0] = *dc

	if d.eobRun > 0 {
		d.eobRun--
		d.fromLeft(acc, n)
		return nil
	}

	// The AC coefficients.
	for zig := int32(1); zig < blockSize; zig++ {
		if n < 32 {
			acc, n = d.refill(acc, n)
		}
		var run, s uint32
		var v int32
		if n >= 32 {
			e := acH.fast[acc>>(64-fastBits)]
			if e == 0 {
				var err error
				if e, err = acH.symbol(acc); err != nil {
					return err
				}
			}
			sym := uint32(e>>fastSymbol) & 0xff
			run, s = sym>>4, sym&0x0f
			l := e & fastLenMask
			v = e >> fastValue
			if s != 0 && zig+int32(run) >= blockSize {
				// Upstream stops before the value's bits.
				if v != 0 {
					l -= int32(s)
				}
				acc <<= uint(l)
				n -= l
				break
			}
			acc <<= uint(l)
			n -= l
			if s != 0 && v == 0 {
				v = extend(acc, s)
				acc <<= s
				n -= int32(s)
			}
			if s == 0 && run != 0x0f {
				// An end of block, or of band (for an end of band,
				// the run's bits follow).
				d.eobRun = uint16(1) << run
				if run != 0 {
					d.eobRun |= uint16(acc >> (64 - run))
					acc <<= run
					n -= int32(run)
				}
				d.eobRun--
				break
			}
		} else {
			d.fromLeft(acc, n)
			value, err := d.decodeHuffman(acH)
			if err != nil {
				return err
			}
			run, s = uint32(value>>4), uint32(value&0x0f)
			if s != 0 {
				if zig+int32(run) >= blockSize {
					acc, n = d.toLeft()
					break
				}
				if v, err = d.receiveExtend(uint8(s)); err != nil {
					return err
				}
			} else if run != 0x0f {
				d.eobRun = uint16(1) << run
				if run != 0 {
					bits, err := d.decodeBits(int32(run))
					if err != nil {
						return err
					}
					d.eobRun |= uint16(bits)
				}
				d.eobRun--
				acc, n = d.toLeft()
				break
			}
			acc, n = d.toLeft()
		}
		zig += int32(run)
		if s != 0 {
			b[unzig8[zig&(blockSize-1)]&(blockSize-1)] = v
		}
	}
	d.fromLeft(acc, n)
	return nil
}

// unzig8 is unzig in bytes.
var unzig8 = func() (z [blockSize]uint8) {
	for i, k := range unzig {
		z[i] = uint8(k)
	}
	return z
}()
