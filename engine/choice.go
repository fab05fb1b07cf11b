package engine

// Choice is a decision a card's ability asks a policy for: N options, each
// a place (Index: a slot, a hand position, a unit...) holding a card
// (Card). K is the game's kind of choice and A what the chosen thing is
// for (a game without such a field uses uint8). It is a fixed array, so
// asking costs no allocation.
type Choice[K, A ~uint8] struct {
	Kind   K
	Action A     // what the chosen option is for, when the kind needs it
	Source uint8 // the card whose ability asks
	N      int
	Index  [2 * MaxPile]int
	Card   [2 * MaxPile]uint8
}

// Reset empties c for a new choice of kind k asked by the card src, and
// returns it.
func (c *Choice[K, A]) Reset(k K, src uint8) *Choice[K, A] {
	var zero A
	c.Kind, c.Source, c.N, c.Action = k, src, 0, zero
	return c
}

// Add adds the option: place i, holding card. Options past the array's
// size are dropped.
func (c *Choice[K, A]) Add(i int, card uint8) {
	if c.N < len(c.Index) {
		c.Index[c.N], c.Card[c.N] = i, card
		c.N++
	}
}
