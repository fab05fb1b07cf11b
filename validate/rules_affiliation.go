package validate

import (
	"sort"
	"strings"

	"github.com/deckwright/deckwright/cardsdb"
)

// Affiliation reports cards whose affiliations the deck's agents (or the
// cards of another bringing type) do not bring.
var Affiliation = &Rule{
	Name: "affiliation",
	Doc: `Hubworld: a deck may hold only cards of the affiliations its agents bring.
Every card that is not of the bringing type (the seeker included) is
checked. With match "any", a card needs one of its affiliations among the
bringing cards'; with match "icons", each affiliation a card lists is an
icon it requires, listed twice for two icons, and the bringing cards
together must show at least as many icons of it. Neutral and wildcard
affiliations need nothing; a bringing card of a wildcard affiliation
brings every one.`,
	Params: []*Param{
		{Name: "brings", Kind: ParamType, Default: "agent", Doc: "the card type whose cards bring affiliations"},
		{Name: "match", Kind: ParamEnum, Default: "any", Values: []string{"any", "icons"}, Doc: "any: one shared affiliation is enough; icons: every icon a card lists is needed"},
	},
	Check: func(p *Pass) {
		g := p.Game
		brings := p.String("brings")
		icons := p.String("match") == "icons"
		have := map[string]int{}
		by := map[string][]string{}
		wild := false
		var bringers []string
		for _, dc := range p.Deck.Cards {
			if dc.Card.Type != brings || dc.Section == nil {
				continue
			}
			bringers = append(bringers, dc.Card.Name)
			for _, f := range dc.Card.Factions {
				if g.Factions.IsWildcard(f) {
					wild = true
				}
				have[f] += dc.Count
				by[f] = append(by[f], dc.Card.Name)
			}
		}
		if wild {
			return
		}
		one := strings.ToLower(g.TypeName(brings))
		noun := plural(2, one)[2:]
		label := strings.ToLower(g.Factions.Label)
		done := map[*cardsdb.Card]bool{}
		for _, dc := range p.Deck.Cards {
			c := dc.Card
			if c.Type == brings || dc.Section == nil || done[c] {
				continue
			}
			done[c] = true
			need := map[string]int{}
			var order []string
			for _, f := range c.Factions {
				if g.Factions.IsNeutral(f) || g.Factions.IsWildcard(f) {
					continue
				}
				if need[f] == 0 {
					order = append(order, f)
				}
				need[f]++
			}
			if len(order) == 0 {
				continue
			}
			sid := dc.Section.ID
			if !icons {
				ok := false
				for _, f := range order {
					if have[f] > 0 {
						ok = true
					}
				}
				if !ok {
					p.Report(dc.Pos, Error, sid, c.Name, "%q (%s) shares no %s with the deck's %s (%s); add %s of %s or remove it", c.Name, names(g, order, "/"), label, noun, brought(g, have, bringers), article(one), names(g, order, " or "))
				}
				continue
			}
			for _, f := range order {
				if have[f] >= need[f] {
					continue
				}
				fname := g.Factions.Name(f)
				if have[f] == 0 {
					p.Report(dc.Pos, Error, sid, c.Name, "%q needs %s, the deck's %s bring none; add %s %s or remove it", c.Name, plural(need[f], fname+" icon"), noun, article(fname), one)
					continue
				}
				p.Report(dc.Pos, Error, sid, c.Name, "%q needs %s, the deck's %s bring %d (%s); add %s with %d more %s or remove it", c.Name, plural(need[f], fname+" icon"), noun, have[f], strings.Join(by[f], ", "), noun, need[f]-have[f], strings.TrimLeft(plural(need[f]-have[f], fname+" icon"), "0123456789 "))
			}
		}
	},
}

func names(g *cardsdb.Game, ids []string, sep string) string {
	n := make([]string, len(ids))
	for i, id := range ids {
		n[i] = g.Factions.Name(id)
	}
	return strings.Join(n, sep)
}

// brought names the affiliations the bringing cards have, sorted:
// "Dockwardens, Scrapborn"; "none" for a deck without bringing cards.
func brought(g *cardsdb.Game, have map[string]int, bringers []string) string {
	if len(bringers) == 0 {
		return "none"
	}
	var out []string
	for id := range have {
		out = append(out, g.Factions.Name(id))
	}
	if len(out) == 0 {
		return "no " + strings.ToLower(g.Factions.Label)
	}
	sort.Strings(out)
	return strings.Join(out, ", ")
}
