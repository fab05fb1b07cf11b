package pdfgeom

import (
	"bytes"
	"context"
	"fmt"
	"math"
	"sync"
	"testing"

	"github.com/pdfcpu/pdfcpu/pkg/api"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/model"
)

// buildPDF writes a PDF made of the given objects (numbered from 1, the
// first the catalog) with a correct cross-reference table.
func buildPDF(objs ...string) []byte {
	var b bytes.Buffer
	b.WriteString("%PDF-1.7\n")
	offs := make([]int, len(objs))
	for i, o := range objs {
		offs[i] = b.Len()
		fmt.Fprintf(&b, "%d 0 obj\n%s\nendobj\n", i+1, o)
	}
	xref := b.Len()
	fmt.Fprintf(&b, "xref\n0 %d\n0000000000 65535 f \n", len(objs)+1)
	for _, off := range offs {
		fmt.Fprintf(&b, "%010d 00000 n \n", off)
	}
	fmt.Fprintf(&b, "trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n", len(objs)+1, xref)
	return b.Bytes()
}

var disableConfig sync.Once

// openPDF reads a PDF's structure with pdfcpu as pnp does.
func openPDF(t testing.TB, b []byte) *model.XRefTable {
	t.Helper()
	disableConfig.Do(api.DisableConfigDir)
	conf := model.NewDefaultConfiguration()
	conf.Cmd = model.LISTIMAGES
	ctx, err := api.ReadContext(bytes.NewReader(b), conf)
	if err != nil {
		t.Fatal(err)
	}
	if err := ctx.EnsurePageCount(); err != nil {
		t.Fatal(err)
	}
	return ctx.XRefTable
}

// stream is a PDF stream object holding data, with extra entries in its
// dictionary.
func stream(dict string, data string) string {
	return fmt.Sprintf("<< %s /Length %d >>\nstream\n%s\nendstream", dict, len(data), data)
}

// onePage is a one-page PDF: an A4 page with the extra page entries given
// (resources, boxes) drawing content; more are objects 5, 6, ….
func onePage(t testing.TB, page, content string, more ...string) *model.XRefTable {
	t.Helper()
	if page == "" || !bytes.Contains([]byte(page), []byte("MediaBox")) {
		page += " /MediaBox [0 0 595 842]"
	}
	objs := append([]string{
		"<< /Type /Catalog /Pages 2 0 R >>",
		"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
		"<< /Type /Page /Parent 2 0 R " + page + " /Contents 4 0 R >>",
		stream("", content),
	}, more...)
	return openPDF(t, buildPDF(objs...))
}

// readPage reads page 1 with the default budget.
func readPage(t testing.TB, xt *model.XRefTable) *Page {
	t.Helper()
	p, err := Read(context.Background(), xt, 1, Budget{})
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// mm converts points to millimetres.
func mm(pt float64) float64 { return pt * 25.4 / 72 }

// a4H is the A4 page's height in points, as the tests write it.
const a4H = 842

// box is the Rect of a PDF rectangle (x, y, w, h in points from the
// bottom left) on an unrotated A4 page.
func box(x, y, w, h float64) Rect {
	return Rect{mm(x), mm(a4H - y - h), mm(w), mm(h)}
}

func pt(x, y float64) Point { return Point{mm(x), mm(a4H - y)} }

func about(a, b float64) bool { return math.Abs(a-b) < 1e-6 }

func sameRect(a, b Rect) bool {
	return about(a.X, b.X) && about(a.Y, b.Y) && about(a.W, b.W) && about(a.H, b.H)
}

func samePoint(a, b Point) bool { return about(a.X, b.X) && about(a.Y, b.Y) }
