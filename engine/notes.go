package engine

// NotSimulated names a card whose rules text a game's engine does not
// play, and why. Reports list these cards so that a figure is never taken
// for what the card's text would do.
type NotSimulated struct {
	Card   string `json:"name"`
	Reason string `json:"reason"`
}

// Provisional names a card with values that are not the rulebook's: the
// fields we chose ourselves, or ["*"] for every value. Sample marks a card
// that is ours altogether (a sample card, not the publisher's). Reports
// that rest on such values say so.
type Provisional struct {
	Card   string   `json:"name"`
	Fields []string `json:"fields"`
	Sample bool     `json:"sample,omitempty"`
}
