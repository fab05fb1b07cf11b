// Package cardface says what is printed or drawn of a deck: each physical
// card as an Item, its front and its back, and each side as a Face (the
// card, which side it is, its art if it has some). It holds the model
// only: package render writes Items onto PDF sheets, package faces draws
// Faces as images, package export hands them to other tools, and each of
// them takes the same values, built here from the card database.
//
// [DeckItems] lists a deck's cards in its count, [SetItems] a game's whole
// set, [CardItem] one copy of one card:
//
//	items := cardface.DeckItems(deck)
//	for _, it := range items {
//		fmt.Println(it.Name(), it.Front.Name(), it.Back.Name())
//	}
package cardface
