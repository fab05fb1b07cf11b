package seeker

import "github.com/deckwright/deckwright/engine"

// ModeJSON is how the games are played, in a report's JSON: the mode,
// and against Nature the difficulty.
type ModeJSON struct {
	Mode       string `json:"mode"`
	Difficulty string `json:"difficulty,omitempty"`
}

// Figures are Seeker Chronicles' own figures in a goldfish report's JSON.
type Figures struct {
	// Guardians are the second and third Guardians coming online.
	Guardians    []GuardianJSON `json:"guardians"`
	MulliganRate engine.Number  `json:"mulligan_rate"`
	// ProgressPiles are the mean piles at the end, against Nature only.
	ProgressPiles *ProgressPiles `json:"progress_piles,omitempty"`
}

// GuardianJSON is when a Guardian came online: the share of games, the
// mean turn and the median (null when it never did).
type GuardianJSON struct {
	Name        string        `json:"name"`
	Stage       string        `json:"stage"`
	OnlineShare engine.Number `json:"online_share"`
	MeanTurn    engine.Number `json:"mean_turn"`
	MedianTurn  engine.Turn   `json:"median_turn"`
}

// ProgressPiles are the mean progress piles at the end of a match against
// Nature: yours and Nature's.
type ProgressPiles struct {
	You    engine.Number `json:"you"`
	Nature engine.Number `json:"nature"`
}
