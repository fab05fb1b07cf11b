package changes

import (
	"strings"
	"testing"
	"testing/fstest"

	"github.com/deckwright/deckwright/cardsdb"
)

func TestCompare(t *testing.T) {
	old := &cardsdb.Game{ID: "g", Dir: "old", FS: fstest.MapFS{"cards/art/a.png": {Data: []byte("v1")}, "cards/art/b.png": {Data: []byte("same")}}, Cards: []*cardsdb.Card{
		{Name: "Alpha", Type: "unit", Image: "cards/art/a.png"},
		{Name: "Beta", Type: "unit", Text: "Draw a card.", Fields: map[string]cardsdb.Value{"cost": {Kind: cardsdb.KindInt, Int: 1}, "art": {Kind: cardsdb.KindString, Str: "art/b.png"}}},
		{Name: "Gamma", Type: "unit"},
		{Name: "Delta", Type: "unit", Fields: map[string]cardsdb.Value{"cost": {Kind: cardsdb.KindCost, X: true}}},
	}}
	cur := &cardsdb.Game{ID: "g", Dir: "new", FS: fstest.MapFS{"cards/art/a.png": {Data: []byte("v2")}, "cards/art/b.png": {Data: []byte("same")}}, Cards: []*cardsdb.Card{
		{Name: "Alpha", Type: "unit", Image: "cards/art/a.png"},
		{Name: "beta", Type: "unit", Text: "Draw two cards.", Fields: map[string]cardsdb.Value{"cost": {Kind: cardsdb.KindInt, Int: 2}, "art": {Kind: cardsdb.KindString, Str: "art/b.png"}}},
		{Name: "Delta", Type: "unit", Fields: map[string]cardsdb.Value{"cost": {Kind: cardsdb.KindCost, X: true}}},
		{Name: "Epsilon", Type: "unit"},
	}}
	d := compare(t, old, cur)
	var got []string
	for _, c := range d.Added {
		got = append(got, "+"+c.Name)
	}
	for _, c := range d.Removed {
		got = append(got, "-"+c.Name)
	}
	for _, c := range d.Changed {
		got = append(got, "~"+c.Name+"("+strings.Join(c.Fields, ",")+")")
	}
	// Alpha's art file changed under the same path; Beta was renamed in
	// case only (the same card), its text and cost changed, its art did
	// not; Delta is the same.
	want := "+Epsilon -Gamma ~Alpha(image) ~beta(name,text,cost)"
	if g := strings.Join(got, " "); g != want {
		t.Errorf("got  %s\nwant %s", g, want)
	}
	if tc := d.Touched(); len(tc) != 3 || !tc[cur.Cards[0]] || !tc[cur.Cards[1]] || !tc[cur.Cards[3]] || tc[cur.Cards[2]] {
		t.Errorf("touched %v", tc)
	}
	// A card that turns landscape by its own key changed; one that says
	// the orientation its type has already did not.
	yes, no := true, false
	types := []*cardsdb.CardType{{ID: "unit"}, {ID: "realm", Landscape: true}}
	was := &cardsdb.Game{ID: "g", Types: types, Cards: []*cardsdb.Card{{Name: "Wide", Type: "unit"}, {Name: "Vale", Type: "realm"}}}
	now := &cardsdb.Game{ID: "g", Types: types, Cards: []*cardsdb.Card{{Name: "Wide", Type: "unit", Landscape: &yes}, {Name: "Vale", Type: "realm", Landscape: &yes}}}
	if ch := compare(t, was, now).Changed; len(ch) != 1 || ch[0].Name != "Wide" || strings.Join(ch[0].Fields, ",") != "landscape" {
		t.Errorf("changed %+v, want Wide's landscape only", ch)
	}
	now.Cards[1].Landscape = &no
	if ch := compare(t, was, now).Changed; len(ch) != 2 {
		t.Errorf("changed %+v, want Wide and Vale (landscape: false on a realm)", ch)
	}
	if !compare(t, cur, cur).Empty() {
		t.Error("a version differs from itself")
	}
}

// compare is Compare with the bundled templates.
func compare(t *testing.T, old, new *cardsdb.Game) Diff {
	t.Helper()
	d, err := Compare(old, new, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// TestCompareGameBack: the game's back is part of every card's print: a
// changed back image (a file edited under the same path, or another one),
// a changed back text, or a type's own back, is a change of the back of
// every card that prints with it, and of none other (follow-up of issue
// 35: diff reported no change).
func TestCompareGameBack(t *testing.T) {
	types := []*cardsdb.CardType{{ID: "unit"}, {ID: "realm"}}
	version := func(back []byte, text string) *cardsdb.Game {
		return &cardsdb.Game{ID: "g", Dir: "g", Types: types, Back: cardsdb.Back{Image: "art/back.png", Text: text},
			FS: fstest.MapFS{"art/back.png": {Data: back}},
			Cards: []*cardsdb.Card{
				{Name: "Alpha", Type: "unit"},
				{Name: "Vale", Type: "realm"},
				{Name: "Twin", Type: "unit", Back: &cardsdb.Face{Name: "Twin's other side"}},
			}}
	}
	changed := func(d Diff) string {
		var out []string
		for _, c := range d.Changed {
			out = append(out, c.Name+"("+strings.Join(append(c.Fields, c.Sources...), ",")+")")
		}
		return strings.Join(out, " ")
	}
	old := version([]byte("v1"), "G")
	if !compare(t, old, version([]byte("v1"), "G")).Empty() {
		t.Error("the same back is a change")
	}
	// The back image edited: every card without a face of its own.
	if got, want := changed(compare(t, old, version([]byte("v2"), "G"))), "Alpha(back) Vale(back)"; got != want {
		t.Errorf("back image edited: changed %s, want %s", got, want)
	}
	// No back image: the card-back template's face, which shows the
	// back's text.
	noArt := func(text string) *cardsdb.Game { g := version(nil, text); g.Back.Image = ""; return g }
	if got, want := changed(compare(t, noArt("G"), noArt("Game"))), "Alpha(back: face) Vale(back: face)"; got != want {
		t.Errorf("back text changed: changed %s, want %s", got, want)
	}
	// A type's own back: only that type's cards.
	realm := version([]byte("v1"), "G")
	realm.Types = []*cardsdb.CardType{{ID: "unit"}, {ID: "realm", Back: &cardsdb.Back{Text: "Realm"}}}
	if got, want := changed(compare(t, old, realm)), "Vale(back,back: template bundled:templates/card-back.yaml)"; got != want {
		t.Errorf("a realm back: changed %s, want %s", got, want)
	}
}
