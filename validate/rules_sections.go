package validate

import (
	"strconv"
	"strings"

	"github.com/deckwright/deckwright/cardsdb"
)

// SectionSize reports sections (and card types inside them) whose card count
// is outside what the game definition says.
var SectionSize = &Rule{
	Name:   "section-size",
	Always: true,
	Doc: `A section holds too few or too many cards for its count (exactly N, or
min to max), or a card type inside a section breaks its type_limits count.
A missing section counts as empty unless it is optional. The copies of
unknown cards (see unknown-card) count toward the section they are listed
in (a list without section headers: the section of the closest name), so
that fixing their names and following the advice gives the right count:
"Stack has 38 Modules and 3 unknown cards, want exactly 40 (remove 1)".
Copies over the copy limit are left out of the advice, since copy-limit
already asks to remove them: "Stack has 41 Modules, want exactly 40
(removing the copy over the copy limit fixes it)".
An unknown card in the section a companion section follows brings one
companion.`,
	Check: func(p *Pass) {
		g := p.Game
		for _, s := range g.Sections {
			if s.Leader {
				continue // the leader rule speaks for leader sections
			}
			known, unknown := p.Deck.Total(s.ID), unknownIn(p, s)
			var from *cardsdb.Section // the section a companion section follows
			if c := s.CompanionOf; c != nil {
				if from = g.Section(c.Section); from != nil {
					unknown = unknownIn(p, from)
				}
			}
			total := known + unknown
			if s.Count.Set() && !s.Count.Allows(total) && !(total == 0 && s.Optional) {
				has := plural(total, typeNoun(g, s))
				switch {
				case unknown > 0 && from != nil:
					with := "unknown " + plural(2, typeNoun(g, from))[2:]
					if unknown == 1 {
						with = "an unknown " + typeNoun(g, from)
					}
					has = plural(known, typeNoun(g, s)) + " and " + strconv.Itoa(unknown) + " to come with " + with
				case unknown > 0:
					has = plural(known, typeNoun(g, s)) + " and " + plural(unknown, "unknown card")
				}
				p.Report(p.sectionPos(s), Error, s.ID, "", "%s has %s, want %s (%s)", s.Name, has, s.Count, fixBeyondLimit(s.Count, total, overLimit(p, s, "")))
			}
			for _, tl := range s.TypeLimits {
				n := 0
				for _, dc := range p.Deck.Cards {
					if dc.Section == s && dc.Card.Type == tl.Type {
						n += dc.Count
					}
				}
				if tl.Count.Set() && !tl.Count.Allows(n) {
					p.Report(p.sectionPos(s), Error, s.ID, "", "%s has %s, want %s (%s)", s.Name, plural(n, g.TypeName(tl.Type)), tl.Count, fixBeyondLimit(tl.Count, n, overLimit(p, s, tl.Type)))
				}
			}
		}
	},
}

// unknownIn counts the copies of the deck's unknown cards listed in s: under
// its header, or, for an entry before any header, when the closest card
// name is of a type s takes.
func unknownIn(p *Pass, s *cardsdb.Section) int {
	n := 0
	for _, u := range p.Deck.Unknown {
		if unknownSection(p.Game, u) == s {
			n += u.Entry.Count
		}
	}
	return n
}

// unknownSection is the section an unknown card would be in once its name
// is fixed, or nil when the list does not say.
func unknownSection(g *cardsdb.Game, u cardsdb.UnknownCard) *cardsdb.Section {
	if u.Entry.Section != "" {
		return g.SectionByName(u.Entry.Section)
	}
	if len(u.Suggestions) > 0 {
		if c := g.Card(u.Suggestions[0]); c != nil {
			return g.SectionFor(c.Type)
		}
	}
	return nil
}

// fixBeyondLimit says how to bring n cards within c when over of them are
// copies over the copy limit, which copy-limit already asks to remove: the
// advice is for the count left after, so that following both findings
// gives the right count ("removing the copy over the copy limit fixes it",
// "add 2 once the copy over the copy limit is removed").
func fixBeyondLimit(c cardsdb.Count, n, over int) string {
	if over <= 0 || over > n {
		return fix(c, n)
	}
	copies, verb := "the copy over the copy limit", " is removed"
	if over > 1 {
		copies, verb = "the "+strconv.Itoa(over)+" copies over the copy limit", " are removed"
	}
	left := n - over
	switch f := fix(c, left); {
	case c.Allows(left):
		return "removing " + copies + " fixes it"
	case strings.HasPrefix(f, "remove "):
		return f + " besides " + copies
	default:
		return f + " once " + copies + verb
	}
}

// overLimit counts the copies in section s (of card type typ, or of every
// type for "") over the copy limit: what copy-limit asks to remove.
func overLimit(p *Pass, s *cardsdb.Section, typ string) int {
	per := map[*cardsdb.Card]int{}
	var order []*cardsdb.Card
	for _, dc := range p.Deck.Cards {
		if dc.Section != s || (typ != "" && dc.Card.Type != typ) {
			continue
		}
		if _, ok := per[dc.Card]; !ok {
			order = append(order, dc.Card)
		}
		per[dc.Card] += dc.Count
	}
	over := 0
	for _, c := range order {
		if limit, limited := s.CopyLimit(c); limited && per[c] > limit {
			over += per[c] - limit
		}
	}
	return over
}

// fix says how to bring n within c: "remove 1", "add 3", "add at least 2".
func fix(c cardsdb.Count, n int) string {
	switch {
	case c.Exact != nil && n > *c.Exact:
		return "remove " + strconv.Itoa(n-*c.Exact)
	case c.Exact != nil:
		return "add " + strconv.Itoa(*c.Exact-n)
	case c.Min != nil && n < *c.Min:
		if c.Max != nil && *c.Max > *c.Min {
			return "add " + strconv.Itoa(*c.Min-n) + " to " + strconv.Itoa(*c.Max-n)
		}
		return "add " + strconv.Itoa(*c.Min-n)
	case c.Max != nil && n > *c.Max:
		if c.Min != nil && *c.Min < *c.Max {
			return "remove " + strconv.Itoa(n-*c.Max) + " to " + strconv.Itoa(n-*c.Min)
		}
		return "remove " + strconv.Itoa(n-*c.Max)
	}
	return "fix the count"
}

// Leader reports a deck whose leader section does not hold exactly one card.
var Leader = &Rule{
	Name:   "leader",
	Always: true,
	Doc: `A section marked leader (Arkhtide's and Hubworld's Seeker) must hold
exactly one card, one copy. The leader's faction is the deck's main
faction. An unknown card listed there counts as a leader (unknown-card
reports its name), so the rule never asks to add one beside it.`,
	Check: func(p *Pass) {
		g := p.Game
		for _, s := range g.Sections {
			if !s.Leader {
				continue
			}
			var names []string
			total := 0
			for _, dc := range p.Deck.Cards {
				if dc.Section == s {
					names = append(names, dc.Card.Name)
					total += dc.Count
				}
			}
			// An unknown card listed as the leader is one once its name is
			// fixed (unknown-card reports it): never also "add one".
			for _, u := range p.Deck.Unknown {
				if unknownSection(g, u) == s {
					names = append(names, u.Entry.Name)
					total += u.Entry.Count
				}
			}
			names = uniq(names)
			noun := typeNoun(g, s)
			switch {
			case total == 0:
				p.Report(p.sectionPos(s), Error, s.ID, "", "deck has no %s; add exactly one %s under %s:", noun, noun, s.Name)
			case len(names) > 1:
				p.Report(p.sectionPos(s), Error, s.ID, "", "deck has %s (%s), want exactly one; keep one", plural(len(names), noun), quoteList(names))
			case total > 1:
				p.Report(p.sectionPos(s), Error, s.ID, names[0], "%s of %q, want exactly one %s (remove %d)", plural(total, "copy"), names[0], noun, total-1)
			}
		}
	},
}

// Companion reports cards listed in a companion section (G-modules) that no
// card of the section they follow brings.
var Companion = &Rule{
	Name:   "companion",
	Always: true,
	Doc: `A card listed in a companion section (Seeker Chronicles' G-modules follow
their Guardians) that none of the deck's cards brings. Listing the
companions is optional; they are added from the cards they follow.`,
	Check: func(p *Pass) {
		g := p.Game
		for _, s := range g.Sections {
			c := s.CompanionOf
			if c == nil {
				continue
			}
			brought := map[*cardsdb.Card]bool{}
			var bringers []*cardsdb.Card // in deck order
			for _, dc := range p.Deck.Cards {
				if dc.Section != nil && dc.Section.ID == c.Section {
					if v, ok := dc.Card.Fields[c.Field]; ok {
						if comp := v.Ref; comp != nil {
							brought[comp] = true
							bringers = append(bringers, dc.Card)
						}
					}
				}
			}
			// The "X brings Y" list is written only for a report: most
			// decks have none.
			pairs := ""
			from := g.Section(c.Section)
			for _, dc := range p.Deck.Cards {
				if dc.Section == s && !dc.Companion && !brought[dc.Card] {
					if pairs == "" && len(bringers) > 0 {
						pairs = bringsList(bringers, c.Field)
					}
					p.Report(dc.Pos, Error, s.ID, dc.Card.Name, "%q is listed, but none of this deck's %s brings it (%s); remove it", dc.Card.Name, from.Name, pairs)
				}
			}
		}
	},
}

// bringsList is "A brings X, B brings Y": each card with the companion it
// brings through field.
func bringsList(cards []*cardsdb.Card, field string) string {
	pairs := make([]string, len(cards))
	for i, c := range cards {
		pairs[i] = c.Name + " brings " + c.Fields[field].Ref.Name
	}
	return strings.Join(pairs, ", ")
}
