package report

import "github.com/deckwright/deckwright/cardsdb"

// Card is one card of deckwright cards --json: every value the card
// database holds for it, in plain JSON values.
type Card struct {
	Game     string   `json:"game"`
	Name     string   `json:"name"`
	Subtitle string   `json:"subtitle,omitempty"`
	Alias    string   `json:"alias,omitempty"`
	Type     string   `json:"type"`
	Unique   bool     `json:"unique,omitempty"`
	Factions []string `json:"factions,omitempty"`
	// Icons are the card's counted faction icons (Hubworld's pips).
	Icons     []Icon         `json:"icons,omitempty"`
	Traits    []string       `json:"traits,omitempty"`
	Text      string         `json:"text,omitempty"`
	Flavor    string         `json:"flavor,omitempty"`
	Copies    int            `json:"copies"`
	DeckLimit int            `json:"deck_limit,omitempty"`
	Pack      string         `json:"pack,omitempty"`
	Set       string         `json:"set,omitempty"`
	Number    string         `json:"number,omitempty"`
	Tags      []string       `json:"tags,omitempty"`
	Image     string         `json:"image,omitempty"`
	Back      *CardBack      `json:"back,omitempty"`
	Fields    map[string]any `json:"fields,omitempty"`
	// Illustrator is the artist credited on the card, "" when unknown.
	Illustrator string `json:"illustrator,omitempty"`
	// Landscape is the card's own landscape key (true: printed wider than
	// tall, false: taller than wide), nil when it says none and takes its
	// type's orientation.
	Landscape *bool `json:"landscape,omitempty"`
	// Sample marks a card invented for deckwright; Provisional lists the
	// fields whose values are ours ("*": every value).
	Sample      bool     `json:"sample"`
	Provisional []string `json:"provisional,omitempty"`
	File        string   `json:"file"`
	Line        int      `json:"line"`
}

// Icon is a number of one faction's icons on a card.
type Icon struct {
	Faction string `json:"faction"`
	Count   int    `json:"count"`
}

// CardBack is a card's second face.
type CardBack struct {
	Name  string `json:"name,omitempty"`
	Text  string `json:"text,omitempty"`
	Image string `json:"image,omitempty"`
}

// SelectGames returns the games a search runs over: every game of db, or
// the one id names.
func SelectGames(db *cardsdb.DB, id string) ([]*cardsdb.Game, error) {
	if id == "" {
		return db.Games(), nil
	}
	g, err := db.LookupGame(id)
	if err != nil {
		return nil, err
	}
	return []*cardsdb.Game{g}, nil
}

// Cards returns the cards of games that q matches, in game and file
// order; never nil. The error is q's, when a condition names a field no
// game has or compares it wrongly.
func Cards(games []*cardsdb.Game, q cardsdb.Query) ([]Card, error) {
	if err := q.Check(games); err != nil {
		return nil, err
	}
	found := []Card{}
	for _, g := range games {
		for _, c := range g.Cards {
			if q.Match(g, c) {
				found = append(found, CardOf(g, c))
			}
		}
	}
	return found, nil
}

// CardOf is a card of g as deckwright cards --json prints it.
func CardOf(g *cardsdb.Game, c *cardsdb.Card) Card {
	j := Card{Game: g.ID, Name: c.Name, Subtitle: c.Subtitle, Alias: c.Alias, Type: c.Type, Unique: c.Unique, Factions: c.Factions,
		Traits: c.Traits, Text: c.Text, Flavor: c.Flavor, Copies: c.Copies, DeckLimit: c.DeckLimit, Pack: c.Pack, Set: c.Set, Number: c.Number,
		Tags: c.Tags, Image: c.Image, Illustrator: c.Illustrator, Landscape: c.Landscape, Sample: c.Sample, File: c.Pos.File, Line: c.Pos.Line}
	for _, ic := range c.Icons {
		j.Icons = append(j.Icons, Icon{Faction: ic.Faction, Count: ic.Count})
	}
	if c.Back != nil {
		j.Back = &CardBack{Name: c.Back.Name, Text: c.Back.Text, Image: c.Back.Image}
	}
	if len(c.Fields) > 0 {
		j.Fields = map[string]any{}
	}
	for k, v := range c.Fields {
		j.Fields[k] = PlainValue(v)
	}
	if c.AllProvisional {
		j.Provisional = []string{"*"}
	} else {
		j.Provisional = c.Provisional
	}
	return j
}

// PlainValue is a field's value as JSON holds it: a number, "X" (a cost
// of X), a bool, a list of strings or a string.
func PlainValue(v cardsdb.Value) any {
	switch v.Kind {
	case cardsdb.KindInt, cardsdb.KindCost:
		if v.Symbol != "" { // a symbol the field accepts: "?"
			return v.Symbol
		}
	}
	switch v.Kind {
	case cardsdb.KindInt:
		return v.Int
	case cardsdb.KindCost:
		if v.X {
			return "X"
		}
		return v.Int
	case cardsdb.KindBool:
		return v.Bool
	case cardsdb.KindList:
		return v.List
	}
	return v.Str
}
