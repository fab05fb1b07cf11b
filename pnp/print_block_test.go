package pnp

import (
	"image"
	"image/color"
	"image/draw"
	"math"
	"testing"
)

// TestLoneCardMeasuredByItsBlock reads an A7 page (74×105 mm) holding one
// card of 66×97 mm in a pale blue on white, a heading and lines of text
// in white bands across it: the game's 63×88 mm leaves part of it
// outside, and the sizes the text's edges repeat at cut it into strips.
// The card's own block is measured, and read as one card. The print of a
// sheet of nine cards is no card's size and is not.
func TestLoneCardMeasuredByItsBlock(t *testing.T) {
	t.Parallel()
	const dpi = 150
	pxmm := float64(dpi) / 25.4
	px := func(v float64) int { return int(math.Round(v * pxmm)) }
	img := image.NewNRGBA(image.Rect(0, 0, px(74), px(105)))
	draw.Draw(img, img.Bounds(), image.White, image.Point{}, draw.Src)
	card := image.Rect(px(4), px(4), px(70), px(101))
	draw.Draw(img, card, image.NewUniform(color.NRGBA{128, 206, 250, 255}), image.Point{}, draw.Src)
	dark := image.NewUniform(color.NRGBA{20, 40, 60, 255})
	draw.Draw(img, image.Rect(px(15), px(8), px(59), px(14)), dark, image.Point{}, draw.Src)
	for k := 0; k < 5; k++ {
		y := 62 + 5*float64(k)
		draw.Draw(img, image.Rect(px(8), px(y), px(66), px(y+2.2)), dark, image.Point{}, draw.Src)
	}
	g := measuredGrid(img, img.Bounds(), dpi, 63, 88, false, nil)
	if g == nil || len(g.cells) != 1 {
		t.Fatalf("a lone card: %+v, want one card", g)
	}
	if r := g.cells[0].trim; abs(r.Min.X-card.Min.X) > px(1) || abs(r.Min.Y-card.Min.Y) > px(1) || abs(r.Max.X-card.Max.X) > px(1) || abs(r.Max.Y-card.Max.Y) > px(1) {
		t.Errorf("the card cut at %v, want %v", r, card)
	}

	sheet := image.NewNRGBA(image.Rect(0, 0, px(210), px(297)))
	draw.Draw(sheet, sheet.Bounds(), image.White, image.Point{}, draw.Src)
	draw.Draw(sheet, image.Rect(px(10), px(15), px(199), px(279)), image.NewUniform(color.NRGBA{128, 206, 250, 255}), image.Point{}, draw.Src)
	if _, _, ok := printBlock(greyOf(sheet, sheet.Bounds(), 1), pxmm, 63, 88); ok {
		t.Error("the print of a sheet of nine cards taken for one card's block")
	}
}
