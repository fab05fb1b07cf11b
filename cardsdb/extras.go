package cardsdb

import (
	"strings"

	"gopkg.in/yaml.v3"
)

// Extra is something a deck needs on the table beyond its own cards, as
// game.yaml's extras: list says: cards of a tag (Arkhtide's Neutral Realm,
// in the centre of a Seeker's Duel) or of a type (its tokens, which cards
// Manifest from outside any deck). Print adds them to a deck's cards.
type Extra struct {
	// What names the extra in summaries: "the Neutral Realm".
	What string
	Doc  string
	// Tag and Type select the cards (one of them is set).
	Tag, Type string
	// NamedIn, when set, keeps only the cards whose name the rules text
	// ("text") of one of the deck's cards names: the tokens it creates.
	NamedIn string
	// Copies is how many of each card to add; 0 means the card's copies.
	Copies int
	// PerTable adds the cards once for decks printed together (one
	// Neutral Realm stack for the table); otherwise each deck gets its own.
	PerTable bool
	Pos      Pos
}

var extraKeys = newKeys("extra", []key[*Extra]{
	{"what", func(d *decoder, v *yaml.Node, e *Extra) { e.What = d.name(v, "extra what") }},
	{"doc", func(d *decoder, v *yaml.Node, e *Extra) { e.Doc = d.str(v, "extra doc") }},
	{"tag", func(d *decoder, v *yaml.Node, e *Extra) { e.Tag = d.name(v, "extra tag") }},
	{"type", func(d *decoder, v *yaml.Node, e *Extra) {
		e.Type = d.id(v, "extra type")
		if e.Type != "" && d.game.Type(e.Type) == nil {
			d.errorf(v, "extra: no card type %q%s", e.Type, didYouMean(Suggest(e.Type, d.game.TypeIDs(), 1)))
		}
	}},
	{"named_in", func(d *decoder, v *yaml.Node, e *Extra) {
		e.NamedIn = d.name(v, "extra named_in")
		if e.NamedIn != "" && e.NamedIn != "text" {
			d.errorf(v, "extra named_in %q: only text (the cards' rules text) is read", e.NamedIn)
		}
	}},
	{"copies", func(d *decoder, v *yaml.Node, e *Extra) { e.Copies, _ = d.intIn(v, "extra copies", 1, 99) }},
	{"per", func(d *decoder, v *yaml.Node, e *Extra) {
		switch p := d.name(v, "extra per"); p {
		case "table":
			e.PerTable = true
		case "deck":
		default:
			d.errorf(v, "extra per %q: want deck or table", p)
		}
	}},
})

func (d *decoder) extras(n *yaml.Node) []*Extra {
	items, ok := d.list(n, "extras must be a list")
	if !ok {
		return nil
	}
	var out []*Extra
	for _, item := range items {
		e := &Extra{Pos: d.pos(item)}
		if _, ok := extraKeys.Decode(d, item, e); !ok {
			continue
		}
		if (e.Tag == "") == (e.Type == "") {
			d.errorf(item, "an extra selects its cards by tag or by type: give one of them")
			continue
		}
		if e.What == "" {
			e.What = e.Tag + e.Type
		}
		out = append(out, e)
	}
	return out
}

// TypeIDs lists the ids of the game's card types, in its order.
func (g *Game) TypeIDs() []string {
	out := make([]string, len(g.Types))
	for i, t := range g.Types {
		out[i] = t.ID
	}
	return out
}

// IDs lists the factions' ids, in the game's order.
func (f *Factions) IDs() []string {
	var out []string
	for _, v := range f.Values {
		out = append(out, v.ID)
	}
	return out
}

// ExtraCard is a card print adds for an Extra, in its count.
type ExtraCard struct {
	Extra *Extra
	Card  *Card
	Count int
}

// Extras lists the cards the deck needs on the table beyond its own (the
// game's extras:), leaving out cards the deck already holds.
func (d *Deck) Extras() []ExtraCard {
	var out []ExtraCard
	in := map[*Card]bool{}
	var texts []string
	for _, dc := range d.Cards {
		in[dc.Card] = true
		if dc.Card.Text != "" {
			texts = append(texts, strings.ToLower(dc.Card.Text))
		}
	}
	named := func(name string) bool {
		n := strings.ToLower(name)
		for _, t := range texts {
			if strings.Contains(t, n) {
				return true
			}
		}
		return false
	}
	for _, e := range d.Game.Extras {
		for _, c := range d.Game.Cards {
			if in[c] || (e.Tag != "" && !containsFold(c.Tags, e.Tag)) || (e.Type != "" && c.Type != e.Type) {
				continue
			}
			if e.NamedIn == "text" && !named(c.Name) {
				continue
			}
			n := e.Copies
			if n == 0 {
				n = max(c.Copies, 1)
			}
			out = append(out, ExtraCard{Extra: e, Card: c, Count: n})
		}
	}
	return out
}
