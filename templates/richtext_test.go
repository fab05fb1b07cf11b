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

// TestRenderImageIcon renders rules text with an icon drawn from an image:
// the icon is a run of its own, one em wide at the block's size, between
// the text runs, and nothing is replaced or written as "[name]".
func TestRenderImageIcon(t *testing.T) {
	set := bundledSet(t)
	g0 := game(t, "hubworld")
	g := cardsdb.Game{ID: g0.ID, Name: g0.Name, CardSize: g0.CardSize, Factions: g0.Factions, Types: g0.Types}
	var shard *cardsdb.IconDef
	for _, ic := range g0.Icons {
		if ic.Name == "shard" {
			shard = &cardsdb.IconDef{Name: "shard", Glyph: ic.Glyph, Image: "icons/shard.png"}
			ic = shard
		}
		g.Icons = append(g.Icons, ic)
	}
	c := *card(t, g0, "Dry Dock")
	c.Text = "Gain 2 [shard] now."
	f, warns := set.Render(&c, &g, cardsdb.Size{}, Front)
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
	if len(l.Runs) != 3 {
		t.Fatalf("runs = %+v, want text, icon, text", l.Runs)
	}
	icon := l.Runs[1]
	if icon.Icon != shard || l.Runs[0].Icon != nil || l.Runs[2].Icon != nil {
		t.Fatalf("runs = %+v, want the shard icon in the middle", l.Runs)
	}
	if l.Runs[0].Text != "Gain 2 " || l.Runs[2].Text != " now." {
		t.Errorf("text runs = %q, %q", l.Runs[0].Text, l.Runs[2].Text)
	}
	em := rules.Size * PtToMM
	if d := icon.W - em; d > 1e-9 || d < -1e-9 {
		t.Errorf("icon width %.3f mm, want one em (%.3f mm)", icon.W, em)
	}
	if want := TextWidth("Gain 2 ", rules.Size, false, false); icon.X < want-1e-9 || icon.X > want+1e-9 {
		t.Errorf("icon at %.3f, want %.3f (after the text before it)", icon.X, want)
	}
	if end := l.Runs[2].X + TextWidth(" now.", rules.Size, false, false); end-l.W > 1e-9 || l.W-end > 1e-9 {
		t.Errorf("line width %.3f, runs end at %.3f", l.W, end)
	}
	if strings.Contains(l.Text, "[shard]") || strings.ContainsRune(l.Text, Replacement) {
		t.Errorf("line text %q names the icon or replaced it", l.Text)
	}
}

// TestIconRunFallbackSanitized: what an image icon's run prints when its
// image cannot be read (its glyph, or its name) is safe for the Go font:
// an emoji glyph, which no 16-bit font code can draw, becomes U+FFFD
// (issue 34: it reached the PDF writer raw, which panicked).
func TestIconRunFallbackSanitized(t *testing.T) {
	for _, tc := range []struct {
		icon cardsdb.IconDef
		want string
	}{
		{cardsdb.IconDef{Name: "fire", Glyph: "🔥", Image: "icons/fire.png"}, string(Replacement)},
		{cardsdb.IconDef{Name: "gem", Glyph: "♦", Image: "icons/gem.png"}, "♦"},
		{cardsdb.IconDef{Name: "bell\a", Image: "icons/b.png"}, "[bell" + string(Replacement) + "]"},
	} {
		if got := iconRun(&tc.icon, 0, 1, false, false).Text; got != tc.want {
			t.Errorf("icon %q (glyph %q): prints %q, want %q", tc.icon.Name, tc.icon.Glyph, got, tc.want)
		}
	}
}

// TestRenderTypeBack renders the back of cards whose type has a back of
// its own (Kaizerseat's Thronecards): its image and text, not the game's;
// a card of another type gets the game's back.
func TestRenderTypeBack(t *testing.T) {
	set := bundledSet(t)
	g := game(t, "kaizerseat")
	for _, tc := range []struct{ typ, image, text string }{
		{"thronecard", "backs/thronecard.png", "Kaizerseat · Thronecard"},
		{"seeker", "backs/back.png", "Kaizerseat"},
	} {
		c := &cardsdb.Card{Name: "X", Type: tc.typ}
		f, _ := set.Render(c, g, cardsdb.Size{}, Back)
		var text []string
		for _, b := range f.Blocks {
			for _, l := range b.Lines {
				text = append(text, l.Text)
			}
		}
		if f.Image != tc.image || !strings.Contains(strings.Join(text, " "), tc.text) {
			t.Errorf("back of a %s: image %q, text %q; want %q and %q", tc.typ, f.Image, text, tc.image, tc.text)
		}
	}
}

// TestParseRichEmojiIcons: an icon named by an emoji (or aliased to one)
// is that icon written bare, as designers' sheets write it ("Gain 2 💎"),
// or in brackets; other emoji and letters stay text.
func TestParseRichEmojiIcons(t *testing.T) {
	gem := &cardsdb.IconDef{Name: "gem", Glyph: "♦", Aliases: []string{"💎"}}
	bolt := &cardsdb.IconDef{Name: "⚡", Glyph: "ϟ"}
	g := &cardsdb.Game{Icons: []*cardsdb.IconDef{gem, bolt}}
	got := ParseRich("Gain 2 💎, then ⚡️ and [💎]; é 🙂", g)
	want := []Span{{Text: "Gain 2 "}, {Text: "♦", Icon: gem}, {Text: ", then "}, {Text: "ϟ", Icon: bolt}, {Text: " and "}, {Text: "♦", Icon: gem}, {Text: "; é 🙂"}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got\n %+v\nwant\n %+v", got, want)
	}
	if got := plainRich("Gain 💎", g); got != "Gain ♦" {
		t.Errorf("plainRich = %q", got)
	}
}

// TestIconsInEveryTextField: icons print as glyphs in the flavour, a
// back's text and a type's text fields, not only in the rules text.
func TestIconsInEveryTextField(t *testing.T) {
	gem := &cardsdb.IconDef{Name: "gem", Glyph: "♦", Aliases: []string{"💎"}}
	g := &cardsdb.Game{
		Icons: []*cardsdb.IconDef{gem},
		Types: []*cardsdb.CardType{{ID: "t", Name: "T", Fields: []*cardsdb.Field{{Name: "effect", Kind: cardsdb.KindText}}}},
	}
	c := &cardsdb.Card{Name: "A", Type: "t", Text: "Gain [gem].", Flavor: "Shiny 💎 *stays*", Copies: 1,
		Fields: map[string]cardsdb.Value{"effect": {Kind: cardsdb.KindText, Str: "Pay 2 💎"}},
		Back:   &cardsdb.Face{Name: "A back", Text: "Lose [gem]"}}
	d := newData(c, g, Front, nil)
	if d.Text != "Gain ♦." || d.Flavor != "Shiny ♦ *stays*" {
		t.Errorf("text %q, flavor %q", d.Text, d.Flavor)
	}
	if len(d.Texts) != 1 || d.Texts[0].Value != "Pay 2 ♦" {
		t.Errorf("text fields %+v", d.Texts)
	}
	if b := newData(c, g, Back, nil); b.Text != "Lose ♦" {
		t.Errorf("back text %q", b.Text)
	}
}
