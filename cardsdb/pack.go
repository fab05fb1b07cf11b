package cardsdb

// Pack is a named group of a game's cards that a game is set up from, as
// Kaizerseat's Seeker packs are: a setup (a deck with packs:) chooses
// packs, and a section marked from_packs then holds every card of the
// chosen packs. A card names its pack with the common card key pack.
type Pack struct {
	ID   string
	Name string
	// Color is the pack's colour as players see it ("blue").
	Color string
	// ColorGroup names the packs of similar colour; "" means the colour
	// itself is the group. The packs rule warns about two packs of one
	// group in a game.
	ColorGroup string
	Doc        string
	Pos        Pos
}

// Group returns the pack's colour group: ColorGroup, else Color ("" for a
// pack with neither).
func (p *Pack) Group() string {
	if p.ColorGroup != "" {
		return p.ColorGroup
	}
	return p.Color
}

// Pack finds a declared pack by id or name, ignoring case, accents and
// spacing ("Sonar & Sons" and "sonar-and-sons" both find the pack
// sonar-and-sons). It returns nil when the game declares no such pack.
func (g *Game) Pack(name string) *Pack {
	key := Fold(name)
	if key == "" {
		return nil
	}
	for _, p := range g.Packs {
		if Fold(p.ID) == key || Fold(p.Name) == key {
			return p
		}
	}
	return nil
}

// PackNames lists the names of the game's packs, in declaration order.
func (g *Game) PackNames() []string {
	out := make([]string, len(g.Packs))
	for i, p := range g.Packs {
		out[i] = p.Name
	}
	return out
}

// SuggestPack returns up to three pack names (or ids) close to name.
func (g *Game) SuggestPack(name string) []string {
	var cands []string
	for _, p := range g.Packs {
		cands = append(cands, p.Name)
	}
	if s := Suggest(name, cands, 3); len(s) > 0 {
		return s
	}
	cands = cands[:0]
	for _, p := range g.Packs {
		cands = append(cands, p.ID)
	}
	return Suggest(name, cands, 3)
}

// PackCards returns the cards of the pack with the id, in file order.
func (g *Game) PackCards(id string) []*Card {
	var out []*Card
	for _, c := range g.Cards {
		if c.Pack == id {
			out = append(out, c)
		}
	}
	return out
}
