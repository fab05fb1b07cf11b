package art

import (
	"encoding/binary"
	"errors"
	"fmt"

	scaledjpeg "github.com/deckwright/deckwright/third_party/jpeg"
)

// JPEG markers that jpegEmbed looks at.
const (
	jpegSOI  = 0xd8 // start of image
	jpegEOI  = 0xd9 // end of image
	jpegSOS  = 0xda // start of scan
	jpegTEM  = 0x01
	jpegRST0 = 0xd0 // RST0 to RST7: restart markers, no length
	jpegRST7 = 0xd7
	jpegAPP0 = 0xe0 // APP0 to APP15: application data
	jpegAPP2 = 0xe2
	jpegAPPE = 0xee // APP14
	jpegAPPF = 0xef
	jpegCOM  = 0xfe // comment
)

// jpegEmbed returns the part of a JPEG file that is worth embedding in a
// PDF: from its start-of-image marker to its end-of-image marker, without
// what lies after (a file may carry anything there: 64 MB of junk made a
// 67 MB PDF) and without the segments that only carry metadata: comments,
// and application segments (EXIF with its GPS position and thumbnail, XMP,
// Photoshop's) except the three that matter for decoding: JFIF (APP0),
// the ICC colour profile (APP2) and Adobe's colour transform (APP14).
//
// It walks the segments one by one, and through the entropy-coded data of
// every scan (where an 0xff byte is followed by 0x00 or a restart marker),
// so progressive JPEGs keep all their scans. A file that breaks the
// segment structure or ends before its end-of-image marker is an error.
// When nothing is left out but what follows the end, the result shares
// data's bytes.
func jpegEmbed(data []byte) ([]byte, error) {
	if len(data) < 4 || data[0] != 0xff || data[1] != jpegSOI {
		return nil, errors.New("not a JPEG file")
	}
	var out []byte // nil while nothing has been left out
	keepTo := 2    // data[:keepTo] is kept when out is nil
	keep := func(from, to int) {
		if out != nil {
			out = append(out, data[from:to]...)
		} else if from == keepTo {
			keepTo = to
		} else {
			out = append(make([]byte, 0, len(data)), data[:keepTo]...)
			out = append(out, data[from:to]...)
		}
	}
	i, scans := 2, 0
	for {
		if i+2 > len(data) {
			return nil, errors.New("the file ends before its end-of-image marker")
		}
		if data[i] != 0xff {
			return nil, fmt.Errorf("byte %d: want a marker, found 0x%02x", i, data[i])
		}
		for i+1 < len(data) && data[i+1] == 0xff { // fill bytes
			i++
		}
		if i+2 > len(data) {
			return nil, errors.New("the file ends before its end-of-image marker")
		}
		m := data[i+1]
		switch {
		case m == jpegEOI:
			keep(i, i+2)
			if out != nil {
				return out, nil
			}
			return data[:keepTo:keepTo], nil
		case m == jpegSOI || m == 0x00:
			return nil, fmt.Errorf("byte %d: unexpected marker 0x%02x", i, m)
		case m == jpegTEM || (m >= jpegRST0 && m <= jpegRST7):
			keep(i, i+2)
			i += 2
			continue
		}
		if i+4 > len(data) {
			return nil, errors.New("the file ends inside a segment header")
		}
		n := int(binary.BigEndian.Uint16(data[i+2:]))
		end := i + 2 + n
		if n < 2 || end > len(data) {
			return nil, fmt.Errorf("byte %d: segment 0x%02x of %d bytes runs past the end of the file", i, m, n)
		}
		if jpegMetadata(m, data[i+4:end]) {
			i = end
			continue
		}
		keep(i, end)
		i = end
		if m != jpegSOS {
			continue
		}
		// Viewers decode what is embedded: a file of more scans than
		// the decoder reads is not passed on to them either.
		if scans++; scans > scaledjpeg.MaxProgressiveScans {
			return nil, fmt.Errorf("more than %d scans", scaledjpeg.MaxProgressiveScans)
		}
		// Entropy-coded data: up to the next marker that is neither a
		// stuffed 0xff nor a restart.
		j := i
		for j+1 < len(data) {
			if data[j] == 0xff {
				if next := data[j+1]; next != 0x00 && !(next >= jpegRST0 && next <= jpegRST7) && next != 0xff {
					break
				}
				if data[j+1] != 0xff {
					j++ // skip the byte after 0xff
				}
			}
			j++
		}
		if j+1 >= len(data) {
			return nil, errors.New("the file ends inside a scan, before its end-of-image marker")
		}
		keep(i, j)
		i = j
	}
}

// jpegMetadata tells whether a segment with marker m and payload p only
// carries metadata, and can be left out of an embedded JPEG.
func jpegMetadata(m byte, p []byte) bool {
	has := func(prefix string) bool { return len(p) >= len(prefix) && string(p[:len(prefix)]) == prefix }
	switch {
	case m == jpegCOM:
		return true
	case m == jpegAPP0:
		return !has("JFIF\x00") && !has("JFXX\x00")
	case m == jpegAPP2:
		return !has("ICC_PROFILE\x00")
	case m == jpegAPPE:
		return !has("Adobe")
	case m >= jpegAPP0 && m <= jpegAPPF:
		return true
	}
	return false
}
