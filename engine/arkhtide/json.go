package arkhtide

import "github.com/deckwright/deckwright/engine"

// ModeJSON is how the games are played, in a report's JSON: goldfish, the
// opponent, and the deck a passive opponent plays when it is not yours.
type ModeJSON struct {
	Mode     string `json:"mode"`
	Opponent string `json:"opponent"`
	Versus   string `json:"versus,omitempty"`
}

// Figures are Arkhtide's own figures in a goldfish report's JSON.
type Figures struct {
	Endings       Endings       `json:"endings"`
	MainDeckEmpty MainDeckEmpty `json:"main_deck_empty"`
	PerGame       PerGame       `json:"per_game"`
	PerRound      PerRoundJSON  `json:"per_round"`
	Rounds        []RoundJSON   `json:"rounds"`
	// OpponentFigures are a passive opponent's, nil against the empty one.
	OpponentFigures *OpponentFigures `json:"opponent_figures,omitempty"`
}

// Endings are the shares of games by how they ended.
type Endings struct {
	QuintessenceVictory engine.Number `json:"quintessence_victory"`
	WillpowerVictory    engine.Number `json:"willpower_victory"`
	Defeat              engine.Number `json:"defeat"`
	TrueTie             engine.Number `json:"true_tie"`
	NotOver             engine.Number `json:"not_over"`
}

// MainDeckEmpty is how often the Main Deck ran out, and when.
type MainDeckEmpty struct {
	Share    engine.Number `json:"share"`
	MeanTurn engine.Number `json:"mean_turn"`
}

// PerGame are means per game.
type PerGame struct {
	Quintessence       engine.Number `json:"quintessence"`
	ArkheSpent         engine.Number `json:"arkhe_spent"`
	SoulOnRealms       engine.Number `json:"soul_on_realms"`
	WillpowerNonInnate engine.Number `json:"willpower_non_innate"`
	WillpowerOther     engine.Number `json:"willpower_other"`
	MulliganCards      engine.Number `json:"mulligan_cards"`
}

// PerRoundJSON are means per Round.
type PerRoundJSON struct {
	Quintessence       engine.Number `json:"quintessence"`
	ArkheSpent         engine.Number `json:"arkhe_spent"`
	SoulOnRealms       engine.Number `json:"soul_on_realms"`
	WillpowerNonInnate engine.Number `json:"willpower_non_innate"`
	WillpowerOther     engine.Number `json:"willpower_other"`
}

// RoundJSON is one Round of the per-Round table.
type RoundJSON struct {
	Round         int           `json:"round"`
	Share         engine.Number `json:"share"`
	Quintessence  engine.Number `json:"quintessence"`
	ArkheSpent    engine.Number `json:"arkhe_spent"`
	SoulOnRealms  engine.Number `json:"soul_on_realms"`
	WillpowerLost engine.Number `json:"willpower_lost"`
}

// OpponentFigures are a passive opponent's figures, means per game.
type OpponentFigures struct {
	Quintessence  engine.Number `json:"quintessence"`
	WillpowerLost engine.Number `json:"willpower_lost"`
	RealmTaken    engine.Number `json:"realm_taken"`
	RealmDenied   engine.Number `json:"realm_denied"`
}
