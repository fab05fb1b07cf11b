package cardsdb

import "gopkg.in/yaml.v3"

// Draw is how a game deals cards, as its rulebook says, for draw odds
// (deckwright stats): the opening hand, the cards drawn each turn, and the
// extra cards of the player who does not start. A game without a draw:
// block gives none, and tools ask for the hand size.
type Draw struct {
	// Deck is the section cards are drawn from ("" = the whole deck).
	Deck string
	// OpeningHand is how many cards a player draws before the first turn.
	OpeningHand int
	// PerTurn is how many cards a player draws in each of their turns;
	// HasPerTurn is false when the rulebook gives no fixed number
	// (Arkhtide refills the hand to 6).
	PerTurn    int
	HasPerTurn bool
	// SkipFirstDraw is true when no player draws in their first turn
	// (Hubworld draws at the end of a round); with OnTheDraw 1 it is the
	// usual "the starting player skips their first draw".
	SkipFirstDraw bool
	// OnTheDraw is how many extra cards the player who does not start draws
	// before play.
	OnTheDraw int
	// Source says where in the rulebook these numbers come from.
	Source string
	Pos    Pos
}

var drawKeys = newKeys("draw", []key[*Draw]{
	{"deck", func(d *decoder, v *yaml.Node, dr *Draw) { dr.Deck = d.id(v, "draw deck") }},
	{"opening_hand", func(d *decoder, v *yaml.Node, dr *Draw) { dr.OpeningHand, _ = d.intIn(v, "draw opening_hand", 0, 200) }},
	{"per_turn", func(d *decoder, v *yaml.Node, dr *Draw) {
		dr.PerTurn, dr.HasPerTurn = d.intIn(v, "draw per_turn", 0, 200)
	}},
	{"skip_first_draw", func(d *decoder, v *yaml.Node, dr *Draw) {
		if s, ok := d.scalar(v, "draw skip_first_draw"); ok {
			switch s {
			case "true":
				dr.SkipFirstDraw = true
			case "false":
			default:
				d.errorf(v, "draw skip_first_draw must be true or false, found %q", s)
			}
		}
	}},
	{"on_the_draw", func(d *decoder, v *yaml.Node, dr *Draw) { dr.OnTheDraw, _ = d.intIn(v, "draw on_the_draw", 0, 200) }},
	{"source", func(d *decoder, v *yaml.Node, dr *Draw) { dr.Source = d.str(v, "draw source") }},
})

func (d *decoder) draw(n *yaml.Node) *Draw {
	dr := &Draw{Pos: d.pos(n)}
	if _, ok := drawKeys.Decode(d, n, dr); !ok {
		return nil
	}
	return dr
}

// checkDraw reports a draw deck that names no section of the game.
func (d *decoder) checkDraw(g *Game, n *yaml.Node) {
	if g.Draw == nil || g.Draw.Deck == "" || g.Section(g.Draw.Deck) != nil {
		return
	}
	var ids []string
	for _, s := range g.Sections {
		ids = append(ids, s.ID)
	}
	d.errorf(n, "draw deck %q is not a section of %s%s", g.Draw.Deck, g.Name, didYouMean(Suggest(g.Draw.Deck, ids, 3)))
}
