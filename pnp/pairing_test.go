package pnp

import (
	"context"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/disintegration/imaging"
)

// namedFront is a card of one template: a blue (or red) field with a gold
// disc, each card's disc in its own place.
func namedFront(i int) *image.NRGBA {
	img := image.NewNRGBA(image.Rect(0, 0, 252, 352))
	field := color.NRGBA{20, 60, 140, 255}
	if i%2 == 1 {
		field = color.NRGBA{130, 20, 20, 255}
	}
	draw.Draw(img, img.Bounds(), image.NewUniform(field), image.Point{}, draw.Src)
	cx, cy := 60+(i*37)%130, 80+(i*53)%190
	for y := cy - 40; y <= cy+40; y++ {
		for x := cx - 40; x <= cx+40; x++ {
			if (x-cx)*(x-cx)+(y-cy)*(y-cy) <= 1600 {
				img.SetNRGBA(x, y, color.NRGBA{220, 170, 40, 255})
			}
		}
	}
	return img
}

// starBack is a back of its own: a night sky, its stars strewn by i.
func starBack(i int) *image.NRGBA {
	img := image.NewNRGBA(image.Rect(0, 0, 252, 352))
	draw.Draw(img, img.Bounds(), image.NewUniform(color.NRGBA{8, 8, 40, 255}), image.Point{}, draw.Src)
	rng := rand.New(rand.NewPCG(uint64(i), 9))
	for k := 0; k < 40; k++ {
		x, y := rng.IntN(240)+6, rng.IntN(340)+6
		draw.Draw(img, image.Rect(x-3, y-3, x+3, y+3), image.NewUniform(color.White), image.Point{}, draw.Src)
	}
	return img
}

// TestBacksOfTheirOwn checks --layout auto on full pages whose cards each
// have a back of their own (issue 21: harey-constellations' pages of
// backs were read as fronts): pages 1 and 3 alike, 2 and 4 alike, each
// unlike the next, is duplex; four pages alike, or four pages that do not
// alternate, stay fronts. Two pages unlike each other are a page of fronts
// and its backs, said to be in doubt (cardimpose-duplex in the corpus: a
// page of questions and one of their answers).
func TestBacksOfTheirOwn(t *testing.T) {
	t.Parallel()
	build := func(kinds string) string {
		pdf := sheetPDF()
		for p, k := range kinds {
			pdf.AddPage()
			for i := 0; i < 9; i++ {
				x, y := grid3(i, 2)
				var img image.Image
				switch k {
				case 'F':
					img = namedFront(9*p + i)
				case 'B':
					img = starBack(9*p + i)
				case 'G': // a page of green cards
					g := namedFront(9*p + i)
					for o := 0; o < len(g.Pix); o += 4 {
						g.Pix[o], g.Pix[o+1] = g.Pix[o+1], g.Pix[o]+100
					}
					img = g
				}
				placeJPEG(t, pdf, fmt.Sprintf("p%di%d", p, i), img, x, y, 63, 88)
			}
		}
		return savePDF(t, pdf)
	}
	for _, tc := range []struct {
		kinds  string
		layout Layout
	}{
		{"FBFB", LayoutDuplex},
		{"FFFF", LayoutFronts},
		{"FBGB", LayoutFronts},
		{"FB", LayoutDuplex},
	} {
		res, err := Import(context.Background(), build(tc.kinds), Options{CardW: 63, CardH: 88, DPI: 100})
		if err != nil {
			t.Fatalf("%s: %v", tc.kinds, err)
		}
		if res.Layout != tc.layout {
			t.Errorf("%s: layout %s (%s), want %s", tc.kinds, res.Layout, res.LayoutReason, tc.layout)
			continue
		}
		if tc.layout != LayoutDuplex {
			continue
		}
		if unsure, _ := res.Uncertain(); (len(tc.kinds) == 2) != (len(unsure) > 0) {
			t.Errorf("%s: pages in doubt %v; want them in doubt only for one pair", tc.kinds, unsure)
		}
		if !strings.Contains(res.LayoutReason, "back of its own") {
			t.Errorf("%s: reason %q does not say each card has a back of its own", tc.kinds, res.LayoutReason)
		}
		if want := 9 * len(tc.kinds) / 2; len(res.Cards) != want {
			t.Fatalf("%s: %d cards, want %d", tc.kinds, len(res.Cards), want)
		}
		for _, c := range res.Cards {
			if c.Back == nil || c.Front.Page%2 != 1 || c.Back.Page != c.Front.Page+1 {
				t.Errorf("%s: card p%d r%dc%d has back %+v", tc.kinds, c.Front.Page, c.Front.Row, c.Front.Col, c.Back)
			}
		}
	}
}

// TestAlternating checks the test of alternating pages on made-up looks.
func TestAlternating(t *testing.T) {
	t.Parallel()
	look := func(bin int, share float64) pageLook {
		var l pageLook
		l[bin] = share
		l[0] += 1 - share
		return l
	}
	a, b, c := look(5, 0.9), look(40, 0.9), look(20, 0.9)
	// Backs of their own in many colours (music cards): two pages of
	// them differ by a little more than half as much as from their
	// fronts (1).
	var b1, b2, b3 pageLook
	b1[40], b1[41] = 0.5, 0.5
	b2[40], b2[42] = 0.45, 0.55 // 0.55 from b1
	b3[40], b3[43] = 0.2, 0.8   // 0.8 from b1
	for _, tc := range []struct {
		name  string
		looks []pageLook
		want  bool
	}{
		{"ABAB", []pageLook{a, b, a, b}, true},
		{"ABABAB", []pageLook{a, b, a, b, a, b}, true},
		{"AAAA", []pageLook{a, a, a, a}, false},
		{"ABCB", []pageLook{a, b, c, b}, false},
		{"AB", []pageLook{a, b}, false},
		{"ABA", []pageLook{a, b, a}, false},
		{"AB1AB2 (backs apart by 0.55)", []pageLook{a, b1, a, b2}, true},
		{"AB1AB3 (backs apart by 0.8)", []pageLook{a, b1, a, b3}, false},
	} {
		if got, _, _ := alternating(tc.looks); got != tc.want {
			t.Errorf("%s: %v, want %v", tc.name, got, tc.want)
		}
	}
}

// A page of white cards with black text and a page of light grey cards
// (200 grey, a picture on it) look unlike: the look tells white paper
// from a light ground.
func TestLookTellsGreyFromWhite(t *testing.T) {
	face := func(ground color.Color, ink color.Color) cut {
		img := image.NewNRGBA(image.Rect(0, 0, 120, 170))
		draw.Draw(img, img.Bounds(), image.NewUniform(ground), image.Point{}, draw.Src)
		draw.Draw(img, image.Rect(20, 30, 100, 40), image.NewUniform(ink), image.Point{}, draw.Src)
		draw.Draw(img, image.Rect(20, 60, 90, 66), image.NewUniform(ink), image.Point{}, draw.Src)
		return cut{face: Face{Image: img}}
	}
	white := []cut{face(color.White, color.Black), face(color.White, color.Black)}
	grey := []cut{face(color.Gray{200}, color.Gray{40}), face(color.Gray{200}, color.Gray{40})}
	if d := lookDistance(lookOf(white), lookOf(grey)); d < pairUnlike {
		t.Errorf("white and light grey pages %.2f apart, want at least %.2f", d, pairUnlike)
	}
	if d := lookDistance(lookOf(white), lookOf(white[:1])); d > 0.01 {
		t.Errorf("a page and itself %.2f apart", d)
	}
}

// TestLookSeesWhereTheInkLies checks that two pages of black-on-white
// text cards look unlike when their ink lies in other places (small
// labels in a corner, one big letter in the middle: typst flash cards'
// fronts and backs) and alike when it lies in the same place, whatever
// the words.
func TestLookSeesWhereTheInkLies(t *testing.T) {
	t.Parallel()
	const w, h = 420, 300
	page := func(make func(i int) Face) []cut {
		var cuts []cut
		for i := 0; i < 6; i++ {
			cuts = append(cuts, cut{face: make(i)})
		}
		return cuts
	}
	corner := page(func(i int) Face { return wordFace(fmt.Sprint("no ", i), w, h, 12, 30, 0) })
	corner2 := page(func(i int) Face { return wordFace(fmt.Sprint("id ", i+6), w, h, 12, 30, 0) })
	big := page(func(i int) Face {
		f := wordFace(string(rune('a'+i)), w/4, h/4, 24, 45, 0)
		img := imaging.Resize(f.Image, w, h, imaging.Linear)
		return Face{Image: img, Hash: Hash(img)}
	})
	if d := lookDistance(lookOf(corner), lookOf(big)); d < pairUnlike {
		t.Errorf("labels in a corner and big letters in the middle %.2f apart, want %.2f or more", d, pairUnlike)
	}
	if d := lookDistance(lookOf(corner), lookOf(corner2)); d >= pairUnlike {
		t.Errorf("two pages of labels in a corner %.2f apart, want under %.2f", d, pairUnlike)
	}
}
