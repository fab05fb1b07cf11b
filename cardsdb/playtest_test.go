package cardsdb

import (
	"strings"
	"testing"
)

const playtestGame = `id: proto
name: Proto
card_size: {width: 63, height: 88}
types:
  - id: spell
    fields:
      - {name: cost, kind: int}
      - {name: effects, kind: list}
      - {name: power, kind: int}
  - id: land
sections: [{id: main, types: [spell, land]}]
`

func TestPlaytestBlock(t *testing.T) {
	g, err := ParseGame("game.yaml", []byte(playtestGame+"playtest: {win_points: 5, resource_types: [land], mulligan: {times: 1, min_resources: 2}}\n"), ".")
	if err != nil {
		t.Fatal(err)
	}
	pt := g.Playtest
	if pt == nil {
		t.Fatal("no playtest block")
	}
	// the defaults, and what the block says
	if pt.OpeningHand != 5 || pt.DrawPerTurn != 1 || !pt.DrawFirstTurn || pt.ResourcePerTurn != 1 || pt.CostField != "cost" ||
		pt.EffectsField != "effects" || pt.MaxTurns != 30 || pt.WinPoints != 5 || pt.Mulligan.Times != 1 || pt.Mulligan.MinResources != 2 || pt.Mulligan.CheapCost != 2 {
		t.Errorf("playtest = %+v", *pt)
	}
	if g2, _ := ParseGame("game.yaml", []byte(playtestGame), "."); g2.Playtest != nil {
		t.Error("a game without a playtest block has one")
	}
}

func TestPlaytestBlockErrors(t *testing.T) {
	for _, tc := range []struct{ block, want string }{
		{"playtest: {win_point: 5}", `game.yaml:12:12: unknown key "win_point" in playtest; did you mean "win_points"?`},
		{"playtest: {win_points: 0}", `game.yaml:12:24: playtest win_points must be from 1 to 1000, found 0`},
		{"playtest: {cost_field: cots}", `game.yaml:12:24: playtest cost_field "cots" is not a field of any card type (of kind int or cost); did you mean "cost"?`},
		{"playtest: {effects_field: power}", `game.yaml:9:9: playtest effects_field "power" is of kind int in spell cards; it must be of kind list`},
		{"playtest: {resource_types: [lnad]}", `game.yaml:12:29: playtest resource_types: unknown card type "lnad"; did you mean "land"?`},
		{"playtest: {deck: mian}", `game.yaml:12:18: playtest deck "mian" is not a section of Proto; did you mean "main"?`},
		{"playtest: {mulligan: {times: 1, min_resources: 2}}", `game.yaml:12:11: playtest mulligan counts resource cards, but the playtest has no resource_types`},
		{"playtest: {mulligan: {tims: 1}}", `game.yaml:12:23: unknown key "tims" in playtest mulligan; did you mean "times"?`},
	} {
		_, err := ParseGame("game.yaml", []byte(playtestGame+tc.block+"\n"), ".")
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s:\n got  %v\n want %s", tc.block, err, tc.want)
		}
	}
}

func TestPlaytestEffectsCheckedAtLoad(t *testing.T) {
	g, err := ParseGame("game.yaml", []byte(playtestGame+"playtest: {}\n"), ".")
	if err != nil {
		t.Fatal(err)
	}
	cards := `game: proto
cards:
  - {name: A, type: spell, cost: 1, effects: ["points 1", "pionts 2"]}
  - {name: B, type: spell, effects: ["draw 0", "points 1 each round", "ramp"]}
  - {name: C, type: spell, effects: ["points 2 each turn", "resource 1", "discard 1", "draw 3", "ramp 1"]}
`
	err = ParseCards("cards.yaml", []byte(cards), ".", g)
	for _, want := range []string{
		`cards.yaml:3:59: unknown effect "pionts"; the verbs are points, draw, resource, ramp, discard; did you mean "points"?`,
		`cards.yaml:4:38: effect "draw 0": amount "0" must be a whole number from 1 to 99`,
		`cards.yaml:4:48: effect "points 1 each round": write "points N" (when played) or "points N each turn"`,
		`cards.yaml:4:71: effect "ramp": write "ramp" followed by one amount (1 to 99)`,
	} {
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("got %v\nwant %s", err, want)
		}
	}
	if err != nil && strings.Contains(err.Error(), `"C"`) {
		t.Errorf("card C's effects all read: %v", err)
	}
}

func TestParseEffect(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want Effect
	}{
		{"points 3", Effect{EffectPoints, 3}},
		{"points 1 each turn", Effect{EffectPointsEachTurn, 1}},
		{"draw 2", Effect{EffectDraw, 2}},
		{"  resource   99 ", Effect{EffectResource, 99}},
		{"ramp 1", Effect{EffectRamp, 1}},
		{"discard 1", Effect{EffectDiscard, 1}},
	} {
		got, err := ParseEffect(tc.in)
		if err != nil || got != tc.want {
			t.Errorf("ParseEffect(%q) = %v, %v; want %v", tc.in, got, err, tc.want)
		}
		if back, _ := ParseEffect(got.String()); back != got {
			t.Errorf("%v does not read back: %v", got, back)
		}
	}
	for _, bad := range []string{"", "points", "points +1", "points 100", "points x", "draw 1 2", "heal 2", "points 1 each"} {
		if _, err := ParseEffect(bad); err == nil {
			t.Errorf("ParseEffect(%q) read", bad)
		}
	}
}
