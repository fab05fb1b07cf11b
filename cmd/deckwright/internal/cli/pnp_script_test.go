package cli_test

import (
	"context"
	"fmt"
	"image"
	"image/color"
	"image/jpeg"
	"os"
	"path/filepath"
	"strconv"
	"strings"

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

// cmdGenArt writes N distinct card images, DIR/card000.jpg ..., for
// scripts that print a PnP PDF with art and import it back:
//
//	genart DIR N
func cmdGenArt(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 2 {
		ts.Fatalf("usage: genart DIR N")
	}
	n, err := strconv.Atoi(args[1])
	ts.Check(err)
	dir := ts.MkAbs(args[0])
	ts.Check(os.MkdirAll(dir, 0o755))
	for id := 0; id < n; id++ {
		f, err := os.Create(filepath.Join(dir, fmt.Sprintf("card%03d.jpg", id)))
		ts.Check(err)
		ts.Check(jpeg.Encode(f, blockArt(id), &jpeg.Options{Quality: 92}))
		ts.Check(f.Close())
	}
}

// blockArt draws art id as a 6x8 grid of blocks whose shades come from a
// generator seeded with id, so that every id has a layout of its own (and
// a perceptual hash far from the others').
func blockArt(id int) image.Image {
	const w, h, bw, bh = 600, 840, 100, 105
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	x := uint32(id)*2654435761 + 12345
	next := func() uint8 {
		x ^= x << 13
		x ^= x >> 17
		x ^= x << 5
		return uint8(x)
	}
	for by := 0; by < h/bh; by++ {
		for bx := 0; bx < w/bw; bx++ {
			c := color.RGBA{next(), next(), next(), 255}
			for y := by * bh; y < (by+1)*bh; y++ {
				for x := bx * bw; x < (bx+1)*bw; x++ {
					img.SetRGBA(x, y, c)
				}
			}
		}
	}
	return img
}

// cmdReplace edits a file in place, as a user edits a recipe: the first
// OLD (\n in it a new line) becomes NEW, and OLD must be there.
//
//	replace FILE OLD NEW
func cmdReplace(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 3 {
		ts.Fatalf("usage: replace FILE OLD NEW")
	}
	name := ts.MkAbs(args[0])
	data, err := os.ReadFile(name)
	ts.Check(err)
	from, to := strings.ReplaceAll(args[1], `\n`, "\n"), strings.ReplaceAll(args[2], `\n`, "\n")
	if !strings.Contains(string(data), from) {
		ts.Fatalf("%s holds no %q", args[0], from)
	}
	ts.Check(os.WriteFile(name, []byte(strings.Replace(string(data), from, to, 1)), 0o644))
}
