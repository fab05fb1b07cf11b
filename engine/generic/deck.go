package generic

import (
	"fmt"
	"math/bits"
	"strings"

	"github.com/deckwright/deckwright/cardsdb"
	"github.com/deckwright/deckwright/engine"
)

// K is the most kinds of resource a playtest declares.
const K = cardsdb.MaxResourceKinds

// Mask is a set of card ids (a card reference compiled for a deck).
type Mask [4]uint64

// Has reports whether id is in the set.
func (m *Mask) Has(id uint8) bool { return m[id>>6]&(1<<(id&63)) != 0 }

func (m *Mask) add(id uint8) { m[id>>6] |= 1 << (id & 63) }

// Price is what a card costs to play or to buy: Generic paid by the kinds
// that pay costs, Kind[k] paid by kind k only.
type Price struct {
	Generic int
	Kind    [K]int
	// Only says that some Kind is not 0.
	Only bool
}

// Total is the price in all.
func (p *Price) Total() int {
	t := p.Generic
	for _, n := range p.Kind {
		t += n
	}
	return t
}

// Eff is an effect compiled for a deck: its card references as sets of
// card ids.
type Eff struct {
	cardsdb.Effect
	RefSet, PerSet, IfSet Mask
}

// Card is a card compiled for play: its cost and effects as small
// integers.
type Card struct {
	Name string
	// Cost is what playing the card spends in all (Play's total): its
	// cost field (a cost of X plays as 0) and its type's play cost, or,
	// in a game with a supply or a market, where the cost field is what
	// buying it spends (Buy, BuyCost in all), its type's play cost only.
	Cost        int
	BuyCost     int
	CostX       bool
	Play, Buy   Price
	Resource    bool // a resource card: played as the turn's resource card
	Permanent   bool // of a type that stays in play
	Pieces      uint32
	Effects     []Eff
	Lasting     []Eff // effects each turn beyond plain points each turn
	Duration    int   // the turns its lasting effects last (0: while in play)
	Dynamic     bool  // some effect counts cards or has a condition
	Gives       [K]int
	GivesOr     uint8 // a choice: one of these kinds instead of Gives (1 unit)
	GivesAny    bool  // its gives effect is written
	Victory     int   // points while owned
	Cards       int   // cards it brings to your hand: tutor, recover, gain to hand
	Gained      int   // cards it gains
	Scry, Trash int
	noPlay      bool // a resource card, or one not played (Playable false)
	inert       bool // see inert
	// The sums of the card's effects by verb, which policies weigh (each
	// counted once; a per or an if counts its amount once). Each is the
	// points each turn that the start of a turn scores at once (plain
	// "points N each turn"), EachPts all the points each turn a card
	// gives, which policies weigh.
	Points, Each, EachPts, Draw, Gain, Ramp, Discard, Damage, Life int
}

// Stays reports whether the card stays in play once played: a resource
// card, a permanent, a piece of a win, or a card with effects each turn;
// the others go to the discard pile at the end of the turn.
func (c *Card) Stays() bool {
	return c.Resource || c.Permanent || c.Pieces != 0 || c.Each > 0 || len(c.Lasting) > 0
}

// Playable reports whether playing the card does anything: a victory
// card without effects is not played.
func (c *Card) Playable() bool { return !c.Resource && !(c.Victory > 0 && len(c.Effects) == 1) }

// Deck is a deck compiled for play: every distinct card once, referred to
// by its id (its index in Cards), the pile the goldfish starts with, one
// id per card, and the supply and market it buys from.
type Deck struct {
	Name  string
	Rules *cardsdb.Playtest
	Cards []Card
	Stack []uint8
	// Supply[id] is the number of copies of card id in the supply piles;
	// SupplyIDs the ids with piles, in list order; Market the market's
	// cards, one id per card.
	Supply    []int
	SupplyIDs []uint8
	Market    []uint8
	// Resources counts the resource cards of Stack.
	Resources int
	// Kinds is the number of resource kinds; Simple says one kind and no
	// card whose resources are a choice (the fast path).
	Kinds  int
	Simple bool
	// Buys says that the game has a supply or a market.
	Buys bool
	// PerResource is the mean points a resource buys in the deck (points
	// when played plus points of one turn, over the cost of the cards
	// that score), and CardWorth the mean points a card of the deck
	// brings: what policies weigh a resource and a drawn card by.
	PerResource, CardWorth float64
	// Bots are the game's bots compiled for the deck.
	Bots []CompiledBot
	// Pieces is the mask of every piece of the win (one bit each).
	Pieces uint32
	// NotSimulated lists what the engine does not play as written.
	NotSimulated []engine.NotSimulated
	Provisional  []engine.Provisional
}

// Compile compiles a deck of a game with a playtest block: the cards of
// its playtest deck section (every section but the supply and market
// when the block names none), and the supply and market sections. Effects
// that do not read are errors with positions (a cardsdb.ErrorList).
func Compile(d *cardsdb.Deck) (*Deck, error) {
	pt := d.Game.Playtest
	if pt == nil {
		return nil, fmt.Errorf("%s has no playtest block", d.Game.Name)
	}
	out := &Deck{Name: d.Name(), Rules: pt, Kinds: len(pt.Resources), Buys: pt.Supply != "" || pt.Market != ""}
	ids := map[*cardsdb.Card]uint8{}
	var errs cardsdb.ErrorList
	var cards []*cardsdb.Card
	id := func(c *cardsdb.Card) (uint8, error) {
		if id, ok := ids[c]; ok {
			return id, nil
		}
		if len(out.Cards) == 255 {
			return 0, fmt.Errorf("deck %s: more than 255 different cards; the playtest plays at most 255", out.Name)
		}
		id := uint8(len(out.Cards))
		ids[c] = id
		out.Cards = append(out.Cards, Card{Name: c.Name})
		cards = append(cards, c)
		return id, nil
	}
	const most = 100_000
	total := 0
	for _, dc := range d.Cards {
		sec := ""
		if dc.Section != nil {
			sec = dc.Section.ID
		}
		var dst *[]uint8
		switch {
		case sec != "" && sec == pt.Supply:
		case sec != "" && sec == pt.Market:
			dst = &out.Market
		case pt.Deck == "" || sec == pt.Deck:
			dst = &out.Stack
		default:
			continue
		}
		i, err := id(dc.Card)
		if err != nil {
			return nil, err
		}
		if total += dc.Count; total > most {
			return nil, fmt.Errorf("deck %s: more than %d cards; the playtest plays at most %d", out.Name, most, most)
		}
		if dst == nil {
			for int(i) >= len(out.Supply) {
				out.Supply = append(out.Supply, 0)
			}
			if out.Supply[i] == 0 {
				out.SupplyIDs = append(out.SupplyIDs, i)
			}
			out.Supply[i] += dc.Count
			continue
		}
		for range dc.Count {
			*dst = append(*dst, i)
		}
	}
	for len(out.Supply) < len(out.Cards) {
		out.Supply = append(out.Supply, 0)
	}
	// the cards an effect may gain that the deck does not hold are none:
	// refs are compiled over the deck's cards
	for i, c := range cards {
		cc, el := compileCard(c, cards, pt, out)
		errs = append(errs, el...)
		out.Cards[i] = cc
		if cc.CostX {
			out.NotSimulated = append(out.NotSimulated, engine.NotSimulated{Card: cc.Name, Reason: "its cost is X, played as 0"})
		}
		if _, ok := c.Fields[pt.EffectsField]; !ok && strings.TrimSpace(c.Text) != "" && len(cc.Effects) == 0 && !cc.GivesAny {
			out.NotSimulated = append(out.NotSimulated, engine.NotSimulated{Card: cc.Name, Reason: "its text is not played: it has no effects (write them in " + pt.EffectsField + ", or text_patterns that read its text)"})
		}
		if c.Sample || c.AllProvisional || len(c.Provisional) > 0 {
			fields := c.Provisional
			if c.AllProvisional || fields == nil {
				fields = []string{"*"}
			}
			out.Provisional = append(out.Provisional, engine.Provisional{Card: cc.Name, Fields: fields, Sample: c.Sample})
		}
	}
	for i, r := range pt.Win.Pieces {
		r, err := r.Resolve(d.Game)
		if err != nil {
			errs.Add(pt.Pos, "playtest win pieces: %v", err)
			continue
		}
		found := false
		for j, c := range cards {
			if r.Matches(c) {
				out.Cards[j].Pieces |= 1 << i
				found = true
			}
		}
		out.Pieces |= 1 << i
		if !found {
			out.NotSimulated = append(out.NotSimulated, engine.NotSimulated{Card: r.String(), Reason: "a piece of the win that the deck does not hold: the deck cannot win by its pieces"})
		}
	}
	bots, el := compileBots(d.Game, pt, cards)
	errs = append(errs, el...)
	out.Bots = bots
	if err := errs.Err(); err != nil {
		return nil, err
	}
	for _, id := range out.Stack {
		if out.Cards[id].Resource {
			out.Resources++
		}
	}
	if len(out.Stack) == 0 {
		where := "no cards"
		if pt.Deck != "" {
			where = "no cards in its " + pt.Deck + " section"
		}
		return nil, fmt.Errorf("deck %s has %s to play", out.Name, where)
	}
	if len(out.Stack) > 255*256 {
		return nil, fmt.Errorf("deck %s: %d cards; the playtest plays at most %d", out.Name, len(out.Stack), 255*256)
	}
	out.Simple = out.Kinds == 1
	for i := range out.Cards {
		c := &out.Cards[i]
		if c.GivesOr != 0 {
			out.Simple = false
		}
		c.inert = inert(c) // once the pieces are known
	}
	out.weigh()
	return out, nil
}

// compileCard compiles one card; refs are resolved against the game and
// compiled over the deck's cards.
func compileCard(c *cardsdb.Card, cards []*cardsdb.Card, pt *cardsdb.Playtest, d *Deck) (Card, cardsdb.ErrorList) {
	g := pt.Game()
	cc := Card{Name: c.Name, Resource: pt.IsResource(c), Permanent: pt.IsPermanent(c)}
	field, x := pt.CardCost(c)
	if x {
		field, cc.CostX = 0, true
	}
	// the price: the cost field in the kinds that pay costs, the parts of
	// one kind, the type's play cost; in a game with a supply or market
	// the cost field is what buying costs, and playing costs only the
	// type's play cost
	var parts Price
	for _, kf := range pt.CostFields {
		if n, ok := c.Int(kf.Field); ok && n > 0 {
			parts.Kind[kf.Kind] += n
			parts.Only = true
		}
	}
	var play Price
	for _, a := range pt.PlayCost[c.Type] {
		play.Kind[a.Kind] += a.N
		play.Only = true
	}
	if d.Buys {
		cc.Buy = parts
		cc.Buy.Generic = field
		for _, a := range pt.BuyCost {
			cc.Buy.Kind[a.Kind] += a.N
			cc.Buy.Only = true
		}
		cc.Play = play
	} else {
		cc.Play = parts
		cc.Play.Generic = field
		for k := range play.Kind {
			cc.Play.Kind[k] += play.Kind[k]
		}
		cc.Play.Only = cc.Play.Only || play.Only
	}
	effs, errs := pt.CardEffects(c)
	at := c.Pos
	if v, ok := c.Fields[pt.EffectsField]; ok {
		at = v.Pos
	}
	mask := func(r cardsdb.Ref, what string) Mask {
		var m Mask
		r, err := r.Resolve(g)
		if err != nil {
			errs.Add(at, "card %q: %s: %v", c.Name, what, err)
			return m
		}
		for i, x := range cards {
			if r.Matches(x) {
				m.add(uint8(i))
			}
		}
		return m
	}
	duration := -1
	for _, e := range effs {
		ce := Eff{Effect: e}
		what := e.String()
		switch e.Verb {
		case cardsdb.EffectGain, cardsdb.EffectTutor, cardsdb.EffectRecover:
			ce.RefSet = mask(e.Ref, what)
		}
		if e.Per {
			ce.PerSet = mask(e.PerRef, what)
			cc.Dynamic = true
		}
		if e.IfN > 0 {
			ce.IfSet = mask(e.IfRef, what)
			cc.Dynamic = true
		}
		if e.Verb == cardsdb.EffectGives {
			if !cc.Resource {
				errs.Add(at, "card %q: %q says what a resource card gives each turn, but %s is not one of the playtest's resource_types; write \"resource N\" for this turn or \"ramp N\" for every turn", c.Name, what, c.Type)
				continue
			}
			cc.GivesAny = true
			if e.Or != 0 {
				if e.N != 1 {
					errs.Add(at, "card %q: %q: a choice of kinds gives 1; write \"gives 1 %s or ...\"", c.Name, what, pt.KindName(e.Kind))
				}
				cc.GivesOr = e.Or | 1<<e.Kind
			} else {
				cc.Gives[e.Kind] += e.N
			}
			continue
		}
		if e.Verb == cardsdb.EffectVictory {
			cc.Victory += e.N
			cc.Effects = append(cc.Effects, ce)
			continue
		}
		if e.EachTurn {
			d := e.Turns
			if duration >= 0 && d != duration {
				errs.Add(at, "card %q: its effects each turn last different numbers of turns; a card leaves play once, so give them one duration", c.Name)
			}
			duration = d
			// listed with the effects too, where it is announced when played
			cc.Effects = append(cc.Effects, ce)
			if e.Verb == cardsdb.EffectPoints && !e.Per && e.IfN == 0 && e.Turns == 0 {
				cc.Each += e.N
			} else {
				cc.Lasting = append(cc.Lasting, ce)
			}
			switch e.Verb {
			case cardsdb.EffectResource:
				cc.Ramp += e.N
			case cardsdb.EffectDraw:
				cc.Draw += e.N
			case cardsdb.EffectDamage:
				cc.Damage += e.N
			case cardsdb.EffectLife:
				cc.Life += e.N
			case cardsdb.EffectPoints:
				cc.EachPts += e.N
			}
			continue
		}
		cc.Effects = append(cc.Effects, ce)
		switch e.Verb {
		case cardsdb.EffectPoints:
			cc.Points += e.N
		case cardsdb.EffectDraw:
			cc.Draw += e.N
		case cardsdb.EffectResource:
			if pt.Resources[e.Kind].PaysCost {
				cc.Gain += e.N
			}
		case cardsdb.EffectRamp:
			cc.Ramp += e.N
		case cardsdb.EffectDiscard:
			cc.Discard += e.N
		case cardsdb.EffectDamage:
			cc.Damage += e.N
		case cardsdb.EffectLife:
			cc.Life += e.N
		case cardsdb.EffectTutor, cardsdb.EffectRecover:
			cc.Cards++
		case cardsdb.EffectGain:
			cc.Gained++
			if e.To == cardsdb.ZoneHand {
				cc.Cards++
			}
		case cardsdb.EffectScry:
			cc.Scry += e.N
		case cardsdb.EffectTrash:
			cc.Trash += e.N
		}
	}
	if duration > 0 {
		cc.Duration = duration
	}
	cc.Cost, cc.BuyCost = cc.Play.Total(), cc.Buy.Total()
	cc.noPlay = cc.Resource || !cc.Playable()
	if cc.Resource && !cc.GivesAny {
		cc.Gives[0] = 1
	}
	return cc, errs
}

// weigh computes PerResource and CardWorth.
func (d *Deck) weigh() {
	var pts, cost, worth float64
	for _, id := range d.Stack {
		c := &d.Cards[id]
		p := float64(c.Points + c.EachPts + c.Damage + c.Victory + bits.OnesCount32(c.Pieces))
		worth += p
		if p > 0 {
			pts += p
			cost += float64(max(c.Cost+c.BuyCost, 1))
		}
	}
	d.CardWorth = worth / float64(len(d.Stack))
	d.PerResource = 1
	if cost > 0 {
		d.PerResource = pts / cost
	}
}

// bitsOf counts the kinds of a mask.
func bitsOf(m uint8) int { return bits.OnesCount8(m) }

// CheckEffects reads the effects of a deck's cards of a game with a
// playtest block, and returns those that do not read (a
// cardsdb.ErrorList with positions), or nil; a card whose effects list
// and rules text (by the block's text patterns) say different things is
// reported too.
func CheckEffects(d *cardsdb.Deck) error {
	pt := d.Game.Playtest
	if pt == nil {
		return nil
	}
	var errs cardsdb.ErrorList
	seen := map[*cardsdb.Card]bool{}
	for _, dc := range d.Cards {
		if seen[dc.Card] {
			continue
		}
		seen[dc.Card] = true
		effs, el := pt.CardEffects(dc.Card)
		errs = append(errs, el...)
		if _, ok := dc.Card.Fields[pt.EffectsField]; ok && len(pt.TextPatterns) > 0 && len(el) == 0 {
			text, el := pt.TextEffects(dc.Card)
			errs = append(errs, el...)
			if len(el) == 0 && len(text) > 0 && !sameEffects(effs, text) {
				errs = append(errs, &cardsdb.Error{Pos: dc.Card.Fields[pt.EffectsField].Pos, Err: cardsdb.ErrEffectsDisagree,
					Msg: fmt.Sprintf("card %q: its effects %s disagree with its text, which reads as %s; correct one of them", dc.Card.Name, effectList(pt, effs), effectList(pt, text))})
			}
		}
		if el == nil {
			for _, e := range effs {
				for _, r := range []cardsdb.Ref{e.Ref, e.PerRef, e.IfRef} {
					if r.By == cardsdb.RefWord || r.By == cardsdb.RefName {
						if _, err := r.Resolve(d.Game); err != nil {
							errs.Add(dc.Card.Pos, "card %q: %s: %v", dc.Card.Name, e.String(), err)
						}
					}
				}
			}
		}
	}
	return errs.Err()
}

// sameEffects reports whether two lists hold the same effects, in any
// order.
func sameEffects(a, b []cardsdb.Effect) bool {
	if len(a) != len(b) {
		return false
	}
	used := make([]bool, len(b))
outer:
	for _, x := range a {
		for j, y := range b {
			if !used[j] && x == y {
				used[j] = true
				continue outer
			}
		}
		return false
	}
	return true
}

func effectList(pt *cardsdb.Playtest, es []cardsdb.Effect) string {
	out := "["
	for i, e := range es {
		if i > 0 {
			out += ", "
		}
		out += `"` + pt.EffectText(e) + `"`
	}
	return out + "]"
}
