package render

import "github.com/deckwright/deckwright/cardface"

// Item and CardItem are cardface's, under the names they had when the
// card/face model lived here (issue 37 item 3). They stay only while
// pnp's tests, which are being rewritten on their own branch, still name
// them; nothing else may: use cardface.
type Item = cardface.Item

// CardItem is cardface.CardItem (see Item).
var CardItem = cardface.CardItem
