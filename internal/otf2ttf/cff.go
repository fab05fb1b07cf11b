package otf2ttf

import (
	"encoding/binary"
	"errors"
	"fmt"
	"strconv"
)

// cffFont is what the charstring interpreter needs of a CFF table (Adobe
// Technical Note 5176, "The Compact Font Format Specification"): each
// glyph's charstring, the global subroutines, and the local subroutines
// of each Font DICT (one for a name-keyed font, one per FDArray entry for
// a CID-keyed one) with the Font DICT of each glyph.
type cffFont struct {
	charStrings [][]byte
	gsubrs      [][]byte
	subrs       [][][]byte // by Font DICT
	fdSelect    []byte     // the Font DICT of each glyph; nil: all 0
}

// errCFF is the error of a malformed CFF table.
func errCFF(format string, args ...any) error {
	return fmt.Errorf("CFF table: "+format, args...)
}

// maxDictOperands is the most operands a DICT operator takes (the Type 2
// argument stack's size, which CFF's DICTs keep to).
const maxDictOperands = 48

// parseCFF reads the CFF table b of an OpenType font.
func parseCFF(b []byte) (*cffFont, error) {
	if len(b) < 4 {
		return nil, errCFF("%d bytes, too short for a header", len(b))
	}
	if b[0] != 1 {
		return nil, errCFF("version %d.%d, want 1 (CFF2 is not supported)", b[0], b[1])
	}
	p := int(b[2]) // header size
	names, p, err := readIndex(b, p)
	if err != nil {
		return nil, errCFF("Name INDEX: %v", err)
	}
	if len(names) != 1 {
		return nil, errCFF("%d fonts, want 1", len(names))
	}
	tops, p, err := readIndex(b, p)
	if err != nil {
		return nil, errCFF("Top DICT INDEX: %v", err)
	}
	if len(tops) != 1 {
		return nil, errCFF("%d Top DICTs, want 1", len(tops))
	}
	if _, p, err = readIndex(b, p); err != nil {
		return nil, errCFF("String INDEX: %v", err)
	}
	f := &cffFont{}
	if f.gsubrs, _, err = readIndex(b, p); err != nil {
		return nil, errCFF("Global Subr INDEX: %v", err)
	}
	top, err := readDict(tops[0])
	if err != nil {
		return nil, errCFF("Top DICT: %v", err)
	}
	if t, ok := top[opCharstringType]; ok && (len(t) != 1 || t[0] != 2) {
		return nil, errCFF("charstrings of type %v, want 2", t)
	}
	cs, ok := top[opCharStrings]
	if !ok || len(cs) != 1 {
		return nil, errCFF("no CharStrings")
	}
	off, err := offset(b, cs[0])
	if err != nil {
		return nil, errCFF("CharStrings: %v", err)
	}
	if f.charStrings, _, err = readIndex(b, off); err != nil {
		return nil, errCFF("CharStrings INDEX: %v", err)
	}
	if len(f.charStrings) == 0 {
		return nil, errCFF("no glyphs")
	}
	if _, cid := top[opROS]; !cid {
		subrs, err := privateSubrs(b, top)
		if err != nil {
			return nil, err
		}
		f.subrs = [][][]byte{subrs}
		return f, nil
	}
	// A CID-keyed font: a Font DICT per group of glyphs, each with its
	// Private DICT.
	fda, ok := top[opFDArray]
	if !ok || len(fda) != 1 {
		return nil, errCFF("a CID-keyed font without an FDArray")
	}
	if off, err = offset(b, fda[0]); err != nil {
		return nil, errCFF("FDArray: %v", err)
	}
	fds, _, err := readIndex(b, off)
	if err != nil {
		return nil, errCFF("FDArray INDEX: %v", err)
	}
	if len(fds) == 0 || len(fds) > 256 {
		return nil, errCFF("%d Font DICTs, want 1 to 256", len(fds))
	}
	for i, fd := range fds {
		d, err := readDict(fd)
		if err != nil {
			return nil, errCFF("Font DICT %d: %v", i, err)
		}
		subrs, err := privateSubrs(b, d)
		if err != nil {
			return nil, fmt.Errorf("font DICT %d: %w", i, err)
		}
		f.subrs = append(f.subrs, subrs)
	}
	sel, ok := top[opFDSelect]
	if !ok || len(sel) != 1 {
		return nil, errCFF("a CID-keyed font without an FDSelect")
	}
	if off, err = offset(b, sel[0]); err != nil {
		return nil, errCFF("FDSelect: %v", err)
	}
	if f.fdSelect, err = readFDSelect(b, off, len(f.charStrings), len(fds)); err != nil {
		return nil, errCFF("FDSelect: %v", err)
	}
	return f, nil
}

// offset checks a DICT operand as an offset into b.
func offset(b []byte, v float64) (int, error) {
	if v < 0 || v >= float64(len(b)) || v != float64(int(v)) {
		return 0, fmt.Errorf("offset %v outside the table's %d bytes", v, len(b))
	}
	return int(v), nil
}

// privateSubrs reads the local subroutines of the Private DICT that the
// (Top or Font) DICT d names, if any.
func privateSubrs(b []byte, d dict) ([][]byte, error) {
	pv, ok := d[opPrivate]
	if !ok {
		return nil, nil // no Private DICT: no local subroutines
	}
	if len(pv) != 2 {
		return nil, errCFF("Private takes a size and an offset, found %d numbers", len(pv))
	}
	size, off := pv[0], pv[1]
	if size < 0 || off < 0 || size != float64(int(size)) || off != float64(int(off)) || off+size > float64(len(b)) {
		return nil, errCFF("Private DICT of %v bytes at %v, outside the table's %d bytes", size, off, len(b))
	}
	priv, err := readDict(b[int(off) : int(off)+int(size)])
	if err != nil {
		return nil, errCFF("Private DICT: %v", err)
	}
	s, ok := priv[opSubrs]
	if !ok {
		return nil, nil
	}
	if len(s) != 1 {
		return nil, errCFF("Subrs takes an offset, found %d numbers", len(s))
	}
	at := off + s[0] // from the start of the Private DICT
	if s[0] < 0 || at != float64(int(at)) || at >= float64(len(b)) {
		return nil, errCFF("local Subrs at %v, outside the table's %d bytes", at, len(b))
	}
	subrs, _, err := readIndex(b, int(at))
	if err != nil {
		return nil, errCFF("local Subr INDEX: %v", err)
	}
	return subrs, nil
}

// readFDSelect reads an FDSelect of format 0 or 3: the Font DICT of each
// of n glyphs, each below fds.
func readFDSelect(b []byte, p, n, fds int) ([]byte, error) {
	if p >= len(b) {
		return nil, errors.New("past the end of the table")
	}
	out := make([]byte, n)
	switch format := b[p]; format {
	case 0:
		if p+1+n > len(b) {
			return nil, errors.New("runs past the end of the table")
		}
		copy(out, b[p+1:p+1+n])
	case 3:
		if p+3 > len(b) {
			return nil, errors.New("runs past the end of the table")
		}
		nr := int(binary.BigEndian.Uint16(b[p+1:]))
		if p+3+3*nr+2 > len(b) {
			return nil, errors.New("its ranges run past the end of the table")
		}
		r := b[p+3:]
		for i := 0; i < nr; i++ {
			first := int(binary.BigEndian.Uint16(r[3*i:]))
			fd := r[3*i+2]
			next := int(binary.BigEndian.Uint16(r[3*i+3:])) // the next range's first, or the sentinel
			if first > next || next > n || i == 0 && first != 0 {
				return nil, fmt.Errorf("range %d (glyphs %d to %d of %d) out of order", i, first, next, n)
			}
			for g := first; g < next; g++ {
				out[g] = fd
			}
		}
		if int(binary.BigEndian.Uint16(r[3*nr:])) != n {
			return nil, fmt.Errorf("its ranges end at glyph %d, and the font has %d", binary.BigEndian.Uint16(r[3*nr:]), n)
		}
	default:
		return nil, fmt.Errorf("format %d, want 0 or 3", format)
	}
	for g, fd := range out {
		if int(fd) >= fds {
			return nil, fmt.Errorf("glyph %d's Font DICT is %d, and there are %d", g, fd, fds)
		}
	}
	return out, nil
}

// readIndex reads the INDEX at b[p:] and returns its items and the
// offset after it.
func readIndex(b []byte, p int) ([][]byte, int, error) {
	if p < 0 || p+2 > len(b) {
		return nil, 0, errors.New("past the end of the table")
	}
	count := int(binary.BigEndian.Uint16(b[p:]))
	if count == 0 {
		return nil, p + 2, nil
	}
	if p+3 > len(b) {
		return nil, 0, errors.New("runs past the end of the table")
	}
	size := int(b[p+2])
	if size < 1 || size > 4 {
		return nil, 0, fmt.Errorf("offsets of %d bytes, want 1 to 4", size)
	}
	offs := p + 3
	data := offs + (count+1)*size - 1 // offsets count from the byte before the data
	if data >= len(b) {
		return nil, 0, errors.New("its offsets run past the end of the table")
	}
	at := func(i int) int {
		v := 0
		for _, c := range b[offs+i*size : offs+(i+1)*size] {
			v = v<<8 | int(c)
		}
		return v
	}
	items := make([][]byte, count)
	prev := at(0)
	if prev != 1 {
		return nil, 0, fmt.Errorf("its first offset is %d, want 1", prev)
	}
	for i := range items {
		next := at(i + 1)
		if next < prev || data+next > len(b) {
			return nil, 0, fmt.Errorf("item %d (offsets %d to %d) outside the table", i, prev, next)
		}
		items[i] = b[data+prev : data+next : data+next]
		prev = next
	}
	return items, data + prev, nil
}

// DICT operators used here: one byte, or 1200 + the second byte after
// the escape 12.
const (
	opCharStrings    = 17
	opPrivate        = 18
	opSubrs          = 19
	opCharstringType = 1206
	opROS            = 1230
	opFDArray        = 1236
	opFDSelect       = 1237
)

// dict is a DICT's operands by operator.
type dict map[int][]float64

// readDict reads a DICT (TN 5176, section 4).
func readDict(b []byte) (dict, error) {
	d := dict{}
	var ops []float64
	for i := 0; i < len(b); {
		c := b[i]
		switch {
		case c <= 21:
			op := int(c)
			i++
			if c == 12 {
				if i >= len(b) {
					return nil, errors.New("an escape at its end")
				}
				op = 1200 + int(b[i])
				i++
			}
			d[op] = ops
			ops = nil
			continue
		case c == 28:
			if i+3 > len(b) {
				return nil, errors.New("a number cut short")
			}
			ops = append(ops, float64(int16(binary.BigEndian.Uint16(b[i+1:]))))
			i += 3
		case c == 29:
			if i+5 > len(b) {
				return nil, errors.New("a number cut short")
			}
			ops = append(ops, float64(int32(binary.BigEndian.Uint32(b[i+1:]))))
			i += 5
		case c == 30:
			v, n, err := readReal(b[i+1:])
			if err != nil {
				return nil, err
			}
			ops = append(ops, v)
			i += 1 + n
		case c >= 32 && c <= 246:
			ops = append(ops, float64(int(c)-139))
			i++
		case c >= 247 && c <= 254:
			if i+2 > len(b) {
				return nil, errors.New("a number cut short")
			}
			v := (int(c)-247)*256 + int(b[i+1]) + 108
			if c >= 251 {
				v = -(int(c)-251)*256 - int(b[i+1]) - 108
			}
			ops = append(ops, float64(v))
			i += 2
		default:
			return nil, fmt.Errorf("reserved byte %d", c)
		}
		if len(ops) > maxDictOperands {
			return nil, fmt.Errorf("more than %d operands", maxDictOperands)
		}
	}
	return d, nil
}

// readReal reads the nibbles of a DICT real number and returns it with
// the bytes read.
func readReal(b []byte) (float64, int, error) {
	const digits = "0123456789."
	var s []byte
	for i, c := range b {
		for _, nib := range [2]byte{c >> 4, c & 15} {
			switch {
			case nib <= 10:
				s = append(s, digits[nib])
			case nib == 11:
				s = append(s, 'E')
			case nib == 12:
				s = append(s, 'E', '-')
			case nib == 14:
				s = append(s, '-')
			case nib == 15:
				v, err := strconv.ParseFloat(string(s), 64)
				if err != nil {
					return 0, 0, fmt.Errorf("a bad real number %q", s)
				}
				return v, i + 1, nil
			default:
				return 0, 0, errors.New("a bad real number")
			}
			if len(s) > 64 {
				return 0, 0, errors.New("a real number of more than 64 characters")
			}
		}
	}
	return 0, 0, errors.New("a real number cut short")
}
