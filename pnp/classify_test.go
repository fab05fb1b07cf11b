package pnp

import (
	"image"
	"image/color"
	"image/draw"
	"math/rand/v2"
	"testing"
)

// classifyPX is the resolution of the synthetic pages below, px/mm.
const classifyPX = 3.0

// cellsAt lays out rows×cols cells of w×h mm, gap mm apart, from x0,y0
// mm, in pixels of classifyPX.
func cellsAt(rows, cols int, x0, y0, w, h, gap float64) []gridCell {
	var cells []gridCell
	for r := 0; r < rows; r++ {
		for c := 0; c < cols; c++ {
			x, y := x0+float64(c)*(w+gap), y0+float64(r)*(h+gap)
			px := image.Rect(int(x*classifyPX), int(y*classifyPX), int((x+w)*classifyPX), int((y+h)*classifyPX))
			cells = append(cells, gridCell{trim: px, bleed: px, row: r + 1, col: c + 1})
		}
	}
	return cells
}

func blankPage(wmm, hmm float64) *image.NRGBA {
	img := image.NewNRGBA(image.Rect(0, 0, int(wmm*classifyPX), int(hmm*classifyPX)))
	draw.Draw(img, img.Bounds(), image.NewUniform(color.White), image.Point{}, draw.Src)
	return img
}

// paintMap draws a board: a few hundred discs of many colours and sizes
// strewn over r, one picture whatever grid is laid over it.
func paintMap(img *image.NRGBA, r image.Rectangle, seed uint64) {
	rng := rand.New(rand.NewPCG(seed, 1))
	draw.Draw(img, r, image.NewUniform(color.NRGBA{60, 140, 60, 255}), image.Point{}, draw.Src)
	for i := 0; i < 400; i++ {
		cx, cy := r.Min.X+rng.IntN(r.Dx()), r.Min.Y+rng.IntN(r.Dy())
		rad := int((3 + 15*rng.Float64()) * classifyPX)
		col := color.NRGBA{uint8(rng.IntN(256)), uint8(rng.IntN(256)), uint8(rng.IntN(256)), 255}
		for y := cy - rad; y <= cy+rad; y++ {
			for x := cx - rad; x <= cx+rad; x++ {
				if (x-cx)*(x-cx)+(y-cy)*(y-cy) <= rad*rad && (image.Point{x, y}).In(r) {
					img.SetNRGBA(x, y, col)
				}
			}
		}
	}
}

// TestPictureAcross checks the map-or-board test on synthetic pages: a
// grid laid over one picture is a picture; cards with art of their own,
// and cards of one template (the same border on every card), are not.
func TestPictureAcross(t *testing.T) {
	t.Parallel()
	cells := cellsAt(3, 3, 8, 10, 63, 88, 3)
	board := blankPage(210, 297)
	paintMap(board, board.Bounds().Inset(int(5*classifyPX)), 7)

	art := blankPage(210, 297)
	for i, c := range cells {
		paintMap(art, c.trim, uint64(100+i))
	}

	template := blankPage(210, 297)
	for i, c := range cells {
		paintMap(template, c.trim, uint64(200+i))
		// The same border on every card: bands of colour along each
		// edge, broken at the same places.
		for k := 0; k < 8; k++ {
			col := color.NRGBA{uint8(20 + (k*97)%220), uint8((k * 53) % 200), uint8(200 - (k*31)%150), 255}
			band := int(4 * classifyPX)
			seg := c.trim.Dy() / 8
			draw.Draw(template, image.Rect(c.trim.Min.X, c.trim.Min.Y+k*seg, c.trim.Min.X+band, c.trim.Min.Y+(k+1)*seg), image.NewUniform(col), image.Point{}, draw.Src)
			draw.Draw(template, image.Rect(c.trim.Max.X-band, c.trim.Min.Y+k*seg, c.trim.Max.X, c.trim.Min.Y+(k+1)*seg), image.NewUniform(col), image.Point{}, draw.Src)
			seg = c.trim.Dx() / 8
			draw.Draw(template, image.Rect(c.trim.Min.X+k*seg, c.trim.Min.Y, c.trim.Min.X+(k+1)*seg, c.trim.Min.Y+band), image.NewUniform(col), image.Point{}, draw.Src)
			draw.Draw(template, image.Rect(c.trim.Min.X+k*seg, c.trim.Max.Y-band, c.trim.Min.X+(k+1)*seg, c.trim.Max.Y), image.NewUniform(col), image.Point{}, draw.Src)
		}
	}
	plain := blankPage(210, 297) // white cards: no detail at the edges
	for _, tc := range []struct {
		name string
		img  *image.NRGBA
		want bool
	}{
		{"board", board, true},
		{"cards with their own art", art, false},
		{"cards of one template", template, false},
		{"plain cards", plain, false},
	} {
		got, why := pictureAcross(tc.img, cells, classifyPX)
		if got != tc.want {
			t.Errorf("%s: picture %v (%q), want %v", tc.name, got, why, tc.want)
		}
		if got && why == "" {
			t.Errorf("%s: no reason given", tc.name)
		}
	}
}

// textLines prints n lines of "text" (bars h mm high, 1.5 mm apart) in
// a cell, 5 mm in from its edges.
func textLines(img *image.NRGBA, r image.Rectangle, n int, h float64) {
	y := r.Min.Y + int(5*classifyPX)
	for i := 0; i < n && y+int(h*classifyPX) < r.Max.Y; i++ {
		draw.Draw(img, image.Rect(r.Min.X+int(5*classifyPX), y, r.Max.X-int(5*classifyPX), y+int(h*classifyPX)), image.NewUniform(color.Black), image.Point{}, draw.Src)
		y += int((h + 1.5) * classifyPX)
	}
}

// TestLeaflet checks the booklet test: two panels of body text on an A4
// page that holds nine such cards are a leaflet; a full page of text
// cards, or two cards of a few big words, are not.
func TestLeaflet(t *testing.T) {
	t.Parallel()
	two := cellsAt(1, 2, 49, 25, 56, 87, 0)
	booklet := blankPage(210, 297)
	for _, c := range two {
		textLines(booklet, c.trim, 20, 2)
	}
	nine := cellsAt(3, 3, 21, 18, 56, 87, 0)
	full := blankPage(210, 297)
	for _, c := range nine {
		textLines(full, c.trim, 20, 2)
	}
	big := blankPage(210, 297)
	for _, c := range two {
		textLines(big, c.trim, 3, 7)
	}
	for _, tc := range []struct {
		name  string
		img   *image.NRGBA
		cells []gridCell
		want  bool
	}{
		{"two panels of text", booklet, two, true},
		{"a full page of text cards", full, nine, false},
		{"two cards of big words", big, two, false},
	} {
		got, why := leaflet(tc.img, tc.cells, classifyPX, 210, 297)
		if got != tc.want {
			t.Errorf("%s: leaflet %v (%q), want %v", tc.name, got, why, tc.want)
		}
	}
}

// TestDropLeaflets checks that pages of panels are skipped only when no
// other page holds cards: a partly filled last page of text cards after
// full ones keeps its cards.
func TestDropLeaflets(t *testing.T) {
	t.Parallel()
	res := &Result{
		Pages: []PageReport{{Page: 1, Side: "fronts", Cards: 2, leaflet: "2 panels"}, {Page: 2, Side: "skipped", Skipped: "no grid"}},
		Cards: []Card{{Front: Face{Page: 1}}, {Front: Face{Page: 1}}},
	}
	if errs := dropLeaflets(res); len(errs) != 1 || len(res.Cards) != 0 || res.Pages[0].Side != "skipped" || res.Pages[0].Skipped != noCards+": 2 panels" {
		t.Errorf("leaflets alone: %v, %d cards, page 1 %+v", errs, len(res.Cards), res.Pages[0])
	}
	res = &Result{
		Pages: []PageReport{{Page: 1, Side: "fronts", Cards: 9}, {Page: 2, Side: "fronts", Cards: 2, leaflet: "2 panels"}},
		Cards: make([]Card, 11),
	}
	if errs := dropLeaflets(res); errs != nil || len(res.Cards) != 11 || res.Pages[1].Side != "fronts" {
		t.Errorf("after a full page: %v, %d cards, page 2 %+v", errs, len(res.Cards), res.Pages[1])
	}
}
