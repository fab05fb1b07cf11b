package cardface

import (
	"io/fs"

	"github.com/deckwright/deckwright/cardsdb"
)

// Face is what to print on one side of a card: its art when it has some,
// else a text proxy drawn from the card's template.
type Face struct {
	Game *cardsdb.Game
	// Card is the card whose face this is; nil for a game's default back.
	Card *cardsdb.Card
	// Second marks the second face of a double-faced card.
	Second bool
	// Image is the art's path in FS, "" for a text proxy.
	Image string
	FS    fs.FS
	// Landscape marks a face wider than tall (cardsdb.Game.Landscape:
	// Arkhtide realms, or a card whose own landscape key says so); it is
	// turned into a portrait slot.
	Landscape bool
	// BackType, for a default back (Card nil), is the card type whose own
	// back it is (cardsdb.CardType.Back: Kaizerseat's Thronecards); "" for
	// the game's back.
	BackType string
}

// Name names the face in messages: the card's name, "(second face)" for
// the second face of a double-faced card, or the card back of its game.
func (f Face) Name() string {
	switch {
	case f.Card != nil && f.Second:
		return f.Card.Name + " (second face)"
	case f.Card != nil:
		return f.Card.Name
	case f.Game != nil:
		return "card back of " + f.Game.Name
	}
	return "card back"
}

// Item is one physical card to print: a front and, for duplex or fold
// printing, a back.
type Item struct {
	Front Face
	Back  Face
	// Own reports that the back is the card's own second face (a
	// double-faced card) rather than the game's default back.
	Own bool
}

// Name names the item's card in messages.
func (it Item) Name() string {
	if it.Front.Card != nil {
		return it.Front.Card.Name
	}
	return "card back"
}

// CardItem returns the item that prints one copy of c: its front, and its
// own second face or else the back of its type (or of its game) behind it.
func CardItem(g *cardsdb.Game, c *cardsdb.Card) Item {
	landscape := g.Landscape(c)
	it := Item{
		Front: Face{Game: g, Card: c, Image: c.Image, FS: g.FS, Landscape: landscape},
		Back:  Face{Game: g, Image: g.Back.Image, FS: g.FS},
	}
	if t := g.Type(c.Type); t != nil && t.Back != nil {
		it.Back.Image, it.Back.BackType = t.Back.Image, t.ID
	}
	if c.Back != nil {
		it.Back = Face{Game: g, Card: c, Second: true, Image: c.Back.Image, FS: g.FS, Landscape: landscape}
		it.Own = true
	}
	return it
}

// DeckItems lists every card of a deck in its count, section by section in
// the game's order (leaders and Guardians first as the game lists them),
// each section in the deck's order. Unknown cards are left out.
func DeckItems(d *cardsdb.Deck) []Item {
	var out []Item
	for _, s := range d.Game.Sections {
		for _, dc := range d.Cards {
			if dc.Section != s {
				continue
			}
			for i := 0; i < dc.Count; i++ {
				out = append(out, CardItem(d.Game, dc.Card))
			}
		}
	}
	for _, dc := range d.Cards {
		if dc.Section == nil {
			for i := 0; i < dc.Count; i++ {
				out = append(out, CardItem(d.Game, dc.Card))
			}
		}
	}
	return out
}

// SetItems lists a game's whole card pool in the counts of its physical
// set: a full print-and-play set.
func SetItems(g *cardsdb.Game) []Item {
	var out []Item
	for _, c := range g.Cards {
		for i := 0; i < c.Copies; i++ {
			out = append(out, CardItem(g, c))
		}
	}
	return out
}
