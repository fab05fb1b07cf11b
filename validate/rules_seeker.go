package validate

import (
	"strings"

	"github.com/deckwright/deckwright/cardsdb"
)

// GuardianStages reports Guardians whose G-modules do not have the stages
// I, II and III once each (Seeker Chronicles rule A).
var GuardianStages = &Rule{
	Name: "guardian-stages",
	Doc: `Seeker Chronicles rule A: "Each deck features 3 Guardians, with 1 G-module
each, such that all your G-modules have different stage numbers (I, II,
III)." Reports two Guardians whose G-modules share a stage.`,
	Params: []*Param{
		{Name: "section", Kind: ParamSection, Default: "guardians", Doc: "the section of the Guardians"},
		{Name: "field", Kind: ParamField, Default: "g_module", Doc: "the Guardian's field naming its G-module"},
		{Name: "stage", Kind: ParamField, Default: "stage", Doc: "the G-module's field holding its stage (I, II or III)"},
	},
	Check: func(p *Pass) {
		section := p.String("section")
		field := p.String("field")
		stageField := p.String("stage")
		type guardian struct {
			dc    cardsdb.DeckCard
			stage string
		}
		gs := make([]guardian, 0, 4)
		for _, dc := range p.Deck.Cards {
			if dc.Section == nil || dc.Section.ID != section {
				continue
			}
			gm := dc.Card.Ref(field)
			if gm == nil {
				continue
			}
			gs = append(gs, guardian{dc, gm.Str(stageField)})
		}
		have := func() string {
			var h []string
			for _, x := range gs {
				h = append(h, x.stage+" ("+x.dc.Card.Name+")")
			}
			return strings.Join(h, ", ")
		}
		for i, a := range gs {
			for _, b := range gs[:i] {
				if a.stage != b.stage || a.dc.Card == b.dc.Card {
					continue
				}
				missing := missingStages(gs, func(x guardian) string { return x.stage })
				p.Report(a.dc.Pos, Error, section, a.dc.Card.Name, "%q and %q both have a stage-%s G-module; the G-modules have stages %s, want one each of I, II and III (replace one with a Guardian whose G-module is stage %s)", b.dc.Card.Name, a.dc.Card.Name, a.stage, have(), missing)
			}
		}
	},
}

func missingStages[T any](gs []T, stage func(T) string) string {
	var out []string
	for _, s := range []string{"I", "II", "III"} {
		found := false
		for _, x := range gs {
			if stage(x) == s {
				found = true
			}
		}
		if !found {
			out = append(out, s)
		}
	}
	if len(out) == 0 {
		return "I, II or III"
	}
	return strings.Join(out, " or ")
}

// Domain warns about modules the deck's Guardians can never link (rule D)
// and Guardians that can never be activated (rule C).
var Domain = &Rule{
	Name: "domain",
	Doc: `Warning, Seeker Chronicles rules C and D. D: "You can only link and
hyperlink modules of a domain that matches one of your active Guardians":
a module whose domain no Guardian of the deck has can never be linked.
C: a Guardian is activated only while you control a module of its domain,
so a later Guardian whose domain no module of the stack has can never come
into play. Logic (a wildcard domain) matches every domain.`,
	Params: []*Param{
		{Name: "section", Kind: ParamSection, Default: "guardians", Doc: "the section of the Guardians"},
	},
	Check: func(p *Pass) {
		g := p.Game
		section := p.String("section")
		guardians := make([]*cardsdb.DeckCard, 0, 4) // pointers: no copies of the entries
		wild := false
		for i := range p.Deck.Cards {
			dc := &p.Deck.Cards[i]
			if dc.Section != nil && dc.Section.ID == section {
				guardians = append(guardians, dc)
				for _, f := range dc.Card.Factions {
					wild = wild || g.Factions.IsWildcard(f)
				}
			}
		}
		if len(guardians) == 0 || wild {
			return
		}
		matches := func(c *cardsdb.Card, domains []string) bool {
			if len(c.Factions) == 0 {
				return true
			}
			for _, f := range c.Factions {
				if g.Factions.IsWildcard(f) || contains(domains, f) {
					return true
				}
			}
			return false
		}
		gDomains := make([]string, 0, 8)
		for _, x := range guardians {
			gDomains = append(gDomains, x.Card.Factions...)
		}
		gNames := func() string {
			var n []string
			for _, x := range guardians {
				n = append(n, x.Card.Name+" ("+domainNames(g, x.Card)+")")
			}
			return strings.Join(n, ", ")
		}
		stackDomains := make([]string, 0, 16)
		for i := range p.Deck.Cards {
			dc := &p.Deck.Cards[i]
			if dc.Section == nil || dc.Section.ID == section || dc.Section.CompanionOf != nil || dc.Section.Leader {
				continue
			}
			for _, f := range dc.Card.Factions {
				if !contains(stackDomains, f) {
					stackDomains = append(stackDomains, f)
				}
				if g.Factions.IsWildcard(f) {
					for _, gd := range gDomains {
						if !contains(stackDomains, gd) {
							stackDomains = append(stackDomains, gd)
						}
					}
				}
			}
			if !matches(dc.Card, gDomains) {
				d := domainNames(g, dc.Card)
				p.Report(dc.Pos, Warning, dc.Section.ID, dc.Card.Name, "%q (%s) can never be linked or hyperlinked: no Guardian of this deck is %s (rule D; Guardians: %s); add %s Guardian or remove it", dc.Card.Name, d, d, gNames(), article(d))
			}
		}
		// Rule C: every Guardian but the first needs a module of its domain.
		for _, x := range guardians {
			gm := x.Card.Ref("g_module")
			if gm != nil && gm.Str("stage") == "I" {
				continue
			}
			if !matches(x.Card, stackDomains) {
				d := domainNames(g, x.Card)
				p.Report(x.Pos, Warning, section, x.Card.Name, "%q (%s) can never be activated: the deck holds no %s or %s module (rule C); add some or choose another Guardian", x.Card.Name, d, d, wildNames(g))
			}
		}
	},
}

func domainNames(g *cardsdb.Game, c *cardsdb.Card) string {
	var n []string
	for _, f := range c.Factions {
		n = append(n, g.Factions.Name(f))
	}
	return strings.Join(n, "/")
}

func wildNames(g *cardsdb.Game) string {
	var n []string
	for _, f := range g.Factions.Wildcard {
		n = append(n, g.Factions.Name(f))
	}
	if len(n) == 0 {
		return "wildcard"
	}
	return strings.Join(n, "/")
}

func contains(list []string, s string) bool {
	for _, v := range list {
		if v == s {
			return true
		}
	}
	return false
}

// article puts "a" or "an" before a word (cardsdb.Article).
func article(word string) string { return cardsdb.Article(word) }
