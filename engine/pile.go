package engine

// MaxPile is the most cards a Pile holds: a game's piles (a stack, a
// hand, a Realm Deck...) are fixed arrays, so that a game in progress
// costs no allocation.
const MaxPile = 64

// Pile is an ordered pile of card ids (a game's own small integers); the
// top is the last. The game's rules keep a pile within MaxPile cards.
type Pile struct {
	N    int
	Card [MaxPile]uint8
}

// Push puts c on top.
func (p *Pile) Push(c uint8) {
	p.Card[p.N] = c
	p.N++
}

// TryPush puts c on top unless the pile is full, and says whether it did.
func (p *Pile) TryPush(c uint8) bool {
	if p.N >= MaxPile {
		return false
	}
	p.Push(c)
	return true
}

// Pop takes the top card; the pile must not be empty.
func (p *Pile) Pop() uint8 {
	p.N--
	return p.Card[p.N]
}

// Top returns the top card; the pile must not be empty.
func (p *Pile) Top() uint8 { return p.Card[p.N-1] }

// Remove takes out the card at i, keeping the order of the others.
func (p *Pile) Remove(i int) uint8 {
	c := p.Card[i]
	copy(p.Card[i:p.N-1], p.Card[i+1:p.N])
	p.N--
	return c
}

// Bottom puts c at the bottom.
func (p *Pile) Bottom(c uint8) {
	copy(p.Card[1:p.N+1], p.Card[:p.N])
	p.Card[0] = c
	p.N++
}

// Cards returns the pile, bottom first.
func (p *Pile) Cards() []uint8 { return p.Card[:p.N] }

// Count returns how many copies of c the pile holds.
func (p *Pile) Count(c uint8) int {
	n := 0
	for _, x := range p.Card[:p.N] {
		if x == c {
			n++
		}
	}
	return n
}

// Index returns the place of the first copy of c from the bottom, or -1.
func (p *Pile) Index(c uint8) int {
	for i, x := range p.Card[:p.N] {
		if x == c {
			return i
		}
	}
	return -1
}
