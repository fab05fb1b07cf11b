package templates

import (
	"reflect"
	"strings"
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
	if got := plainRich("**[action]:** Gain 4 [shard].", g); got != "\x02■:\x02 Gain 4 ♦." {
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
	if d.Text != "\x02■■:\x02 Gain 4 ♦." {
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

// TestRenderBoldRuns renders a Hubworld card whose rules text has a bold
// run and icons: the rules block's first line is split into a bold run
// and a regular one, placed one after the other, and nothing is replaced.
func TestRenderBoldRuns(t *testing.T) {
	set := bundledSet(t)
	g := game(t, "hubworld")
	c := *card(t, g, "Dry Dock")
	c.Text = "**[action] Exhaust:** gain 2 [shard]. *Busy* docks."
	f, warns := set.Render(&c, g, cardsdb.Size{}, Front)
	if len(warns) != 0 {
		t.Errorf("warnings: %v", warns)
	}
	var rules *Block
	for i := range f.Blocks {
		if f.Blocks[i].Box == "rules" {
			rules = &f.Blocks[i]
		}
	}
	if rules == nil || len(rules.Lines) != 1 {
		t.Fatalf("rules block = %+v", rules)
	}
	l := rules.Lines[0]
	if l.Text != "■ Exhaust: gain 2 ♦. Busy docks." {
		t.Errorf("line text = %q", l.Text)
	}
	want := []Run{
		{Text: "■ Exhaust:", Bold: true, Font: FontName(true, false)},
		{Text: " gain 2 ♦. ", Font: FontName(false, false)},
		{Text: "Busy", Italic: true, Font: FontName(false, true)},
		{Text: " docks.", Font: FontName(false, false)},
	}
	if len(l.Runs) != len(want) {
		t.Fatalf("runs = %+v", l.Runs)
	}
	x := 0.0
	for i, r := range l.Runs {
		w := want[i]
		if r.Text != w.Text || r.Bold != w.Bold || r.Italic != w.Italic || r.Font != w.Font {
			t.Errorf("run %d = %+v, want %+v", i, r, w)
		}
		if r.X < x-1e-9 {
			t.Errorf("run %d starts at %.3f, before the previous run ends (%.3f)", i, r.X, x)
		}
		x = r.X + TextWidth(r.Text, rules.Size, r.Bold, r.Italic)
	}
	if d := x - l.W; d > 1e-9 || d < -1e-9 {
		t.Errorf("line width %.3f, runs end at %.3f", l.W, x)
	}
}

// TestRunsCoverLines renders long styled texts, wrapped and cut: each
// line's runs must spell the line exactly.
func TestRunsCoverLines(t *testing.T) {
	set := bundledSet(t)
	g := game(t, "hubworld")
	base := card(t, g, "Dry Dock")
	for _, text := range []string{
		strings.Repeat("**[action] Exhaust this card, then:** gain 2 [shard] and *draw* a card. ", 3),
		strings.Repeat("**Bold** ", 200),
		"**" + strings.Repeat("W", 300) + "** end *open",
		"*a*\n**b**\n\n[shard]",
	} {
		c := *base
		c.Text = text
		f, _ := set.Render(&c, g, cardsdb.Size{}, Front)
		for _, b := range f.Blocks {
			for _, l := range b.Lines {
				if l.Runs == nil {
					continue
				}
				var s strings.Builder
				for _, r := range l.Runs {
					s.WriteString(r.Text)
				}
				if s.String() != l.Text {
					t.Errorf("runs spell %q, line is %q", s.String(), l.Text)
				}
			}
		}
	}
}
