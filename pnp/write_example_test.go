package pnp_test

import (
	"context"
	"fmt"
	"image"
	"os"
	"path/filepath"

	"github.com/deckwright/deckwright/cardsdb"
	"github.com/deckwright/deckwright/pnp"
)

// Write turns what Import found into a card folder that --db loads. Here
// a made-up Result of two copies of one card stands in for Import.
func ExampleWrite() {
	db, _ := cardsdb.LoadBundled()
	game, _ := db.Game("seeker-chronicles")
	face := image.NewRGBA(image.Rect(0, 0, 63, 88))
	res := &pnp.Result{
		Pages: []pnp.PageReport{{Page: 1, Side: "fronts", Method: "gaps", Rows: 1, Cols: 2, Cards: 2}},
		Cards: []pnp.Card{
			{Front: pnp.Face{Page: 1, Row: 1, Col: 1, Image: face, Hash: 42}},
			{Front: pnp.Face{Page: 1, Row: 1, Col: 2, Image: face, Hash: 42}},
		},
	}
	tmp, _ := os.MkdirTemp("", "pnp-example")
	defer os.RemoveAll(tmp)
	sum, err := pnp.Write(context.Background(), res, filepath.Join(tmp, "seeker-pnp"), pnp.WriteOptions{
		Game:   game,
		Naming: pnp.Naming{Order: []string{"Rogue Star"}},
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(sum.Cards, "cards cut,", sum.Distinct, "distinct,", sum.Existing, "card of the game got its image")
	fmt.Println(sum.Files)
	// Output:
	// 2 cards cut, 1 distinct, 1 card of the game got its image
	// [cards/pnp.yaml contact-pages.png contact-sheet.html contact-sheet.png images/p01-r1c1.jpg]
}
