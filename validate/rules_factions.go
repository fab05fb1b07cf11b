package validate

import (
	"sort"
	"strings"

	"github.com/deckwright/deckwright/cardsdb"
)

// leader returns the deck's leader card (the first card of a leader
// section), or nil.
func leader(d *cardsdb.Deck) *cardsdb.Card {
	for _, dc := range d.Cards {
		if dc.Section != nil && dc.Section.Leader {
			return dc.Card
		}
	}
	return nil
}

// counted reports whether a faction counts toward limits: wildcard and
// neutral factions do not.
func counted(g *cardsdb.Game, f string) bool {
	return !g.Factions.IsNeutral(f) && !g.Factions.IsWildcard(f)
}

// FactionLimit reports decks whose cards come from too many factions.
var FactionLimit = &Rule{
	Name: "faction-limit",
	Doc: `The deck's cards come from more factions than allowed. The leader's
faction is the main faction and always counts; neutral and wildcard
factions never count. The message names the factions with the fewest cards
to remove.`,
	Params: []*Param{
		{Name: "max", Kind: ParamInt, Default: 3, Min: intPtr(1), Doc: "the most factions a deck may use, the leader's included"},
	},
	Check: func(p *Pass) {
		g := p.Game
		limit := p.Int("max")
		main := ""
		if l := leader(p.Deck); l != nil {
			main = l.Faction()
		}
		copies := map[string]int{}
		cards := map[string][]string{}
		firstPos := map[string]cardsdb.Pos{}
		var order []string
		if main != "" && counted(g, main) {
			order = append(order, main)
			copies[main] = 0
		}
		for _, dc := range p.Deck.Cards {
			if dc.Section == nil || dc.Section.Leader {
				continue
			}
			for _, f := range dc.Card.Factions {
				if !counted(g, f) {
					continue
				}
				if _, seen := copies[f]; !seen {
					order = append(order, f)
					firstPos[f] = dc.Pos
				}
				copies[f] += dc.Count
				cards[f] = append(cards[f], dc.Card.Name)
			}
		}
		if len(order) <= limit {
			return
		}
		// Keep the main faction and the factions with the most cards.
		others := make([]string, 0, len(order))
		for _, f := range order {
			if f != main {
				others = append(others, f)
			}
		}
		sort.SliceStable(others, func(i, j int) bool { return copies[others[i]] > copies[others[j]] })
		keep := limit
		if main != "" && counted(g, main) {
			keep--
		}
		keep = min(max(keep, 0), len(others))
		drop := others[keep:]
		var names []string
		for _, f := range order {
			names = append(names, g.Factions.Name(f))
		}
		label := strings.ToLower(g.Factions.Label)
		mainText := ""
		if main != "" && counted(g, main) {
			mainText = " counting the leader's " + g.Factions.Name(main)
		}
		var fixes []string
		for _, f := range drop {
			fixes = append(fixes, "the "+plural(copies[f], g.Factions.Name(f)+" card")+" ("+quoteList(uniq(cards[f]))+")")
		}
		p.Report(firstPos[drop[0]], Error, "", "", "deck uses %s (%s), at most %d allowed%s; remove %s", plural(len(order), label), strings.Join(names, ", "), limit, mainText, strings.Join(fixes, " and "))
	},
}

func uniq(list []string) []string {
	var out []string
	for _, s := range list {
		dup := false
		for _, o := range out {
			if o == s {
				dup = true
			}
		}
		if !dup {
			out = append(out, s)
		}
	}
	return out
}

// NonInnate warns how many cards are not Innate (not of the leader's
// faction) and what invoking them costs.
var NonInnate = &Rule{
	Name: "non-innate",
	Doc: `Warning: the deck holds cards that are not Innate: not of the leader's
faction (a wildcard faction matches it; a neutral card belongs to no
faction, so it is not Innate); invoking each costs Willpower. Cards that
name no faction (Arkhtide's Realms) and cards a section refuses are left
out. A leader without a faction, or with only neutral ones, gives no main
faction: no card is Innate, and the warning points at the leader.`,
	Params: []*Param{
		{Name: "cost", Kind: ParamInt, Default: 1, Min: intPtr(0), Doc: "what invoking one non-Innate card costs"},
		{Name: "resource", Kind: ParamString, Default: "Willpower", Doc: "what it costs, as the rulebook names it"},
		{Name: "of", Kind: ParamInt, Default: 13, Min: intPtr(1), Doc: "how much of the resource a player starts with"},
	},
	Check: func(p *Pass) {
		g := p.Game
		var l *cardsdb.Card
		var lpos cardsdb.Pos
		var lsec *cardsdb.Section
		for _, dc := range p.Deck.Cards {
			if dc.Section != nil && dc.Section.Leader {
				l, lpos, lsec = dc.Card, dc.Pos, dc.Section
				break
			}
		}
		if l == nil {
			return
		}
		main := g.Factions.MainFaction(l)
		cost := p.Int("cost")
		resource := p.String("resource")
		of := p.Int("of")
		n := 0
		var names []string
		var pos cardsdb.Pos
		for _, dc := range p.Deck.Cards {
			if dc.Section == nil || dc.Section.Leader || g.Factions.Innate(dc.Card, main) {
				continue
			}
			if lim, ok := dc.Section.CopyLimit(dc.Card); ok && lim == 0 {
				continue // refused by copy-limit: it is never played
			}
			if n == 0 {
				pos = dc.Pos
			}
			n += dc.Count
			names = append(names, dc.Card.Name)
		}
		if n == 0 {
			return
		}
		if main == "" {
			label := strings.ToLower(g.Factions.Label)
			what := "has no " + label
			if f := l.Faction(); f != "" {
				what = "is " + g.Factions.Name(f)
			}
			p.Report(lpos, Warning, "", "", "%s %q %s, so the deck has no main %s and no card is innate: invoking all %s costs %d %s of %d; choose a %s with a %s", lsec.Name, l.Name, what, label, plural(n, "card"), n*cost, resource, of, lsec.Name, label)
			return
		}
		names = uniq(names)
		p.Report(pos, Warning, "", "", "%s not innate to %s's %s (%s): invoking them all costs %d %s of %d", plural(n, "card"), l.Name, g.Factions.Name(main), quoteList(names), n*cost, resource, of)
	},
}
