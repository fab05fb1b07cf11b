package cardsdb

// Variant is a way of playing a game with a different set of cards, as
// Seeders' expert mode: the cards it removes from the physical set. A deck
// chooses a variant with variant: ID; Resolve then leaves the removed
// copies out of the sections it fills (all, from_packs), and the manifest
// rule expects the physical set without them.
type Variant struct {
	ID     string
	Name   string
	Doc    string
	Remove []Removal
	Pos    Pos
}

// Removal is one card a variant takes out of the physical set, and how
// many copies.
type Removal struct {
	Name  string // as written in game.yaml
	Count int
	// Card is the card Name names, once the game's cards are loaded.
	Card *Card
	Pos  Pos
}

// Removed returns how many copies of c the variant removes; a nil variant
// removes none.
func (v *Variant) Removed(c *Card) int {
	if v == nil {
		return 0
	}
	n := 0
	for _, r := range v.Remove {
		if r.Card == c || (r.Card == nil && Fold(r.Name) == c.Key) {
			n += r.Count
		}
	}
	return n
}

// Variant returns the game's variant with the id, or nil.
func (g *Game) Variant(id string) *Variant {
	for _, v := range g.Variants {
		if v.ID == id {
			return v
		}
	}
	return nil
}

// VariantIDs lists the ids of the game's variants, in declaration order.
func (g *Game) VariantIDs() []string {
	out := make([]string, len(g.Variants))
	for i, v := range g.Variants {
		out[i] = v.ID
	}
	return out
}
