package report

import "github.com/deckwright/deckwright/cardsdb"

// Game is one game of deckwright games --json.
type Game struct {
	ID   string `json:"id"`
	Name string `json:"name"`
	// Cards counts the game's cards, Sample those invented for deckwright.
	Cards  int `json:"cards"`
	Sample int `json:"sample_cards"`
	// Decks are the bundled decks, written GAME/NAME.
	Decks    []string   `json:"decks"`
	CardSize [2]float64 `json:"card_size_mm"`
	// Formats lists the ids of the game's deck-building formats.
	Formats []string `json:"formats,omitempty"`
}

// Games lists the games of db in its order.
func Games(db *cardsdb.DB) []Game {
	var out []Game
	for _, g := range db.Games() {
		out = append(out, GameOf(g))
	}
	return out
}

// GameOf is one game's entry in the games list.
func GameOf(g *cardsdb.Game) Game {
	j := Game{ID: g.ID, Name: g.Name, Cards: len(g.Cards), Decks: []string{}, CardSize: [2]float64{g.CardSize.W, g.CardSize.H}, Formats: g.FormatIDs()}
	for _, c := range g.Cards {
		if c.Sample {
			j.Sample++
		}
	}
	for _, d := range g.DeckNames() {
		j.Decks = append(j.Decks, g.ID+"/"+d)
	}
	return j
}
