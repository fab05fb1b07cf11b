package cardsdb

// Collection is what a player owns of one game: how many copies of each
// card, read from a list in the decklist format (deckwright validate
// --owned FILE). Sections, if the list has any, are ignored: a card's
// copies are summed over the list.
type Collection struct {
	File  string
	Game  *Game
	owned map[*Card]int
}

// NewCollection reads an owned list (a decklist or a YAML deck) for game g.
// A game line, if any, must name g; every name must be a card of g (an
// unknown name is an error with a did-you-mean, as in a deck).
func NewCollection(l *DeckList, g *Game) (*Collection, error) {
	c := &Collection{File: l.File, Game: g, owned: map[*Card]int{}}
	var errs ErrorList
	if l.Game != "" && l.Game != g.ID {
		errs.Add(l.GamePos, "the owned list is for game %q, but the deck is a %s deck (give one owned list per game)", l.Game, g.ID)
		return nil, errs.Err()
	}
	for _, e := range l.Entries {
		card := g.Card(e.Name)
		if card == nil {
			errs.Add(e.Pos, "no card named %q in %s%s", e.Name, g.Name, didYouMean(g.Suggest(e.Name)))
			continue
		}
		c.owned[card] += e.Count
	}
	return c, errs.Err()
}

// Need is how many copies of a card a deck uses, beside what is owned and
// what the physical game holds.
type Need struct {
	Card     *Card
	Pos      Pos // the card's first entry in the deck
	Section  string
	Count    int // copies the deck uses
	Owned    int // copies the collection holds
	Physical int // copies one physical game holds (less a variant's removals)
}

// Missing returns Count minus Owned, or 0.
func (n Need) Missing() int { return max(n.Count-n.Owned, 0) }

// Needs lists every card of the deck with the copies it uses, owns and
// the physical game holds, in the deck's order. Cards the deck did not
// list itself (companions, a setup's cards) count as the others.
func (c *Collection) Needs(d *Deck) []Need {
	var out []Need
	at := map[*Card]int{}
	for _, dc := range d.Cards {
		if i, ok := at[dc.Card]; ok {
			out[i].Count += dc.Count
			continue
		}
		at[dc.Card] = len(out)
		sec := ""
		if dc.Section != nil {
			sec = dc.Section.ID
		}
		out = append(out, Need{Card: dc.Card, Pos: dc.Pos, Section: sec, Count: dc.Count, Owned: c.owned[dc.Card], Physical: d.physical(dc.Card)})
	}
	return out
}

// Missing returns the deck less what the collection holds: each entry's
// count reduced by the copies owned (used up in the deck's order), and the
// entries fully owned left out. Printing it prints just what the player
// lacks.
func (c *Collection) Missing(d *Deck) *Deck {
	left := map[*Card]int{}
	for card, n := range c.owned {
		left[card] = n
	}
	m := *d
	m.Cards = nil
	for _, dc := range d.Cards {
		use := min(left[dc.Card], dc.Count)
		left[dc.Card] -= use
		if dc.Count > use {
			dc.Count -= use
			m.Cards = append(m.Cards, dc)
		}
	}
	return &m
}
