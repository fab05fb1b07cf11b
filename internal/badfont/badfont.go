// Package badfont makes broken and hostile font files out of real ones,
// for the tests of the font loader and of the command: a table dropped or
// pointing past the end of the file, embedding-licence bits set, only a
// format 12 character map, and a CFF font whose subroutines call each
// other until the interpreter runs out of time and memory. The files stay
// out of the repository; a few lines of Go make each from a font of
// templates/testdata/fonts.
//
//	data, _ := os.ReadFile("smallcaps-ascii.ttf")
//	bad, err := badfont.Make("no-name", data)
package badfont

import (
	"encoding/binary"
	"errors"
	"fmt"
	"sort"
	"strconv"
	"strings"

	"golang.org/x/image/font/sfnt"
)

// Edits lists the edits Make knows, with what each does.
var Edits = map[string]string{
	"no-name":               "drops the name table",
	"name-past-end":         "moves the name table's offset past the end of the file",
	"name-strings-past-end": "moves the name table's string storage past the end of the file",
	"fstype=N":              "sets the OS/2 table's fsType (embedding licence bits) to N (0x0002, 4, ...)",
	"cmap-format12":         "replaces the character maps by one format 12 map (Windows, full Unicode) of the same characters",
	"cff-subr-bomb":         "replaces a CFF font's outlines by global subroutines calling each other 12 times, 9 deep",
	"composite-cycle":       "makes glyph 1 a composite of itself",
	"loca-past-glyf":        "points the last glyph's outline past the end of the glyf table",
	"hmtx-short":            "cuts the hmtx table to 2 bytes",
	"cmap-past-end":         "points the first character map past the end of the cmap table",
	"head-units=0":          "sets unitsPerEm to 0",
	"maxp-glyphs=65535":     "says the font has 65,535 glyphs",
}

// Make returns data, a real TrueType or OpenType font, changed by edit
// (one of Edits' keys).
func Make(edit string, data []byte) ([]byte, error) {
	tables, err := Tables(data)
	if err != nil {
		return nil, err
	}
	need := func(tag string) ([]byte, error) {
		t := tables[tag]
		if t == nil {
			return nil, fmt.Errorf("badfont %s: the font has no %q table", edit, tag)
		}
		return append([]byte(nil), t...), nil
	}
	switch {
	case edit == "no-name":
		delete(tables, "name")
		return Build(tables), nil
	case edit == "name-past-end":
		return pastEnd(data, "name")
	case edit == "name-strings-past-end":
		name, err := need("name")
		if err != nil {
			return nil, err
		}
		binary.BigEndian.PutUint16(name[4:], 0xfff0)
		tables["name"] = name
		return Build(tables), nil
	case strings.HasPrefix(edit, "fstype="):
		v, err := strconv.ParseUint(strings.TrimPrefix(edit, "fstype="), 0, 16)
		if err != nil {
			return nil, fmt.Errorf("badfont %s: %v", edit, err)
		}
		os2, err := need("OS/2")
		if err != nil {
			return nil, err
		}
		binary.BigEndian.PutUint16(os2[8:], uint16(v))
		tables["OS/2"] = os2
		return Build(tables), nil
	case edit == "cmap-format12":
		cmap, err := format12(data)
		if err != nil {
			return nil, fmt.Errorf("badfont %s: %v", edit, err)
		}
		tables["cmap"] = cmap
		return Build(tables), nil
	case edit == "cff-subr-bomb":
		if tables["CFF "] == nil {
			return nil, fmt.Errorf("badfont %s: not a font with CFF outlines", edit)
		}
		maxp, err := need("maxp")
		if err != nil {
			return nil, err
		}
		tables["CFF "] = SubrBomb(int(binary.BigEndian.Uint16(maxp[4:])), 12, 9)
		return Build(tables), nil
	case edit == "composite-cycle":
		return compositeCycle(tables)
	case edit == "loca-past-glyf":
		head, err := need("head")
		if err != nil {
			return nil, err
		}
		loca, err := need("loca")
		if err != nil {
			return nil, err
		}
		if binary.BigEndian.Uint16(head[50:]) == 0 {
			binary.BigEndian.PutUint16(loca[len(loca)-2:], 0xfff0)
		} else {
			binary.BigEndian.PutUint32(loca[len(loca)-4:], 0x7ffffff0)
		}
		tables["loca"] = loca
		return Build(tables), nil
	case edit == "hmtx-short":
		hmtx, err := need("hmtx")
		if err != nil {
			return nil, err
		}
		tables["hmtx"] = hmtx[:2]
		return Build(tables), nil
	case edit == "cmap-past-end":
		cmap, err := need("cmap")
		if err != nil {
			return nil, err
		}
		binary.BigEndian.PutUint32(cmap[8:], uint32(len(cmap)+100))
		tables["cmap"] = cmap
		return Build(tables), nil
	case edit == "head-units=0":
		head, err := need("head")
		if err != nil {
			return nil, err
		}
		binary.BigEndian.PutUint16(head[18:], 0)
		tables["head"] = head
		return Build(tables), nil
	case edit == "maxp-glyphs=65535":
		maxp, err := need("maxp")
		if err != nil {
			return nil, err
		}
		binary.BigEndian.PutUint16(maxp[4:], 0xffff)
		tables["maxp"] = maxp
		return Build(tables), nil
	}
	names := make([]string, 0, len(Edits))
	for k := range Edits {
		names = append(names, k)
	}
	sort.Strings(names)
	return nil, fmt.Errorf("badfont: no edit %q (%s)", edit, strings.Join(names, ", "))
}

// Tables returns the tables of an sfnt font file by tag.
func Tables(data []byte) (map[string][]byte, error) {
	if len(data) < 12 {
		return nil, errors.New("badfont: too short for a font")
	}
	num := int(binary.BigEndian.Uint16(data[4:]))
	if 12+16*num > len(data) {
		return nil, errors.New("badfont: the table directory runs past the end of the file")
	}
	out := map[string][]byte{}
	for i := 0; i < num; i++ {
		r := data[12+16*i:]
		off, n := int(binary.BigEndian.Uint32(r[8:])), int(binary.BigEndian.Uint32(r[12:]))
		if off < 0 || n < 0 || off+n > len(data) {
			return nil, fmt.Errorf("badfont: table %q runs past the end of the file", r[:4])
		}
		out[string(r[:4])] = data[off : off+n]
	}
	return out, nil
}

// Build writes a font file of tables, sorted by tag, each 4-byte aligned;
// a "CFF " table makes it an OpenType font with CFF outlines (OTTO). The
// checksums are left at zero: readers do not check them.
func Build(tables map[string][]byte) []byte {
	tags := make([]string, 0, len(tables))
	for t := range tables {
		tags = append(tags, t)
	}
	sort.Strings(tags)
	version := uint32(0x00010000)
	if tables["CFF "] != nil {
		version = 0x4F54544F // OTTO
	}
	b := binary.BigEndian.AppendUint32(nil, version)
	es := 0
	for 1<<(es+1) <= len(tags) {
		es++
	}
	b = binary.BigEndian.AppendUint16(b, uint16(len(tags)))
	b = binary.BigEndian.AppendUint16(b, uint16(16<<es))
	b = binary.BigEndian.AppendUint16(b, uint16(es))
	b = binary.BigEndian.AppendUint16(b, uint16(len(tags)*16-16<<es))
	off := 12 + 16*len(tags)
	for _, t := range tags {
		b = append(b, t...)
		b = binary.BigEndian.AppendUint32(b, 0)
		b = binary.BigEndian.AppendUint32(b, uint32(off))
		b = binary.BigEndian.AppendUint32(b, uint32(len(tables[t])))
		off += (len(tables[t]) + 3) &^ 3
	}
	for _, t := range tags {
		b = append(b, tables[t]...)
		for len(b)%4 != 0 {
			b = append(b, 0)
		}
	}
	return b
}

// pastEnd returns data with the directory entry of tag pointing past the
// end of the file.
func pastEnd(data []byte, tag string) ([]byte, error) {
	out := append([]byte(nil), data...)
	num := int(binary.BigEndian.Uint16(out[4:]))
	for i := 0; i < num; i++ {
		r := out[12+16*i:]
		if string(r[:4]) == tag {
			binary.BigEndian.PutUint32(r[8:], uint32(len(out)+1000))
			return out, nil
		}
	}
	return nil, fmt.Errorf("badfont: the font has no %q table", tag)
}

// format12 returns a cmap table holding one format 12 subtable (platform
// 3, encoding 10) mapping the characters of the Basic Multilingual Plane
// that data's own character map maps.
func format12(data []byte) ([]byte, error) {
	f, err := sfnt.Parse(data)
	if err != nil {
		return nil, err
	}
	var buf sfnt.Buffer
	type group struct{ start, end, glyph uint32 }
	var groups []group
	for r := rune(0); r <= 0xFFFF; r++ {
		gi, err := f.GlyphIndex(&buf, r)
		if err != nil || gi == 0 {
			continue
		}
		if n := len(groups); n > 0 && groups[n-1].end+1 == uint32(r) && groups[n-1].glyph+uint32(r)-groups[n-1].start == uint32(gi) {
			groups[n-1].end++
			continue
		}
		groups = append(groups, group{uint32(r), uint32(r), uint32(gi)})
	}
	if len(groups) == 0 {
		return nil, errors.New("the font maps no character")
	}
	b := binary.BigEndian.AppendUint16(nil, 0) // version
	b = binary.BigEndian.AppendUint16(b, 1)    // one subtable
	b = binary.BigEndian.AppendUint16(b, 3)    // Windows
	b = binary.BigEndian.AppendUint16(b, 10)   // full Unicode
	b = binary.BigEndian.AppendUint32(b, 12)   // its offset
	b = binary.BigEndian.AppendUint16(b, 12)   // format 12
	b = binary.BigEndian.AppendUint16(b, 0)
	b = binary.BigEndian.AppendUint32(b, uint32(16+12*len(groups)))
	b = binary.BigEndian.AppendUint32(b, 0) // language
	b = binary.BigEndian.AppendUint32(b, uint32(len(groups)))
	for _, g := range groups {
		b = binary.BigEndian.AppendUint32(b, g.start)
		b = binary.BigEndian.AppendUint32(b, g.end)
		b = binary.BigEndian.AppendUint32(b, g.glyph)
	}
	return b, nil
}

// compositeCycle makes glyph 1 of a TrueType font a composite glyph whose
// one component is glyph 1.
func compositeCycle(tables map[string][]byte) ([]byte, error) {
	head, loca, glyf := tables["head"], tables["loca"], tables["glyf"]
	if head == nil || loca == nil || glyf == nil {
		return nil, errors.New("badfont composite-cycle: not a TrueType-outline font")
	}
	long := binary.BigEndian.Uint16(head[50:]) != 0
	at := func(i int) int {
		if long {
			return int(binary.BigEndian.Uint32(loca[4*i:]))
		}
		return 2 * int(binary.BigEndian.Uint16(loca[2*i:]))
	}
	n := len(loca)/2 - 1
	if long {
		n = len(loca)/4 - 1
	}
	if n < 2 {
		return nil, errors.New("badfont composite-cycle: fewer than 2 glyphs")
	}
	// The composite: numberOfContours -1, a bounding box, then one
	// component (flags ARGS_ARE_XY_VALUES, glyph 1, offsets 0 0).
	comp := []byte{0xff, 0xff, 0, 0, 0, 0, 0, 10, 0, 10, 0, 0x02, 0, 1, 0, 0}
	var g []byte
	var offs []int
	for i := 0; i < n; i++ {
		offs = append(offs, len(g))
		if i == 1 {
			g = append(g, comp...)
		} else {
			g = append(g, glyf[at(i):at(i+1)]...)
		}
		for len(g)%4 != 0 {
			g = append(g, 0)
		}
	}
	offs = append(offs, len(g))
	var l []byte
	for _, o := range offs {
		l = binary.BigEndian.AppendUint32(l, uint32(o))
	}
	h := append([]byte(nil), head...)
	binary.BigEndian.PutUint16(h[50:], 1)
	tables["head"], tables["loca"], tables["glyf"] = h, l, g
	return Build(tables), nil
}

// SubrBomb returns a CFF table of glyphs glyphs, each of which calls
// global subroutine 0, which calls subroutine 1 calls times, and so on
// depth levels down to a subroutine that draws a line: calls^depth lines
// a glyph from a table of a few hundred bytes. With depth 9 the call
// stack is 10 deep, the most the Type 2 charstring format allows.
func SubrBomb(glyphs, calls, depth int) []byte {
	num := func(b []byte, v int) []byte { // a Type 2 charstring integer, -107..107
		return append(b, byte(v+139))
	}
	var gsubrs [][]byte
	for d := 0; d < depth; d++ {
		var s []byte
		for range calls {
			s = num(s, d+1-107) // subroutine d+1, less the bias 107
			s = append(s, 29)   // callgsubr
		}
		gsubrs = append(gsubrs, append(s, 11)) // return
	}
	leaf := num(num(nil, 10), 10)
	gsubrs = append(gsubrs, append(leaf, 5, 11)) // rlineto return
	glyph := num(num(nil, 0), 0)
	glyph = append(glyph, 21) // rmoveto
	glyph = num(glyph, -107)
	glyph = append(glyph, 29, 14) // callgsubr 0, endchar
	charstrings := make([][]byte, glyphs)
	charstrings[0] = []byte{14} // .notdef: endchar
	for i := 1; i < glyphs; i++ {
		charstrings[i] = glyph
	}

	nameIndex := cffIndex([][]byte{[]byte("SubrBomb")})
	stringIndex := cffIndex(nil)
	gsubrIndex := cffIndex(gsubrs)
	private := []byte{}
	// The top DICT, with 5-byte integers so that its size is known
	// before the offsets are.
	dict := func(csOff, privSize, privOff int) []byte {
		var d []byte
		int5 := func(v int) { d = append(d, 29); d = binary.BigEndian.AppendUint32(d, uint32(v)) }
		int5(csOff)
		d = append(d, 17) // CharStrings
		int5(privSize)
		int5(privOff)
		d = append(d, 18) // Private
		return d
	}
	topSize := len(cffIndex([][]byte{dict(0, 0, 0)}))
	csOff := 4 + len(nameIndex) + topSize + len(stringIndex) + len(gsubrIndex)
	csIndex := cffIndex(charstrings)
	privOff := csOff + len(csIndex)
	out := []byte{1, 0, 4, 4} // version 1.0, header size 4, offSize 4
	out = append(out, nameIndex...)
	out = append(out, cffIndex([][]byte{dict(csOff, len(private), privOff)})...)
	out = append(out, stringIndex...)
	out = append(out, gsubrIndex...)
	out = append(out, csIndex...)
	return append(out, private...)
}

// cffIndex encodes a CFF INDEX of items, with 4-byte offsets.
func cffIndex(items [][]byte) []byte {
	b := binary.BigEndian.AppendUint16(nil, uint16(len(items)))
	if len(items) == 0 {
		return b
	}
	b = append(b, 4)
	off := 1
	b = binary.BigEndian.AppendUint32(b, uint32(off))
	for _, it := range items {
		off += len(it)
		b = binary.BigEndian.AppendUint32(b, uint32(off))
	}
	for _, it := range items {
		b = append(b, it...)
	}
	return b
}
