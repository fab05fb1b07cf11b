package render_test

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"testing"

	"github.com/deckwright/deckwright/cardsdb"
	"github.com/deckwright/deckwright/layout"
	"github.com/deckwright/deckwright/templates"
)

// iconPNG is a w×h PNG of one colour, with a transparent border.
func iconPNG(t testing.TB, w, h int) []byte {
	t.Helper()
	m := image.NewNRGBA(image.Rect(0, 0, w, h))
	for y := 1; y < h-1; y++ {
		for x := 1; x < w-1; x++ {
			m.Set(x, y, color.NRGBA{200, 30, 30, 255})
		}
	}
	var b bytes.Buffer
	if err := png.Encode(&b, m); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// iconGame is a test game whose icon set has a square image icon, a wide
// image icon and an image icon whose file is missing (with a glyph).
func iconGame(t testing.TB, text string) *cardsdb.Game {
	t.Helper()
	game := `id: art-test
name: Art Test
card_size: {width: 63, height: 88}
types:
  - id: unit
    name: Unit
sections:
  - id: main
    name: Main
    types: [unit]
icons:
  gem: {image: icons/gem.png}
  wide: {glyph: "▲", image: icons/wide.png}
  lost: {glyph: "○", image: icons/lost.png}
`
	return gameDir(t, "", []string{"  - {name: Miner, type: unit, text: " + quoteYAML(text) + "}"}, map[string][]byte{
		"game.yaml":      []byte(game),
		"icons/gem.png":  iconPNG(t, 40, 40),
		"icons/wide.png": iconPNG(t, 80, 40),
	})
}

func quoteYAML(s string) string {
	var b bytes.Buffer
	b.WriteByte('"')
	for _, r := range s {
		if r == '"' || r == '\\' {
			b.WriteByte('\\')
		}
		b.WriteRune(r)
	}
	b.WriteByte('"')
	return b.String()
}

// TestInlineImageIcons prints a text proxy whose rules text has image
// icons: each is drawn from its image at the place the template gave its
// run, standing on the baseline, one em square less the inset, its
// proportions kept; the icon whose file is missing prints its glyph, with
// a warning.
func TestInlineImageIcons(t *testing.T) {
	g := iconGame(t, "Pay [gem] and [wide], then [lost].")
	items := cardItems(t, g, "Miner")
	rep, doc := renderPDF(t, items, nil)
	if n := warnKinds(rep)["missing-icon"]; n != 1 {
		t.Errorf("missing-icon warnings = %d, want 1 (for [lost]): %v", n, rep.Warnings)
	}
	// Where the template puts the icons, from the face laid out alone.
	set, err := templates.LoadBundled()
	if err != nil {
		t.Fatal(err)
	}
	c := g.Card("Miner")
	face, _ := set.Render(c, g, cardsdb.Size{W: 63, H: 88}, templates.Front)
	slot := rep.Sheet.Slots[0]
	var want []layout.Rect
	for _, blk := range face.Blocks {
		for _, l := range blk.Lines {
			for _, run := range l.Runs {
				if run.Icon == nil || run.Icon.Name == "lost" {
					continue
				}
				em := blk.Size * templates.PtToMM
				if d := run.W - em; d > 1e-9 || d < -1e-9 {
					t.Errorf("icon %s is %.3f mm wide, want one em, %.3f", run.Icon.Name, run.W, em)
				}
				side := 0.8 * em
				w, h := side, side
				if run.Icon.Name == "wide" {
					h = side / 2
				}
				want = append(want, layout.Rect{X: slot.X + l.X + run.X + (run.W-w)/2, Y: slot.Y + l.Baseline - h, W: w, H: h})
			}
		}
	}
	if len(want) != 2 {
		t.Fatalf("the face has %d image icons, want 2 (gem, wide)", len(want))
	}
	var got []layout.Rect
	for _, d := range doc.pages[0].draws {
		if d.w == 40 || d.w == 80 {
			got = append(got, d.box)
		}
	}
	if len(got) != len(want) {
		t.Fatalf("%d icons drawn on the page, want %d: %+v", len(got), len(want), doc.pages[0].draws)
	}
	for i := range want {
		if !sameRect(got[i], want[i]) {
			t.Errorf("icon %d drawn at %+v, want %+v", i, got[i], want[i])
		}
	}
	if rep.TextFaces != 1 {
		t.Errorf("TextFaces = %d, want 1", rep.TextFaces)
	}
}

// TestInlineIconOnceInPDF prints the same icon on many cards: the PDF holds
// its image once.
func TestInlineIconOnceInPDF(t *testing.T) {
	g := iconGame(t, "[gem] [gem] [gem]")
	items := cardItems(t, g, "Miner", "Miner", "Miner", "Miner", "Miner", "Miner", "Miner", "Miner", "Miner", "Miner", "Miner", "Miner")
	_, doc := renderPDF(t, items, nil)
	n := 0
	for _, img := range doc.images {
		if img.w == 40 {
			n++
		}
	}
	draws := 0
	for _, p := range doc.pages {
		draws += len(p.draws)
	}
	if n != 1 || draws != 36 {
		t.Errorf("%d icon images in the PDF, %d drawn; want 1 and 36", n, draws)
	}
}
