package validate

import (
	"strings"

	"github.com/deckwright/deckwright/cardsdb"
)

// checkFormats reports what a game's formats name wrongly: unknown rules
// in rules, override and skip, and bad parameters.
func checkFormats(g *cardsdb.Game, names []string) cardsdb.ErrorList {
	var errs cardsdb.ErrorList
	for _, f := range g.Formats {
		refs := append(append([]cardsdb.RuleRef{}, f.Rules...), f.Override...)
		for _, ref := range refs {
			r := Lookup(ref.Name)
			switch {
			case r == nil:
				errs.Add(ref.Pos, "format %q: unknown rule %q%s (deckwright rules lists them)", f.ID, ref.Name, cardsdb.DidYouMean(cardsdb.Suggest(ref.Name, names, 1)))
			case r.Always:
				errs.Add(ref.Pos, "format %q: rule %q applies to every game; use skip to turn it off", f.ID, ref.Name)
			default:
				_, bad := resolve(r, ref, g)
				errs = append(errs, bad...)
			}
		}
		for _, name := range f.Skip {
			if Lookup(name) == nil {
				errs.Add(f.Pos, "format %q skips unknown rule %q%s", f.ID, name, cardsdb.DidYouMean(cardsdb.Suggest(name, names, 1)))
			}
		}
	}
	return errs
}

// FormatList reports the cards a deck's format bans, and more than one
// card (or copy) of its restricted list.
var FormatList = &Rule{
	Name:   "format-list",
	Always: true,
	Doc: `A format's card pool and its ban and restricted lists (game.yaml
formats: sets, banned, restricted): a format that names sets takes only
cards of those sets (a card's set:); a banned card may not be in the deck;
of the restricted cards a deck may hold one, one copy. A deck with no
format has none of these.`,
	Check: func(p *Pass) {
		f := p.Deck.Format
		if f == nil {
			return
		}
		in := func(list []cardsdb.CardRef, c *cardsdb.Card) bool {
			for _, r := range list {
				if p.Game.Card(r.Name) == c {
					return true
				}
			}
			return false
		}
		var restricted []cardsdb.DeckCard
		copies := 0
		for _, dc := range p.Deck.Cards {
			if dc.Section == nil {
				continue
			}
			sid := dc.Section.ID
			if !f.AllowsSet(dc.Card.Set) {
				sets := strings.Join(f.SetCodes(), ", ")
				if dc.Card.Set == "" {
					p.Report(dc.Pos, Error, sid, dc.Card.Name, "%q is in no set, and %s takes only cards of its sets (%s); remove it", dc.Card.Name, f.Name, sets)
				} else {
					p.Report(dc.Pos, Error, sid, dc.Card.Name, "%q is from set %q, which %s does not take (its sets: %s); remove it", dc.Card.Name, dc.Card.Set, f.Name, sets)
				}
			}
			if in(f.Banned, dc.Card) {
				p.Report(dc.Pos, Error, sid, dc.Card.Name, "%q is banned in %s; remove it", dc.Card.Name, f.Name)
			}
			if in(f.Restricted, dc.Card) {
				restricted = append(restricted, dc)
				copies += dc.Count
			}
		}
		if copies <= 1 {
			return
		}
		var names []string
		for _, dc := range restricted {
			names = append(names, dc.Card.Name)
		}
		for _, dc := range restricted {
			p.Report(dc.Pos, Error, dc.Section.ID, dc.Card.Name, "%s allows one copy of one restricted card, the deck has %s (%s); keep one", f.Name, plural(copies, "copy"), strings.Join(names, ", "))
		}
	},
}
