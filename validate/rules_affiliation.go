package validate

import (
	"fmt"
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
bringing cards'; with match "icons", a card requires the icons it shows
(its icons: counts, or one per affiliation it lists, listed twice for two
icons), and the bringing cards together must show at least as many icons
of each affiliation. Neutral and wildcard affiliations need nothing; a
bringing card of a wildcard affiliation brings every one. With pips N
(Hubworld's Free Agent format: "you can use any 6 affiliation pips"), the
bringing cards do not matter: the deck may use N icons in all, as the
player chooses them, so the icons the deck needs (for each affiliation,
the most any one card requires) must add up to N at most.`,
	Params: []*Param{
		{Name: "brings", Kind: ParamType, Default: "agent", Doc: "the card type whose cards bring affiliations"},
		{Name: "match", Kind: ParamEnum, Default: "any", Values: []string{"any", "icons"}, Doc: "any: one shared affiliation is enough; icons: every icon a card lists is needed"},
		{Name: "pips", Kind: ParamInt, Default: 0, Min: intPtr(0), Doc: "above 0: any this many icons in all, whatever the bringing cards (Free Agent)"},
	},
	Check: func(p *Pass) {
		g := p.Game
		brings := p.String("brings")
		icons := p.String("match") == "icons"
		if pips := p.Int("pips"); pips > 0 {
			freePips(p, brings, pips)
			return
		}
		have := map[string]int{}
		by := map[string][]string{}
		wild := false
		var bringers []string
		for _, dc := range p.Deck.Cards {
			if dc.Card.Type != brings || dc.Section == nil {
				continue
			}
			bringers = append(bringers, dc.Card.Name)
			for _, ic := range dc.Card.IconCounts() {
				f := ic.Faction
				if g.Factions.IsWildcard(f) {
					wild = true
				}
				have[f] += ic.Count * dc.Count
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
			for _, ic := range c.IconCounts() {
				f := ic.Faction
				if g.Factions.IsNeutral(f) || g.Factions.IsWildcard(f) || ic.Count == 0 {
					continue
				}
				if need[f] == 0 {
					order = append(order, f)
				}
				need[f] += ic.Count
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

// freePips checks a deck of a format where the player picks any pips
// icons (Hubworld's Free Agent): for each affiliation, the most icons any
// one card needs; their sum may not pass pips.
func freePips(p *Pass, brings string, pips int) {
	g := p.Game
	most := map[string]int{}
	at := map[string]cardsdb.DeckCard{}
	var order []string
	for _, dc := range p.Deck.Cards {
		if dc.Card.Type == brings || dc.Section == nil {
			continue
		}
		for _, ic := range dc.Card.IconCounts() {
			f := ic.Faction
			if g.Factions.IsNeutral(f) || g.Factions.IsWildcard(f) || ic.Count <= most[f] {
				continue
			}
			if _, ok := most[f]; !ok {
				order = append(order, f)
			}
			most[f], at[f] = ic.Count, dc
		}
	}
	total := 0
	var parts []string
	for _, f := range order {
		total += most[f]
		parts = append(parts, fmt.Sprintf("%s %d for %q", g.Factions.Name(f), most[f], at[f].Card.Name))
	}
	if total <= pips {
		return
	}
	label := strings.ToLower(g.Factions.Label)
	for _, f := range order {
		dc := at[f]
		p.Report(dc.Pos, Error, dc.Section.ID, dc.Card.Name, "the deck needs %d %s icons (%s), the format allows %d; remove cards until their icons add up to %d", total, label, strings.Join(parts, ", "), pips, pips)
	}
}
