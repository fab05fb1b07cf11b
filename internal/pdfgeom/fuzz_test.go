package pdfgeom

import (
	"context"
	"errors"
	"math"
	"strings"
	"sync"
	"testing"

	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/model"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/types"
)

// fuzzPDF is a page whose content (object 4) and one form's (object 9) the
// fuzzer writes, with resources of every kind the reader looks up.
var fuzzPDF struct {
	sync.Mutex
	xt *model.XRefTable
}

func fuzzPage(t testing.TB) *model.XRefTable {
	if fuzzPDF.xt == nil {
		fuzzPDF.xt = onePage(t, "/Resources << /XObject << /Fm 5 0 R /Im 6 0 R /Self 9 0 R >> "+
			"/Font << /F1 << /Type /Font /Subtype /Type1 /BaseFont /Helvetica >> /F2 << /Type /Font /Subtype /Type0 /BaseFont /X >> "+
			"/T3 << /Type /Font /Subtype /Type3 /CharProcs << /a 9 0 R /b 10 0 R >> >> >> "+
			"/Pattern << /P0 11 0 R >> "+
			"/ColorSpace << /CS0 [/ICCBased 7 0 R] /CS1 [/Separation /Gold /DeviceCMYK 8 0 R] >> "+
			"/ExtGState << /G0 << /LW 2 /D [[1 1] 0] >> >> >>",
			"",
			stream("/Type /XObject /Subtype /Form /BBox [0 0 100 100] /Resources << /XObject << /Im 6 0 R /In 10 0 R >> >>",
				"q 10 0 0 10 5 5 cm /Im Do Q 0 0 10 10 re f /In Do /In Do"),
			imageObj,
			stream("/N 3", ""),
			"<< /FunctionType 2 /Domain [0 1] /N 1 >>",
			stream("/Type /XObject /Subtype /Form /BBox [0 0 100 100] /Matrix [0 1 -1 0 100 0]", ""),
			stream("/Type /XObject /Subtype /Form /BBox [0 0 10 10] /Resources << >>", "0 0 1 1 re S"),
			stream("/PatternType 1 /PaintType 1 /TilingType 1 /BBox [0 0 10 10] /XStep 10 /YStep 10 /Resources << /XObject << /In 10 0 R >> >>", "/In Do"))
	}
	return fuzzPDF.xt
}

// setStream makes object nr a stream holding data, unfiltered.
func setStream(xt *model.XRefTable, nr int, data []byte) {
	e := xt.Table[nr]
	sd := e.Object.(types.StreamDict)
	sd.Raw, sd.Content, sd.FilterPipeline = data, nil, nil
	sd.Dict = sd.Dict.Clone().(types.Dict)
	delete(sd.Dict, "Filter")
	e.Object = sd
}

// FuzzRead feeds content streams, which come from the user's PDF, to the
// reader, as a page's content and as a form's that the page may draw: it
// must return a page or an error, never panic (a panic recovered in Read
// is a bug here, since the PDF around the content is well-formed), stay
// within its budget, and give only finite positions.
func FuzzRead(f *testing.F) {
	for _, s := range []string{
		"q 189 0 0 252 36 36 cm /Im Do Q",
		"q 1 0 0 1 10 20 cm /Fm Do Q /Fm Do /Self Do",
		"0.5 g 10 10 100 50 re f 1 0 0 RG 2 w [3 2] 0 d 10 10 m 100 100 l 50 50 100 0 30 30 c h S /G0 gs B*",
		"q 0 0 100 100 re W n /CS0 cs 0 0 1 scn 0 0 50 50 re f /CS1 CS 0.5 SCN 0 0 m 50 0 l s Q",
		"BT /F1 12 Tf 14 TL 100 700 Td (hello) Tj T* [(a) -200 (b)] TJ 1 2 (c) \" (d) ' /F2 9 Tf <00410042> Tj 3 Tr (x) Tj ET",
		"BT /T3 10 Tf (ab) Tj ET /Pattern cs /P0 scn 0 0 10 10 re f",
		"BI /W 4 /H 2 /CS /RGB /BPC 8 /F [/AHx] ID 00ff00ff> EI BI /IM true /W 1 /H 1 ID \x00 EI",
		"/Pattern cs /P0 scn 0 0 10 10 re f /Sh0 sh",
		"% comment\n999999999999999999999 0 0 1 0 0 cm /Im Do 1e5 0 0 1 0 0 cm",
		"q q q Q Q Q Q Q cm re m l c v y h W W* n S f",
		"((( <<<< [[[",
		"-0 .5 -.5 +3. 0 0 cm 0 0 1 1 re f",
		"0 0 m 1e400 0 l S 12345678901234567890123 0 0 1 0 0 cm 0 0 m 1 1 l S",
	} {
		f.Add([]byte(s))
	}
	b := Budget{Ops: 100_000, Items: 10_000, Placements: 1000, Bytes: 1 << 20, States: 100}
	f.Fuzz(func(t *testing.T, content []byte) {
		fuzzPDF.Lock()
		defer fuzzPDF.Unlock()
		xt := fuzzPage(t)
		setStream(xt, 4, content)
		setStream(xt, 9, content)
		p, err := Read(context.Background(), xt, 1, b)
		if err != nil {
			if strings.Contains(err.Error(), "unreadable (") {
				t.Fatalf("a panic: %v", err)
			}
			var re *RefusedError
			if !errors.As(err, &re) && !strings.HasPrefix(err.Error(), "page 1: unreadable content: ") {
				t.Fatalf("error %q is neither refused nor unreadable content", err)
			}
			return
		}
		items := len(p.Strokes) + len(p.Fills) + len(p.Clips) + len(p.Images) + len(p.Forms) + len(p.Texts) + len(p.Shadings)
		if items > b.Items || p.Cost.Ops > b.Ops || p.Cost.Placements > b.Placements {
			t.Fatalf("%d items, cost %+v: over budget %+v", items, p.Cost, b)
		}
		for _, bad := range p.check(math.Inf(1)) {
			t.Fatal(bad)
		}
	})
}

// TestFuzzPage checks that FuzzRead's page draws what its content says,
// forms included, so the fuzzer reaches past the content's first form.
func TestFuzzPage(t *testing.T) {
	fuzzPDF.Lock()
	defer fuzzPDF.Unlock()
	xt := fuzzPage(t)
	for _, tc := range []struct{ content, want string }{
		{"/Fm Do", ""},
		{"/Self Do", "page 1: its form /Self (object 9) draws itself: refused"},
	} {
		setStream(xt, 4, []byte(tc.content))
		setStream(xt, 9, []byte(tc.content))
		p, err := Read(context.Background(), xt, 1, Budget{})
		if tc.want != "" {
			if err == nil || err.Error() != tc.want {
				t.Errorf("%s: %v, want %q", tc.content, err, tc.want)
			}
			continue
		}
		if err != nil || len(p.Forms) != 3 || len(p.Images) != 1 || len(p.Fills) != 1 || len(p.Strokes) != 8 {
			t.Errorf("%s: %v; want 3 forms, an image, a fill and 8 strokes", tc.content, err)
		}
	}
}
