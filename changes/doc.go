// Package changes compares two versions of a game's cards: the cards
// added, removed and changed (with the fields that changed), so that a
// designer can see what a new version of a game does and reprint only
// what changed.
//
// Cards are matched by name (case, accents and spacing ignored); a
// renamed card is one removed and one added. A card's art counts as
// changed when its path changes or when the file's bytes do (both
// versions' files are read when both games have their files).
//
// Example:
//
//	d := changes.Compare(oldGame, newGame)
//	for _, c := range d.Changed {
//		fmt.Println(c.Name, strings.Join(c.Fields, ", "))
//	}
package changes
