package cardsdb

import (
	"errors"
	"fmt"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/deckwright/deckwright/internal/yamlmap"
)

// Playtest is a game's `playtest:` block: how a goldfish game of the
// game is played, declared as data, so that deckwright can playtest a game
// that has no engine written in Go (engine/generic plays it). Every field
// holds its default when game.yaml leaves it out; docs/playtest.md is the
// language's reference.
type Playtest struct {
	// Deck is the section the goldfish draws from, the starting deck; ""
	// for every card of the deck but those of Supply and Market.
	Deck string
	// OpeningHand is the number of cards in the opening hand (default:
	// the game's draw: block, else 5).
	OpeningHand int
	// DrawPerTurn is the number of cards drawn at the start of every turn
	// (default: the draw: block, else 1); DrawFirstTurn false skips the
	// first turn's draw.
	DrawPerTurn   int
	DrawFirstTurn bool
	// ResourcePerTurn is the resource a turn adds, growing: turn t has
	// t×ResourcePerTurn to spend, and what is not spent is lost (default
	// 1; 0 for none). It is Resources[0].PerTurn of a game with one kind.
	ResourcePerTurn int
	// Resources are the kinds of resource, at least one: "resource" (as
	// resource_per_turn says) when the block names none.
	Resources []ResourceKind
	// CostField is the card field that holds a card's cost (found by its
	// kind when the block names none; "" when no card type has one: every
	// card costs 0), EffectsField the list field of its effects (default
	// "effects").
	CostField, EffectsField string
	// CostFields are the fields of the parts of a cost that only one kind
	// pays (a red mana cost), by kind.
	CostFields []KindField
	// ResourceTypes are the card types of resource cards: ResourceCards
	// a turn (default 1) are put into play (paying their cost), and each
	// gives 1 of the first kind every turn from then on (as lands), or
	// what its gives effect says.
	ResourceTypes []string
	ResourceCards int
	// PermanentTypes are the card types that stay in play once played.
	PermanentTypes []string
	// CardsPerTurn is the most cards that are not resource cards a turn
	// plays (0: no limit).
	CardsPerTurn int
	// PlayCost is what playing a card of a type costs beyond its cost
	// field (an action), by type.
	PlayCost map[string][]Amount
	// Supply is the deck section whose cards are the supply piles (as
	// many of each as the list has); Market the section a market row of
	// MarketSize cards is dealt from and refilled. Cards are bought from
	// them (BuyCost each, beyond the card's cost) into BuyTo.
	Supply, Market string
	MarketSize     int
	BuyCost        []Amount
	BuyTo          Zone
	// Reshuffle shuffles the discard pile into the deck when a draw needs
	// a card and the deck is empty; DiscardHand discards the hand at the
	// end of every turn (a deck-builder's clean-up).
	Reshuffle, DiscardHand bool
	// HandLimit is the most cards a hand keeps at the end of a turn (the
	// rest are discarded); 0 for no limit.
	HandLimit int
	// WinPoints is the points that win the game (default 20 when no other
	// goal is declared; 0: points win nothing), MaxTurns the turn after
	// which a game not over is unfinished (default 30).
	WinPoints, MaxTurns int
	// Win holds the other goals; Lose the ways to lose.
	Win  Win
	Lose Lose
	// Mulligan is the rule that redraws an opening hand.
	Mulligan Mulligan
	// TextPatterns turn a card's rules text into effects.
	TextPatterns []TextPattern
	// Bots are the game's own policies.
	Bots []Bot
	Pos  Pos

	game *Game
}

// ResourceKind is one kind of resource (coins, actions, red mana): what a
// turn gives of it, and whether it pays the cost field.
type ResourceKind struct {
	Name string
	// PerTurn is what each turn gives; Grows makes turn t give t×PerTurn;
	// Max, when positive, caps what a turn has of the kind in all (its
	// resource cards and ramp included).
	PerTurn int
	Grows   bool
	Max     int
	// PaysCost says that the kind pays a card's cost field (the first
	// kind, unless the block says otherwise).
	PaysCost bool
	Pos      Pos
}

// MaxResourceKinds is the most kinds of resource a playtest declares.
const MaxResourceKinds = 8

// KindField is a cost field of one resource kind.
type KindField struct {
	Kind  int
	Field string
}

// Amount is an amount of one resource kind.
type Amount struct{ Kind, N int }

// Win holds the goals beyond points: any one reached wins.
type Win struct {
	// Damage wins when the damage dealt reaches it; Survive wins at the
	// end of that turn; Pieces wins when a card of each is in play.
	Damage, Survive int
	Pieces          []Ref
}

// Lose holds the ways a goldfish loses.
type Lose struct {
	// DeckOut loses when a draw finds no card to draw.
	DeckOut bool
	// Clock is an opponent that deals Damage at the end of each of your
	// turns from FromTurn on, with Life your life (default 20).
	Clock Clock
}

// Clock is an opponent's clock; Damage 0 for none.
type Clock struct{ Damage, FromTurn, Life int }

// Mulligan is a playtest's mulligan rule: an opening hand is shuffled back
// and redrawn, at most Times times, while it holds fewer than MinResources
// or more than MaxResources resource cards, or fewer than MinCheap cards
// that are not resource cards and cost at most CheapCost. Each redraw
// draws Fewer cards fewer; with London, each redraw draws the full hand
// and puts as many cards as redraws so far at the bottom of the deck.
type Mulligan struct {
	Times                      int
	MinResources, MaxResources int // MaxResources 0: no upper bound
	MinCheap, CheapCost        int
	Fewer                      int
	London                     bool
}

// TextPattern turns rules text into an effect: each match of Re in a
// card's text gives Effect with $1... replaced by the groups.
type TextPattern struct {
	Re     *regexp.Regexp
	Effect string
	Pos    Pos
}

// Bot is a game's own policy: buy and play priorities, the first rule
// that holds and can be paid being followed (as Dominion simulators'
// bots' gain priorities).
type Bot struct {
	Name, Doc string
	Buy, Play []BotRule
	Pos       Pos
}

// BotRule is one rule of a bot: the card, and the conditions under which
// the rule holds (all of them).
type BotRule struct {
	Card  Ref
	Conds []BotCond
	Text  string
	Pos   Pos
}

// CondOf says what a condition measures.
type CondOf uint8

// What a bot's condition measures.
const (
	CondTurn   CondOf = iota + 1 // the turn
	CondSupply                   // cards of Ref left to buy (supply and market)
	CondOwned                    // cards of Ref you own
	CondMoney                    // the resources your own cards give when played (Dominiate's total money)
	CondPoints                   // your points
	CondHand                     // cards of Ref in your hand
)

// BotCond is a condition: What (of Ref) compared by Op with N.
type BotCond struct {
	What CondOf
	Ref  Ref
	Op   string // <, <=, >, >=, ==
	N    int
}

// Holds compares v with the condition's number.
func (c BotCond) Holds(v int) bool {
	switch c.Op {
	case "<":
		return v < c.N
	case "<=":
		return v <= c.N
	case ">":
		return v > c.N
	case ">=":
		return v >= c.N
	}
	return v == c.N
}

// CardEffects returns the effects of a card of a game with a playtest
// block, parsed, and the errors of those that do not read, with the
// position of the card's effects. A card with no effects field takes the
// effects its rules text gives by the block's text patterns.
func (p *Playtest) CardEffects(c *Card) ([]Effect, ErrorList) {
	v, ok := c.Fields[p.EffectsField]
	if !ok {
		return p.TextEffects(c)
	}
	var out []Effect
	var errs ErrorList
	for _, s := range v.List {
		e, err := p.ParseEffect(s)
		if err != nil {
			errs.Add(v.Pos, "card %q: %v", c.Name, err)
			continue
		}
		out = append(out, e)
	}
	return out, errs
}

// ErrEffectsDisagree is the kind (Error.Err, for errors.Is) of the warning
// for a card whose effects list and rules text read as different effects:
// the playtest plays its effects list, so unlike an effect that does not
// read it does not stop the deck being played.
var ErrEffectsDisagree = errors.New("a card's effects disagree with its text")

// TextEffects returns the effects the block's text patterns read in a
// card's rules text, in the order they are written, and the errors of
// those that do not read.
func (p *Playtest) TextEffects(c *Card) ([]Effect, ErrorList) {
	if len(p.TextPatterns) == 0 || c.Text == "" {
		return nil, nil
	}
	type found struct {
		at int
		s  string
	}
	var all []found
	for _, tp := range p.TextPatterns {
		for _, m := range tp.Re.FindAllStringSubmatchIndex(c.Text, -1) {
			all = append(all, found{m[0], string(tp.Re.ExpandString(nil, tp.Effect, c.Text, m))})
		}
	}
	sort.SliceStable(all, func(i, j int) bool { return all[i].at < all[j].at })
	var out []Effect
	var errs ErrorList
	for _, f := range all {
		e, err := p.ParseEffect(f.s)
		if err != nil {
			errs.Add(c.Pos, "card %q: its text gives %v", c.Name, err)
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

// IsPermanent reports whether c is of a type that stays in play.
func (p *Playtest) IsPermanent(c *Card) bool { return contains(p.PermanentTypes, c.Type) }

// EffectText returns an effect as the block's ParseEffect reads it, its
// resource kinds named.
func (p *Playtest) EffectText(e Effect) string { return e.text(p.Resources) }

// KindName returns the name of resource kind k.
func (p *Playtest) KindName(k int) string { return p.Resources[k].Name }

// Game returns the game of the block.
func (p *Playtest) Game() *Game { return p.game }

// playtestDoc is a playtest block being read.
type playtestDoc struct {
	*Playtest
	costNode, effectsNode, resourcesNode, perTurnNode, winPointsNode, winNode *yaml.Node
	drawNodes                                                                 [3]*yaml.Node
	playCost, buyCost, costFields, bots                                       *yaml.Node
	supplyNode, marketNode                                                    *yaml.Node
}

func (d *decoder) section(v *yaml.Node, what string) string {
	id := d.id(v, what)
	if id != "" && d.game.Section(id) == nil {
		d.errorf(v, "%s %q is not a section of %s%s", what, id, d.game.Name, didYouMean(d.suggest(id, sectionIDs(d.game))))
	}
	return id
}

var playtestKeys = newKeys("playtest", []key[*playtestDoc]{
	{"deck", func(d *decoder, v *yaml.Node, pt *playtestDoc) { pt.Deck = d.section(v, "playtest deck") }},
	{"opening_hand", func(d *decoder, v *yaml.Node, pt *playtestDoc) {
		pt.OpeningHand, _ = d.intIn(v, "playtest opening_hand", 0, 60)
		pt.drawNodes[0] = v
	}},
	{"draw_per_turn", func(d *decoder, v *yaml.Node, pt *playtestDoc) {
		pt.DrawPerTurn, _ = d.intIn(v, "playtest draw_per_turn", 0, 20)
		pt.drawNodes[1] = v
	}},
	{"draw_first_turn", func(d *decoder, v *yaml.Node, pt *playtestDoc) {
		pt.DrawFirstTurn = d.bool(v, "playtest draw_first_turn")
		pt.drawNodes[2] = v
	}},
	{"resource_per_turn", func(d *decoder, v *yaml.Node, pt *playtestDoc) {
		pt.ResourcePerTurn, _ = d.intIn(v, "playtest resource_per_turn", 0, 20)
		pt.perTurnNode = v
	}},
	{"resources", func(d *decoder, v *yaml.Node, pt *playtestDoc) { pt.resourcesNode = v }},
	{"cost_field", func(d *decoder, v *yaml.Node, pt *playtestDoc) {
		pt.CostField, pt.costNode = d.str(v, "playtest cost_field"), v
	}},
	{"cost_fields", func(d *decoder, v *yaml.Node, pt *playtestDoc) { pt.costFields = v }},
	{"effects_field", func(d *decoder, v *yaml.Node, pt *playtestDoc) {
		pt.EffectsField, pt.effectsNode = d.str(v, "playtest effects_field"), v
	}},
	{"resource_types", func(d *decoder, v *yaml.Node, pt *playtestDoc) {
		pt.ResourceTypes = d.typeList(v, "playtest resource_types", "playtest resource_types:")
	}},
	{"resource_cards_per_turn", func(d *decoder, v *yaml.Node, pt *playtestDoc) {
		pt.ResourceCards, _ = d.intIn(v, "playtest resource_cards_per_turn", 0, 20)
	}},
	{"permanent_types", func(d *decoder, v *yaml.Node, pt *playtestDoc) {
		pt.PermanentTypes = d.typeList(v, "playtest permanent_types", "playtest permanent_types:")
	}},
	{"cards_per_turn", func(d *decoder, v *yaml.Node, pt *playtestDoc) {
		pt.CardsPerTurn, _ = d.intIn(v, "playtest cards_per_turn", 0, 60)
	}},
	{"play_cost", func(d *decoder, v *yaml.Node, pt *playtestDoc) { pt.playCost = v }},
	{"supply", func(d *decoder, v *yaml.Node, pt *playtestDoc) {
		pt.Supply, pt.supplyNode = d.section(v, "playtest supply"), v
	}},
	{"market", func(d *decoder, v *yaml.Node, pt *playtestDoc) { pt.marketNode = v }},
	{"buy", func(d *decoder, v *yaml.Node, pt *playtestDoc) { buyKeys.Decode(d, v, pt) }},
	{"reshuffle", func(d *decoder, v *yaml.Node, pt *playtestDoc) { pt.Reshuffle = d.bool(v, "playtest reshuffle") }},
	{"discard_hand", func(d *decoder, v *yaml.Node, pt *playtestDoc) { pt.DiscardHand = d.bool(v, "playtest discard_hand") }},
	{"hand_limit", func(d *decoder, v *yaml.Node, pt *playtestDoc) {
		pt.HandLimit, _ = d.intIn(v, "playtest hand_limit", 0, 60)
	}},
	{"win_points", func(d *decoder, v *yaml.Node, pt *playtestDoc) {
		pt.WinPoints, _ = d.intIn(v, "playtest win_points", 1, 1000)
		pt.winPointsNode = v
	}},
	{"win", func(d *decoder, v *yaml.Node, pt *playtestDoc) { pt.winNode = v; winKeys.Decode(d, v, pt) }},
	{"lose", func(d *decoder, v *yaml.Node, pt *playtestDoc) { loseKeys.Decode(d, v, &pt.Lose) }},
	{"max_turns", func(d *decoder, v *yaml.Node, pt *playtestDoc) {
		pt.MaxTurns, _ = d.intIn(v, "playtest max_turns", 1, 1000)
	}},
	{"mulligan", func(d *decoder, v *yaml.Node, pt *playtestDoc) { mulliganKeys.Decode(d, v, &pt.Mulligan) }},
	{"text_patterns", func(d *decoder, v *yaml.Node, pt *playtestDoc) {
		items, _ := d.list(v, "playtest text_patterns")
		for _, it := range items {
			var tp textPatternDoc
			textPatternKeys.Decode(d, it, &tp)
			if tp.re == "" || tp.effect == "" {
				d.errorf(it, "playtest text pattern: write both pattern and effect, e.g. {pattern: 'Draw (\\d+) cards?', effect: 'draw $1'}")
				continue
			}
			re, err := regexp.Compile(tp.re)
			if err != nil {
				d.errorf(tp.reNode, "playtest text pattern %q does not read: %v", tp.re, err)
				continue
			}
			pt.TextPatterns = append(pt.TextPatterns, TextPattern{Re: re, Effect: tp.effect, Pos: d.pos(it)})
			if m := maxGroupRef(tp.effect); m > re.NumSubexp() {
				d.errorf(tp.effNode, "playtest text pattern effect %q names $%d, but the pattern has %d groups", tp.effect, m, re.NumSubexp())
			}
		}
	}},
	{"bots", func(d *decoder, v *yaml.Node, pt *playtestDoc) { pt.bots = v }},
})

type textPatternDoc struct {
	re, effect      string
	reNode, effNode *yaml.Node
}

var textPatternKeys = newKeys("playtest text pattern", []key[*textPatternDoc]{
	{"pattern", func(d *decoder, v *yaml.Node, t *textPatternDoc) { t.re, t.reNode = d.str(v, "text pattern"), v }},
	{"effect", func(d *decoder, v *yaml.Node, t *textPatternDoc) {
		t.effect, t.effNode = d.str(v, "text pattern effect"), v
	}},
})

// maxGroupRef returns the largest $N an effect template names.
func maxGroupRef(s string) int {
	m := 0
	for i := 0; i < len(s)-1; i++ {
		if s[i] == '$' {
			n := 0
			for j := i + 1; j < len(s) && s[j] >= '0' && s[j] <= '9' && n < 100; j++ {
				n = 10*n + int(s[j]-'0')
			}
			m = max(m, n)
		}
	}
	return m
}

var buyKeys = newKeys("playtest buy", []key[*playtestDoc]{
	{"cost", func(d *decoder, v *yaml.Node, pt *playtestDoc) { pt.buyCost = v }},
	{"to", func(d *decoder, v *yaml.Node, pt *playtestDoc) {
		switch s := d.str(v, "playtest buy to"); s {
		case "discard":
			pt.BuyTo = ZoneDiscard
		case "hand":
			pt.BuyTo = ZoneHand
		case "deck":
			pt.BuyTo = ZoneDeck
		default:
			d.errorf(v, "playtest buy to %q: a bought card goes to discard, hand or deck (its top)", s)
		}
	}},
})

var winKeys = newKeys("playtest win", []key[*playtestDoc]{
	{"points", func(d *decoder, v *yaml.Node, pt *playtestDoc) {
		if pt.winPointsNode != nil {
			d.errorf(v, "playtest win points repeats win_points; keep one")
		}
		pt.WinPoints, _ = d.intIn(v, "playtest win points", 1, 1000)
		pt.winPointsNode = v
	}},
	{"damage", func(d *decoder, v *yaml.Node, pt *playtestDoc) {
		pt.Win.Damage, _ = d.intIn(v, "playtest win damage", 1, 1000)
	}},
	{"survive", func(d *decoder, v *yaml.Node, pt *playtestDoc) {
		pt.Win.Survive, _ = d.intIn(v, "playtest win survive", 1, 1000)
	}},
	{"pieces", func(d *decoder, v *yaml.Node, pt *playtestDoc) {
		for i, s := range d.strings(v, "playtest win pieces") {
			toks, err := effectTokens(s)
			if err != nil || len(toks) != 1 {
				d.errorf(nodeAt(v, i), "playtest win piece %q: write one card, a quoted name, type:X, faction:X or tag:X", s)
				continue
			}
			r := parseRef(toks[0])
			if r.By == RefWord {
				r = Ref{RefName, toks[0]} // a piece is a card: checked once the cards are read
			}
			d.checkRef(nodeAt(v, i), r)
			pt.Win.Pieces = append(pt.Win.Pieces, r)
		}
	}},
})

var loseKeys = newKeys("playtest lose", []key[*Lose]{
	{"deck_out", func(d *decoder, v *yaml.Node, l *Lose) { l.DeckOut = d.bool(v, "playtest lose deck_out") }},
	{"clock", func(d *decoder, v *yaml.Node, l *Lose) { clockKeys.Decode(d, v, &l.Clock) }},
})

var clockKeys = newKeys("playtest lose clock", []key[*Clock]{
	{"damage", func(d *decoder, v *yaml.Node, c *Clock) { c.Damage, _ = d.intIn(v, "clock damage", 1, 1000) }},
	{"from_turn", func(d *decoder, v *yaml.Node, c *Clock) { c.FromTurn, _ = d.intIn(v, "clock from_turn", 1, 1000) }},
	{"life", func(d *decoder, v *yaml.Node, c *Clock) { c.Life, _ = d.intIn(v, "clock life", 1, 1000) }},
})

var resourceKindKeys = newKeys("playtest resource", []key[*ResourceKind]{
	{"name", func(d *decoder, v *yaml.Node, k *ResourceKind) { k.Name = d.id(v, "resource name") }},
	{"per_turn", func(d *decoder, v *yaml.Node, k *ResourceKind) { k.PerTurn, _ = d.intIn(v, "resource per_turn", 0, 99) }},
	{"grows", func(d *decoder, v *yaml.Node, k *ResourceKind) { k.Grows = d.bool(v, "resource grows") }},
	{"max", func(d *decoder, v *yaml.Node, k *ResourceKind) { k.Max, _ = d.intIn(v, "resource max", 1, 999) }},
	{"pays_cost", func(d *decoder, v *yaml.Node, k *ResourceKind) { k.PaysCost = d.bool(v, "resource pays_cost") }},
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
	{"rule", func(d *decoder, v *yaml.Node, m *Mulligan) {
		switch s := d.str(v, "mulligan rule"); s {
		case "london":
			m.London = true
		case "redraw":
		default:
			d.errorf(v, "mulligan rule %q: the rules are redraw (the default) and london%s", s, didYouMean(Suggest(s, []string{"redraw", "london"}, 1)))
		}
	}},
})

// checkRef reports a reference to a type, faction or tag the game does
// not have (names are checked when a deck is compiled, once every card
// is read).
func (d *decoder) checkRef(n *yaml.Node, r Ref) {
	g := d.game
	switch r.By {
	case RefType:
		if g.Type(r.Value) == nil {
			d.errorf(n, "unknown card type %q%s", r.Value, didYouMean(d.suggest(r.Value, g.TypeIDs())))
		}
	case RefFaction:
		var ids []string
		for _, f := range g.Factions.Values {
			ids = append(ids, f.ID)
		}
		if !contains(ids, r.Value) {
			d.errorf(n, "unknown faction %q%s", r.Value, didYouMean(d.suggest(r.Value, ids)))
		}
	}
}

// playtest reads the playtest block, once the types, sections and draw
// block are read, and checks what it names against them.
func (d *decoder) playtest(n *yaml.Node, g *Game) *Playtest {
	pt := &Playtest{OpeningHand: 5, DrawPerTurn: 1, DrawFirstTurn: true, ResourcePerTurn: 1, ResourceCards: 1,
		EffectsField: "effects", MaxTurns: 30, BuyTo: ZoneDiscard, Pos: d.pos(n), game: g}
	pt.Mulligan.CheapCost = 2
	if dr := g.Draw; dr != nil {
		// the game's draw: block feeds the playtest
		if dr.OpeningHand > 0 {
			pt.OpeningHand = dr.OpeningHand
		}
		if dr.HasPerTurn {
			pt.DrawPerTurn = dr.PerTurn
		}
		pt.DrawFirstTurn = !dr.SkipFirstDraw
	}
	fromDraw := [3]any{pt.OpeningHand, pt.DrawPerTurn, pt.DrawFirstTurn}
	doc := &playtestDoc{Playtest: pt}
	if _, ok := playtestKeys.Decode(d, n, doc); !ok {
		return nil
	}
	if g.Draw != nil {
		said := [3]any{pt.OpeningHand, pt.DrawPerTurn, pt.DrawFirstTurn}
		drawKey := [3]string{"opening_hand", "per_turn", "skip_first_draw"}
		ptKey := [3]string{"opening_hand", "draw_per_turn", "draw_first_turn"}
		for i, v := range doc.drawNodes {
			if v != nil && said[i] != fromDraw[i] {
				d.errorf(v, "playtest %s says %v, but the game's draw: block says %v (draw %s); the playtest takes it from the draw block: remove it here, or correct the draw block", ptKey[i], said[i], fromDraw[i], drawKey[i])
			}
		}
	}
	d.resourceKinds(doc)
	if doc.costNode == nil {
		pt.CostField = d.findCostField(g, n)
	} else {
		d.checkPlaytestField(g, doc.costNode, n, pt.CostField, "cost_field", KindInt, KindCost)
	}
	d.checkPlaytestField(g, doc.effectsNode, n, pt.EffectsField, "effects_field", KindList)
	if doc.costFields != nil {
		pairs, _ := yamlmap.Pairs(d, doc.costFields, "playtest cost_fields")
		for _, p := range pairs {
			k, err := pt.kind(p.Key)
			if err != nil {
				d.errorf(p.K, "playtest cost_fields: %v", err)
				continue
			}
			f := d.str(p.V, "playtest cost_fields "+p.Key)
			d.checkPlaytestField(g, p.V, n, f, "cost_fields "+p.Key, KindInt, KindCost)
			pt.CostFields = append(pt.CostFields, KindField{k, f})
		}
	}
	if doc.playCost != nil {
		pt.PlayCost = map[string][]Amount{}
		pairs, _ := yamlmap.Pairs(d, doc.playCost, "playtest play_cost")
		for _, p := range pairs {
			if g.Type(p.Key) == nil {
				d.errorf(p.K, "playtest play_cost: unknown card type %q%s", p.Key, didYouMean(d.suggest(p.Key, g.TypeIDs())))
				continue
			}
			pt.PlayCost[p.Key] = d.amounts(p.V, pt, "playtest play_cost "+p.Key)
		}
	}
	if doc.buyCost != nil {
		pt.BuyCost = d.amounts(doc.buyCost, pt, "playtest buy cost")
	}
	if doc.marketNode != nil {
		marketKeys.Decode(d, doc.marketNode, pt)
		if pt.Market == "" {
			d.errorf(doc.marketNode, "playtest market: name its section, e.g. {section: market, size: 5}")
		}
		if pt.MarketSize == 0 {
			pt.MarketSize = 5
		}
	}
	if pt.Supply != "" && pt.Supply == pt.Market {
		d.errorf(doc.supplyNode, "playtest supply and market are both section %q; a card is in one of them", pt.Supply)
	}
	if pt.Deck != "" && (pt.Deck == pt.Supply || pt.Deck == pt.Market) {
		d.errorf(n, "playtest deck %q is also its supply or market; the deck is what you start with", pt.Deck)
	}
	if doc.bots != nil {
		d.bots(doc.bots, pt)
	}
	if pt.WinPoints == 0 && pt.Win.Damage == 0 && pt.Win.Survive == 0 && len(pt.Win.Pieces) == 0 {
		pt.WinPoints = 20
	}
	if pt.Lose.Clock.Damage > 0 {
		if pt.Lose.Clock.Life == 0 {
			pt.Lose.Clock.Life = 20
		}
		if pt.Lose.Clock.FromTurn == 0 {
			pt.Lose.Clock.FromTurn = 1
		}
	} else if pt.Lose.Clock != (Clock{}) {
		d.errorf(n, "playtest lose clock: say the damage the opponent deals a turn, e.g. {damage: 3, from_turn: 4}")
	}
	m := &pt.Mulligan
	if (m.MinResources > 0 || m.MaxResources > 0) && len(pt.ResourceTypes) == 0 {
		d.errorf(n, "playtest mulligan counts resource cards, but the playtest has no resource_types; add resource_types: [TYPE]")
	}
	if m.MaxResources > 0 && m.MinResources > m.MaxResources {
		d.errorf(n, "playtest mulligan min_resources %d is above max_resources %d", m.MinResources, m.MaxResources)
	}
	if m.London && m.Fewer > 0 {
		d.errorf(n, "playtest mulligan: the london rule draws the full hand and puts cards at the bottom; fewer is for the redraw rule")
	}
	if m.Fewer*m.Times >= pt.OpeningHand && m.Times > 0 && m.Fewer > 0 || m.London && m.Times >= pt.OpeningHand && m.Times > 0 {
		d.errorf(n, "playtest mulligan: %d redraws leave no opening hand of %d; lower fewer or times", m.Times, pt.OpeningHand)
	}
	return pt
}

var marketKeys = newKeys("playtest market", []key[*Playtest]{
	{"section", func(d *decoder, v *yaml.Node, pt *Playtest) { pt.Market = d.section(v, "playtest market section") }},
	{"size", func(d *decoder, v *yaml.Node, pt *Playtest) {
		pt.MarketSize, _ = d.intIn(v, "playtest market size", 1, 20)
	}},
})

// resourceKinds reads the resources list, or makes the one kind of
// resource_per_turn.
func (d *decoder) resourceKinds(doc *playtestDoc) {
	pt := doc.Playtest
	if doc.resourcesNode == nil {
		pt.Resources = []ResourceKind{{Name: "resource", PerTurn: pt.ResourcePerTurn, Grows: true, PaysCost: true}}
		return
	}
	if doc.perTurnNode != nil {
		d.errorf(doc.perTurnNode, "playtest resource_per_turn repeats what resources says; give per_turn in each resource")
	}
	items, _ := d.list(doc.resourcesNode, "playtest resources")
	anyPays := false
	for _, it := range items {
		var k ResourceKind
		k.Pos = d.pos(it)
		if it.Kind == yaml.ScalarNode {
			k.Name = d.id(it, "resource name")
		} else {
			resourceKindKeys.Decode(d, it, &k)
			anyPays = anyPays || nodeHasKey(it, "pays_cost")
		}
		if k.Name == "" {
			d.errorf(it, "playtest resource: give it a name, e.g. {name: coin}")
			continue
		}
		for _, o := range pt.Resources {
			if o.Name == k.Name {
				d.errorf(it, "playtest resource %q is declared twice", k.Name)
			}
		}
		pt.Resources = append(pt.Resources, k)
	}
	if len(pt.Resources) > MaxResourceKinds {
		d.errorf(doc.resourcesNode, "playtest resources: %d kinds; a playtest plays at most %d", len(pt.Resources), MaxResourceKinds)
		pt.Resources = pt.Resources[:MaxResourceKinds]
	}
	if len(pt.Resources) == 0 {
		pt.Resources = []ResourceKind{{Name: "resource", PaysCost: true}}
		return
	}
	if !anyPays {
		pt.Resources[0].PaysCost = true
	}
	pt.ResourcePerTurn = pt.Resources[0].PerTurn
}

func nodeHasKey(n *yaml.Node, key string) bool {
	for i := 0; i+1 < len(n.Content); i += 2 {
		if n.Content[i].Value == key {
			return true
		}
	}
	return false
}

// amounts reads "1 action" or "1 action, 2 coin": amounts of the
// playtest's resource kinds.
func (d *decoder) amounts(n *yaml.Node, pt *Playtest, what string) []Amount {
	s := d.str(n, what)
	var out []Amount
	for _, part := range strings.Split(s, ",") {
		f := strings.Fields(part)
		if len(f) == 0 && strings.TrimSpace(s) == "" {
			return nil
		}
		if len(f) != 2 {
			d.errorf(n, "%s %q: write an amount and a resource kind, e.g. \"1 %s\"", what, s, pt.Resources[len(pt.Resources)-1].Name)
			return nil
		}
		a, err := amount(f[0])
		if err != nil {
			d.errorf(n, "%s: %v", what, err)
			return nil
		}
		k, err := pt.kind(f[1])
		if err != nil {
			d.errorf(n, "%s: %v", what, err)
			return nil
		}
		out = append(out, Amount{k, a})
	}
	return out
}

// findCostField returns the field that holds a card's cost when the block
// names none: the field named cost when it is of kind int or cost, else
// the one field name of kind cost; several are an error that asks to
// choose.
func (d *decoder) findCostField(g *Game, block *yaml.Node) string {
	var named bool
	var costKind []string
	for _, t := range g.Types {
		for _, f := range t.Fields {
			if f.Name == "cost" && (f.Kind == KindInt || f.Kind == KindCost) {
				named = true
			}
			if f.Kind == KindCost && !contains(costKind, f.Name) {
				costKind = append(costKind, f.Name)
			}
		}
	}
	switch {
	case named:
		return "cost"
	case len(costKind) == 1:
		return costKind[0]
	case len(costKind) > 1:
		d.errorf(block, "playtest: the fields %s are all of kind cost; say which is the cost with cost_field", strings.Join(costKind, ", "))
	}
	return ""
}

// bots reads the game's own policies.
func (d *decoder) bots(n *yaml.Node, pt *Playtest) {
	items, _ := d.list(n, "playtest bots")
	for _, it := range items {
		var b botDoc
		b.Pos = d.pos(it)
		botKeys.Decode(d, it, &b)
		if b.Name == "" {
			d.errorf(it, "playtest bot: give it a name, e.g. {name: big-money, buy: [...]}")
			continue
		}
		if b.Name == "greedy" || b.Name == "planner" {
			d.errorf(it, "playtest bot %q: the name is a built-in policy's; choose another", b.Name)
		}
		for _, o := range pt.Bots {
			if o.Name == b.Name {
				d.errorf(it, "playtest bot %q is declared twice", b.Name)
			}
		}
		b.Buy = d.botRules(b.buy, "buy")
		b.Play = d.botRules(b.play, "play")
		if b.buy == nil && b.play == nil {
			d.errorf(it, "playtest bot %q: give it buy or play rules", b.Name)
		}
		if len(b.Buy) > 0 && pt.Supply == "" && pt.Market == "" {
			d.errorf(b.buy, "playtest bot %q buys, but the playtest has no supply or market to buy from", b.Name)
		}
		pt.Bots = append(pt.Bots, b.Bot)
	}
}

type botDoc struct {
	Bot
	buy, play *yaml.Node
}

var botKeys = newKeys("playtest bot", []key[*botDoc]{
	{"name", func(d *decoder, v *yaml.Node, b *botDoc) { b.Name = d.id(v, "bot name") }},
	{"doc", func(d *decoder, v *yaml.Node, b *botDoc) { b.Doc = d.str(v, "bot doc") }},
	{"buy", func(d *decoder, v *yaml.Node, b *botDoc) { b.buy = v }},
	{"play", func(d *decoder, v *yaml.Node, b *botDoc) { b.play = v }},
})

var condWords = []string{"turn", "supply", "owned", "money", "points", "hand"}

// botRules reads a bot's rules: "CARD [if COND [and COND]...]", COND being
// "turn OP N", "money OP N", "points OP N", or "supply|owned|hand REF OP N".
func (d *decoder) botRules(n *yaml.Node, what string) []BotRule {
	if n == nil {
		return nil
	}
	var out []BotRule
	for i, s := range d.strings(n, "bot "+what) {
		at := nodeAt(n, i)
		r, err := parseBotRule(s)
		if err != nil {
			d.errorf(at, "bot %s rule %q: %v", what, s, err)
			continue
		}
		r.Pos = d.pos(at)
		d.checkRef(at, r.Card)
		for _, c := range r.Conds {
			d.checkRef(at, c.Ref)
		}
		out = append(out, r)
	}
	return out
}

func parseBotRule(s string) (BotRule, error) {
	// the card is what comes before " if ": a name of several words
	// needs no quotes
	card, cond, hasCond := strings.Cut(s, " if ")
	card = strings.TrimSpace(card)
	if card == "" {
		return BotRule{}, fmt.Errorf("empty; write a card, e.g. Gold, or \"Duchy if supply Province <= 4\"")
	}
	r := BotRule{Text: s}
	if unq, err := strconv.Unquote(card); err == nil {
		r.Card = Ref{RefName, unq}
	} else if r.Card = parseRef(card); r.Card.By == RefWord {
		r.Card = Ref{RefName, card}
	}
	if !hasCond {
		return r, nil
	}
	rest, err := effectTokens(cond)
	if err != nil {
		return BotRule{}, err
	}
	for {
		var c BotCond
		if len(rest) == 0 {
			return BotRule{}, fmt.Errorf("a condition is missing after \"if\" or \"and\"")
		}
		switch rest[0] {
		case "turn":
			c.What = CondTurn
		case "money":
			c.What = CondMoney
		case "points":
			c.What = CondPoints
		case "supply", "owned", "hand":
			c.What = map[string]CondOf{"supply": CondSupply, "owned": CondOwned, "hand": CondHand}[rest[0]]
			if len(rest) < 2 {
				return BotRule{}, fmt.Errorf("%s counts cards: write e.g. \"%s Province < 4\"", rest[0], rest[0])
			}
			c.Ref = parseRef(rest[1])
			if c.Ref.By == RefWord {
				c.Ref = Ref{RefName, rest[1]}
			}
			rest = rest[1:]
		default:
			return BotRule{}, fmt.Errorf("unknown condition %q; the conditions are %s%s", rest[0], strings.Join(condWords, ", "), didYouMean(Suggest(rest[0], condWords, 1)))
		}
		rest = rest[1:]
		if len(rest) < 2 {
			return BotRule{}, fmt.Errorf("write a comparison and a number, e.g. \">= 5\"")
		}
		switch rest[0] {
		case "<", "<=", ">", ">=", "==":
			c.Op = rest[0]
		default:
			return BotRule{}, fmt.Errorf("unknown comparison %q; write <, <=, >, >= or ==", rest[0])
		}
		n, err := strconv.Atoi(rest[1])
		if err != nil || n < 0 || n > 10000 {
			return BotRule{}, fmt.Errorf("%q is not a whole number from 0 to 10000", rest[1])
		}
		c.N = n
		r.Conds = append(r.Conds, c)
		rest = rest[2:]
		if len(rest) == 0 {
			return r, nil
		}
		if rest[0] != "and" {
			return BotRule{}, fmt.Errorf("unexpected %q; join conditions with \"and\"", rest[0])
		}
		rest = rest[1:]
	}
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
		if _, err := g.Playtest.ParseEffect(item.Value); err != nil {
			d.errorf(item, "%v", err)
		}
	}
}
