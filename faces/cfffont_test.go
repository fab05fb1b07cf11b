package faces_test

import (
	"image"
	"os/exec"
	"regexp"
	"testing"

	"github.com/deckwright/deckwright/cardface"
	"github.com/deckwright/deckwright/cardsdb"
	"github.com/deckwright/deckwright/faces"
	"github.com/deckwright/deckwright/internal/forgetest"
	"github.com/deckwright/deckwright/internal/testenv"
)

// cffTemplate sets a card's name large, and its rules, in a family whose
// file is an OpenType font with PostScript (CFF) outlines.
const cffTemplate = `size: {width: 63, height: 88}
frame: {border: 0}
fonts:
  body: fonts/body.otf
layers:
  - {name: title, content: "{{.Name}}", x: 3, y: 10, w: 57, h: 30, font: {family: body, size: 30, min_size: 8}, align: center, valign: middle}
  - {name: rules, content: "{{.Text}}", x: 3, y: 45, w: 57, h: 20, font: {family: body, size: 12}}
`

// TestCFFFontLooksLikePDF: a template font with CFF outlines (Source Sans
// 3, converted to TrueType outlines when the template loads) is embedded
// in the PDF, and the PDF draws the title as the picture does, within
// the mean difference of TestFontStyleLooksLikePDF; the same template
// in the Go font is further from the PDF, so the check can fail.
func TestCFFFontLooksLikePDF(t *testing.T) {
	for _, tool := range []string{"pdftoppm", "pdffonts"} {
		testenv.NeedTool(t, tool)
	}
	otf := forgetest.Font(t, "SourceSans3-Regular.otf")
	tmpl := func(t *testing.T, src string) string {
		return forgetest.Copy(t, map[string][]byte{"templates/default.yaml": []byte(src), "templates/fonts/body.otf": otf})
	}
	const dpi = 150
	g, set := forgetest.Load(t, tmpl(t, cffTemplate))
	f := cardface.CardItem(g, g.Card("Reef Stalker")).Front
	im := draw(t, f, faces.Options{DPI: dpi, Templates: set})
	if len(im.Warnings) > 0 {
		t.Errorf("warnings %v", im.Warnings)
	}
	pdf := writePDF(t, cardface.Item{Front: f}, faces.TrimSize(f, cardsdb.Size{}), dpi, 0, set)
	out, err := exec.Command("pdffonts", pdf).CombinedOutput()
	if err != nil {
		t.Fatalf("pdffonts: %v: %s", err, out)
	}
	t.Logf("pdffonts:\n%s", out)
	// name, type, encoding, emb, sub, uni: the template's font is
	// embedded as a subset named by its PostScript name.
	if !regexp.MustCompile(`(?m)^[A-Z]{6}\+SourceSans3-Regular\s+CID TrueType\s+\S+\s+yes\s`).Match(out) {
		t.Errorf("the CFF font is not embedded as a TrueType font:\n%s", out)
	}
	pdfImg := pdfToPNG(t, pdf, dpi)
	save(t, "cff.png", im.Image)
	save(t, "cff-pdf.png", pdfImg)
	band := image.Rect(0, 10*dpi*10/254, im.Image.Rect.Dx(), 65*dpi*10/254)
	d := meanAbsDiff(im.Image.SubImage(band), crop(pdfImg, band))
	t.Logf("CFF font: mean abs difference from the PDF %.2f/255", d)
	if d > 6 {
		t.Errorf("CFF font: mean abs difference from the PDF %.2f/255, want at most 6", d)
	}

	// The same layers in the Go font: further from the PDF.
	g2, set2 := forgetest.Load(t, tmpl(t, `size: {width: 63, height: 88}
frame: {border: 0}
layers:
  - {name: title, content: "{{.Name}}", x: 3, y: 10, w: 57, h: 30, font: {size: 30, min_size: 8}, align: center, valign: middle}
  - {name: rules, content: "{{.Text}}", x: 3, y: 45, w: 57, h: 20, font: {size: 12}}
`))
	gofont := draw(t, cardface.CardItem(g2, g2.Card("Reef Stalker")).Front, faces.Options{DPI: dpi, Templates: set2})
	save(t, "cff-as-go.png", gofont.Image)
	dg := meanAbsDiff(gofont.Image.SubImage(band), crop(pdfImg, band))
	t.Logf("Go font: mean abs difference from the CFF PDF %.2f/255", dg)
	if dg < 2*d {
		t.Errorf("the Go font is %.2f from the CFF PDF, the CFF font %.2f: the check proves nothing", dg, d)
	}
}
