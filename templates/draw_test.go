package templates

import (
	"bytes"
	"flag"
	"os"
	"testing"

	"github.com/jung-kurt/gofpdf"

	"github.com/deckwright/deckwright/cardsdb"
)

var pdfOut = flag.String("pdf", "", "write the bundled cards' text proxies to this PDF file, to look at them")

// newPDF returns an A4 document in mm with the four Go fonts registered as
// the PDF writer must register them.
func newPDF(t testing.TB) *gofpdf.Fpdf {
	pdf := gofpdf.New("P", "mm", "A4", "")
	pdf.SetAutoPageBreak(false, 0)
	pdf.SetCompression(false)
	for _, b := range []bool{false, true} {
		for _, i := range []bool{false, true} {
			pdf.AddUTF8FontFromBytes(FontName(b, i), "", FontTTF(b, i))
		}
	}
	if err := pdf.Error(); err != nil {
		t.Fatal(err)
	}
	return pdf
}

// drawFace is the reference drawer: it draws a face with its top-left
// corner at (x, y) on the page, as the PDF writer does.
func drawFace(pdf *gofpdf.Fpdf, f Layout, x, y float64) {
	if f.HasBackground {
		pdf.SetFillColor(int(f.Background[0]), int(f.Background[1]), int(f.Background[2]))
		pdf.Rect(x, y, f.Size.W, f.Size.H, "F")
	}
	if fr := f.Frame; fr.Width > 0 {
		pdf.SetDrawColor(int(fr.Color[0]), int(fr.Color[1]), int(fr.Color[2]))
		pdf.SetLineWidth(fr.Width)
		pdf.Rect(x+fr.X, y+fr.Y, fr.W, fr.H, "D")
	}
	for _, b := range f.Blocks {
		style := ""
		if b.HasFill {
			pdf.SetFillColor(int(b.Fill[0]), int(b.Fill[1]), int(b.Fill[2]))
			style = "F"
		}
		if b.Border > 0 {
			pdf.SetDrawColor(int(b.BorderColor[0]), int(b.BorderColor[1]), int(b.BorderColor[2]))
			pdf.SetLineWidth(b.Border)
			style += "D"
		}
		if style != "" {
			pdf.Rect(x+b.X, y+b.Y, b.W, b.H, style)
		}
		pdf.SetFont(b.Font, "", b.Size)
		pdf.SetTextColor(int(b.Color[0]), int(b.Color[1]), int(b.Color[2]))
		for _, l := range b.Lines {
			pdf.Text(x+l.X, y+l.Baseline, l.Text)
		}
	}
}

func TestWidthsMatchGofpdf(t *testing.T) {
	pdf := newPDF(t)
	for _, s := range []string{"Schrödinger's Cat", "Thryïnn, the Last Kindler", "Arkhé Wellspring", "SAMPLE — not a publisher's card", "Link 1* · Hyperlink X…", "Ωмega €5 ♦"} {
		for _, b := range []bool{false, true} {
			for _, i := range []bool{false, true} {
				for _, size := range []float64{5, 8, 11.5} {
					pdf.SetFont(FontName(b, i), "", size)
					want := pdf.GetStringWidth(s)
					if got := TextWidth(s, size, b, i); abs(got-want) > 1e-9 {
						t.Errorf("TextWidth(%q, %g, bold %v, italic %v) = %g mm, gofpdf measures %g", s, size, b, i, got, want)
					}
				}
			}
		}
	}
}

func abs(v float64) float64 {
	if v < 0 {
		return -v
	}
	return v
}

// TestDrawBundled draws every bundled card, front and back, into a PDF and
// reads the result back.
func TestDrawBundled(t *testing.T) {
	set := bundledSet(t)
	db := bundledDB(t)
	pdf := newPDF(t)
	pages := 0
	x, y, rowH := 1e9, 1e9, 0.0
	place := func(f Layout) {
		if x+f.Size.W > 205 {
			x, y, rowH = 5, y+rowH+2, 0
		}
		if y+f.Size.H > 292 {
			pdf.AddPage()
			pages++
			x, y, rowH = 5, 5, 0
		}
		drawFace(pdf, f, x, y)
		x += f.Size.W + 2
		rowH = max(rowH, f.Size.H)
	}
	for _, g := range db.Games() {
		for _, c := range g.Cards {
			f, _ := set.Render(c, g, cardsdb.Size{}, Front)
			place(f)
		}
		if len(g.Cards) == 0 {
			for _, typ := range g.Types {
				c := otherGameCard(g, typ)
				f, _ := set.Render(c, g, cardsdb.Size{}, Front)
				place(f)
				f, _ = set.Template("default").Render(c, g, cardsdb.Size{}, Front)
				place(f)
			}
		}
		f, _ := set.Render(nil, g, cardsdb.Size{}, Back)
		place(f)
	}
	var buf bytes.Buffer
	if err := pdf.Output(&buf); err != nil {
		t.Fatal(err)
	}
	if got := bytes.Count(buf.Bytes(), []byte("/Type /Page\n")); got != pages {
		t.Errorf("PDF has %d pages, want %d", got, pages)
	}
	if *pdfOut != "" {
		if err := os.WriteFile(*pdfOut, buf.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}
