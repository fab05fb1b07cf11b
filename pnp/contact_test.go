package pnp

import (
	"bytes"
	"context"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestPagesSheetGrid checks the contact sheets show what was cut and
// what was not (issue 21): the pages sheet draws the grid found over each
// page, a page skipped as a board included, frames the skipped page red
// and an uncertain one orange; the HTML lists every page with its
// confidence, the skip reason and the doubt, and names the uncertain
// pages.
func TestPagesSheetGrid(t *testing.T) {
	_, g := seeker(t)
	res := sheet([]int{0, 1, 2}, nil)
	res.Pages[0].W, res.Pages[0].H = 210, 297
	res.Pages[0].Confidence = 0.95
	board := []Rect{{X: 10, Y: 10, W: 88, H: 63}, {X: 110, Y: 10, W: 88, H: 63}}
	res.Pages = append(res.Pages,
		PageReport{Page: 2, Side: "skipped", W: 210, H: 297, Grid: board, Confidence: 0.8,
			Skipped: noCards + ": one picture runs on across 8 of 10 cell edges"},
		PageReport{Page: 3, Side: "fronts", Method: "gaps", Rows: 1, Cols: 1, Cards: 1, W: 210, H: 297, Confidence: 0.5,
			Doubt: "1 cards, not on the grid of page 1's 3"})
	res.Cards = append(res.Cards, Card{Front: Face{Page: 3, Row: 1, Col: 1, Image: art(7, 0), Hash: hashOf(7, 0), Trim: Rect{X: 50, Y: 50, W: 63, H: 88}}})
	dir := filepath.Join(t.TempDir(), "o")
	if _, err := Write(context.Background(), res, dir, WriteOptions{Game: g}); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(filepath.Join(dir, ContactPages))
	if err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	tileW := pageTile + 2*tilePad
	box := fitBox(image.Rect(0, 0, 2100, 2970), pageTile, pageTile)
	scale := float64(box.Dx()) / 210
	at := func(page int, x, y float64) (r, g, b uint32) {
		px := (page-1)*tileW + tilePad + int(x*scale)
		py := tilePad + int(y*scale)
		r, g, b, _ = img.At(px, py).RGBA()
		return r >> 8, g >> 8, b >> 8
	}
	// The board's grid: orange along its cells' top edge.
	if r, g, b := at(2, 50, 10); !(r > 200 && g > 100 && g < 160 && b < 40) {
		t.Errorf("page 2: no orange grid line at the board's cell edge (rgb %d %d %d)", r, g, b)
	}
	// Page 2 framed red, page 3 orange, page 1 grey.
	if r, g, b := at(2, 0, 150); !(r > 200 && g < 40 && b < 40) {
		t.Errorf("page 2: frame rgb %d %d %d, want red", r, g, b)
	}
	if r, g, b := at(3, 0, 150); !(r > 200 && g > 100 && g < 160 && b < 40) {
		t.Errorf("page 3: frame rgb %d %d %d, want orange", r, g, b)
	}
	if r, g, b := at(1, 0, 150); r != g || g != b {
		t.Errorf("page 1: frame rgb %d %d %d, want grey", r, g, b)
	}
	page, err := os.ReadFile(filepath.Join(dir, ContactHTML))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		`<img class="pages" src="contact-pages.png"`,
		`<tr class="skipped"><td>2</td><td>skipped</td><td>0</td><td></td><td>80%</td><td>skipped: no grid of cards (a map, a board or rules?): one picture runs on across 8 of 10 cell edges</td></tr>`,
		`<tr class="uncertain"><td>3</td><td>fronts</td><td>1</td><td>1x1, gaps</td><td>50%</td><td>uncertain: 1 cards, not on the grid of page 1&#39;s 3</td></tr>`,
		`<tr><td>1</td><td>fronts</td><td>3</td><td>3x1, gaps</td><td>95%</td><td></td></tr>`,
		`Uncertain: page 3 (1 cards, not on the grid of page 1&#39;s 3).`,
	} {
		if !strings.Contains(string(page), want) {
			t.Errorf("contact-sheet.html lacks %s", want)
		}
	}
}

// TestWrapText checks the reasons under a page on the pages sheet.
func TestWrapText(t *testing.T) {
	got := wrapText("no grid of cards (a map, a board or rules?): one picture runs on", 20, 3)
	want := []string{"no grid of cards (a", "map, a board or", "rules?): one pict..."}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("wrapText = %q, want %q", got, want)
	}
	if got := wrapText("short", 20, 3); len(got) != 1 || got[0] != "short" {
		t.Errorf("wrapText(short) = %q", got)
	}
}
