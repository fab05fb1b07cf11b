package fontfile

import (
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"sort"
	"strings"

	"github.com/jung-kurt/gofpdf"
	"golang.org/x/image/font/sfnt"

	"github.com/deckwright/deckwright/internal/otf2ttf"
)

// Font is a font file checked and made ready for the PDF writer.
type Font struct {
	// TTF is the font with TrueType outlines and the rebuilt character
	// map: the bytes to measure, draw and embed.
	TTF []byte
	// PostScriptName is the font's PostScript name (name ID 6), which
	// names it in a PDF ("ABCDEF+SourceSans3-Regular"); "" if it has
	// none.
	PostScriptName string
	// Converted reports whether the file had PostScript (CFF) outlines,
	// converted to TrueType ones.
	Converted bool
	// Runes is how many characters the font maps.
	Runes int
}

// Load checks data, a TrueType or OpenType font file, and returns it
// ready for the PDF writer, or an error that says what is wrong with it
// (lower case, without the file's name: the caller adds it).
func Load(data []byte) (f *Font, err error) {
	defer func() {
		// A dependency's panic on this font becomes an error about it.
		if r := recover(); r != nil {
			f, err = nil, panicError{r}
		}
	}()
	dir, err := readDirectory(data)
	if err != nil {
		return nil, err
	}
	if err := checkEmbedding(dir); err != nil {
		return nil, err
	}
	converted := false
	if dir.cff {
		ttf, err := otf2ttf.Convert(data)
		if err != nil {
			return nil, fmt.Errorf("not a usable OpenType font with PostScript (CFF) outlines (%v)", err)
		}
		data, converted = ttf, true
		if dir, err = readDirectory(data); err != nil {
			return nil, fmt.Errorf("converting its PostScript (CFF) outlines made a bad font (%v)", err)
		}
	}
	if err := checkTables(dir); err != nil {
		return nil, err
	}
	sf, err := sfnt.Parse(data)
	if err != nil {
		return nil, fmt.Errorf("not a TrueType or OpenType font (%v)", err)
	}
	if err := checkGlyphs(dir); err != nil {
		return nil, err
	}
	runes, err := charMap(sf)
	if err != nil {
		return nil, err
	}
	cmap, err := format4(runes)
	if err != nil {
		return nil, err
	}
	out := rebuild(dir, cmap)
	if err := embed(out, runes); err != nil {
		return nil, fmt.Errorf("the PDF writer cannot embed it (%s)", strings.TrimPrefix(err.Error(), `font "f": `))
	}
	var buf sfnt.Buffer
	ps, _ := sf.Name(&buf, sfnt.NameIDPostScript)
	return &Font{TTF: out, PostScriptName: ps, Converted: converted, Runes: len(runes)}, nil
}

// panicError is the error of a panic recovered while loading a font:
// what a check of Load's should have caught (FuzzLoad looks for it).
type panicError struct{ v any }

func (e panicError) Error() string {
	return fmt.Sprintf("a malformed font (reading it failed: %v)", e.v)
}

// directory is a font file's table directory.
type directory struct {
	data   []byte
	cff    bool              // an OpenType font with CFF outlines (OTTO)
	tables map[string][]byte // by tag
}

// readDirectory reads the table directory of data and checks that each
// table lies inside the file.
func readDirectory(data []byte) (*directory, error) {
	if len(data) < 12 {
		return nil, fmt.Errorf("not a TrueType or OpenType font (%d bytes, too short for one)", len(data))
	}
	d := &directory{data: data, tables: map[string][]byte{}}
	switch tag := string(data[:4]); tag {
	case "\x00\x01\x00\x00", "true":
	case "OTTO":
		d.cff = true
	case "ttcf":
		return nil, errors.New("a TrueType collection (.ttc), which holds several fonts: extract the one to use into a .ttf file (FontForge can) and name that")
	case "wOFF", "wOF2":
		return nil, errors.New("a WOFF web font: convert it to a .ttf or .otf file (FontForge can) and name that")
	default:
		return nil, fmt.Errorf("not a TrueType or OpenType font (it starts with %q)", printable(data[:4]))
	}
	kind := "not a TrueType or OpenType font"
	if d.cff {
		kind = "not a usable OpenType font with PostScript (CFF) outlines"
	}
	num := int(binary.BigEndian.Uint16(data[4:]))
	if num == 0 || 12+16*num > len(data) {
		return nil, fmt.Errorf("%s (its directory of %d tables runs past the end of the %d-byte file)", kind, num, len(data))
	}
	bad := func(format string, args ...any) error {
		msg := fmt.Sprintf(format, args...)
		if d.cff {
			return fmt.Errorf("%s (%s)", kind, msg)
		}
		return errors.New(msg)
	}
	for i := 0; i < num; i++ {
		r := data[12+16*i:]
		tag := string(r[:4])
		off, n := uint64(binary.BigEndian.Uint32(r[8:])), uint64(binary.BigEndian.Uint32(r[12:]))
		if off+n > uint64(len(data)) {
			return nil, bad("its %q table runs past the end of the file (%d bytes at offset %d, in a %d-byte file)", printable(r[:4]), n, off, len(data))
		}
		if _, dup := d.tables[tag]; dup {
			return nil, bad("it has two %q tables", printable(r[:4]))
		}
		d.tables[tag] = data[off : off+n : off+n]
	}
	return d, nil
}

// printable returns b with bytes outside printable ASCII as '?', for
// messages about a table tag or a file's first bytes.
func printable(b []byte) string {
	out := make([]byte, len(b))
	for i, c := range b {
		if c < 0x20 || c > 0x7e {
			c = '?'
		}
		out[i] = c
	}
	return string(out)
}

// The tables the PDF writer reads, with the least length it reads of
// each; OS/2 is optional, and its length depends on its version
// (checkTables).
var required = []struct {
	tag string
	min int
}{
	{"cmap", 4}, {"glyf", 0}, {"head", 54}, {"hhea", 36}, {"hmtx", 4},
	{"loca", 4}, {"maxp", 6}, {"name", 6}, {"post", 16},
}

// checkTables checks that a TrueType-outline font has the tables the PDF
// writer reads, each long enough.
func checkTables(d *directory) error {
	var missing []string
	for _, r := range required {
		t, ok := d.tables[r.tag]
		if !ok {
			missing = append(missing, fmt.Sprintf("%q", r.tag))
			continue
		}
		if len(t) < r.min {
			return fmt.Errorf("its %q table is %d bytes long, too short (%d at least)", r.tag, len(t), r.min)
		}
	}
	if len(missing) > 0 {
		s := "table"
		if len(missing) > 1 {
			s = "tables"
		}
		return fmt.Errorf("a malformed font: it has no %s %s, which every TrueType font has (save it again from a font editor such as FontForge)", joinAnd(missing), s)
	}
	if err := checkName(d.tables["name"]); err != nil {
		return err
	}
	if os2, ok := d.tables["OS/2"]; ok {
		need := 72
		if len(os2) >= 2 && binary.BigEndian.Uint16(os2) > 1 {
			need = 90
		}
		if len(os2) < need {
			return fmt.Errorf("its %q table is %d bytes long, too short for its version (%d at least)", "OS/2", len(os2), need)
		}
	}
	return nil
}

// checkName checks that the name table's records (the font's names,
// which the PDF writer reads and copies) lie inside it.
func checkName(name []byte) error {
	format := binary.BigEndian.Uint16(name)
	count := int(binary.BigEndian.Uint16(name[2:]))
	storage := int(binary.BigEndian.Uint16(name[4:]))
	if format > 1 {
		return fmt.Errorf("a malformed font: its name table is of format %d, want 0 or 1", format)
	}
	if 6+12*count > len(name) || storage > len(name) {
		return fmt.Errorf("a malformed font: its name table's %d records or their strings (at %d) run past its %d bytes", count, storage, len(name))
	}
	for i := 0; i < count; i++ {
		r := name[6+12*i:]
		id, n, off := binary.BigEndian.Uint16(r[6:]), int(binary.BigEndian.Uint16(r[8:])), int(binary.BigEndian.Uint16(r[10:]))
		if storage+off+n > len(name) {
			return fmt.Errorf("a malformed font: name %d (record %d of its name table) runs past the table's end", id, i)
		}
	}
	return nil
}

// joinAnd joins "a", "b" and "c" as "a, b and c".
func joinAnd(s []string) string {
	switch len(s) {
	case 0:
		return ""
	case 1:
		return s[0]
	}
	out := s[0]
	for _, x := range s[1 : len(s)-1] {
		out += ", " + x
	}
	return out + " and " + s[len(s)-1]
}

// maxCompositeDepth is how deep composite glyphs may nest: sfnt, which
// draws the PNG faces, stops at 8 levels.
const maxCompositeDepth = 7

// checkGlyphs checks the glyph locations (loca) against the outlines
// (glyf), and the components of composite glyphs: in range, not made of
// themselves, nested at most maxCompositeDepth deep.
func checkGlyphs(d *directory) error {
	head, loca, glyf := d.tables["head"], d.tables["loca"], d.tables["glyf"]
	n := int(binary.BigEndian.Uint16(d.tables["maxp"][4:]))
	if n == 0 {
		return errors.New("a malformed font: its maxp table says it has no glyphs")
	}
	long := false
	switch f := binary.BigEndian.Uint16(head[50:]); f {
	case 0:
	case 1:
		long = true
	default:
		return fmt.Errorf("a malformed font: its head table's indexToLocFormat is %d, want 0 or 1", f)
	}
	size := 2
	if long {
		size = 4
	}
	if len(loca) < (n+1)*size {
		return fmt.Errorf("a malformed font: its loca table has room for %d glyphs, and maxp says it has %d", len(loca)/size-1, n)
	}
	at := func(i int) int {
		if long {
			return int(binary.BigEndian.Uint32(loca[4*i:]))
		}
		return 2 * int(binary.BigEndian.Uint16(loca[2*i:]))
	}
	offs := make([]int, n+1)
	for i := range offs {
		offs[i] = at(i)
		if i > 0 && offs[i] < offs[i-1] {
			return fmt.Errorf("a malformed font: glyph %d's outline starts before glyph %d's (loca table)", i, i-1)
		}
	}
	if offs[n] > len(glyf) {
		return fmt.Errorf("a malformed font: the glyph outlines run to byte %d of a glyf table of %d bytes", offs[n], len(glyf))
	}
	// The components of each composite glyph.
	comps := make([][]uint16, n)
	for gi := 0; gi < n; gi++ {
		g := glyf[offs[gi]:offs[gi+1]]
		if len(g) == 0 {
			continue
		}
		if len(g) < 10 {
			return fmt.Errorf("a malformed font: glyph %d's outline is %d bytes long, too short", gi, len(g))
		}
		if int16(binary.BigEndian.Uint16(g)) >= 0 {
			continue // a simple glyph: sfnt checks its points
		}
		c, err := components(g[10:], n)
		if err != nil {
			return fmt.Errorf("a malformed font: composite glyph %d: %v", gi, err)
		}
		comps[gi] = c
	}
	// Depth of each glyph's tree of components, with cycles found.
	const (
		unseen = iota
		visiting
		done
	)
	state := make([]byte, n)
	depth := make([]int, n)
	var visit func(gi, level int) error
	visit = func(gi, level int) error {
		switch state[gi] {
		case visiting:
			return fmt.Errorf("a malformed font: glyph %d is made of itself (a composite glyph among its own components)", gi)
		case done:
			return nil
		}
		if level > maxCompositeDepth {
			return fmt.Errorf("a malformed font: composite glyphs nested more than %d deep", maxCompositeDepth)
		}
		state[gi] = visiting
		for _, c := range comps[gi] {
			if err := visit(int(c), level+1); err != nil {
				return err
			}
			if depth[c]+1 > depth[gi] {
				depth[gi] = depth[c] + 1
			}
		}
		if depth[gi] > maxCompositeDepth {
			return fmt.Errorf("a malformed font: composite glyphs nested more than %d deep", maxCompositeDepth)
		}
		state[gi] = done
		return nil
	}
	for gi := 0; gi < n; gi++ {
		if err := visit(gi, 0); err != nil {
			return err
		}
	}
	return nil
}

// The flags of a composite glyph's component (OpenType glyf table).
const (
	argsAreWords  = 0x0001
	haveScale     = 0x0008
	moreComps     = 0x0020
	haveXYScale   = 0x0040
	haveTwoByTwo  = 0x0080
	maxComponents = 1024
)

// components reads the component records of a composite glyph (after its
// header) and returns their glyph indexes, each below n.
func components(b []byte, n int) ([]uint16, error) {
	var out []uint16
	for {
		if len(b) < 4 {
			return nil, errors.New("its components run past its end")
		}
		flags, gi := binary.BigEndian.Uint16(b), binary.BigEndian.Uint16(b[2:])
		if int(gi) >= n {
			return nil, fmt.Errorf("a component is glyph %d, and the font has %d", gi, n)
		}
		out = append(out, gi)
		if len(out) > maxComponents {
			return nil, fmt.Errorf("more than %d components", maxComponents)
		}
		skip := 4 + 2
		if flags&argsAreWords != 0 {
			skip = 4 + 4
		}
		switch {
		case flags&haveScale != 0:
			skip += 2
		case flags&haveXYScale != 0:
			skip += 4
		case flags&haveTwoByTwo != 0:
			skip += 8
		}
		if len(b) < skip {
			return nil, errors.New("its components run past its end")
		}
		b = b[skip:]
		if flags&moreComps == 0 {
			return out, nil
		}
	}
}

// charMap returns the glyph of each character of the Basic Multilingual
// Plane that sfnt finds in the font's character maps (the PDF writer
// draws those only), U+0000 and U+FFFF aside.
func charMap(f *sfnt.Font) (map[rune]uint16, error) {
	var buf sfnt.Buffer
	n := f.NumGlyphs()
	out := map[rune]uint16{}
	for r := rune(1); r < 0xFFFF; r++ {
		gi, err := f.GlyphIndex(&buf, r)
		if err != nil || gi == 0 {
			continue
		}
		if int(gi) >= n {
			return nil, fmt.Errorf("a malformed font: its character map maps U+%04X to glyph %d, and it has %d", r, gi, n)
		}
		out[r] = uint16(gi)
	}
	if len(out) == 0 {
		return nil, errors.New("its character map maps no character of the Basic Multilingual Plane (U+0001 to U+FFFE) that Go's font reader can read; a symbol font with a (3,0) map is not supported")
	}
	return out, nil
}

// format4 returns a cmap table of one format 4 subtable (platform 3,
// encoding 1) mapping runes: a segment for each run of characters with
// consecutive glyphs, or with a glyph array where that is shorter. The
// format counts its length in 16 bits; a map that does not fit is an
// error.
func format4(runes map[rune]uint16) ([]byte, error) {
	keys := make([]rune, 0, len(runes))
	for r := range runes {
		keys = append(keys, r)
	}
	sort.Slice(keys, func(i, j int) bool { return keys[i] < keys[j] })
	type segment struct {
		start, end rune
		delta      bool     // glyph = char + idDelta
		glyphs     []uint16 // else the glyph of each character
	}
	var segs []segment
	// Runs of consecutive characters; each becomes one segment with a
	// glyph array, or delta segments, whichever is shorter.
	for i := 0; i < len(keys); {
		j := i + 1
		for j < len(keys) && keys[j] == keys[j-1]+1 {
			j++
		}
		run := keys[i:j]
		var deltas []segment
		for k := 0; k < len(run); {
			m := k + 1
			for m < len(run) && runes[run[m]] == runes[run[m-1]]+1 {
				m++
			}
			deltas = append(deltas, segment{start: run[k], end: run[m-1], delta: true})
			k = m
		}
		if 8*len(deltas) <= 8+2*len(run) {
			segs = append(segs, deltas...)
		} else {
			g := make([]uint16, len(run))
			for k, r := range run {
				g[k] = runes[r]
			}
			segs = append(segs, segment{start: run[0], end: run[len(run)-1], glyphs: g})
		}
		i = j
	}
	segs = append(segs, segment{start: 0xFFFF, end: 0xFFFF, delta: true}) // the last segment the format requires
	nseg := len(segs)
	arrayLen := 0
	for _, s := range segs {
		arrayLen += len(s.glyphs)
	}
	length := 16 + 8*nseg + 2*arrayLen
	if length > 0xFFFF || 2*nseg > 0xFFFF {
		return nil, fmt.Errorf("its character map (%d characters in %d ranges) is too large for the PDF writer's format", len(runes), nseg)
	}
	sr, es := 1, 0
	for sr*2 <= nseg {
		sr, es = sr*2, es+1
	}
	sr *= 2
	b := make([]byte, 0, 12+length)
	u16 := func(v int) { b = binary.BigEndian.AppendUint16(b, uint16(v)) }
	u16(0) // cmap version
	u16(1) // one subtable
	u16(3) // Windows
	u16(1) // Unicode BMP
	b = binary.BigEndian.AppendUint32(b, 12)
	u16(4)
	u16(length)
	u16(0) // language
	u16(2 * nseg)
	u16(sr)
	u16(es)
	u16(2*nseg - sr)
	for _, s := range segs {
		u16(int(s.end))
	}
	u16(0) // reservedPad
	for _, s := range segs {
		u16(int(s.start))
	}
	for _, s := range segs {
		switch {
		case s.start == 0xFFFF:
			u16(1) // 0xFFFF maps to glyph 0
		case s.delta:
			u16(int(runes[s.start]) - int(s.start))
		default:
			u16(0)
		}
	}
	// idRangeOffset: from the entry itself to the segment's first glyph.
	at := 0
	for i, s := range segs {
		if s.glyphs == nil {
			u16(0)
			continue
		}
		u16(2*(nseg-i) + 2*at)
		at += len(s.glyphs)
	}
	for _, s := range segs {
		for _, g := range s.glyphs {
			u16(int(g))
		}
	}
	return b, nil
}

// kept are the tables the PDF writer reads or copies into the fonts it
// embeds; rebuild leaves the others (layout, kerning, colour, bitmaps)
// out, which nothing here uses.
var kept = []string{"OS/2", "cvt ", "fpgm", "gasp", "glyf", "head", "hhea", "hmtx", "loca", "maxp", "name", "post", "prep"}

// rebuild writes a font of d's kept tables and cmap (otf2ttf.WriteFont:
// each 4-byte aligned, with their checksums and head's
// checkSumAdjustment).
func rebuild(d *directory, cmap []byte) []byte {
	tables := map[string][]byte{"cmap": cmap}
	for _, t := range kept {
		if b, ok := d.tables[t]; ok {
			tables[t] = b
		}
	}
	return otf2ttf.WriteFont(tables)
}

// embed is tryEmbed; tests replace it.
var embed = tryEmbed

// tryEmbed embeds ttf in a PDF with a page that draws every character of
// runes, as print does with the characters of its cards: any subset of
// them reads a part of what this reads.
func tryEmbed(ttf []byte, runes map[rune]uint16) error {
	text := make([]rune, 0, len(runes))
	for r := range runes {
		text = append(text, r)
	}
	sort.Slice(text, func(i, j int) bool { return text[i] < text[j] })
	pdf := gofpdf.New("P", "mm", "A4", "")
	pdf.SetCompression(false)
	pdf.AddUTF8FontFromBytes("f", "", ttf)
	pdf.AddPage()
	pdf.SetFont("f", "", 10)
	pdf.Text(10, 10, string(text))
	return pdf.Output(io.Discard)
}
