package generic

import (
	"fmt"

	"github.com/deckwright/deckwright/cardsdb"
	"github.com/deckwright/deckwright/engine"
)

// Card is a card compiled for play: its cost and effects as small
// integers.
type Card struct {
	Name string
	// Cost is what playing the card spends (a cost of X plays as 0).
	Cost  int
	CostX bool
	// Resource marks a resource card: one a turn is put into play for
	// free, and gives 1 resource every turn from then on.
	Resource bool
	// Effects resolve in order when the card is played.
	Effects []cardsdb.Effect
	// The sums of the card's effects by verb, which policies weigh.
	Points, Each, Draw, Gain, Ramp, Discard int
}

// Stays reports whether the card stays in play once played (a resource
// card, or a card that scores each turn); the others go to the discard
// pile.
func (c *Card) Stays() bool { return c.Resource || c.Each > 0 }

// Deck is a deck compiled for play: every distinct card once, referred to
// by its id (its index in Cards), and the pile the goldfish draws from,
// one id per card.
type Deck struct {
	Name  string
	Rules *cardsdb.Playtest
	Cards []Card
	Stack []uint8
	// Resources counts the resource cards of Stack.
	Resources int
	// PerResource is the mean points a resource buys in the deck (points
	// when played plus points of one turn, over the cost of the cards
	// that score), and CardWorth the mean points a card of the deck
	// brings: what policies weigh a resource and a drawn card by.
	PerResource, CardWorth float64
	// NotSimulated lists the cards whose cost is X (played as 0).
	NotSimulated []engine.NotSimulated
	Provisional  []engine.Provisional
}

// Compile compiles a deck of a game with a playtest block: the cards of
// its playtest deck section (every section when the block names none), at
// most engine.MaxPile of them. Effects that do not read are errors with
// positions (a cardsdb.ErrorList).
func Compile(d *cardsdb.Deck) (*Deck, error) {
	pt := d.Game.Playtest
	if pt == nil {
		return nil, fmt.Errorf("%s has no playtest block", d.Game.Name)
	}
	out := &Deck{Name: d.Name(), Rules: pt}
	ids := map[*cardsdb.Card]uint8{}
	var errs cardsdb.ErrorList
	for _, dc := range d.Cards {
		if pt.Deck != "" && (dc.Section == nil || dc.Section.ID != pt.Deck) {
			continue
		}
		id, ok := ids[dc.Card]
		if !ok {
			if len(out.Cards) == 255 {
				return nil, fmt.Errorf("deck %s: more than 255 different cards; the playtest plays at most 255", out.Name)
			}
			c, el := compileCard(dc.Card, pt)
			errs = append(errs, el...)
			id = uint8(len(out.Cards))
			ids[dc.Card] = id
			out.Cards = append(out.Cards, c)
			if c.CostX {
				out.NotSimulated = append(out.NotSimulated, engine.NotSimulated{Card: c.Name, Reason: "its cost is X, played as 0"})
			}
			if dc.Card.Sample || dc.Card.AllProvisional || len(dc.Card.Provisional) > 0 {
				fields := dc.Card.Provisional
				if dc.Card.AllProvisional || fields == nil {
					fields = []string{"*"}
				}
				out.Provisional = append(out.Provisional, engine.Provisional{Card: c.Name, Fields: fields, Sample: dc.Card.Sample})
			}
		}
		for range dc.Count {
			if len(out.Stack) == engine.MaxPile {
				return nil, fmt.Errorf("deck %s: more than %d cards to draw from; the playtest plays decks of at most %d", out.Name, engine.MaxPile, engine.MaxPile)
			}
			out.Stack = append(out.Stack, id)
			if out.Cards[id].Resource {
				out.Resources++
			}
		}
	}
	if err := errs.Err(); err != nil {
		return nil, err
	}
	if len(out.Stack) == 0 {
		where := "no cards"
		if pt.Deck != "" {
			where = "no cards in its " + pt.Deck + " section"
		}
		return nil, fmt.Errorf("deck %s has %s to play", out.Name, where)
	}
	out.weigh()
	return out, nil
}

func compileCard(c *cardsdb.Card, pt *cardsdb.Playtest) (Card, cardsdb.ErrorList) {
	cc := Card{Name: c.Name, Resource: pt.IsResource(c)}
	cc.Cost, cc.CostX = pt.CardCost(c)
	if cc.CostX {
		cc.Cost = 0
	}
	effs, errs := pt.CardEffects(c)
	cc.Effects = effs
	for _, e := range effs {
		switch e.Verb {
		case cardsdb.EffectPoints:
			cc.Points += e.N
		case cardsdb.EffectPointsEachTurn:
			cc.Each += e.N
		case cardsdb.EffectDraw:
			cc.Draw += e.N
		case cardsdb.EffectResource:
			cc.Gain += e.N
		case cardsdb.EffectRamp:
			cc.Ramp += e.N
		case cardsdb.EffectDiscard:
			cc.Discard += e.N
		}
	}
	return cc, errs
}

// weigh computes PerResource and CardWorth.
func (d *Deck) weigh() {
	var pts, cost, worth float64
	for _, id := range d.Stack {
		c := &d.Cards[id]
		p := float64(c.Points + c.Each)
		worth += p
		if p > 0 {
			pts += p
			cost += float64(max(c.Cost, 1))
		}
	}
	d.CardWorth = worth / float64(len(d.Stack))
	d.PerResource = 1
	if cost > 0 {
		d.PerResource = pts / cost
	}
}

// CheckEffects reads the effects of a deck's cards of a game with a
// playtest block, and returns those that do not read (a
// cardsdb.ErrorList with positions), or nil.
func CheckEffects(d *cardsdb.Deck) error {
	pt := d.Game.Playtest
	if pt == nil {
		return nil
	}
	var errs cardsdb.ErrorList
	seen := map[*cardsdb.Card]bool{}
	for _, dc := range d.Cards {
		if !seen[dc.Card] {
			seen[dc.Card] = true
			_, el := pt.CardEffects(dc.Card)
			errs = append(errs, el...)
		}
	}
	return errs.Err()
}
