package pdfgeom

import (
	"bytes"
	"compress/zlib"
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/model"
)

// formChain is a page drawing form 5 ways times, form 5 drawing form 6
// ways times, …, deep forms in all; the last fills a rectangle. With
// wide, each level holds ways distinct forms, each drawing every form of
// the next level.
func formChain(t testing.TB, ways, deep int, wide bool) *model.XRefTable {
	t.Helper()
	per := 1
	if wide {
		per = ways
	}
	obj := func(level, i int) int { return 5 + level*per + i } // object numbers from 5
	draws := func(level int) (res, content string) {
		var r, c strings.Builder
		for i := range per {
			fmt.Fprintf(&r, "/F%d_%d %d 0 R ", level, i, obj(level, i))
		}
		for k := range ways {
			fmt.Fprintf(&c, "/F%d_%d Do ", level, k%per)
		}
		return "<< /XObject << " + r.String() + ">> >>", c.String()
	}
	var forms []string
	for level := range deep {
		for range per {
			res, content := "<< >>", "0 0 10 10 re f"
			if level+1 < deep {
				res, content = draws(level + 1)
			}
			forms = append(forms, stream("/Type /XObject /Subtype /Form /BBox [0 0 100 100] /Resources "+res, content))
		}
	}
	res, content := draws(0)
	return onePage(t, "/Resources "+res, content, forms...)
}

func TestFormBomb(t *testing.T) {
	for _, wide := range []bool{false, true} {
		t.Run(fmt.Sprintf("wide=%v", wide), func(t *testing.T) {
			xt := formChain(t, 10, 10, wide)
			e, err := Check(context.Background(), xt, 1, Budget{})
			const want = "page 1: its forms draw each other more than 20,000 times (a form bomb?): refused"
			var re *RefusedError
			if err == nil || err.Error() != want || !errors.As(err, &re) || re.Page != 1 {
				t.Fatalf("Check: %v, want %q", err, want)
			}
			// Refused after reading a few forms once each: 10^10
			// placements are never expanded.
			if e.Forms > 10*10 || e.Ops > 10*10*11 {
				t.Errorf("refused after %d forms and %d operators, want each form read once at most", e.Forms, e.Ops)
			}
			if _, err := Read(context.Background(), xt, 1, Budget{}); err == nil || err.Error() != want {
				t.Errorf("Read: %v, want %q", err, want)
			}
		})
	}
	t.Run("within budget", func(t *testing.T) {
		xt := formChain(t, 4, 5, false) // 4+16+64+256+1024 placements
		p := readPage(t, xt)
		if len(p.Forms) != 1364 || len(p.Fills) != 1024 || p.Cost.Placements != 1364 || p.Cost.Depth != 5 || p.Cost.Forms != 5 {
			t.Errorf("%d forms, %d fills, cost %+v; want 1364 placements of 5 forms, 1024 fills", len(p.Forms), len(p.Fills), p.Cost)
		}
		e, err := Check(context.Background(), xt, 1, Budget{})
		if err != nil || e != p.Cost {
			t.Errorf("Check = %+v, %v; want Read's cost %+v", e, err, p.Cost)
		}
		if _, err := Read(context.Background(), xt, 1, Budget{Placements: 1363}); err == nil || !strings.Contains(err.Error(), "more than 1,363 times") {
			t.Errorf("with 1,363 placements allowed: %v", err)
		}
	})
}

func TestFormCycle(t *testing.T) {
	for _, tc := range []struct {
		name string
		objs []string
		want string
	}{
		{"itself", []string{stream("/Type /XObject /Subtype /Form /BBox [0 0 1 1] /Resources << /XObject << /Me 5 0 R >> >>", "/Me Do")},
			"page 1: its form /Me (object 5) draws itself: refused"},
		{"through another", []string{
			stream("/Type /XObject /Subtype /Form /BBox [0 0 1 1] /Resources << /XObject << /B 6 0 R >> >>", "/B Do"),
			stream("/Type /XObject /Subtype /Form /BBox [0 0 1 1] /Resources << /XObject << /A 5 0 R >> >>", "/A Do"),
		}, "page 1: its form /A (object 5) draws itself: refused"},
		// Without resources of its own a form uses the page's, and draws
		// itself through them.
		{"through the page's resources", []string{stream("/Type /XObject /Subtype /Form /BBox [0 0 1 1]", "/A Do")},
			"page 1: its form /A (object 5) draws itself: refused"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			xt := onePage(t, "/Resources << /XObject << /A 5 0 R >> >>", "/A Do", tc.objs...)
			if _, err := Read(context.Background(), xt, 1, Budget{}); err == nil || err.Error() != tc.want {
				t.Errorf("Read: %v, want %q", err, tc.want)
			}
		})
	}
}

func TestFormDepth(t *testing.T) {
	if _, err := Read(context.Background(), formChain(t, 1, 12, false), 1, Budget{}); err != nil {
		t.Errorf("12 deep: %v", err)
	}
	const want = "page 1: its forms are nested more than 12 deep: refused"
	if _, err := Read(context.Background(), formChain(t, 1, 13, false), 1, Budget{}); err == nil || err.Error() != want {
		t.Errorf("13 deep: %v, want %q", err, want)
	}
	// A form reached again deeper than before is counted at its depth.
	xt := onePage(t, "/Resources << /XObject << /A 5 0 R /B 6 0 R >> >>", "/B Do /A Do",
		stream("/Type /XObject /Subtype /Form /BBox [0 0 1 1] /Resources << /XObject << /B 6 0 R >> >>", "/B Do"),
		stream("/Type /XObject /Subtype /Form /BBox [0 0 1 1] /Resources << >>", "0 0 1 1 re f"))
	if _, err := Read(context.Background(), xt, 1, Budget{Depth: 1}); err == nil || !strings.Contains(err.Error(), "nested more than 1 deep") {
		t.Errorf("B at depth 2 with a budget of 1: %v", err)
	}
}

// deflated compresses n spaces.
func deflated(n int) string {
	var z bytes.Buffer
	zw, _ := zlib.NewWriterLevel(&z, zlib.BestSpeed)
	zw.Write(bytes.Repeat([]byte(" "), n))
	zw.Close()
	return z.String()
}

func TestInflateBudget(t *testing.T) {
	bomb := deflated(3 << 20)
	for _, tc := range []struct {
		name, content string
		objs          []string
		want          string
	}{
		{"page", "", nil, "page 1: its content streams (forms included) inflate to more than 2 MB: refused"},
		{"form", "/Fm Do", []string{stream("/Type /XObject /Subtype /Form /BBox [0 0 1 1] /Filter /FlateDecode", bomb)},
			"page 1: its content streams (forms included) inflate to more than 2 MB by its form /Fm (object 6): refused"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			objs := []string{
				"<< /Type /Catalog /Pages 2 0 R >>",
				"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
				"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /XObject << /Fm 6 0 R >> >> /Contents [4 0 R 5 0 R] >>",
				stream("", tc.content),
				stream("/Filter /FlateDecode", deflated(1<<20)),
			}
			if tc.name == "page" {
				objs[4] = stream("/Filter /FlateDecode", bomb)
			}
			xt := openPDF(t, buildPDF(append(objs, tc.objs...)...))
			if _, err := Read(context.Background(), xt, 1, Budget{Bytes: 2 << 20}); err == nil || err.Error() != tc.want {
				t.Errorf("Read: %v\nwant %q", err, tc.want)
			}
			if _, err := Read(context.Background(), xt, 1, Budget{Bytes: 5 << 20}); err != nil {
				t.Errorf("within 5 MB: %v", err)
			}
		})
	}
}

func TestBudgets(t *testing.T) {
	many := func(s string, n int) string { return strings.Repeat(s, n) }
	form := stream("/Type /XObject /Subtype /Form /BBox [0 0 1 1] /Resources << >>", many("0 0 1 1 re f ", 5)) // 10 operators
	for _, tc := range []struct {
		name, content string
		b             Budget
		want          string // "" for no error
	}{
		{"operators", many("q Q ", 50), Budget{Ops: 100}, ""},
		{"operators over", many("q Q ", 50) + "n", Budget{Ops: 100}, "page 1: its content has more than 100 operators (forms expanded): refused"},
		{"operators in forms", many("/Fm Do ", 10), Budget{Ops: 100}, "page 1: its content has more than 100 operators (forms expanded): refused"},
		{"items", many("0 0 1 1 re f ", 10), Budget{Items: 10}, ""},
		{"items over", many("0 0 1 1 re f ", 11), Budget{Items: 10}, "page 1: it draws more than 10 shapes, images and texts: refused"},
		{"states", many("q ", 5) + many("Q ", 5) + many("q ", 5), Budget{States: 5}, ""},
		{"states over", many("q ", 6), Budget{States: 5}, "page 1: its graphics states are nested more than 5 deep: refused"},
		// A form's q are the page's too; its unbalanced q end with it.
		{"states in forms", "q q /Q3 Do /Q3 Do", Budget{States: 5}, ""},
		{"states in forms over", "q q q /Q3 Do", Budget{States: 5}, "page 1: its graphics states are nested more than 5 deep: refused"},
		{"placements", many("/Fm Do ", 5), Budget{Placements: 5}, ""},
		{"placements over", many("/Fm Do ", 6), Budget{Placements: 5}, "page 1: its forms draw each other more than 5 times (a form bomb?): refused"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			xt := onePage(t, "/Resources << /XObject << /Fm 5 0 R /Q3 6 0 R >> >>", tc.content, form,
				stream("/Type /XObject /Subtype /Form /BBox [0 0 1 1]", "q q q"))
			_, err := Read(context.Background(), xt, 1, tc.b)
			if tc.want == "" && err != nil || tc.want != "" && (err == nil || err.Error() != tc.want) {
				t.Errorf("Read: %v, want %q", err, tc.want)
			}
		})
	}
}

// TestScannedBudget checks the bytes tokenized as forms are drawn: a form
// of few operators but a long array, drawn many times, is refused before
// it is drawn.
func TestScannedBudget(t *testing.T) {
	big := stream("/Type /XObject /Subtype /Form /BBox [0 0 1 1] /Resources << >>", "BT /F1 10 Tf ["+strings.Repeat("(abcdefgh) ", 100_000)+"] TJ ET") // 1.1 MB, 4 operators
	xt := onePage(t, "/Resources << /XObject << /Big 5 0 R >> >>", strings.Repeat("/Big Do ", 1000), big)
	const want = "page 1: its content streams come to more than 256 MB, forms expanded: refused"
	e, err := Check(context.Background(), xt, 1, Budget{})
	if err == nil || err.Error() != want {
		t.Fatalf("Check: %v, want %q", err, want)
	}
	if e.Ops > 2000 {
		t.Errorf("refused after %d operators: want before drawing", e.Ops)
	}
	xt = onePage(t, "/Resources << /XObject << /Big 5 0 R >> >>", strings.Repeat("/Big Do ", 10), big)
	p, err := Read(context.Background(), xt, 1, Budget{})
	if err != nil || len(p.Texts) != 10 || p.Cost.Scanned < 10*1_100_000 {
		t.Errorf("drawn 10 times: %v, cost %+v", err, p.Cost)
	}
}

func TestCanceled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	xt := onePage(t, "", "0 0 1 1 re f")
	if _, err := Read(ctx, xt, 1, Budget{}); !errors.Is(err, context.Canceled) || !strings.HasPrefix(err.Error(), "page 1: ") {
		t.Errorf("Read: %v, want page 1's context canceled", err)
	}
	if _, err := Check(ctx, xt, 1, Budget{}); !errors.Is(err, context.Canceled) {
		t.Errorf("Check: %v, want context canceled", err)
	}
}

func TestRecovered(t *testing.T) {
	// pdfcpu indexes a media box of two numbers past its end.
	xt := onePage(t, "/MediaBox [0 0]", "0 0 1 1 re f")
	_, err := Read(context.Background(), xt, 1, Budget{})
	if err == nil || !strings.HasPrefix(err.Error(), "page 1: unreadable (runtime error: index out of range") {
		t.Errorf("Read: %v, want page 1 unreadable", err)
	}
	if _, err := Check(context.Background(), xt, 1, Budget{}); err == nil || !strings.HasPrefix(err.Error(), "page 1: unreadable") {
		t.Errorf("Check: %v, want page 1 unreadable", err)
	}
}

func TestBadPages(t *testing.T) {
	for _, tc := range []struct {
		name, page, content string
		want                string
	}{
		{"no such page", "", "", "page 2: unreadable page: page not found"},
		{"tiny", "/MediaBox [0 0 1 1]", "", "page 1: page size 0x0 mm is not a sheet of paper"},
		{"unterminated string", "", "BT (abc Tj ET", "page 1: unreadable content: unterminated string at byte 3"},
		{"form content", "/Resources << /XObject << /Fm 5 0 R >> >>", "/Fm Do", "page 1: unreadable content: its form /Fm (object 5): unbalanced ] at byte 2"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			xt := onePage(t, tc.page, tc.content, stream("/Type /XObject /Subtype /Form /BBox [0 0 1 1]", "1 ] 2"))
			nr := 1
			if tc.name == "no such page" {
				nr = 2
			}
			if _, err := Read(context.Background(), xt, nr, Budget{}); err == nil || err.Error() != tc.want {
				t.Errorf("Read: %v, want %q", err, tc.want)
			}
		})
	}
}

func TestAnnotationsChecked(t *testing.T) {
	// A renderer draws an annotation's appearance: a form bomb there is
	// refused by Check, though Read does not draw annotations.
	xt := onePage(t, "/Annots [<< /Type /Annot /Subtype /Stamp /Rect [0 0 10 10] /AP << /N 5 0 R >> >>]", "",
		stream("/Type /XObject /Subtype /Form /BBox [0 0 10 10] /Resources << /XObject << /A 6 0 R >> >>", strings.Repeat("/A Do ", 200)),
		stream("/Type /XObject /Subtype /Form /BBox [0 0 10 10] /Resources << /XObject << /B 7 0 R >> >>", strings.Repeat("/B Do ", 200)),
		stream("/Type /XObject /Subtype /Form /BBox [0 0 10 10]", "0 0 1 1 re f"))
	if _, err := Check(context.Background(), xt, 1, Budget{}); err == nil || !strings.Contains(err.Error(), "a form bomb?") {
		t.Errorf("Check: %v, want the annotation's form bomb refused", err)
	}
	if p, err := Read(context.Background(), xt, 1, Budget{}); err != nil || len(p.Forms) != 0 {
		t.Errorf("Read: %v, want the page read without its annotation", err)
	}
}

// chain is deep forms numbered from object first, each drawing the next
// (named /F) ways times; the last fills a rectangle.
func chain(first, ways, deep int) []string {
	var objs []string
	for i := range deep {
		res, content := "<< >>", "0 0 10 10 re f"
		if i+1 < deep {
			res = fmt.Sprintf("<< /XObject << /F %d 0 R >> >>", first+i+1)
			content = strings.Repeat("/F Do ", ways)
		}
		objs = append(objs, stream("/Type /XObject /Subtype /Form /BBox [0 0 100 100] /Resources "+res, content))
	}
	return objs
}

// TestOtherStreamsChecked checks that Check counts the content streams a
// renderer expands besides forms: a tiling pattern's cell, a Type 3 font's
// glyphs. A form bomb inside either is refused; a cycle through a pattern
// too; a page of many plain Type 3 glyphs is not.
func TestOtherStreamsChecked(t *testing.T) {
	const tiling = "/Type /Pattern /PatternType 1 /PaintType 1 /TilingType 1 /BBox [0 0 10 10] /XStep 10 /YStep 10 /Resources "
	type3 := func(glyph string) string {
		return "<< /Type /Font /Subtype /Type3 /FontBBox [0 0 10 10] /FontMatrix [0.1 0 0 0.1 0 0] /FirstChar 97 /LastChar 97 /Widths [10] " +
			"/Encoding << /Differences [97 /a] >> /CharProcs << /a " + glyph + " >> /Resources << /XObject << /F 6 0 R >> >> >>"
	}
	for _, tc := range []struct {
		name, page, content string
		objs                []string
		want                string
	}{
		{"pattern", "/Resources << /Pattern << /P0 5 0 R >> >>", "/Pattern cs /P0 scn 0 0 100 100 re f",
			append([]string{stream(tiling+"<< /XObject << /F 6 0 R >> >>", strings.Repeat("/F Do ", 10))}, chain(6, 10, 9)...),
			"page 1: its forms draw each other more than 20,000 times (a form bomb?): refused"},
		{"pattern cycle", "/Resources << /Pattern << /P0 5 0 R >> >>", "/Pattern cs /P0 scn 0 0 100 100 re f",
			[]string{stream(tiling+"<< /Pattern << /P0 5 0 R >> >>", "/Pattern cs /P0 scn 0 0 1 1 re f")},
			"page 1: its pattern /P0 (object 5) draws itself: refused"},
		{"type 3 glyph", "/Resources << /Font << /T3 7 0 R >> >>", "BT /T3 12 Tf (a) Tj ET",
			append([]string{stream("", "10 0 d0 /F Do")}, append(chain(6, 10, 1), type3("5 0 R"))...), ""},
		{"type 3 bomb", "/Resources << /Font << /T3 5 0 R >> >>", "BT /T3 12 Tf (a) Tj ET",
			append([]string{type3("15 0 R")}, append(chain(6, 10, 9), stream("", "10 0 d0 "+strings.Repeat("/F Do ", 10)))...),
			"page 1: its forms draw each other more than 20,000 times (a form bomb?): refused"},
		{"many type 3 glyphs", "/Resources << /Font << /T3 7 0 R >> >>", "BT " + strings.Repeat("/T3 12 Tf (aaaaaaaaaa) Tj [(aaaaaaaaaa) 5 (aaaaaaaaaa)] TJ ", 1000) + "ET",
			append([]string{stream("", "10 0 d0 0 0 10 10 re f")}, stream("", ""), type3("5 0 R")), ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			xt := onePage(t, tc.page, tc.content, tc.objs...)
			e, err := Check(context.Background(), xt, 1, Budget{})
			if tc.want == "" && err != nil || tc.want != "" && (err == nil || err.Error() != tc.want) {
				t.Fatalf("Check: %v, want %q", err, tc.want)
			}
			if tc.name == "many type 3 glyphs" && (e.Ops < 30_000*3 || e.Placements != 0 || e.Forms != 1) {
				t.Errorf("cost %+v: want 30,000 glyphs of 3 operators each, no placements, the glyph read once", e)
			}
		})
	}
}

// TestUnknownNamesNotKept checks that names the resources do not hold are
// not remembered: content naming fifty thousand missing XObjects,
// colour spaces, graphics states and fonts must not grow the caches.
func TestUnknownNamesNotKept(t *testing.T) {
	var c strings.Builder
	for i := range 50_000 {
		fmt.Fprintf(&c, "/X%d Do /C%d cs /G%d gs BT /F%d 9 Tf ET ", i, i, i, i)
	}
	xt := onePage(t, "/Resources << /XObject << /Im 5 0 R >> /Font << /F1 << /Subtype /Type0 >> >> >>", c.String()+"/Im Do BT /F1 9 Tf ET", imageObj)
	r, err := newReader(context.Background(), xt, 1, Budget{})
	if err != nil {
		t.Fatal(err)
	}
	if err := r.check(); err != nil {
		t.Fatal(err)
	}
	p, err := r.read()
	if err != nil || len(p.Images) != 1 {
		t.Fatalf("read: %v", err)
	}
	if n := len(r.res.xobjs) + len(r.res.spaces) + len(r.res.states) + len(r.res.fonts) + len(r.res.type3); n > 3 {
		t.Errorf("%d names remembered, want the 3 the resources hold (Im, F1 twice)", n)
	}
}
