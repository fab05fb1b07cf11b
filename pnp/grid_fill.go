package pnp

import (
	"fmt"
	"image"
	"math"
)

// findGrid looks for a grid of cardW×cardH mm cards (either way up) in
// region of img, a page rendered at dpi; noFrames leaves out the thin
// frames seen on the cards (see framedGrid).
//
// On a page filled with a colour (its border neither white nor near it)
// the cards are first looked for by their edges against the fill alone:
// a change within a card, such as a dark header band over a white body,
// is as strong as a card's own edge and, repeated at the cards' pitch,
// can outweigh it (a lattice of cells that start at the headers' lower
// edge and touch). That reading is kept when its cards explain all that
// is printed with nothing but the fill between them (method "gaps");
// else the page is read as any other.
func findGrid(img *image.NRGBA, region image.Rectangle, dpi int, cardW, cardH float64, noFrames bool) (*pageGrid, error) {
	grid, err := findGridOnce(img, region, dpi, cardW, cardH, noFrames)
	if err != nil || !overlapping(grid.cells, float64(dpi)/25.4) {
		return grid, err
	}
	// Cards do not lie over each other. Cut at frames seen on them, the
	// frames are a design inside the cards (a back's inner frame on its
	// bleed, a double frame's inner rule): the cells' own edges are
	// tried; a lattice still too tight for its cards is none.
	if !noFrames {
		if g2, err2 := findGridOnce(img, region, dpi, cardW, cardH, true); err2 == nil && !overlapping(g2.cells, float64(dpi)/25.4) {
			return g2, nil
		}
	}
	return nil, fmt.Errorf("%s mm cards would overlap on the lattice seen", sizeName(cardW, cardH))
}

func findGridOnce(img *image.NRGBA, region image.Rectangle, dpi int, cardW, cardH float64, noFrames bool) (*pageGrid, error) {
	k := max(1, int(math.Round(float64(dpi)/detectDPI)))
	if g := greyOf(img, region, k); g.w >= 8 && g.h >= 8 && g.paper() < 255-inkLevel {
		if grid, err := findGridBy(img, region, dpi, cardW, cardH, true, noFrames); err == nil && grid.method == "gaps" {
			return grid, nil
		}
	}
	return findGridBy(img, region, dpi, cardW, cardH, false, noFrames)
}

// stretch doubles every grey level's distance from the paper's: on a page
// filled with a flat colour, a light band over a card (a pale grey header
// on a mid grey fill) is printed matter, though less than inkLevel off
// the fill.
func (g *greyMap) stretch(paper int) {
	g.ink, g.shared = nil, nil
	for i, v := range g.pix {
		g.pix[i] = uint8(min(255, max(0, paper+2*(int(v)-paper))))
	}
}
