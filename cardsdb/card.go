package cardsdb

// Value is the value of a card field.
type Value struct {
	Kind FieldKind
	Int  int  // int and cost (X: 0)
	X    bool // a cost of X
	// Symbol is the symbol an int or cost field holds instead of a
	// number ("?", "*"), one of its field's Symbols; Int is then 0.
	Symbol string
	Str    string   // string, text, enum, card
	Bool   bool     // bool
	List   []string // list
	// Ref is the card a card field names, once the game is loaded.
	Ref *Card
	Pos Pos
}

// Face is the second face of a double-faced card.
type Face struct {
	Name  string
	Text  string
	Image string // path inside the game's FS
}

// Card is one card of a game.
type Card struct {
	Name     string
	Key      string // Fold(Name): the lookup key
	Type     string
	Factions []string
	Text     string
	Flavor   string
	Copies   int // how many the physical game holds
	// DeckLimit is the card's own copy limit in decks; 0 = the section's.
	DeckLimit int
	Pack      string
	Image     string // path inside the game's FS, "" for none
	Back      *Face
	// Provisional lists the fields whose values are ours, not the
	// publisher's; AllProvisional marks every value.
	Provisional    []string
	AllProvisional bool
	Sample         bool // an invented card, not the publisher's
	Tags           []string
	// Icons are counted faction icons, in file order: Hubworld's cards
	// require (or, for agents, show) 1 to 6 pips of an affiliation. A card
	// without icons counts each faction it lists once (see IconCounts).
	Icons []Icon
	// Unique marks a unique card.
	Unique bool
	// Traits are the traits or subtypes printed on the card.
	Traits []string
	// Alias is the short name players write ("Goldie Xin"); Game.Card finds
	// the card by it when no other card shares it.
	Alias       string
	Subtitle    string
	Illustrator string
	Set         string // the code of the set the card comes from
	Number      string // collector number in its set
	// Landscape is the card's own orientation when its file says one
	// (landscape: true or false), nil when it says none and the card
	// takes its type's; Game.Landscape gives the orientation either way.
	Landscape *bool
	Fields    map[string]Value
	Index     int // place in Game.Cards
	Pos       Pos

	provSet bool // the card had its own provisional key
}

// Int returns an int or cost field (X counts as 0).
func (c *Card) Int(name string) (int, bool) {
	v, ok := c.Fields[name]
	if !ok || (v.Kind != KindInt && v.Kind != KindCost) {
		return 0, false
	}
	return v.Int, true
}

// Ref returns the card a card field names, or nil.
func (c *Card) Ref(name string) *Card { return c.Fields[name].Ref }

// Str returns a string, text, enum or card field.
func (c *Card) Str(name string) string { return c.Fields[name].Str }

// List returns a list field.
func (c *Card) List(name string) []string { return c.Fields[name].List }

// Faction returns the card's first faction, or "".
func (c *Card) Faction() string {
	if len(c.Factions) == 0 {
		return ""
	}
	return c.Factions[0]
}

// HasFaction reports whether the card belongs to the faction.
func (c *Card) HasFaction(id string) bool { return contains(c.Factions, id) }

// IsProvisional reports whether the value of the named field (or "faction",
// "text", ...) is ours rather than the publisher's.
func (c *Card) IsProvisional(field string) bool {
	return c.AllProvisional || contains(c.Provisional, field)
}

// HasProvisional reports whether any value of the card is provisional.
func (c *Card) HasProvisional() bool { return c.AllProvisional || len(c.Provisional) > 0 }

// Icon is a count of one faction's icons on a card.
type Icon struct {
	Faction string
	Count   int
}

// IconCounts returns how many icons of each faction the card shows, in
// order of first appearance: its Icons when it has them, else one per
// faction it lists (a faction listed twice counts two).
func (c *Card) IconCounts() []Icon {
	if len(c.Icons) > 0 {
		return c.Icons
	}
	var out []Icon
	for _, f := range c.Factions {
		found := false
		for i := range out {
			if out[i].Faction == f {
				out[i].Count++
				found = true
			}
		}
		if !found {
			out = append(out, Icon{Faction: f, Count: 1})
		}
	}
	return out
}

// TraitList returns the card's traits: its traits key, or a list field
// called traits that its type declares (Arkhtide's), for searches.
func (c *Card) TraitList() []string {
	if len(c.Traits) > 0 {
		return c.Traits
	}
	return c.List("traits")
}
