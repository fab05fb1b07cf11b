package badfont

import (
	"encoding/binary"
	"os"
	"testing"

	"golang.org/x/image/font/sfnt"
	"golang.org/x/image/math/fixed"
)

const (
	ttfPath = "../../templates/testdata/fonts/smallcaps-ascii.ttf"
	cffPath = "../../templates/testdata/fonts/cfftest.otf"
)

func read(t *testing.T, p string) []byte {
	t.Helper()
	data, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// TestMake checks that each edit does what Edits says, on a real font.
func TestMake(t *testing.T) {
	ttf := read(t, ttfPath)
	for _, tc := range []struct {
		edit  string
		check func(t *testing.T, tables map[string][]byte, out []byte)
	}{
		{"no-name", func(t *testing.T, tb map[string][]byte, _ []byte) {
			if tb["name"] != nil || tb["glyf"] == nil {
				t.Error("the name table is still there, or the others are not")
			}
		}},
		{"fstype=0x0002", func(t *testing.T, tb map[string][]byte, _ []byte) {
			if v := binary.BigEndian.Uint16(tb["OS/2"][8:]); v != 2 {
				t.Errorf("fsType %#x, want 0x0002", v)
			}
		}},
		{"name-strings-past-end", func(t *testing.T, tb map[string][]byte, out []byte) {
			if off := int(binary.BigEndian.Uint16(tb["name"][4:])); off < len(out) {
				t.Errorf("the strings start at %d, inside the %d-byte file", off, len(out))
			}
		}},
		{"cmap-format12", func(t *testing.T, tb map[string][]byte, out []byte) {
			cmap := tb["cmap"]
			if n := binary.BigEndian.Uint16(cmap[2:]); n != 1 || binary.BigEndian.Uint16(cmap[12:]) != 12 {
				t.Errorf("%d maps, the first of format %d; want one of format 12", n, binary.BigEndian.Uint16(cmap[12:]))
			}
			// The same characters map to the same glyphs as in the source.
			src, _ := sfnt.Parse(ttf)
			f, err := sfnt.Parse(out)
			if err != nil {
				t.Fatal(err)
			}
			var b sfnt.Buffer
			for _, r := range "AZaz09 ~" {
				g0, _ := src.GlyphIndex(&b, r)
				g1, _ := f.GlyphIndex(&b, r)
				if g0 == 0 || g0 != g1 {
					t.Errorf("%q: glyph %d, the source's %d", r, g1, g0)
				}
			}
		}},
		{"composite-cycle", func(t *testing.T, tb map[string][]byte, _ []byte) {
			f, err := sfnt.Parse(Build(tb))
			if err != nil {
				t.Fatal(err)
			}
			var b sfnt.Buffer
			if _, err := f.LoadGlyph(&b, 1, fixed.I(16), nil); err == nil {
				t.Error("sfnt draws glyph 1, which should be made of itself")
			}
		}},
	} {
		t.Run(tc.edit, func(t *testing.T) {
			out, err := Make(tc.edit, ttf)
			if err != nil {
				t.Fatal(err)
			}
			tb, err := Tables(out)
			if err != nil {
				t.Fatal(err)
			}
			tc.check(t, tb, out)
		})
	}
	if _, err := Make("no-such-edit", ttf); err == nil {
		t.Error("an unknown edit was made")
	}
	if _, err := Make("cff-subr-bomb", ttf); err == nil {
		t.Error("a TrueType font became a CFF subroutine bomb")
	}
}

// TestSubrBomb: a small bomb, read by sfnt, draws calls^depth lines, and
// the bomb Make makes is the font of issue 34 (a few kB).
func TestSubrBomb(t *testing.T) {
	cff := read(t, cffPath)
	tables, err := Tables(cff)
	if err != nil {
		t.Fatal(err)
	}
	tables["CFF "] = SubrBomb(5, 3, 4)
	f, err := sfnt.Parse(Build(tables))
	if err != nil {
		t.Fatal(err)
	}
	var b sfnt.Buffer
	segs, err := f.LoadGlyph(&b, 1, fixed.I(int(f.UnitsPerEm())), nil)
	if err != nil {
		t.Fatal(err)
	}
	lines := 0
	for _, s := range segs {
		if s.Op == sfnt.SegmentOpLineTo {
			lines++
		}
	}
	// 3^4 lines, and the one that closes the contour.
	if lines != 81+1 {
		t.Errorf("%d lines, want 82", lines)
	}
	bomb, err := Make("cff-subr-bomb", cff)
	if err != nil {
		t.Fatal(err)
	}
	if len(bomb) > 4000 {
		t.Errorf("the bomb is %d bytes, want a few kB", len(bomb))
	}
	if _, err := sfnt.Parse(bomb); err != nil {
		t.Errorf("sfnt does not parse the bomb: %v", err)
	}
}
