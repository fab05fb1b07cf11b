// Package jpegscans makes JPEG files of many progressive scans, the
// decoder-stalling input that third_party/jpeg refuses (see its
// MaxProgressiveScans), for the tests of the decoder and of the command.
package jpegscans

import (
	"bytes"
	"encoding/binary"
)

// Progressive returns a valid progressive greyscale JPEG of w×h pixels (at
// most 65,535 each) made of n first AC scans, each of them end-of-band
// runs over every block (the longest runs, 32,767 blocks in 15 bits): a
// file of a few bytes a scan that makes a decoder visit every block n
// times. It decodes to mid grey.
func Progressive(w, h, n int) []byte {
	var b bytes.Buffer
	segment := func(marker byte, payload ...byte) {
		b.Write([]byte{0xff, marker})
		_ = binary.Write(&b, binary.BigEndian, uint16(len(payload)+2))
		b.Write(payload)
	}
	b.Write([]byte{0xff, 0xd8}) // SOI
	q := make([]byte, 1+64)     // table 0, 8-bit, all ones
	for i := 1; i < len(q); i++ {
		q[i] = 1
	}
	segment(0xdb, q...)                                                       // DQT
	segment(0xc2, 8, byte(h>>8), byte(h), byte(w>>8), byte(w), 1, 1, 0x11, 0) // SOF2: 1 component, 1×1, table 0
	// One code of one bit in each Huffman table: DC size 0, and AC EOB14
	// (a run of 2^14 blocks plus the next 14 bits).
	table := func(class, sym byte) []byte {
		t := make([]byte, 1+16+1)
		t[0], t[1], t[17] = class<<4, 1, sym
		return t
	}
	segment(0xc4, table(0, 0)...)    // DHT, DC table 0
	segment(0xc4, table(1, 0xe0)...) // DHT, AC table 0
	blocks := ((w + 7) / 8) * ((h + 7) / 8)
	runs := (blocks + 32766) / 32767
	for range n {
		segment(0xda, 1, 1, 0x00, 1, 63, 0) // SOS: component 1, tables 0, Ss 1, Se 63, Ah Al 0
		var acc uint32
		bits := 0
		put := func(v uint32, k int) {
			for i := k - 1; i >= 0; i-- {
				acc = acc<<1 | v>>i&1
				if bits++; bits == 8 {
					b.WriteByte(byte(acc))
					if byte(acc) == 0xff {
						b.WriteByte(0x00) // byte stuffing
					}
					acc, bits = 0, 0
				}
			}
		}
		for range runs {
			put(0, 1)        // the EOB14 code
			put(1<<14-1, 14) // its run bits: 2^14 + 16,383 blocks
		}
		for bits != 0 {
			put(1, 1) // padding
		}
	}
	b.Write([]byte{0xff, 0xd9}) // EOI
	return b.Bytes()
}
