package templates_test

import (
	"fmt"

	"github.com/deckwright/deckwright/cardsdb"
	"github.com/deckwright/deckwright/templates"
)

// Lay out the text proxy of a bundled card and list what to draw.
func ExampleSet_Render() {
	db, err := cardsdb.LoadBundled()
	if err != nil {
		fmt.Println(err)
		return
	}
	set, err := templates.LoadBundled()
	if err != nil {
		fmt.Println(err)
		return
	}
	game, _ := db.Game("seeker-chronicles")
	card := game.Card("Schrödinger's Cat")
	face, warnings := set.Render(card, game, templates.FaceSize(game, card), templates.Front)
	fmt.Println(face.Template, face.Size.W, "x", face.Size.H, len(warnings), "warnings")
	for _, b := range face.Blocks {
		for _, l := range b.Lines {
			fmt.Printf("%-11s %-12s %4.1fpt  %q\n", b.Box, b.Font, b.Size, l.Text)
		}
	}
	// Output:
	// seeker-chronicles/module 63 x 88 0 warnings
	// link        GoBold       16.0pt  "1*"
	// name        GoBold       11.0pt  "Schrödinger's Cat"
	// power       GoBold       16.0pt  "2*"
	// link-label  GoRegular     5.0pt  "link"
	// power-label GoRegular     5.0pt  "power"
	// type        GoItalic      7.0pt  "Module · Quantum"
	// costs       GoBold        7.0pt  "Hyperlink 2*"
	// notice      GoRegular     5.0pt  "* provisional value"
}

// Fit sets a text in a box, shrinking the font until it fits.
func ExampleFit() {
	text := "[Reaction] When an allied Unit on my Realm dies: Refresh 1 Arkhé. [Fast] Lose 1 Willpower: Ready an allied Unit on my Realm."
	f := templates.Fit(text, 40, 12, templates.FitOptions{Size: 8, MinSize: 5, Wrap: true})
	fmt.Println(f.Size, f.Cut)
	for _, l := range f.Lines {
		fmt.Println(l)
	}
	// Output:
	// 7 false
	// [Reaction] When an allied Unit on
	// my Realm dies: Refresh 1 Arkhé.
	// [Fast] Lose 1 Willpower: Ready an
	// allied Unit on my Realm.
}
