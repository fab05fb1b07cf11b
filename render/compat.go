package render

import (
	"github.com/deckwright/deckwright/cardface"
	"github.com/deckwright/deckwright/cardsdb"
)

// Item is cardface.Item, under the name it had when it lived here.
//
// Deprecated: use cardface.Item. It stays only while pnp's tests, which
// are being rewritten on their own branch, still name it.
type Item = cardface.Item

// CardItem is cardface.CardItem.
//
// Deprecated: use cardface.CardItem (see Item).
func CardItem(g *cardsdb.Game, c *cardsdb.Card) Item { return cardface.CardItem(g, c) }
