package cli_test

import (
	"context"
	"image"
	"image/color"

	"github.com/rogpeppe/go-internal/testscript"

	"github.com/deckwright/deckwright/cardsdb"
	"github.com/deckwright/deckwright/pnp"
)

// cmdPnpFolder writes the card folder an import of a small duplex PnP PDF
// gives, without a PDF (the scripts test what follows an import):
//
//	pnpfolder DIR
//
// Page 1 holds four fronts, the first card twice (r1c1 and r2c1); page 2
// their backs: one back shared by three cards and a back of its own for
// the card at r1c3. The first card is named Rogue Star (a card of Seeker
// Chronicles), the others keep their "Page 1 r1c2" names.
func cmdPnpFolder(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 1 {
		ts.Fatalf("usage: pnpfolder DIR")
	}
	db, err := cardsdb.LoadBundled()
	ts.Check(err)
	g, _ := db.Game("seeker-chronicles")
	shared := scriptFace(2, 1, 3, 100, 0)
	own := scriptFace(2, 1, 1, 103, 1)
	res := &pnp.Result{
		Pages: []pnp.PageReport{
			{Page: 1, Side: "fronts", Method: "marks", Rows: 2, Cols: 3, Cards: 4},
			{Page: 2, Side: "backs", Method: "marks", Rows: 2, Cols: 3, Cards: 4},
		},
		Cards: []pnp.Card{
			{Front: scriptFace(1, 1, 1, 0, 0), Back: &shared},
			{Front: scriptFace(1, 1, 2, 1, 0), Back: &shared},
			{Front: scriptFace(1, 1, 3, 2, 0), Back: &own},
			{Front: scriptFace(1, 2, 1, 0, 1), Back: &shared},
		},
	}
	_, err = pnp.Write(context.Background(), res, ts.MkAbs(args[0]), pnp.WriteOptions{
		Game: g, Source: "script.pdf", Naming: pnp.Naming{Order: []string{"Rogue Star"}},
	})
	ts.Check(err)
}

// scriptFace draws art id at 63x88 mm and 210 DPI; noise makes a second
// cut of the same art differ a little, as a real one does.
func scriptFace(page, row, col, id, noise int) pnp.Face {
	const w, h = 521, 728
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	bg := color.RGBA{uint8(30 + 70*(id%3)), uint8(90 + 50*(id%2)), uint8(220 - 60*(id%4)), 255}
	bx, by := 40+(id*97)%300, 60+(id*131)%400
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			c := bg
			if x >= bx && x < bx+150 && y >= by && y < by+180 {
				c = color.RGBA{245, 240, 230, 255}
			}
			if noise != 0 && (x+y)%5 == 0 {
				c.G += 2
			}
			img.SetRGBA(x, y, c)
		}
	}
	return pnp.Face{Page: page, Row: row, Col: col, Image: img, Hash: uint64(id+1) * 0x9E3779B97F4A7C15}
}
