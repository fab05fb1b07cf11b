package validate_test

import (
	"strings"
	"testing"

	"github.com/deckwright/deckwright/cardsdb"
	"github.com/deckwright/deckwright/validate"
)

// TestCheckGameFormats checks that CheckGame reports what a game's formats
// name wrongly, each at its position.
func TestCheckGameFormats(t *testing.T) {
	const game = `id: f
name: F
card_size: {width: 63, height: 88}
types: [{id: agent, name: Agent}]
sections: [{id: deck, name: Deck, types: [agent]}]
rules: [{name: affiliation}]
formats:
  - {id: a, override: [{name: afiliation}]}
  - {id: b, override: [{name: affiliation, params: {pips: -1}}]}
  - {id: c, rules: [copy-limit]}
  - {id: d, skip: [section-sise]}
`
	g, err := cardsdb.ParseGame("game.yaml", []byte(game), ".")
	if err != nil {
		t.Fatal(err)
	}
	err = validate.CheckGame(g)
	for _, want := range []string{
		`game.yaml:8:24: format "a": unknown rule "afiliation"; did you mean "affiliation"?`,
		`game.yaml:9:59: rule "affiliation" parameter pips: want integer, at least 0, found -1`,
		`game.yaml:10:21: format "c": rule "copy-limit" applies to every game; use skip to turn it off`,
		`game.yaml:11:5: format "d" skips unknown rule "section-sise"; did you mean "section-size"?`,
	} {
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("CheckGame error:\n%v\nwant a line containing %s", err, want)
		}
	}
}

// TestRulesForFormat checks the rules a format runs.
func TestRulesForFormat(t *testing.T) {
	db := loadDB(t)
	g, _ := db.Game("hubreal")
	names := func(f *cardsdb.Format) string {
		var out []string
		for _, a := range validate.RulesForFormat(g, f) {
			out = append(out, a.Rule.Name)
			if a.Rule.Name == "affiliation" && f != nil && f.ID == "free-agent" && a.Params["pips"] != 6 {
				t.Errorf("free-agent affiliation params %v, want pips 6", a.Params)
			}
		}
		return strings.Join(out, " ")
	}
	always := "unknown-card unknown-section card-type card-section section-size copy-limit leader companion format-list"
	for _, tc := range []struct {
		format *cardsdb.Format
		want   string
	}{
		{nil, always + " affiliation"},
		{g.Format("free-agent"), always + " affiliation"},
		{g.Format("casual"), "unknown-card"},
	} {
		if got := names(tc.format); got != tc.want {
			t.Errorf("RulesForFormat(%v) = %s\nwant %s", tc.format, got, tc.want)
		}
	}
}
