package cardsdb

import (
	"fmt"
	"strconv"
	"strings"

	"gopkg.in/yaml.v3"
)

// Playtest is a game's `playtest:` block: how a goldfish game of the
// game is played, declared as data, so that deckwright can playtest a game
// that has no engine written in Go (engine/generic plays it). Every field
// holds its default when game.yaml leaves it out.
type Playtest struct {
	// Deck is the section the goldfish draws from; "" for every card of
	// the deck.
	Deck string
	// OpeningHand is the number of cards in the opening hand (default 5).
	OpeningHand int
	// DrawPerTurn is the number of cards drawn at the start of every turn
	// (default 1); DrawFirstTurn false skips the first turn's draw.
	DrawPerTurn   int
	DrawFirstTurn bool
	// ResourcePerTurn is the resource a turn adds, growing: turn t has
	// t×ResourcePerTurn to spend, and what is not spent is lost (default
	// 1; 0 for none).
	ResourcePerTurn int
	// CostField is the card field that holds a card's cost (default
	// "cost"; a card without it costs 0), EffectsField the list field of
	// its effects (default "effects").
	CostField, EffectsField string
	// ResourceTypes are the card types of resource cards: one a turn is
	// put into play for free, and each gives 1 resource every turn from
	// then on (as lands).
	ResourceTypes []string
	// HandLimit is the most cards a hand keeps at the end of a turn (the
	// rest are discarded); 0 for no limit.
	HandLimit int
	// WinPoints is the points that win the game (default 20), MaxTurns
	// the turn after which a game not won is unfinished (default 30).
	WinPoints, MaxTurns int
	// Mulligan is the rule that redraws an opening hand.
	Mulligan Mulligan
	Pos      Pos
}

// Mulligan is a playtest's mulligan rule: an opening hand is shuffled back
// and redrawn, at most Times times, while it holds fewer than MinResources
// or more than MaxResources resource cards, or fewer than MinCheap cards
// costing at most CheapCost. Each redraw draws Fewer cards fewer.
type Mulligan struct {
	Times                      int
	MinResources, MaxResources int // MaxResources 0: no upper bound
	MinCheap, CheapCost        int
	Fewer                      int
}

// EffectVerb is one verb of a playtest's effect vocabulary.
type EffectVerb uint8

// The effects a card of a game with a playtest block may list.
const (
	EffectPoints         EffectVerb = iota + 1 // points N: N points when played
	EffectPointsEachTurn                       // points N each turn: N points at the start of each of your later turns while in play
	EffectDraw                                 // draw N: draw N cards
	EffectResource                             // resource N: N more to spend this turn
	EffectRamp                                 // ramp N: N more to spend every later turn
	EffectDiscard                              // discard N: discard N cards of your hand
)

// playtestVerbs are the verbs, for messages and did-you-mean.
var playtestVerbs = []string{"points", "draw", "resource", "ramp", "discard"}

// MaxEffectAmount is the largest amount an effect may name.
const MaxEffectAmount = 99

// Effect is one parsed item of a card's effects list.
type Effect struct {
	Verb EffectVerb
	N    int
}

// String returns the effect as ParseEffect reads it.
func (e Effect) String() string {
	n := strconv.Itoa(e.N)
	switch e.Verb {
	case EffectPoints:
		return "points " + n
	case EffectPointsEachTurn:
		return "points " + n + " each turn"
	case EffectDraw:
		return "draw " + n
	case EffectResource:
		return "resource " + n
	case EffectRamp:
		return "ramp " + n
	case EffectDiscard:
		return "discard " + n
	}
	return "?"
}

// ParseEffect reads one item of a playtest effects list: a verb and a
// whole number from 1 to 99, lower case:
//
//	points N | points N each turn | draw N | resource N | ramp N | discard N
func ParseEffect(s string) (Effect, error) {
	f := strings.Fields(s)
	if len(f) == 0 {
		return Effect{}, fmt.Errorf("empty effect; write a verb and an amount, e.g. \"points 1\"")
	}
	var e Effect
	switch f[0] {
	case "points":
		e.Verb = EffectPoints
		if len(f) == 4 && f[2] == "each" && f[3] == "turn" {
			e.Verb, f = EffectPointsEachTurn, f[:2]
		}
	case "draw":
		e.Verb = EffectDraw
	case "resource":
		e.Verb = EffectResource
	case "ramp":
		e.Verb = EffectRamp
	case "discard":
		e.Verb = EffectDiscard
	default:
		return Effect{}, fmt.Errorf("unknown effect %q; the verbs are %s%s", f[0], strings.Join(playtestVerbs, ", "), didYouMean(Suggest(f[0], playtestVerbs, 1)))
	}
	if len(f) != 2 {
		if e.Verb == EffectPoints {
			return Effect{}, fmt.Errorf("effect %q: write \"points N\" (when played) or \"points N each turn\"", s)
		}
		return Effect{}, fmt.Errorf("effect %q: write %q followed by one amount (1 to %d)", s, f[0], MaxEffectAmount)
	}
	n, err := strconv.Atoi(f[1])
	if err != nil || n < 1 || n > MaxEffectAmount || f[1][0] == '+' {
		return Effect{}, fmt.Errorf("effect %q: amount %q must be a whole number from 1 to %d", s, f[1], MaxEffectAmount)
	}
	e.N = n
	return e, nil
}

// CardEffects returns the effects of a card of a game with a playtest
// block, parsed, and the errors of those that do not read, with the
// position of the card's effects.
func (p *Playtest) CardEffects(c *Card) ([]Effect, ErrorList) {
	v, ok := c.Fields[p.EffectsField]
	if !ok {
		return nil, nil
	}
	var out []Effect
	var errs ErrorList
	for _, s := range v.List {
		e, err := ParseEffect(s)
		if err != nil {
			errs.Add(v.Pos, "card %q: %v", c.Name, err)
			continue
		}
		out = append(out, e)
	}
	return out, errs
}

// CardCost returns a card's cost (0 without one), and whether it is X,
// which a playtest plays as 0.
func (p *Playtest) CardCost(c *Card) (cost int, x bool) {
	v, ok := c.Fields[p.CostField]
	if !ok {
		return 0, false
	}
	return v.Int, v.X
}

// IsResource reports whether c is a resource card.
func (p *Playtest) IsResource(c *Card) bool { return contains(p.ResourceTypes, c.Type) }

// playtestDoc is a playtest block being read.
type playtestDoc struct {
	*Playtest
	costNode, effectsNode *yaml.Node
}

var playtestKeys = newKeys("playtest", []key[*playtestDoc]{
	{"deck", func(d *decoder, v *yaml.Node, pt *playtestDoc) {
		pt.Deck = d.id(v, "playtest deck")
		if pt.Deck != "" && d.game.Section(pt.Deck) == nil {
			d.errorf(v, "playtest deck %q is not a section of %s%s", pt.Deck, d.game.Name, didYouMean(d.suggest(pt.Deck, sectionIDs(d.game))))
		}
	}},
	{"opening_hand", func(d *decoder, v *yaml.Node, pt *playtestDoc) {
		pt.OpeningHand, _ = d.intIn(v, "playtest opening_hand", 0, 60)
	}},
	{"draw_per_turn", func(d *decoder, v *yaml.Node, pt *playtestDoc) {
		pt.DrawPerTurn, _ = d.intIn(v, "playtest draw_per_turn", 0, 20)
	}},
	{"draw_first_turn", func(d *decoder, v *yaml.Node, pt *playtestDoc) {
		pt.DrawFirstTurn = d.bool(v, "playtest draw_first_turn")
	}},
	{"resource_per_turn", func(d *decoder, v *yaml.Node, pt *playtestDoc) {
		pt.ResourcePerTurn, _ = d.intIn(v, "playtest resource_per_turn", 0, 20)
	}},
	{"cost_field", func(d *decoder, v *yaml.Node, pt *playtestDoc) {
		pt.CostField, pt.costNode = d.str(v, "playtest cost_field"), v
	}},
	{"effects_field", func(d *decoder, v *yaml.Node, pt *playtestDoc) {
		pt.EffectsField, pt.effectsNode = d.str(v, "playtest effects_field"), v
	}},
	{"resource_types", func(d *decoder, v *yaml.Node, pt *playtestDoc) {
		pt.ResourceTypes = d.typeList(v, "playtest resource_types", "playtest resource_types:")
	}},
	{"hand_limit", func(d *decoder, v *yaml.Node, pt *playtestDoc) {
		pt.HandLimit, _ = d.intIn(v, "playtest hand_limit", 0, 60)
	}},
	{"win_points", func(d *decoder, v *yaml.Node, pt *playtestDoc) {
		pt.WinPoints, _ = d.intIn(v, "playtest win_points", 1, 1000)
	}},
	{"max_turns", func(d *decoder, v *yaml.Node, pt *playtestDoc) {
		pt.MaxTurns, _ = d.intIn(v, "playtest max_turns", 1, 1000)
	}},
	{"mulligan", func(d *decoder, v *yaml.Node, pt *playtestDoc) { mulliganKeys.Decode(d, v, &pt.Mulligan) }},
})

var mulliganKeys = newKeys("playtest mulligan", []key[*Mulligan]{
	{"times", func(d *decoder, v *yaml.Node, m *Mulligan) { m.Times, _ = d.intIn(v, "mulligan times", 0, 10) }},
	{"min_resources", func(d *decoder, v *yaml.Node, m *Mulligan) {
		m.MinResources, _ = d.intIn(v, "mulligan min_resources", 0, 60)
	}},
	{"max_resources", func(d *decoder, v *yaml.Node, m *Mulligan) {
		m.MaxResources, _ = d.intIn(v, "mulligan max_resources", 0, 60)
	}},
	{"min_cheap", func(d *decoder, v *yaml.Node, m *Mulligan) { m.MinCheap, _ = d.intIn(v, "mulligan min_cheap", 0, 60) }},
	{"cheap_cost", func(d *decoder, v *yaml.Node, m *Mulligan) { m.CheapCost, _ = d.intIn(v, "mulligan cheap_cost", 0, 99) }},
	{"fewer", func(d *decoder, v *yaml.Node, m *Mulligan) { m.Fewer, _ = d.intIn(v, "mulligan fewer", 0, 60) }},
})

// playtest reads the playtest block, once the types and sections are
// read, and checks what it names against them.
func (d *decoder) playtest(n *yaml.Node, g *Game) *Playtest {
	pt := &Playtest{OpeningHand: 5, DrawPerTurn: 1, DrawFirstTurn: true, ResourcePerTurn: 1,
		CostField: "cost", EffectsField: "effects", WinPoints: 20, MaxTurns: 30, Pos: d.pos(n)}
	pt.Mulligan.CheapCost = 2
	doc := &playtestDoc{Playtest: pt}
	if _, ok := playtestKeys.Decode(d, n, doc); !ok {
		return nil
	}
	d.checkPlaytestField(g, doc.costNode, n, pt.CostField, "cost_field", KindInt, KindCost)
	d.checkPlaytestField(g, doc.effectsNode, n, pt.EffectsField, "effects_field", KindList)
	m := &pt.Mulligan
	if (m.MinResources > 0 || m.MaxResources > 0) && len(pt.ResourceTypes) == 0 {
		d.errorf(n, "playtest mulligan counts resource cards, but the playtest has no resource_types; add resource_types: [TYPE]")
	}
	if m.MaxResources > 0 && m.MinResources > m.MaxResources {
		d.errorf(n, "playtest mulligan min_resources %d is above max_resources %d", m.MinResources, m.MaxResources)
	}
	if m.Fewer*m.Times >= pt.OpeningHand && m.Times > 0 && m.Fewer > 0 {
		d.errorf(n, "playtest mulligan: %d redraws of %d fewer cards leave no opening hand of %d; lower fewer or times", m.Times, m.Fewer, pt.OpeningHand)
	}
	return pt
}

// checkPlaytestField reports a cost or effects field that no card type
// declares with a kind the playtest can read. A default name that no type
// declares is fine (cards then cost 0, or have no effects); a name the
// block gives must exist.
func (d *decoder) checkPlaytestField(g *Game, at, block *yaml.Node, name, key string, kinds ...FieldKind) {
	var names []string
	found := false
	for _, t := range g.Types {
		for _, f := range t.Fields {
			if !contains(kindsText(kinds), string(f.Kind)) {
				continue
			}
			names = append(names, f.Name)
			found = found || f.Name == name
		}
	}
	for _, t := range g.Types {
		if f := t.Field(name); f != nil && !contains(kindsText(kinds), string(f.Kind)) {
			d.errs.Add(f.Pos, "playtest %s %q is of kind %s in %s cards; it must be of kind %s", key, name, f.Kind, t.Name, strings.Join(kindsText(kinds), " or "))
			return
		}
	}
	if !found && at != nil {
		d.errorf(at, "playtest %s %q is not a field of any card type (of kind %s)%s", key, name, strings.Join(kindsText(kinds), " or "), didYouMean(d.suggest(name, names)))
	}
}

func kindsText(ks []FieldKind) []string {
	out := make([]string, len(ks))
	for i, k := range ks {
		out[i] = string(k)
	}
	return out
}

func sectionIDs(g *Game) []string {
	var ids []string
	for _, s := range g.Sections {
		ids = append(ids, s.ID)
	}
	return ids
}

// checkEffects reads each item of a card's effects list when the game has
// a playtest block and f is its effects field, and reports the items that
// do not read where they are written.
func (d *decoder) checkEffects(n *yaml.Node, f *Field, g *Game) {
	if g.Playtest == nil || f.Name != g.Playtest.EffectsField || n.Kind != yaml.SequenceNode {
		return
	}
	for _, item := range n.Content {
		if item.Kind != yaml.ScalarNode {
			continue // d.strings reported it
		}
		if _, err := ParseEffect(item.Value); err != nil {
			d.errorf(item, "%v", err)
		}
	}
}
