package fontfile

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/sfnt"

	"github.com/deckwright/deckwright/internal/badfont"
	"github.com/deckwright/deckwright/internal/testenv"
)

// sameMap fails unless the loaded font maps every character of the Basic
// Multilingual Plane to the glyph the source maps it to.
func sameMap(t *testing.T, src, got []byte) {
	t.Helper()
	fs, err := sfnt.Parse(src)
	if err != nil {
		t.Fatal(err)
	}
	fg, err := sfnt.Parse(got)
	if err != nil {
		t.Fatalf("sfnt cannot read the loaded font: %v", err)
	}
	if fs.NumGlyphs() != fg.NumGlyphs() {
		t.Errorf("%d glyphs, the source %d", fg.NumGlyphs(), fs.NumGlyphs())
	}
	var b sfnt.Buffer
	bad := 0
	for r := rune(1); r < 0xFFFF; r++ {
		g0, _ := fs.GlyphIndex(&b, r)
		g1, _ := fg.GlyphIndex(&b, r)
		if g0 != g1 {
			if bad++; bad <= 5 {
				t.Errorf("U+%04X: glyph %d, the source %d", r, g1, g0)
			}
		}
	}
}

// TestLoadReal: real fonts load, with their character map rebuilt to the
// same characters and glyphs, and their PostScript names.
func TestLoadReal(t *testing.T) {
	for _, tc := range []struct {
		name string
		data []byte
		ps   string
		cff  bool
	}{
		{"smallcaps-ascii.ttf", readFile(t, smallcaps), "GoSmallcaps", false},
		{"Go Regular", goregular.TTF, "GoRegular", false},
		{"Go Bold", gobold.TTF, "Go-Bold", false},
		{"cfftest.otf", readFile(t, cffTest), "", true},
		{"SourceSans3-Regular.otf", readFile(t, source3), "SourceSans3-Regular", true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f, err := Load(tc.data)
			if err != nil {
				t.Fatal(err)
			}
			if f.Converted != tc.cff || !bytes.HasPrefix(f.TTF, []byte{0, 1, 0, 0}) {
				t.Errorf("converted %v, want %v; the font starts %q", f.Converted, tc.cff, f.TTF[:4])
			}
			if tc.ps != "" && f.PostScriptName != tc.ps {
				t.Errorf("PostScript name %q, want %q", f.PostScriptName, tc.ps)
			}
			if f.Runes == 0 {
				t.Error("no characters mapped")
			}
			sameMap(t, tc.data, f.TTF)
			// The same file loads to the same bytes.
			again, _ := Load(tc.data)
			if again == nil || !bytes.Equal(again.TTF, f.TTF) {
				t.Error("two loads of the file gave two fonts")
			}
		})
	}
}

// TestLoadHostile: each broken or restricted font of issue 34 is an error
// that says what is wrong, or loads and works.
func TestLoadHostile(t *testing.T) {
	ttf, cff := readFile(t, smallcaps), readFile(t, cffTest)
	for _, tc := range []struct {
		edit string
		src  []byte
		want string // "" when the font loads
	}{
		{"no-name", ttf, `it has no "name" table, which every TrueType font has`},
		{"name-past-end", ttf, `its "name" table runs past the end of the file`},
		{"name-strings-past-end", ttf, "its name table's 7 records or their strings (at 65520) run past its 426 bytes"},
		{"fstype=0x0002", ttf, "its licence forbids embedding it in a document (OS/2 fsType 0x0002"},
		{"fstype=0x0102", ttf, "its licence forbids embedding it"},
		{"fstype=0x0006", ttf, ""}, // restricted and preview & print: the least restrictive applies
		{"fstype=0x0004", ttf, ""},
		{"fstype=0x0008", ttf, ""},
		{"fstype=0x0104", ttf, "its licence allows embedding only the whole font (OS/2 fsType 0x0104: bit 0x0100, no subsetting)"},
		{"fstype=0x0200", ttf, "its licence allows embedding only its bitmaps (OS/2 fsType 0x0200"},
		{"fstype=0x0002", cff, "its licence forbids embedding it"}, // before converting
		{"cmap-format12", ttf, ""},
		{"composite-cycle", ttf, "glyph 1 is made of itself"},
		{"loca-past-glyf", ttf, "the glyph outlines run to byte"},
		{"hmtx-short", ttf, `its "hmtx" table is 2 bytes long, too short`},
		{"cmap-past-end", ttf, "not a TrueType or OpenType font (sfnt: invalid cmap table)"},
		{"head-units=0", ttf, "not a TrueType or OpenType font (sfnt: invalid head table)"},
		{"maxp-glyphs=65535", ttf, "not a TrueType or OpenType font (sfnt: invalid loca table)"},
	} {
		t.Run(tc.edit, func(t *testing.T) {
			data, err := badfont.Make(tc.edit, tc.src)
			if err != nil {
				t.Fatal(err)
			}
			f, err := Load(data)
			if tc.want == "" {
				if err != nil {
					t.Fatalf("error %v, want none", err)
				}
				if _, err := printWith(f.TTF, "Rogue Star"); err != nil {
					t.Errorf("the loaded font does not print: %v", err)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error %v\nwant one with %q", err, tc.want)
			}
		})
	}
	for _, tc := range []struct {
		name string
		data []byte
		want string
	}{
		{"empty", nil, "not a TrueType or OpenType font (0 bytes, too short for one)"},
		{"text", []byte("this is not a font at all"), `not a TrueType or OpenType font (it starts with "this")`},
		{"collection", append([]byte("ttcf"), make([]byte, 40)...), "a TrueType collection (.ttc)"},
		{"woff", append([]byte("wOFF"), make([]byte, 40)...), "a WOFF web font"},
		{"otto", append([]byte("OTTO"), make([]byte, 40)...), "not a usable OpenType font with PostScript (CFF) outlines (its directory of 0 tables"},
		{"cut", ttf[:3000], `its "OS/2" table runs past the end of the file (96 bytes at offset 7356, in a 3000-byte file)`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Load(tc.data)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error %v\nwant one with %q", err, tc.want)
			}
		})
	}
}

// TestEmbedding: the licence bits allowed and refused, bit by bit.
func TestEmbedding(t *testing.T) {
	for _, tc := range []struct {
		fsType uint16
		ok     bool
	}{
		{0x0000, true}, {0x0002, false}, {0x0004, true}, {0x0008, true},
		{0x0006, true}, {0x000A, true}, {0x0102, false}, {0x0100, false},
		{0x0108, false}, {0x0200, false}, {0x0204, false}, {0x0001, true},
		{0x00F0, true}, {0xFC00, true}, {0x0012, false},
	} {
		if err := Embedding(tc.fsType); (err == nil) != tc.ok {
			t.Errorf("fsType 0x%04x: error %v, want allowed %v", tc.fsType, err, tc.ok)
		}
	}
}

// TestLoadRecovers: a panic in a dependency while loading becomes an
// error about the font, not a crash.
func TestLoadRecovers(t *testing.T) {
	old := embed
	defer func() { embed = old }()
	embed = func([]byte, map[rune]uint16) error { panic("index out of range [7] with length 3") }
	_, err := Load(readFile(t, smallcaps))
	if err == nil || !strings.Contains(err.Error(), "a malformed font (reading it failed: index out of range") {
		t.Errorf("error %v, want the panic as an error", err)
	}
	embed = func([]byte, map[rune]uint16) error { return errors.New(`font "f": it is broken`) }
	if _, err = Load(readFile(t, smallcaps)); err == nil || err.Error() != "the PDF writer cannot embed it (it is broken)" {
		t.Errorf("error %v, want gofpdf's error without its family name", err)
	}
}

// TestFormat12Poppler: a font whose only character map is of format 12
// prints, and poppler reads the PDF without complaint, names the font and
// draws its text (it said "Embedded font file may be invalid" before).
func TestFormat12Poppler(t *testing.T) {
	for _, tool := range []string{"pdffonts", "pdftoppm"} {
		testenv.NeedTool(t, tool)
	}
	data, err := badfont.Make("cmap-format12", readFile(t, smallcaps))
	if err != nil {
		t.Fatal(err)
	}
	f, err := Load(data)
	if err != nil {
		t.Fatal(err)
	}
	out, err := printWith(f.TTF, "ROGUE STAR")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	pdf := filepath.Join(dir, "f12.pdf")
	if err := os.WriteFile(pdf, out, 0o644); err != nil {
		t.Fatal(err)
	}
	fonts, err := exec.Command("pdffonts", pdf).CombinedOutput()
	if err != nil || !bytes.Contains(fonts, []byte("+GoSmallcaps ")) || bytes.Contains(fonts, []byte("Error")) {
		t.Errorf("pdffonts (%v):\n%s", err, fonts)
	}
	cmd := exec.Command("pdftoppm", "-r", "20", "-gray", pdf, filepath.Join(dir, "p"))
	msg, err := cmd.CombinedOutput()
	if err != nil || len(msg) > 0 {
		t.Errorf("pdftoppm (%v): %s", err, msg)
	}
	pgm, err := os.ReadFile(filepath.Join(dir, "p-1.pgm"))
	if err != nil {
		t.Fatal(err)
	}
	ink := 0
	for _, c := range pgm[20:] { // past the header
		if c < 128 {
			ink++
		}
	}
	if ink == 0 {
		t.Error("pdftoppm draws no text")
	}
}

// TestFormat4: the rebuilt character map reads back, in sfnt, as the map
// it was made of: runs of consecutive glyphs (delta segments), runs of
// scattered glyphs (a glyph array) and lone characters; one too large for
// the format's 16-bit length is an error.
func TestFormat4(t *testing.T) {
	dir, err := readDirectory(readFile(t, smallcaps))
	if err != nil {
		t.Fatal(err)
	}
	runes := map[rune]uint16{}
	for r := rune('A'); r <= 'Z'; r++ {
		runes[r] = uint16(r - 'A' + 10) // consecutive
	}
	for r := rune('a'); r <= 'z'; r++ {
		runes[r] = uint16((r-'a')*7%50 + 1) // scattered
	}
	runes['~'], runes[0x20AC], runes[0xFFFD] = 3, 4, 5
	cmap, err := format4(runes)
	if err != nil {
		t.Fatal(err)
	}
	f, err := sfnt.Parse(rebuild(dir, cmap))
	if err != nil {
		t.Fatal(err)
	}
	var b sfnt.Buffer
	for r := rune(1); r < 0xFFFF; r++ {
		gi, err := f.GlyphIndex(&b, r)
		if err != nil {
			t.Fatal(err)
		}
		if uint16(gi) != runes[r] {
			t.Errorf("U+%04X: glyph %d, want %d", r, gi, runes[r])
		}
	}
	big := map[rune]uint16{}
	for i := 0; i < 30000; i++ {
		big[rune(1+2*i)] = uint16(1 + i*7%1000) // lone characters, glyphs out of order
	}
	if _, err := format4(big); err == nil || !strings.Contains(err.Error(), "too large for the PDF writer's format") {
		t.Errorf("error %v, want the map too large", err)
	}
}

// BenchmarkLoad measures Load on real fonts: a small TrueType one, Go
// Regular (650 characters) and Source Sans 3 (CFF, 2,478 glyphs,
// converted).
func BenchmarkLoad(b *testing.B) {
	for _, tc := range []struct {
		name string
		data []byte
	}{
		{"smallcaps", readFile(b, smallcaps)},
		{"goregular", goregular.TTF},
		{"sourcesans3", readFile(b, source3)},
	} {
		b.Run(tc.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := Load(tc.data); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// FuzzLoad: the TrueType loading path as gofpdf sees it. Any bytes load
// or fail with an error, without a panic that Load's recovery had to
// catch (a check missing before a dependency) or one gofpdf's reader
// turned into a runtime error; what loads, gofpdf embeds in a PDF with a
// page of text in it, without a recovery in front, and without an error.
func FuzzLoad(f *testing.F) {
	ttf, cff := readFile(f, smallcaps), readFile(f, cffTest)
	f.Add(ttf)
	f.Add(cff)
	for _, e := range []string{"no-name", "cmap-format12", "composite-cycle", "name-strings-past-end"} {
		data, err := badfont.Make(e, ttf)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		font, err := Load(data)
		if err != nil {
			var pe panicError
			if errors.As(err, &pe) || strings.Contains(err.Error(), "runtime error") {
				t.Fatalf("a dependency panicked: %v", err)
			}
			return
		}
		text := "Rogue Star é中🔥\u00a0"
		var b sfnt.Buffer
		sf, err := sfnt.Parse(font.TTF)
		if err != nil {
			t.Fatalf("sfnt cannot read what Load returned: %v", err)
		}
		for r := rune(0x20); r < 0x3000 && len(text) < 200; r += 7 {
			if gi, _ := sf.GlyphIndex(&b, r); gi != 0 {
				text += string(r)
			}
		}
		if _, err := printWith(font.TTF, text); err != nil {
			t.Fatalf("Load accepted a font gofpdf cannot embed: %v", err)
		}
	})
}
