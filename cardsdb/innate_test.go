package cardsdb_test

import (
	"testing"

	"github.com/deckwright/deckwright/cardsdb"
)

// TestInnate checks the main faction a leader gives and which cards are
// Innate to it (Arkhtide: "A card is considered Innate if it belongs to
// your main faction"), the rule validate's non-innate and the Arkhtide
// engine share.
func TestInnate(t *testing.T) {
	f := &cardsdb.Factions{
		Values:   []cardsdb.Faction{{ID: "red"}, {ID: "blue"}, {ID: "neutral"}, {ID: "any"}},
		Neutral:  []string{"neutral"},
		Wildcard: []string{"any"},
	}
	card := func(factions ...string) *cardsdb.Card { return &cardsdb.Card{Name: "c", Factions: factions} }

	for _, tc := range []struct {
		leader *cardsdb.Card
		want   string
	}{
		{card("red"), "red"},
		{card("neutral", "blue"), "blue"},
		{card("neutral"), ""},
		{card(), ""},
		{nil, ""},
	} {
		if got := f.MainFaction(tc.leader); got != tc.want {
			t.Errorf("MainFaction(%v) = %q, want %q", tc.leader, got, tc.want)
		}
	}

	for _, tc := range []struct {
		main  string
		card  *cardsdb.Card
		want  bool
		about string
	}{
		{"red", card("red"), true, "of the main faction"},
		{"red", card("blue", "red"), true, "one of its factions is the main one"},
		{"red", card("blue"), false, "another faction"},
		{"red", card("neutral"), false, "neutral: it belongs to no faction"},
		{"red", card("any"), true, "a wildcard faction matches every faction"},
		{"red", card(), true, "no faction at all: outside the faction system (Realms)"},
		{"", card("red"), false, "no main faction: nothing is Innate"},
		{"", card("neutral"), false, "no main faction, neutral"},
		{"", card("any"), false, "no main faction, wildcard"},
		{"any", card("blue"), true, "a wildcard main faction matches every faction"},
		{"any", card("neutral"), false, "a wildcard main faction, neutral card"},
	} {
		if got := f.Innate(tc.card, tc.main); got != tc.want {
			t.Errorf("Innate(%v, %q) = %v, want %v (%s)", tc.card.Factions, tc.main, got, tc.want, tc.about)
		}
	}
}
