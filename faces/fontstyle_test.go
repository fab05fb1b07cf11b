package faces_test

import (
	"image"
	"testing"

	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goregular"

	"github.com/deckwright/deckwright/cardface"
	"github.com/deckwright/deckwright/cardsdb"
	"github.com/deckwright/deckwright/faces"
	"github.com/deckwright/deckwright/internal/forgetest"
	"github.com/deckwright/deckwright/internal/testenv"
)

// styledTemplate sets a card's name large in a family's bold file, and a
// line whose **bold** mark prints in that file too.
const styledTemplate = `size: {width: 63, height: 88}
frame: {border: 0}
fonts:
  body: {regular: fonts/body.ttf, bold: fonts/body-bold.ttf}
layers:
  - {name: title, content: "{{.Name}}", x: 3, y: 10, w: 57, h: 30, font: {family: body, size: 30, min_size: 8, bold: true}, align: center, valign: middle}
  - {name: rules, content: "{{.Text}}", x: 3, y: 45, w: 57, h: 20, font: {family: body, size: 12}}
`

// TestFontStyleLooksLikePDF: a box in a family's bold file (and a bold
// mark) is drawn in that file in the picture and in the PDF (within the mean difference of
// TestSheetLooksLikePNG), and not in the regular file: the picture
// drawn with the regular file only is further from the PDF.
func TestFontStyleLooksLikePDF(t *testing.T) {
	testenv.NeedTool(t, "pdftoppm")
	tmpl := func(t *testing.T, src string) string {
		return forgetest.Copy(t, map[string][]byte{
			"templates/default.yaml":        []byte(src),
			"templates/fonts/body.ttf":      goregular.TTF,
			"templates/fonts/body-bold.ttf": gobold.TTF,
		})
	}
	const dpi = 150
	g, set := forgetest.Load(t, tmpl(t, styledTemplate))
	f := cardface.CardItem(g, g.Card("Reef Stalker")).Front
	im := draw(t, f, faces.Options{DPI: dpi, Templates: set})
	if len(im.Warnings) > 0 {
		t.Errorf("warnings %v", im.Warnings)
	}
	pdfImg := rasterLayered(t, cardface.Item{Front: f}, faces.TrimSize(f, cardsdb.Size{}), dpi, 0, set)
	save(t, "bold.png", im.Image)
	save(t, "bold-pdf.png", pdfImg)
	// Only the title's band: the rest of the card is white in both.
	band := image.Rect(0, 10*dpi*10/254, im.Image.Rect.Dx(), 65*dpi*10/254)
	d := meanAbsDiff(im.Image.SubImage(band), crop(pdfImg, band))
	t.Logf("bold file: mean abs difference from the PDF %.2f/255", d)
	if d > 6 {
		t.Errorf("bold file: mean abs difference from the PDF %.2f/255, want at most 6", d)
	}

	// The same box with the family's regular file only: a warning, and
	// a picture the bold PDF does not look like.
	g2, set2 := forgetest.Load(t, tmpl(t, `size: {width: 63, height: 88}
frame: {border: 0}
fonts:
  body: {regular: fonts/body.ttf}
layers:
  - {name: title, content: "{{.Name}}", x: 3, y: 10, w: 57, h: 30, font: {family: body, size: 30, min_size: 8, bold: true}, align: center, valign: middle}
  - {name: rules, content: "{{.Text}}", x: 3, y: 45, w: 57, h: 20, font: {family: body, size: 12}}
`))
	reg := draw(t, cardface.CardItem(g2, g2.Card("Reef Stalker")).Front, faces.Options{DPI: dpi, Templates: set2})
	if len(reg.Warnings) != 1 {
		t.Errorf("regular file only: warnings %v, want one", reg.Warnings)
	}
	save(t, "bold-as-regular.png", reg.Image)
	dr := meanAbsDiff(reg.Image.SubImage(band), crop(pdfImg, band))
	t.Logf("regular file: mean abs difference from the bold PDF %.2f/255", dr)
	if dr < 2*d {
		t.Errorf("the regular file is %.2f from the bold PDF, the bold file %.2f: the check proves nothing", dr, d)
	}
}

// crop is m cut to r.
func crop(m image.Image, r image.Rectangle) image.Image {
	return m.(interface {
		SubImage(image.Rectangle) image.Image
	}).SubImage(r)
}
