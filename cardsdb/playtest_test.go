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
		`cards.yaml:3:59: unknown effect "pionts"; the verbs are points, draw, resource, ramp, discard, damage, life, trash, scry, gain, tutor, recover, gives, victory; did you mean "points"?`,
		`cards.yaml:4:38: effect "draw 0": amount "0" must be a whole number from 1 to 99`,
		`cards.yaml:4:48: effect "points 1 each round": write "each turn", or "for N turns"`,
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
		{"points 3", Effect{Verb: EffectPoints, N: 3}},
		{"points 1 each turn", Effect{Verb: EffectPoints, N: 1, EachTurn: true}},
		{"draw 2", Effect{Verb: EffectDraw, N: 2}},
		{"  resource   99 ", Effect{Verb: EffectResource, N: 99}},
		{"ramp 1", Effect{Verb: EffectRamp, N: 1}},
		{"discard 1", Effect{Verb: EffectDiscard, N: 1}},
		{"damage 3", Effect{Verb: EffectDamage, N: 3}},
		{"life 2 each turn for 3 turns", Effect{Verb: EffectLife, N: 2, EachTurn: true, Turns: 3}},
		{"points 1 for 2 turns", Effect{Verb: EffectPoints, N: 1, EachTurn: true, Turns: 2}},
		{"points 1 per type:tree", Effect{Verb: EffectPoints, N: 1, Per: true, PerRef: Ref{RefType, "tree"}, PerZone: ZonePlay}},
		{"points 1 per tree you have", Effect{Verb: EffectPoints, N: 1, Per: true, PerRef: Ref{RefWord, "tree"}, PerZone: ZonePlay}},
		{"draw 1 per card in hand", Effect{Verb: EffectDraw, N: 1, Per: true, PerRef: Ref{By: RefAny}, PerZone: ZoneHand}},
		{"draw 2 if at least 3 faction:sun", Effect{Verb: EffectDraw, N: 2, IfN: 3, IfRef: Ref{RefFaction, "sun"}, IfZone: ZonePlay}},
		{`points 5 if 1 "Old Oak" in discard`, Effect{Verb: EffectPoints, N: 5, IfN: 1, IfRef: Ref{RefName, "Old Oak"}, IfZone: ZoneDiscard}},
		{`tutor "Old Oak"`, Effect{Verb: EffectTutor, Ref: Ref{RefName, "Old Oak"}}},
		{"recover tag:seed", Effect{Verb: EffectRecover, Ref: Ref{RefTag, "seed"}}},
		{"gain Silver", Effect{Verb: EffectGain, Ref: Ref{RefWord, "Silver"}, To: ZoneDiscard}},
		{"gain Silver to hand", Effect{Verb: EffectGain, Ref: Ref{RefWord, "Silver"}, To: ZoneHand}},
		{"scry 2", Effect{Verb: EffectScry, N: 2}},
		{"trash 1", Effect{Verb: EffectTrash, N: 1}},
		{"gives 2", Effect{Verb: EffectGives, N: 2}},
		{"victory 6", Effect{Verb: EffectVictory, N: 6}},
	} {
		got, err := ParseEffect(tc.in)
		if err != nil || got != tc.want {
			t.Errorf("ParseEffect(%q) = %+v, %v; want %+v", tc.in, got, err, tc.want)
		}
		if back, _ := ParseEffect(got.String()); back != got {
			t.Errorf("%v does not read back: %+v", got, back)
		}
	}
	for _, bad := range []string{"", "points", "points +1", "points 100", "points x", "draw 1 2", "heal 2", "points 1 each",
		"discard 1 each turn", "gain", "gain X to exile", `tutor "Old`, "points 1 per", "points 1 if 2", "points 1 for 0 turns",
		"resource 1 gold", "gives 1 per tree", "victory 1 each turn", "points 1 per a per b"} {
		if _, err := ParseEffect(bad); err == nil {
			t.Errorf("ParseEffect(%q) read", bad)
		}
	}
}

// TestParseEffectKinds: resource kinds are named, and a gives may offer
// a choice of kinds.
func TestParseEffectKinds(t *testing.T) {
	g, err := ParseGame("game.yaml", []byte(playtestGame+"playtest: {resources: [red, green, {name: action, per_turn: 1}]}\n"), ".")
	if err != nil {
		t.Fatal(err)
	}
	pt := g.Playtest
	for _, tc := range []struct {
		in   string
		want Effect
	}{
		{"resource 2 green", Effect{Verb: EffectResource, N: 2, Kind: 1}},
		{"resource 1 actions", Effect{Verb: EffectResource, N: 1, Kind: 2}},
		{"ramp 1 red", Effect{Verb: EffectRamp, N: 1, Kind: 0}},
		{"gives 1 red or green", Effect{Verb: EffectGives, N: 1, Kind: 0, Or: 2}},
	} {
		got, err := pt.ParseEffect(tc.in)
		if err != nil || got != tc.want {
			t.Errorf("ParseEffect(%q) = %+v, %v; want %+v", tc.in, got, err, tc.want)
		}
	}
	_, err = pt.ParseEffect("resource 1 gren")
	if want := `unknown resource kind "gren"; the playtest's resources are red, green, action; did you mean "green"?`; err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("got %v, want %s", err, want)
	}
	if !pt.Resources[0].PaysCost || pt.Resources[1].PaysCost || pt.Resources[2].PerTurn != 1 {
		t.Errorf("resources %+v", pt.Resources)
	}
}

// FuzzPlaytestEffect: an effect or a bot rule of any text reads or gives
// an error, never a panic, and an effect that reads reads back the same
// from its String.
func FuzzPlaytestEffect(f *testing.F) {
	for _, s := range []string{"points 3", "points 1 each turn for 2 turns", `tutor "Old Oak"`, "resource 1 harvest per tree you have",
		"draw 2 if at least 3 faction:sun in hand", "gain Silver to hand", "gives 1 red or green", "victory 6", `"`, "per per", "if if 1"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if e, err := ParseEffect(s); err == nil {
			back, err := ParseEffect(e.String())
			if err != nil || back != e {
				t.Fatalf("%q reads as %+v, which writes %q and reads back as %+v, %v", s, e, e.String(), back, err)
			}
		}
		_, _ = parseBotRule(s)
	})
}

// TestPlaytestLanguage: the block's new keys read into the Playtest, the
// draw: block feeds it, and the cost field is found by its kind.
func TestPlaytestLanguage(t *testing.T) {
	const game = `id: proto
name: Proto
card_size: {width: 63, height: 88}
types:
  - id: spell
    fields:
      - {name: price, kind: cost}
      - {name: effects, kind: list}
      - {name: red, kind: int}
  - id: land
sections: [{id: main, types: [spell, land]}, {id: supply, types: [spell]}, {id: row, types: [spell]}]
draw: {opening_hand: 7, per_turn: 2, skip_first_draw: true}
`
	g, err := ParseGame("game.yaml", []byte(game+`playtest:
  resources: [{name: coin, per_turn: 2, grows: true, max: 6}, {name: red, pays_cost: true}, {name: action, per_turn: 1}]
  cost_fields: {red: red}
  play_cost: {spell: "1 action"}
  supply: supply
  market: {section: row, size: 4}
  buy: {cost: "1 coin", to: hand}
  reshuffle: true
  discard_hand: true
  cards_per_turn: 3
  resource_types: [land]
  resource_cards_per_turn: 2
  permanent_types: [spell]
  win: {damage: 20, survive: 12}
  lose: {deck_out: true, clock: {damage: 3, from_turn: 4}}
  mulligan: {rule: london, times: 2}
  text_patterns: [{pattern: 'Draw (\d+)', effect: 'draw $1'}]
  bots: [{name: bm, buy: ["Gold Coin if supply Province <= 4 and turn > 3", Silver]}]
`), ".")
	if err != nil {
		t.Fatal(err)
	}
	pt := g.Playtest
	if pt.OpeningHand != 7 || pt.DrawPerTurn != 2 || pt.DrawFirstTurn {
		t.Errorf("the draw block does not feed the playtest: %d, %d, %v", pt.OpeningHand, pt.DrawPerTurn, pt.DrawFirstTurn)
	}
	if pt.CostField != "price" {
		t.Errorf("cost field %q, want price (the one field of kind cost)", pt.CostField)
	}
	if len(pt.Resources) != 3 || pt.Resources[0] != (ResourceKind{Name: "coin", PerTurn: 2, Grows: true, Max: 6, PaysCost: false, Pos: pt.Resources[0].Pos}) ||
		!pt.Resources[1].PaysCost || pt.Resources[2].PerTurn != 1 {
		t.Errorf("resources %+v", pt.Resources)
	}
	if len(pt.CostFields) != 1 || pt.CostFields[0] != (KindField{1, "red"}) || pt.PlayCost["spell"][0] != (Amount{2, 1}) ||
		pt.BuyCost[0] != (Amount{0, 1}) || pt.BuyTo != ZoneHand {
		t.Errorf("costs %+v %+v %+v %v", pt.CostFields, pt.PlayCost, pt.BuyCost, pt.BuyTo)
	}
	if pt.Supply != "supply" || pt.Market != "row" || pt.MarketSize != 4 || !pt.Reshuffle || !pt.DiscardHand || pt.CardsPerTurn != 3 || pt.ResourceCards != 2 {
		t.Errorf("zones and flow %+v", *pt)
	}
	if pt.WinPoints != 0 || pt.Win.Damage != 20 || pt.Win.Survive != 12 || !pt.Lose.DeckOut || pt.Lose.Clock != (Clock{3, 4, 20}) || !pt.Mulligan.London {
		t.Errorf("ends %+v %+v %d", pt.Win, pt.Lose, pt.WinPoints)
	}
	if len(pt.TextPatterns) != 1 || len(pt.Bots) != 1 || len(pt.Bots[0].Buy) != 2 || len(pt.Bots[0].Buy[0].Conds) != 2 ||
		pt.Bots[0].Buy[0].Card != (Ref{RefName, "Gold Coin"}) || pt.Bots[0].Buy[0].Conds[0] != (BotCond{CondSupply, Ref{RefName, "Province"}, "<=", 4}) {
		t.Errorf("text patterns %+v, bots %+v", pt.TextPatterns, pt.Bots)
	}
	for _, tc := range []struct{ block, want string }{
		{"playtest: {resources: [coin], resource_per_turn: 2}", `playtest resource_per_turn repeats what resources says`},
		{"playtest: {opening_hand: 6}", `playtest opening_hand says 6, but the game's draw: block says 7 (draw opening_hand)`},
		{"playtest: {resources: [coin], buy: {cost: \"1 buys\"}}", `unknown resource kind "buys"; the playtest's resources are coin`},
		{"playtest: {supply: suply}", `playtest supply "suply" is not a section of Proto; did you mean "supply"?`},
		{"playtest: {market: {size: 3}}", `playtest market: name its section`},
		{"playtest: {win: {pices: [A]}}", `unknown key "pices" in playtest win; did you mean "pieces"?`},
		{"playtest: {lose: {clock: {from_turn: 3}}}", `playtest lose clock: say the damage`},
		{"playtest: {mulligan: {rule: londn}}", `mulligan rule "londn": the rules are redraw (the default) and london; did you mean "london"?`},
		{"playtest: {text_patterns: [{pattern: 'Draw (', effect: 'draw 1'}]}", `playtest text pattern "Draw (" does not read`},
		{"playtest: {text_patterns: [{pattern: 'Draw', effect: 'draw $1'}]}", `names $1, but the pattern has 0 groups`},
		{"playtest: {bots: [{name: greedy, buy: [A]}]}", `the name is a built-in policy's`},
		{"playtest: {bots: [{name: b, buy: [A]}]}", `buys, but the playtest has no supply or market`},
		{"playtest: {bots: [{name: b, play: [\"A if turn >> 3\"]}]}", `unknown comparison ">>"`},
		{"playtest: {permanent_types: [spel]}", `unknown card type "spel"; did you mean "spell"?`},
		{"playtest: {play_cost: {spel: \"1 resource\"}}", `playtest play_cost: unknown card type "spel"; did you mean "spell"?`},
	} {
		_, err := ParseGame("game.yaml", []byte(game+tc.block+"\n"), ".")
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s:\n got  %v\n want %s", tc.block, err, tc.want)
		}
	}
	// two fields of kind cost, none named cost: say which
	two := strings.Replace(game, "{name: red, kind: int}", "{name: red, kind: cost}", 1)
	if _, err := ParseGame("game.yaml", []byte(two+"playtest: {}\n"), "."); err == nil || !strings.Contains(err.Error(), "the fields price, red are all of kind cost; say which is the cost with cost_field") {
		t.Errorf("two cost fields: %v", err)
	}
}
