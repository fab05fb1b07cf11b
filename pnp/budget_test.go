package pnp

import (
	"bufio"
	"bytes"
	"compress/zlib"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/deckwright/deckwright/layout"
)

// rawPDF writes a PDF made of the given objects (numbered from 1, the
// first the catalog) with a correct cross-reference table, and returns
// its path.
func rawPDF(t testing.TB, objs ...string) string {
	t.Helper()
	var b bytes.Buffer
	b.WriteString("%PDF-1.4\n")
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
	path := filepath.Join(t.TempDir(), "raw.pdf")
	if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// stream is a PDF stream object holding data, with extra entries in its
// dictionary.
func stream(dict string, data []byte) string {
	return fmt.Sprintf("<< %s /Length %d >>\nstream\n%s\nendstream", dict, len(data), data)
}

// allocated runs f and returns the bytes it allocated on the Go heap.
func allocated(f func()) uint64 {
	var a, b runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&a)
	f()
	runtime.ReadMemStats(&b)
	return b.TotalAlloc - a.TotalAlloc
}

// TestContentBomb checks that a page whose content stream inflates far
// past any page of cards (256 MB from 260 kB) is refused while it is
// inflated, naming the page, instead of being decoded whole (issue 25:
// a 400 kB PDF peaked near 2 GB).
func TestContentBomb(t *testing.T) {
	var z bytes.Buffer
	zw, _ := zlib.NewWriterLevel(&z, zlib.BestSpeed)
	chunk := bytes.Repeat([]byte(" "), 1<<20)
	for i := 0; i < 256; i++ {
		zw.Write(chunk)
	}
	zw.Close()
	path := rawPDF(t,
		"<< /Type /Catalog /Pages 2 0 R >>",
		"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
		"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R >>",
		stream("/Filter /FlateDecode", z.Bytes()))
	var err error
	n := allocated(func() { _, err = Import(context.Background(), path, poker) })
	if err == nil || !strings.Contains(err.Error(), "page 1") || !strings.Contains(err.Error(), "inflate to more than 64 MB") {
		t.Errorf("err = %v, want page 1's content refused past 64 MB", err)
	}
	// Inflating up to the budget into a growing buffer allocates about
	// four times the budget; the whole stream would be 256 MB and more.
	if n > 300<<20 {
		t.Errorf("importing allocated %d MB, want at most 300 (the budget is 64)", n>>20)
	}
}

// TestJPEGHeaderCap checks that the pixel cap is checked against a JPEG's
// own header, not the size its PDF entry claims: card images whose
// entries say 248x346 but whose JPEGs say 16000x16000 are refused before
// anything is decoded.
func TestJPEGHeaderCap(t *testing.T) {
	pr := printDeck(t, t.TempDir(), 2, layout.DefaultOptions(), 100)
	data, err := os.ReadFile(pr.path)
	if err != nil {
		t.Fatal(err)
	}
	// Baseline SOF0 segments: FF C0, length 17, precision 8, then height
	// and width.
	sof := []byte{0xff, 0xc0, 0x00, 0x11, 0x08}
	patched := 0
	for i := bytes.Index(data, sof); i >= 0; {
		copy(data[i+5:], []byte{16000 >> 8, 16000 & 0xff, 16000 >> 8, 16000 & 0xff})
		patched++
		j := bytes.Index(data[i+1:], sof)
		if j < 0 {
			break
		}
		i += 1 + j
	}
	if patched == 0 {
		t.Fatal("no JPEG frame header found in the printed PDF")
	}
	bomb := filepath.Join(t.TempDir(), "bomb.pdf")
	if err := os.WriteFile(bomb, data, 0o644); err != nil {
		t.Fatal(err)
	}
	var ierr error
	n := allocated(func() {
		_, ierr = Import(context.Background(), bomb, Options{CardW: 63, CardH: 88, Layout: LayoutFronts})
	})
	if ierr == nil || !strings.Contains(ierr.Error(), "page 1") || !strings.Contains(ierr.Error(), "16000x16000") || !strings.Contains(ierr.Error(), "cap") {
		t.Errorf("err = %v, want page 1's 16000x16000 JPEG over the cap", ierr)
	}
	if n > 100<<20 {
		t.Errorf("importing allocated %d MB, want at most 100", n>>20)
	}
}

// nestedForms is a one-page PDF whose page draws a form that draws the
// next form twice, depth levels deep: a few hundred bytes that keep a
// renderer busy for 2^depth draws.
func nestedForms(t testing.TB, depth int) string {
	objs := []string{
		"<< /Type /Catalog /Pages 2 0 R >>",
		"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
		"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /XObject << /X0 5 0 R >> >> /Contents 4 0 R >>",
		stream("", []byte("/X0 Do")),
	}
	for i := 0; i < depth; i++ {
		body := fmt.Sprintf("q 0.9 0 0 0.9 1 1 cm /X%d Do Q q 0.9 0 0 0.9 2 3 cm /X%d Do Q", i+1, i+1)
		objs = append(objs, stream(fmt.Sprintf("/Type /XObject /Subtype /Form /BBox [0 0 595 842] /Resources << /XObject << /X%d %d 0 R >> >>", i+1, len(objs)+2), []byte(body)))
	}
	objs = append(objs, stream("/Type /XObject /Subtype /Form /BBox [0 0 595 842]", []byte("0 0 300 300 re f")))
	return rawPDF(t, objs...)
}

// TestRasterTimeout checks that pdftoppm is stopped when a page takes it
// longer than rasterTimeout (issue 25: a 4 kB PDF of nested forms hung
// the import).
func TestRasterTimeout(t *testing.T) {
	needPdftoppm(t)
	old := rasterTimeout
	rasterTimeout = time.Second
	defer func() { rasterTimeout = old }()
	path := nestedForms(t, 40)
	done := make(chan error, 1)
	go func() {
		// Without the budget checked first, which refuses these forms
		// before pdftoppm sees them (TestFormBombRefused).
		_, err := Import(context.Background(), path, Options{CardW: 63, CardH: 88, DPI: 50, Layout: LayoutFronts, noBudget: true})
		done <- err
	}()
	select {
	case err := <-done:
		if err == nil || !strings.Contains(err.Error(), "page 1") || !strings.Contains(err.Error(), "did not finish rendering it within 1s") {
			t.Errorf("err = %v, want page 1 not rendered within 1s", err)
		}
	case <-time.After(60 * time.Second):
		t.Fatal("Import still running after a minute: pdftoppm was not stopped")
	}
}

// TestRasterMemory checks that pdftoppm runs under a memory limit: with
// 1 MB it cannot even start, and the import says so for the page.
func TestRasterMemory(t *testing.T) {
	needPdftoppm(t)
	if runtime.GOOS == "windows" {
		t.Skip("no ulimit")
	}
	old := rasterMemory
	rasterMemory = 1 << 20
	defer func() { rasterMemory = old }()
	path := nestedForms(t, 1)
	_, err := Import(context.Background(), path, Options{CardW: 63, CardH: 88, DPI: 50, Layout: LayoutFronts})
	if err == nil || !strings.Contains(err.Error(), "page 1: pdftoppm cannot render it") {
		t.Errorf("err = %v, want page 1 not rendered under a 1 MB limit", err)
	}
}

// TestReadPPMSize checks that a PPM whose header claims another size than
// the page's is refused before its pixels are read (or allocated).
func TestReadPPMSize(t *testing.T) {
	ppm := "P6\n30000 30000\n255\n" + strings.Repeat("\x00", 300)
	var err error
	n := allocated(func() { _, err = readPPM(bufio.NewReader(strings.NewReader(ppm)), 100, 100) })
	if err == nil || !strings.Contains(err.Error(), "30000x30000") {
		t.Errorf("err = %v, want the 30000x30000 PPM refused", err)
	}
	if n > 1<<20 {
		t.Errorf("allocated %d bytes for a refused PPM", n)
	}
	ok := "P6\n2 1\n255\n" + strings.Repeat("\x80", 6)
	img, err := readPPM(bufio.NewReader(strings.NewReader(ok)), 2, 1)
	if err != nil || img.Bounds().Dx() != 2 || img.NRGBAAt(1, 0).R != 0x80 {
		t.Errorf("a good PPM: %v, %v", img, err)
	}
}

// fanForms is a one-page PDF whose page draws a form that draws the next
// form ways times, depth levels deep: ways^depth placements from a few
// kilobytes.
func fanForms(t testing.TB, ways, depth int) string {
	objs := []string{
		"<< /Type /Catalog /Pages 2 0 R >>",
		"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
		"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /XObject << /X 5 0 R >> >> /Contents 4 0 R >>",
		stream("", []byte("/X Do")),
	}
	for i := 0; i < depth; i++ {
		var body []string
		for k := 0; k < ways; k++ {
			body = append(body, fmt.Sprintf("q 0.95 0 0 0.95 %d %d cm /X Do Q", k, k))
		}
		objs = append(objs, stream(fmt.Sprintf("/Type /XObject /Subtype /Form /BBox [0 0 595 842] /Resources << /XObject << /X %d 0 R >> >>", len(objs)+2), []byte(strings.Join(body, " "))))
	}
	objs = append(objs, stream("/Type /XObject /Subtype /Form /BBox [0 0 595 842]", []byte("0 0 300 300 re f")))
	return rawPDF(t, objs...)
}

// TestFormBombRefused checks that a PDF whose forms draw each other 10
// ways 10 deep is refused by the budget before any page is rendered
// (issue 34: it kept import pnp busy past 10 s): the error names the file
// and the page, and pdftoppm is never run (here it is "missing", which a
// page that reached it would say).
func TestFormBombRefused(t *testing.T) {
	path := fanForms(t, 10, 10)
	old := pdftoppm
	pdftoppm = "pdftoppm-not-installed"
	defer func() { pdftoppm = old }()
	_, err := Import(context.Background(), path, poker)
	if err == nil || !strings.HasPrefix(err.Error(), path+": page 1: ") || !strings.Contains(err.Error(), "form bomb") || strings.Contains(err.Error(), "pdftoppm") {
		t.Errorf("err = %v, want %s: page 1 refused as a form bomb before pdftoppm", err, path)
	}
	// A page a little under the budget is read as before.
	if _, err := Import(context.Background(), fanForms(t, 2, 3), Options{CardW: 63, CardH: 88, DPI: 50, Layout: LayoutFronts}); err != nil && strings.Contains(err.Error(), "refused") {
		t.Errorf("8 placements refused: %v", err)
	}
}
