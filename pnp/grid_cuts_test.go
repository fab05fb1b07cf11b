package pnp

import (
	"image"
	"image/color"
	"image/draw"
	"math"
	"testing"
)

// synthPage is a white page w×h mm rendered at dpi, for drawing cards on
// in millimetres.
type synthPage struct {
	img  *image.NRGBA
	pxmm float64
}

func newSynthPage(w, h float64, dpi int) *synthPage {
	pxmm := float64(dpi) / 25.4
	img := image.NewNRGBA(image.Rect(0, 0, int(math.Round(w*pxmm)), int(math.Round(h*pxmm))))
	draw.Draw(img, img.Bounds(), image.White, image.Point{}, draw.Src)
	return &synthPage{img: img, pxmm: pxmm}
}

// fill paints the rectangle x, y, w, h (mm) in c.
func (p *synthPage) fill(x, y, w, h float64, c color.Color) {
	r := image.Rect(int(math.Round(x*p.pxmm)), int(math.Round(y*p.pxmm)), int(math.Round((x+w)*p.pxmm)), int(math.Round((y+h)*p.pxmm)))
	draw.Draw(p.img, r, image.NewUniform(c), image.Point{}, draw.Src)
}

// cards lays cols×rows cards of cw×ch mm, gap mm apart, centred on the
// page, drawing card i at x, y with draw; it returns their trims.
func (p *synthPage) cards(cols, rows int, cw, ch, gap float64, draw func(i int, x, y float64)) []Rect {
	b := p.img.Bounds()
	pw, ph := float64(b.Dx())/p.pxmm, float64(b.Dy())/p.pxmm
	x0 := (pw - float64(cols)*cw - float64(cols-1)*gap) / 2
	y0 := (ph - float64(rows)*ch - float64(rows-1)*gap) / 2
	var trims []Rect
	for r := 0; r < rows; r++ {
		for c := 0; c < cols; c++ {
			x, y := x0+float64(c)*(cw+gap), y0+float64(r)*(ch+gap)
			draw(r*cols+c, x, y)
			trims = append(trims, Rect{x, y, cw, ch})
		}
	}
	return trims
}

// text paints lines of "words" (short dark bars) from x, y (mm).
func (p *synthPage) text(x, y, width float64, lines int, seed int) {
	for l := 0; l < lines; l++ {
		cx := x
		for k := 0; cx < x+width-4; k++ {
			wl := 2 + float64((seed*7+l*3+k*5)%5)
			if cx+wl > x+width {
				break
			}
			p.fill(cx, y+float64(l)*4, wl, 2.2, color.Black)
			cx += wl + 1.2
		}
	}
}

// checkTrims fails unless the grid's cells lie at want (mm), to tol mm.
func checkTrims(t *testing.T, g *pageGrid, pxmm float64, want []Rect, tol float64) {
	t.Helper()
	if len(g.cells) != len(want) {
		t.Fatalf("found %d cards, want %d", len(g.cells), len(want))
	}
	for i, c := range g.cells {
		got := Rect{X: float64(c.trim.Min.X) / pxmm, Y: float64(c.trim.Min.Y) / pxmm, W: float64(c.trim.Dx()) / pxmm, H: float64(c.trim.Dy()) / pxmm}
		w := want[i]
		if d := max(math.Abs(got.X-w.X), math.Abs(got.Y-w.Y), math.Abs(got.X+got.W-w.X-w.W), math.Abs(got.Y+got.H-w.Y-w.H)); d > tol {
			t.Errorf("card %d (row %d, col %d) cut at %.2f,%.2f %.2fx%.2f, want %.2f,%.2f %.2fx%.2f (%.2f mm off)", i+1, c.row, c.col, got.X, got.Y, got.W, got.H, w.X, w.Y, w.W, w.H, d)
		}
	}
}

// TestRuledTableLightCards reads a ruled 3×3 table of text cards that
// share their rules, as a LaTeX deck prints them: one card holds a
// single short line and three only the game's small logo. Each is a card
// (cut with the others), though it holds less ink than the share a card
// with art must; a cell of the table with nothing in it is not.
func TestRuledTableLightCards(t *testing.T) {
	const cw, ch, x0, y0, rule = 56.0, 87.0, 21.0, 18.0, 0.3
	for _, empty := range []bool{false, true} {
		p := newSynthPage(210, 297, 150)
		var want []Rect
		for r := 0; r < 3; r++ {
			for c := 0; c < 3; c++ {
				x, y := x0+float64(c)*cw, y0+float64(r)*ch
				last := r == 2 && c == 2
				switch {
				case last && empty:
					continue
				case r == 2:
					p.fill(x+4, y+ch-10, 5, 4, color.Black) // the logo alone
				case r == 1 && c == 1:
					p.text(x+4, y+5, 20, 1, r*3+c) // one short line
					p.fill(x+4, y+ch-10, 5, 4, color.Black)
				default:
					p.text(x+4, y+5, cw-8, 4+c, r*3+c)
					p.fill(x+4, y+ch-10, 5, 4, color.Black)
				}
				want = append(want, Rect{x, y, cw, ch})
			}
		}
		for i := 0; i <= 3; i++ {
			p.fill(x0-rule/2+float64(i)*cw, y0-rule/2, rule, 3*ch+rule, color.Black)
			p.fill(x0-rule/2, y0-rule/2+float64(i)*ch, 3*cw+rule, rule, color.Black)
		}
		g, err := findGrid(p.img, p.img.Bounds(), 150, 56, 87, false)
		if err != nil {
			t.Fatalf("empty=%v: %v", empty, err)
		}
		checkTrims(t, g, p.pxmm, want, 0.5)
	}
}

// roundFrame draws a frame of width t round x, y, w, h (mm) with corners
// of radius r, in c; inside, when fill is not nil, art.
func (p *synthPage) roundFrame(x, y, w, h, r, t float64, c color.Color) {
	x0, y0 := int(math.Round(x*p.pxmm)), int(math.Round(y*p.pxmm))
	x1, y1 := int(math.Round((x+w)*p.pxmm)), int(math.Round((y+h)*p.pxmm))
	for py := y0; py < y1; py++ {
		for px := x0; px < x1; px++ {
			u, v := (float64(px)+0.5)/p.pxmm-x, (float64(py)+0.5)/p.pxmm-y
			// Distance from the rounded rectangle's edge, inwards.
			cx, cy := math.Max(r-u, math.Max(0, u-(w-r))), math.Max(r-v, math.Max(0, v-(h-r)))
			d := math.Min(math.Min(u, w-u), math.Min(v, h-v))
			if cx > 0 && cy > 0 {
				d = r - math.Hypot(cx, cy)
			}
			if d >= 0 && d < t {
				p.img.Set(px, py, c)
			}
		}
	}
}

// TestRoundedFramesOneCard reads a web page's sheet of 3×3 card frames
// with rounded corners, 1 mm apart, of which one holds a card and the
// others are empty (proxy-mtg-firefox in the corpus): the empty frames
// are part of the grid, and the card is cut at its frame's outer edge, a
// little larger than the game's size, not from a block of the wrong size
// 2 mm off.
func TestRoundedFramesOneCard(t *testing.T) {
	const cw, ch, gap, x0, y0 = 63.5, 87.9, 1.0, 8.5, 11.6
	p := newSynthPage(210, 297, 150)
	grey := color.NRGBA{110, 110, 110, 255}
	for r := 0; r < 3; r++ {
		for c := 0; c < 3; c++ {
			p.roundFrame(x0+float64(c)*(cw+gap), y0+float64(r)*(ch+gap), cw, ch, 3, 1, grey)
		}
	}
	p.fill(x0+3, y0+6, cw-6, 40, color.NRGBA{70, 50, 120, 255}) // the art
	p.text(x0+4, y0+52, cw-10, 5, 3)
	g, err := findGrid(p.img, p.img.Bounds(), 150, 63, 88, false)
	if err != nil {
		t.Fatal(err)
	}
	// findGrid keeps the empty frames; Import drops them (blankInside).
	var cards []gridCell
	for _, c := range g.cells {
		if !blankInside(p.img, c.trim, p.pxmm) {
			cards = append(cards, c)
		}
	}
	g.cells = cards
	checkTrims(t, g, p.pxmm, []Rect{{x0, y0, cw, ch}}, 0.4)
}

// TestMeasuredSize reads cards a few millimetres off the game's size:
// 8 cards of 60.5×90.4 mm, 7 mm apart, on a landscape A4 page (a LuaTeX
// deck) imported for a game of 63×88 mm cards, and 2.5×3.5 in cards
// (63.5×88.9) 3 mm apart for the same game. Each is found and cut at its
// own size, not at the size given.
func TestMeasuredSize(t *testing.T) {
	for _, tc := range []struct {
		name           string
		pw, ph, cw, ch float64
		cols, rows     int
		gap            float64
	}{
		{"60.5x90.4", 297, 210, 60.5, 90.4, 4, 2, 7},
		{"2.5x3.5in", 210, 297, 63.5, 88.9, 3, 3, 3},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := newSynthPage(tc.pw, tc.ph, 150)
			want := p.cards(tc.cols, tc.rows, tc.cw, tc.ch, tc.gap, func(i int, x, y float64) {
				p.fill(x, y, tc.cw, tc.ch, color.NRGBA{uint8(60 + 20*i), uint8(200 - 15*i), 140, 255})
				p.fill(x+5, y+8+float64(i), 20, 12, color.White)
			})
			g, err := findGrid(p.img, p.img.Bounds(), 150, 63, 88, false)
			if err != nil {
				t.Fatal(err)
			}
			checkTrims(t, g, p.pxmm, want, 0.4)
			if math.Abs(g.trimW-tc.cw) > 0.3 || math.Abs(g.trimH-tc.ch) > 0.3 {
				t.Errorf("measured %.2fx%.2f mm, want %gx%g", g.trimW, g.trimH, tc.cw, tc.ch)
			}
		})
	}
}

// TestDrawnOnGaps reads silhouette-card-maker's sheet: 4×2 cards of
// 62.82×87.71 mm, 1.45 and 1.19 mm apart, each card's edge drawn on
// across the gaps so that the dark frames of neighbours meet in one band.
// No card's edge is seen, only the white frame inside each card at the
// slots' pitch of 64.27 mm, 2% more than the game's 63 mm: the cards are
// cut at the game's size in the middle of each pitch, not from a block
// of 63.5 mm cells that drifts a millimetre a column.
func TestDrawnOnGaps(t *testing.T) {
	const cw, ch, gx, gy, x0, y0 = 62.82, 87.71, 1.45, 1.19, 20.74, 16.68
	p := newSynthPage(297, 210, 150)
	dark := color.NRGBA{40, 30, 30, 255}
	var want []Rect
	for r := 0; r < 2; r++ {
		for c := 0; c < 4; c++ {
			x, y := x0+float64(c)*(cw+gx), y0+float64(r)*(ch+gy)
			p.fill(x-0.7, y-0.7, cw+1.4, ch+1.4, dark) // the edge drawn on
			p.roundFrame(x+1.5, y+1.5, cw-3, ch-3, 2, 0.8, color.White)
			i := r*4 + c
			p.fill(x+2.3, y+2.3, cw-4.6, ch-4.6, color.NRGBA{uint8(90 + 15*i), uint8(180 - 10*i), 120, 255})
			p.text(x+6, y+50+float64(i%3), cw-14, 3+i%3, i)
			want = append(want, Rect{x, y, cw, ch})
		}
	}
	g, err := findGrid(p.img, p.img.Bounds(), 150, 63, 88, false)
	if err != nil {
		t.Fatal(err)
	}
	if g.rows != 2 || g.cols != 4 {
		t.Fatalf("a %dx%d grid, want 4x2", g.cols, g.rows)
	}
	checkTrims(t, g, p.pxmm, want, 0.5)
}
