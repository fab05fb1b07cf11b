package templates

import (
	"reflect"
	"testing"

	"github.com/deckwright/deckwright/cardsdb"
)

func richGame() *cardsdb.Game {
	return &cardsdb.Game{
		Factions: cardsdb.Factions{Values: []cardsdb.Faction{{ID: "omniworks", Name: "Omniworks"}}},
		Icons: []*cardsdb.IconDef{
			{Name: "shard", Glyph: "♦"},
			{Name: "action", Glyph: "■"},
			{Name: "heat", Image: "icons/heat.png"},
		},
	}
}

func TestParseRich(t *testing.T) {
	g := richGame()
	shard, action := g.Icons[0], g.Icons[1]
	tests := []struct {
		in   string
		want []Span
	}{
		{"**[action][action]:** Gain 4 [shard].", []Span{
			{Text: "■", Bold: true, Icon: action}, {Text: "■", Bold: true, Icon: action},
			{Text: ":", Bold: true}, {Text: " Gain 4 "}, {Text: "♦", Icon: shard}, {Text: "."}}},
		{"*Flavor* and [Unknown] and 2 * 3", []Span{{Text: "Flavor", Italic: true}, {Text: " and [Unknown] and 2 * 3"}}},
		{"**bold *both***", []Span{{Text: "bold ", Bold: true}, {Text: "both", Bold: true, Italic: true}}},
		{"[heat]", []Span{{Text: "[heat]", Icon: g.Icons[2]}}},
		{"a ** b\n**c", []Span{{Text: "a ** b\n**c"}}},
	}
	for _, tt := range tests {
		if got := ParseRich(tt.in, g); !reflect.DeepEqual(got, tt.want) {
			t.Errorf("ParseRich(%q) =\n %+v\nwant\n %+v", tt.in, got, tt.want)
		}
	}
	if got := plainRich("**[action]:** Gain 4 [shard].", g); got != "■: Gain 4 ♦." {
		t.Errorf("plainRich = %q", got)
	}
	if got := plainRich("[shard]", nil); got != "[shard]" {
		t.Errorf("plainRich without a game = %q", got)
	}
}

// TestDataRealCard checks the printed values of a real card: its icons as
// a count, not the name repeated, and the rules text with icon glyphs.
func TestDataRealCard(t *testing.T) {
	g := richGame()
	c := &cardsdb.Card{Name: "Calling in Favors", Type: "moment", Factions: []string{"omniworks"},
		Icons: []cardsdb.Icon{{Faction: "omniworks", Count: 3}}, Text: "**[action][action]:** Gain 4 [shard].",
		Subtitle: "Sub", Traits: []string{"Commerce", "Influence"}, Unique: true, Set: "pre-release", Number: "01004"}
	d := newData(c, g, Front, nil)
	if d.Faction != "Omniworks ×3" {
		t.Errorf("Faction = %q, want Omniworks ×3", d.Faction)
	}
	if d.Text != "■■: Gain 4 ♦." {
		t.Errorf("Text = %q", d.Text)
	}
	if d.Traits != "Commerce · Influence" || !d.Unique || d.Number != "01004" || d.Subtitle != "Sub" {
		t.Errorf("data = %+v", d)
	}
	twice := &cardsdb.Card{Name: "Grand Heist", Factions: []string{"omniworks", "omniworks"}}
	if d := newData(twice, g, Front, nil); d.Faction != "Omniworks ×2" {
		t.Errorf("a faction listed twice prints %q, want Omniworks ×2", d.Faction)
	}
}
