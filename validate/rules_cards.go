package validate

import (
	"fmt"
	"strings"

	"github.com/deckwright/deckwright/cardsdb"
)

// UnknownCard reports deck entries whose name matches no card of the game.
var UnknownCard = &Rule{
	Name:   "unknown-card",
	Always: true,
	Doc: `A deck entry names no card of the game. Names are matched ignoring case,
accents, apostrophe style and spacing; the message suggests the closest names.`,
	Check: func(p *Pass) {
		for _, u := range p.Deck.Unknown {
			section := ""
			if s := p.Game.SectionByName(u.Entry.Section); s != nil {
				section = s.ID
			}
			p.Report(u.Entry.Pos, Error, section, u.Entry.Name, "no card named %q in %s%s", u.Entry.Name, p.Game.Name, cardsdb.DidYouMean(u.Suggestions))
		}
	},
}

// UnknownSection reports section headers of a deck that name no section
// of the game.
var UnknownSection = &Rule{
	Name:   "unknown-section",
	Always: true,
	Doc: `A section header of the deck (Sideboard:) names no section of the game.
The cards listed under it are not part of the deck; the message names the
game's sections, the closest first.`,
	Check: func(p *Pass) {
		for _, u := range p.Deck.UnknownSections {
			left := ""
			if u.Cards > 0 {
				left = fmt.Sprintf("; the %s under it are left out of the deck", plural(u.Cards, "card"))
				if u.Cards == 1 {
					left = "; the card under it is left out of the deck"
				}
			}
			p.Report(u.Pos, Error, "", "", "unknown section %q: %s decks have sections %s%s%s",
				u.Name, p.Game.Name, strings.Join(u.Sections, ", "), left, cardsdb.DidYouMean(u.Suggestions))
		}
	},
}

// CardType reports cards in a section that does not take their type.
var CardType = &Rule{
	Name:   "card-type",
	Always: true,
	Doc: `A card is in a section that does not take its card type (a Bane in the
stack, a realm in the main deck). The message names the section that does
take it, if any.`,
	Check: func(p *Pass) {
		g := p.Game
		for _, dc := range p.Deck.Cards {
			c := dc.Card
			if !dc.Misplaced && (dc.Section == nil || dc.Section.Takes(c.Type)) {
				continue // the common case: no type name or home is needed
			}
			tname := g.TypeName(c.Type)
			home := g.SectionFor(c.Type)
			switch {
			case dc.Misplaced:
				p.Report(dc.Pos, Error, "", c.Name, "%q is %s, and no section of %s takes %s; remove it", c.Name, article(tname), aDeck(g.Name), plural(2, tname)[2:])
			case dc.Section != nil && !dc.Section.Takes(c.Type):
				fix := "remove it"
				if home != nil {
					fix = "move it to " + home.Name
				} else {
					fix += " (no section of " + aDeck(g.Name) + " takes " + plural(2, tname)[2:] + ")"
				}
				p.Report(dc.Pos, Error, dc.Section.ID, c.Name, "%q is %s; %s takes only %s; %s", c.Name, article(tname), dc.Section.Name, typeList(g, dc.Section), fix)
			}
		}
	},
}

func typeList(g *cardsdb.Game, s *cardsdb.Section) string {
	const most = 12 // a message names a dozen types at most
	types := s.Types
	if len(types) > most {
		types = types[:most]
	}
	names := make([]string, len(types))
	for i, t := range types {
		names[i] = plural(2, g.TypeName(t))[2:]
	}
	if more := len(s.Types) - len(types); more > 0 {
		return strings.Join(names, ", ") + " and " + plural(more, "more type")
	}
	if len(names) == 1 {
		return names[0]
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}

// CardSection reports a card listed in more than one section.
var CardSection = &Rule{
	Name:   "card-section",
	Always: true,
	Doc:    `A card is listed in two sections of one deck; a card belongs to one section.`,
	Check: func(p *Pass) {
		// One pass: for each card, the first entry seen and the first in
		// another section than that one; an entry in section S clashes with
		// the first of these two whose section is not S.
		// byCard numbers the cards; seen holds each one's two entries.
		type seen struct{ first, other *cardsdb.DeckCard }
		byCard := newKeyIndex[*cardsdb.Card](p.distinctHint())
		all := make([]seen, 0, p.distinctHint())
		for i := range p.Deck.Cards {
			a := &p.Deck.Cards[i]
			if a.Companion || a.Section == nil {
				continue
			}
			j, ok := byCard.index(a.Card)
			if !ok {
				all = append(all, seen{first: a})
				continue
			}
			s := &all[j]
			b := s.first
			if b.Section == a.Section {
				b = s.other
			} else if s.other == nil {
				s.other = a
			}
			if b != nil && !supplySection(p.Deck.Game, a.Section) && !supplySection(p.Deck.Game, b.Section) {
				p.Report(a.Pos, Error, a.Section.ID, a.Card.Name, "%q is in both %s (line %d) and %s; keep it in one section", a.Card.Name, b.Section.Name, b.Pos.Line, a.Section.Name)
			}
		}
	},
}

// supplySection reports whether s is the supply or the market of the
// game's playtest: the cards a deck-builder buys, which its starting deck
// may hold too (7 Coppers in the deck, more in the supply).
func supplySection(g *cardsdb.Game, s *cardsdb.Section) bool {
	pt := g.Playtest
	return pt != nil && s != nil && s.ID != "" && (s.ID == pt.Supply || s.ID == pt.Market)
}

// CopyLimit reports more copies of a card than its section allows.
var CopyLimit = &Rule{
	Name:   "copy-limit",
	Always: true,
	Doc: `More copies of a card than allowed: none of a card with a tag the
section's exclude_tags lists, else the card's own deck_limit, else the
section's copy_overrides entry, else its type_limits copies, else the
section's copies (1 = singleton).`,
	Check: func(p *Pass) {
		// Entries of one card in one section add up; groups keep the order
		// of their first entry, and a report points at the last.
		type key struct {
			card    *cardsdb.Card
			section *cardsdb.Section
		}
		type group struct {
			first *cardsdb.DeckCard
			total int
			last  cardsdb.Pos
		}
		index := newKeyIndex[key](p.distinctHint())
		groups := make([]group, 0, p.distinctHint())
		for i := range p.Deck.Cards {
			b := &p.Deck.Cards[i]
			if b.Section == nil || b.Section.Leader {
				continue
			}
			i, ok := index.index(key{b.Card, b.Section})
			if !ok {
				groups = append(groups, group{first: b})
			}
			groups[i].total += b.Count
			groups[i].last = b.Pos
		}
		for _, gr := range groups {
			a, total, last := gr.first, gr.total, gr.last
			limit, limited := a.Section.CopyLimit(a.Card)
			if !limited || total <= limit {
				continue
			}
			if limit == 0 {
				p.Report(last, Error, a.Section.ID, a.Card.Name, "%q may not be in %s; remove it", a.Card.Name, a.Section.Name)
				continue
			}
			allowed := "at most " + plural(limit, "copy") + " allowed"
			if limit == 1 {
				allowed = "it takes one of each card"
			}
			p.Report(last, Error, a.Section.ID, a.Card.Name, "%s of %q in %s, %s (remove %d)", plural(total, "copy"), a.Card.Name, a.Section.Name, allowed, total-limit)
		}
	},
}

// aDeck is "a Seeker Chronicles deck" or "an Arkhtide TCG deck".
func aDeck(game string) string { return article(game) + " deck" }
