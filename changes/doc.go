// Package changes compares two versions of a game's cards: the cards
// added, removed and changed (with the fields that changed), so that a
// designer can see what a new version of a game does and reprint only
// what changed.
//
// Cards are matched by name (case, accents and spacing ignored); a
// renamed card is one removed and one added. A card changes when one of
// its fields does or when anything its face is drawn from does: its
// Fingerprint lists its art, its template, the images, fonts and icons
// the template draws for it and the laid-out face, each found by the
// templates' own lookup (as print draws it), with the hash of its bytes.
//
// Example:
//
//	d, err := changes.Compare(oldGame, newGame, oldTemplates, newTemplates)
//	for _, c := range d.Changed {
//		fmt.Println(c.Name, strings.Join(c.Fields, ", "))
//	}
package changes
