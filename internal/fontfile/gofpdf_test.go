package fontfile

// Tests of deckwright's patches to the vendored gofpdf's font reader
// (third_party/gofpdf/README.deckwright.md), which has no tests of its
// own: it is used here as deckwright uses it, without Load in front.

import (
	"bytes"
	"math"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/jung-kurt/gofpdf"
	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/sfnt"
	"golang.org/x/image/math/fixed"

	"github.com/deckwright/deckwright/internal/badfont"
)

const (
	smallcaps = "../../templates/testdata/fonts/smallcaps-ascii.ttf"
	cffTest   = "../../templates/testdata/fonts/cfftest.otf"
	source3   = "../../templates/testdata/fonts/SourceSans3-Regular.otf"
)

func readFile(t testing.TB, p string) []byte {
	t.Helper()
	data, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// printWith makes a one-page PDF that draws text in the font ttf, as
// render does, and returns it with gofpdf's error.
func printWith(ttf []byte, text string) ([]byte, error) {
	pdf := gofpdf.New("P", "mm", "A4", "")
	pdf.SetCatalogSort(true)
	pdf.SetCompression(false)
	pdf.SetCreationDate(fixedTime)
	pdf.SetModificationDate(fixedTime)
	pdf.AddUTF8FontFromBytes("body", "", ttf)
	pdf.AddPage()
	pdf.SetFont("body", "", 12)
	pdf.Text(10, 20, text)
	_ = pdf.GetStringWidth(text)
	pdf.CellFormat(40, 10, text, "", 1, "L", false, 0, "")
	var out bytes.Buffer
	err := pdf.Output(&out)
	return out.Bytes(), err
}

// captureStdout runs f with the process's standard output going to a
// pipe, and returns what it wrote there.
func captureStdout(t *testing.T, f func()) string {
	t.Helper()
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	old := os.Stdout
	os.Stdout = w
	done := make(chan string)
	go func() {
		var b bytes.Buffer
		_, _ = b.ReadFrom(r)
		done <- b.String()
	}()
	defer func() { os.Stdout = old }()
	f()
	os.Stdout = old
	w.Close()
	return <-done
}

// TestGofpdfBadFonts: gofpdf, given the fonts of issue 34 straight,
// returns an error saying what is wrong (or embeds the font), never
// panics, and prints nothing on standard output.
func TestGofpdfBadFonts(t *testing.T) {
	ttf := readFile(t, smallcaps)
	for _, tc := range []struct {
		edit, want string // want "" for a font gofpdf embeds
	}{
		{"no-name", `no "name" table`},
		{"name-strings-past-end", "points outside itself"},
		{"fstype=0x0002", "licence does not allow embedding"},
		{"fstype=0x0100", "licence does not allow embedding"},
		{"fstype=0x0004", ""},
		{"cmap-format12", "no Unicode character map of format 4"},
		{"composite-cycle", ""}, // each component read once
		{"loca-past-glyf", ""},  // the last glyph is not drawn
		{"hmtx-short", ""},      // gofpdf reads the next table's bytes; Load refuses it
	} {
		t.Run(tc.edit, func(t *testing.T) {
			data, err := badfont.Make(tc.edit, ttf)
			if err != nil {
				t.Fatal(err)
			}
			var perr error
			printed := captureStdout(t, func() {
				defer func() {
					if r := recover(); r != nil {
						t.Errorf("gofpdf panicked: %v", r)
					}
				}()
				_, perr = printWith(data, "Rogue Star")
			})
			if printed != "" {
				t.Errorf("gofpdf printed %q on standard output", printed)
			}
			switch {
			case tc.want == "" && perr != nil:
				t.Errorf("error %v, want none", perr)
			case tc.want != "" && (perr == nil || !strings.Contains(perr.Error(), tc.want)):
				t.Errorf("error %v, want one with %q", perr, tc.want)
			}
		})
	}
}

// TestGofpdfRuneOutsideBMP: a character above U+FFFF (an emoji, as an
// icon's glyph) is drawn as U+FFFD, the 16-bit code an Identity-H font
// can show, instead of making putfonts index past its tables.
func TestGofpdfRuneOutsideBMP(t *testing.T) {
	out, err := printWith(goregular.TTF, "Deal 2 🔥.")
	if err != nil {
		t.Fatal(err)
	}
	// The text as drawn: the codes of "Deal 2 ", then FFFD.
	if !bytes.Contains(out, []byte("\x00 \xff\xfd\x00.")) {
		t.Error("the emoji is not drawn as U+FFFD")
	}
}

// fixedTime dates the PDFs, so that the same input gives the same bytes.
var fixedTime = mustTime("2024-01-02T03:04:05Z")

// TestGofpdfSubsetName: an embedded font is named by its PostScript name
// behind a subset tag, the same for the same font and text, another for
// another text.
func TestGofpdfSubsetName(t *testing.T) {
	a, err := printWith(goregular.TTF, "Rogue Star")
	if err != nil {
		t.Fatal(err)
	}
	b, _ := printWith(goregular.TTF, "Rogue Star")
	c, _ := printWith(goregular.TTF, "Rogue Stars")
	name := regexp.MustCompile(`/BaseFont /([A-Z]{6})\+GoRegular\b`)
	ma, mc := name.FindSubmatch(a), name.FindSubmatch(c)
	if ma == nil || mc == nil {
		t.Fatalf("no /BaseFont /ABCDEF+GoRegular in the PDF")
	}
	if !bytes.Equal(a, b) {
		t.Error("the same font and text gave two PDFs")
	}
	if bytes.Equal(ma[1], mc[1]) {
		t.Errorf("two subsets have the one tag %s", ma[1])
	}
}

func mustTime(s string) time.Time {
	t, err := time.Parse(time.RFC3339, s)
	if err != nil {
		panic(err)
	}
	return t
}

// widthsOf reads the /W array of the one CID font of a PDF: each CID's
// width in thousandths of an em.
func widthsOf(t *testing.T, pdf []byte) map[int]int {
	t.Helper()
	at := bytes.Index(pdf, []byte("/W ["))
	if at < 0 {
		t.Fatal("no /W array in the PDF")
	}
	var toks []string
	depth := 0
	for _, tok := range strings.Fields(strings.NewReplacer("[", " [ ", "]", " ] ").Replace(string(pdf[at+2:]))) {
		switch tok {
		case "[":
			depth++
		case "]":
			depth--
		}
		if depth == 0 {
			break
		}
		toks = append(toks, tok)
	}
	toks = toks[1:] // the array's own "["
	out := map[int]int{}
	num := func(s string) int {
		v, err := strconv.Atoi(s)
		if err != nil {
			t.Fatalf("/W: %q is not a number", s)
		}
		return v
	}
	for i := 0; i < len(toks); {
		first := num(toks[i])
		if toks[i+1] == "[" {
			k := i + 2
			for ; toks[k] != "]"; k++ {
				out[first+k-i-2] = num(toks[k])
			}
			i = k + 1
			continue
		}
		last, w := num(toks[i+1]), num(toks[i+2])
		for c := first; c <= last; c++ {
			out[c] = w
		}
		i += 3
	}
	return out
}

// TestGofpdfWidths: the PDF gives each character drawn the width of its
// glyph, in thousandths of an em as gofpdf rounds them, and a font that
// maps 30,000 consecutive characters, with widths that differ from each
// character to the next, prints in a moment (upstream's /W writer took
// time cubic in the length of such a run).
func TestGofpdfWidths(t *testing.T) {
	f, err := sfnt.Parse(goregular.TTF)
	if err != nil {
		t.Fatal(err)
	}
	var b sfnt.Buffer
	upem := int(f.UnitsPerEm())
	var text []rune
	want := map[int]int{}
	for r := rune(0x21); r < 0x3000; r++ {
		gi, _ := f.GlyphIndex(&b, r)
		if gi == 0 {
			continue
		}
		adv, err := f.GlyphAdvance(&b, gi, fixed.I(upem), font.HintingNone)
		if err != nil {
			t.Fatal(err)
		}
		text = append(text, r)
		want[int(r)] = int(math.Round(1000 * float64(adv) / 64 / float64(upem)))
	}
	out, err := printWith(goregular.TTF, string(text))
	if err != nil {
		t.Fatal(err)
	}
	got := widthsOf(t, out)
	for c, w := range want {
		if got[c] != w {
			t.Errorf("U+%04X: width %d in the PDF, the font's %d", c, got[c], w)
		}
	}
	for c := range got {
		if _, ok := want[c]; !ok && c > 255 {
			t.Errorf("U+%04X has a width, and is not drawn", c)
		}
	}

	// 30,000 characters mapped, to a narrow and a wide glyph in turn.
	sc := readFile(t, smallcaps)
	dir, err := readDirectory(sc)
	if err != nil {
		t.Fatal(err)
	}
	scf, err := sfnt.Parse(sc)
	if err != nil {
		t.Fatal(err)
	}
	narrow, _ := scf.GlyphIndex(&b, 'I')
	wide, _ := scf.GlyphIndex(&b, 'W')
	runes := map[rune]uint16{}
	var all []rune
	for r := rune(1); r < 30000; r++ { // as many as a format 4 map holds of these
		runes[r] = uint16(narrow)
		if r%2 == 1 {
			runes[r] = uint16(wide)
		}
		if r >= 0x20 && (r < 0xD800 || r > 0xDFFF) {
			all = append(all, r)
		}
	}
	cmap, err := format4(runes)
	if err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	if _, err := printWith(rebuild(dir, cmap), string(all)); err != nil {
		t.Fatal(err)
	}
	t.Logf("30,000 characters of widths that differ from each to the next, drawn: %v", time.Since(start))
}
