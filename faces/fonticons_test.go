package faces_test

import (
	"image"
	"image/color"
	"testing"

	"github.com/deckwright/deckwright/cardface"
	"github.com/deckwright/deckwright/cardsdb"
	"github.com/deckwright/deckwright/faces"
	"github.com/deckwright/deckwright/internal/forgetest"
	"github.com/deckwright/deckwright/internal/testenv"
	"github.com/deckwright/deckwright/templates"
)

// forgeRulesInFamily is a copy of the worked example whose rules text is
// set in the template's own font (Go Smallcaps cut to ASCII, from the
// templates package's testdata) rather than the Go fonts.
func forgeRulesInFamily(t *testing.T) string {
	t.Helper()
	return forgetest.Copy(t, map[string][]byte{"templates/fonts/title.ttf": forgetest.Font(t, "smallcaps-ascii.ttf")},
		forgetest.Edit{File: "templates/default.yaml", Old: "font: {size: 8, min_size: 5.5}", New: "font: {family: title, size: 8, min_size: 5.5}"})
}

// sparkSquare is the pixel square of a face's one [spark] icon (one em
// less the inset, on the baseline) at dpi.
func sparkSquare(t *testing.T, set *templates.Set, g *cardsdb.Game, c *cardsdb.Card, dpi int) image.Rectangle {
	t.Helper()
	f, _ := set.Render(c, g, cardsdb.Size{W: 63, H: 88}, templates.Front)
	px := func(mm float64) int { return int(mm/25.4*float64(dpi) + 0.5) }
	var sq []image.Rectangle
	for _, l := range f.Layers {
		if l.Block == nil {
			continue
		}
		for _, line := range l.Block.Lines {
			for _, r := range line.Runs {
				if r.Icon != nil && r.Icon.Name == "spark" {
					side := 0.8 * r.W
					x0 := line.X + r.X + 0.1*r.W
					sq = append(sq, image.Rect(px(x0), px(line.Baseline-side), px(x0+side), px(line.Baseline)))
				}
			}
		}
	}
	if len(sq) != 1 {
		t.Fatalf("%s: %d spark icon runs, want 1", c.Name, len(sq))
	}
	return sq[0]
}

// orange counts the pixels of r in m near the spark's colour.
func orange(m image.Image, r image.Rectangle) int {
	n := 0
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			c := color.NRGBAModel.Convert(m.At(x, y)).(color.NRGBA)
			if c.R > 200 && c.G > 120 && c.G < 180 && c.B < 80 {
				n++
			}
		}
	}
	return n
}

// TestTemplateFontIconLooksLikePDF: an image icon in rules text set in the
// template's own font family is drawn from its picture in the PNG, as in
// the Go fonts (its square looks like the Go-font face's), with no
// warning, and the face is within the mean difference of
// TestSheetLooksLikePNG from the PDF's.
func TestTemplateFontIconLooksLikePDF(t *testing.T) {
	const dpi = 300
	g, set := forgetest.Load(t, forgeRulesInFamily(t))
	c := g.Card("Wandering Smith")
	f := cardface.CardItem(g, c).Front
	im := draw(t, f, faces.Options{DPI: dpi, Templates: set})
	if len(im.Warnings) > 0 {
		t.Errorf("warnings %v", im.Warnings)
	}
	save(t, "family-icon.png", im.Image)
	sq := sparkSquare(t, set, g, c, dpi)

	// The same card with its rules in the Go fonts, as the example has it.
	g0, set0 := forgetest.Load(t, forgetest.Dir)
	c0 := g0.Card("Wandering Smith")
	im0 := draw(t, cardface.CardItem(g0, c0).Front, faces.Options{DPI: dpi, Templates: set0})
	sq0 := sparkSquare(t, set0, g0, c0, dpi)
	n, n0 := orange(im.Image, sq), orange(im0.Image, sq0)
	t.Logf("spark pixels: %d in the template font, %d in the Go font, of %d", n, n0, sq.Dx()*sq.Dy())
	if n0 < sq0.Dx()*sq0.Dy()/10 {
		t.Fatalf("the Go-font face has %d spark pixels in %v: the check proves nothing", n0, sq0)
	}
	// The squares land on the pixel grid a little apart (the lines
	// before them are set in other fonts): sizes within a pixel, counts
	// within a quarter. A replaced character has no orange at all.
	if abs(sq.Dx()-sq0.Dx()) > 1 || abs(sq.Dy()-sq0.Dy()) > 1 || n < n0*3/4 || n > n0*5/4 {
		t.Errorf("icon square %v has %d spark pixels, the Go font's %v %d: the icon is not drawn as its picture", sq, n, sq0, n0)
	}
	same := image.Rect(0, 0, min(sq.Dx(), sq0.Dx()), min(sq.Dy(), sq0.Dy()))
	if d := meanAbsDiff(im.Image.SubImage(same.Add(sq.Min)), crop(im0.Image, same.Add(sq0.Min))); d > 12 {
		t.Errorf("the icon's square is %.2f/255 from the Go-font face's, want at most 12", d)
	}

	testenv.NeedTool(t, "pdftoppm")
	pdfImg := rasterLayered(t, cardface.Item{Front: f}, faces.TrimSize(f, cardsdb.Size{}), dpi, 0, set)
	save(t, "family-icon-pdf.png", pdfImg)
	// The rules panel, icon and text.
	band := image.Rect(0, 55*dpi*10/254, im.Image.Rect.Dx(), 80*dpi*10/254)
	d := meanAbsDiff(im.Image.SubImage(band), crop(pdfImg, band))
	t.Logf("mean abs difference from the PDF %.2f/255", d)
	if d > 6 {
		t.Errorf("mean abs difference from the PDF %.2f/255, want at most 6", d)
	}
	if ds := meanAbsDiff(im.Image.SubImage(sq), crop(pdfImg, sq)); ds > 12 {
		t.Errorf("the icon's square is %.2f/255 from the PDF's, want at most 12", ds)
	}
}
