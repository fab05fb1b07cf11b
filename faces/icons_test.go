package faces_test

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"testing"
	"testing/fstest"

	"github.com/deckwright/deckwright/cardface"
	"github.com/deckwright/deckwright/cardsdb"
	"github.com/deckwright/deckwright/faces"
	"github.com/deckwright/deckwright/templates"
)

// TestInlineIcon draws a text proxy whose rules text has an icon defined
// by an image: the image's colour fills the icon's place (one em square
// less the inset, on the baseline), where the PDF writer puts it.
func TestInlineIcon(t *testing.T) {
	m := image.NewNRGBA(image.Rect(0, 0, 32, 32))
	for i := range m.Pix {
		m.Pix[i] = []uint8{200, 30, 30, 255}[i%4]
	}
	var gem bytes.Buffer
	if err := png.Encode(&gem, m); err != nil {
		t.Fatal(err)
	}
	mem := fstest.MapFS{
		"g/game.yaml": {Data: []byte("id: icon-test\nname: Icon Test\ncard_size: {width: 63, height: 88}\n" +
			"types: [{id: unit, name: Unit}]\nsections: [{id: main, name: Main, types: [unit]}]\n" +
			"icons: {gem: {image: icons/gem.png}}\n")},
		"g/cards/c.yaml":  {Data: []byte("game: icon-test\ncards:\n  - {name: Miner, type: unit, text: \"Pay [gem] now.\"}\n")},
		"g/icons/gem.png": {Data: gem.Bytes()},
	}
	db := cardsdb.Empty()
	if err := db.AddFS(mem, "g", ""); err != nil {
		t.Fatal(err)
	}
	g, _ := db.Game("icon-test")
	c := g.Card("Miner")
	const dpi = 300
	im := draw(t, cardface.CardItem(g, c).Front, faces.Options{DPI: dpi})
	set, err := templates.LoadBundled()
	if err != nil {
		t.Fatal(err)
	}
	f, _ := set.Render(c, g, cardsdb.Size{W: 63, H: 88}, templates.Front)
	px := func(mm float64) int { return int(mm/25.4*dpi + 0.5) }
	found := false
	for _, b := range f.Blocks {
		for _, l := range b.Lines {
			for _, r := range l.Runs {
				if r.Icon == nil {
					continue
				}
				found = true
				side := r.W * 0.8
				x0 := l.X + r.X + r.W*0.1
				// The middle of the icon's square, away from its edges.
				in := image.Rect(px(x0+side/4), px(l.Baseline-side*3/4), px(x0+side*3/4), px(l.Baseline-side/4))
				var red int
				for y := in.Min.Y; y < in.Max.Y; y++ {
					for x := in.Min.X; x < in.Max.X; x++ {
						if im.Image.NRGBAAt(x, y) == (color.NRGBA{200, 30, 30, 255}) {
							red++
						}
					}
				}
				if n := in.Dx() * in.Dy(); n == 0 || red < n*9/10 {
					t.Errorf("icon square %v: %d of %d pixels in the icon's colour", in, red, n)
				}
			}
		}
	}
	if !found {
		t.Fatal("the face has no icon run")
	}
}

// TestTypeBackText draws the text backs of Kaizerseat's Thronecards and
// of its pack cards (their back images taken off): they differ, as the
// Thronecards' back says so.
func TestTypeBackText(t *testing.T) {
	g := game(t, "kaizerseat")
	var throne, pack cardface.Face
	for _, c := range g.Cards {
		it := cardface.CardItem(g, c)
		it.Back.Image = ""
		switch c.Type {
		case "thronecard":
			throne = it.Back
		case "seeker":
			pack = it.Back
		}
	}
	a := draw(t, throne, faces.Options{DPI: 100})
	b := draw(t, pack, faces.Options{DPI: 100})
	if meanAbsDiff(a.Image, b.Image) == 0 {
		t.Error("the Thronecards' text back looks like the game's")
	}
}
