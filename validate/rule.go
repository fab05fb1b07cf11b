package validate

import (
	"fmt"
	"sort"
	"strings"
	"sync"

	"github.com/deckwright/deckwright/cardsdb"
)

// Rule is a deck-building rule.
type Rule struct {
	// Name is the rule's id, printed with each finding and used in game
	// definitions to switch the rule on.
	Name string
	// Doc says what the rule checks, and its parameters.
	Doc string
	// Always marks rules that apply to every game: they only read the game
	// definition's data. Other rules run when the game names them.
	Always bool
	// Params declares the parameters a game definition may set, with their
	// kinds and defaults. Check reads them with Pass.Int and Pass.String.
	Params []*Param
	// Check examines the deck and reports findings through the pass.
	Check func(*Pass)
}

// Pass is one run of a rule over a deck.
type Pass struct {
	Deck *cardsdb.Deck
	Game *cardsdb.Game

	rule   *Rule
	values map[string]any // the rule's parameters, as Applied.Params
	out    *[]Finding
}

// Report records a finding of the pass's rule.
func (p *Pass) Report(pos cardsdb.Pos, sev Severity, section, card, format string, args ...any) {
	*p.out = append(*p.out, Finding{Pos: pos, Rule: p.rule.Name, Severity: sev, Message: fmt.Sprintf(format, args...), Section: section, Card: card})
}

// deckPos is where findings about the deck as a whole point: the list's
// game line when it has one, else the start of the file.
func (p *Pass) deckPos() cardsdb.Pos {
	if p.Deck.List.GamePos.Line > 0 {
		return p.Deck.List.GamePos
	}
	return cardsdb.Pos{File: p.Deck.List.File, Line: 1, Col: 1}
}

// sectionPos is where findings about a section point: its first header in
// the list, or the deck when the list leaves the section out.
func (p *Pass) sectionPos(s *cardsdb.Section) cardsdb.Pos {
	for _, h := range p.Deck.List.Sections {
		if p.Game.SectionByName(h.Name) == s {
			return h.Pos
		}
	}
	for _, dc := range p.Deck.Cards {
		if dc.Section == s && !dc.Companion {
			return dc.Pos
		}
	}
	return p.deckPos()
}

// All lists every rule deckwright knows, the always-on rules first.
func All() []*Rule {
	return []*Rule{
		UnknownCard, UnknownSection, CardType, CardSection, SectionSize, CopyLimit, Leader, Companion, FormatList,
		FactionLimit, GuardianStages, Domain, NonInnate,
		Packs, Manifest, Affiliation,
	}
}

// Lookup returns the rule with the name, or nil.
func Lookup(name string) *Rule {
	for _, r := range All() {
		if r.Name == name {
			return r
		}
	}
	return nil
}

// CheckGame reports rules a game definition names that deckwright does not
// know, and parameters the rules do not declare or whose values are not of
// the declared kind, with their positions.
func CheckGame(g *cardsdb.Game) error {
	var errs cardsdb.ErrorList
	var names []string
	for _, r := range All() {
		names = append(names, r.Name)
	}
	for _, ref := range g.Rules {
		r := Lookup(ref.Name)
		switch {
		case r == nil:
			errs.Add(ref.Pos, "unknown rule %q%s (deckwright rules lists them)", ref.Name, cardsdb.DidYouMean(cardsdb.Suggest(ref.Name, names, 1)))
		case r.Always:
			errs.Add(ref.Pos, "rule %q applies to every game; remove it from rules", ref.Name)
		default:
			_, bad := resolve(r, ref, g)
			errs = append(errs, bad...)
		}
	}
	errs = append(errs, checkFormats(g, names)...)
	return errs.Err()
}

// RulesFor returns the rules that apply to a game: the always-on rules and
// those the game switches on, each with its parameters.
func RulesFor(g *cardsdb.Game) []Applied { return RulesForFormat(g, nil) }

// RulesForFormat returns the rules that apply to a game in a format (nil:
// the game's own rules): the always-on rules the format does not skip and
// the rules the format switches on (Format.RuleRefs).
func RulesForFormat(g *cardsdb.Game, f *cardsdb.Format) []Applied {
	var out []Applied
	for _, r := range All() {
		if r.Always && !f.Skips(r.Name) {
			vals, _ := resolve(r, cardsdb.RuleRef{Name: r.Name}, g)
			out = append(out, Applied{Rule: r, Params: vals})
		}
	}
	for _, ref := range f.RuleRefs(g) {
		if r := Lookup(ref.Name); r != nil && !r.Always {
			a := Applied{Rule: r, Pos: ref.Pos}
			a.Params, a.errs = resolve(r, ref, g)
			for name := range ref.Params {
				if r.Param(name) != nil {
					a.Given = append(a.Given, name)
				}
			}
			sort.Strings(a.Given)
			out = append(out, a)
		}
	}
	return out
}

// Applied is a rule as a game applies it.
type Applied struct {
	Rule *Rule
	// Params holds the value of every parameter the rule declares: the
	// game's, or the default.
	Params map[string]any
	// Given lists, sorted, the parameters the game definition sets.
	Given []string
	// Pos is where the game definition names the rule (zero for the
	// always-on rules).
	Pos cardsdb.Pos

	errs cardsdb.ErrorList // the game's bad parameters (see CheckGame)
}

// Check runs every rule that applies to the deck's game and returns all
// findings, sorted by position.
func Check(d *cardsdb.Deck) []Finding {
	var out []Finding
	p := Pass{Deck: d, Game: d.Game, out: &out}
	for _, a := range rulesFor(d.Game, d.Format) {
		p.values, p.rule = a.Params, a.Rule
		// A game definition that CheckGame refuses never gives a verdict
		// on a deck: its bad parameters are errors of every deck.
		for _, e := range a.errs {
			p.Report(e.Pos, Error, "", "", "%s", e.Msg)
		}
		a.Rule.Check(&p)
	}
	Sort(out)
	return out
}

// applied caches RulesFor per game: a game definition does not change once
// loaded, and Check runs for every deck.
var applied sync.Map // gameFormat → []Applied

type gameFormat struct {
	g *cardsdb.Game
	f *cardsdb.Format
}

func rulesFor(g *cardsdb.Game, f *cardsdb.Format) []Applied {
	key := gameFormat{g, f}
	if a, ok := applied.Load(key); ok {
		return a.([]Applied)
	}
	a := RulesForFormat(g, f)
	applied.Store(key, a)
	return a
}

// distinctHint is a size hint for maps and slices keyed by the deck's
// distinct cards: no more than its entries, nor than the game's cards (a
// list of 100,000 lines of one card needs no 100,000-slot map).
func (p *Pass) distinctHint() int {
	return min(len(p.Deck.Cards), len(p.Game.Cards))
}

// plural is "1 Module" / "3 Modules" style text, with the noun in lower case
// when lower is set.
func plural(n int, noun string) string { return cardsdb.Plural(n, noun) }

// typeNoun names what a section holds: its single type's name or "card".
func typeNoun(g *cardsdb.Game, s *cardsdb.Section) string {
	if len(s.Types) == 1 {
		return g.TypeName(s.Types[0])
	}
	return "card"
}

func quoteList(names []string) string {
	q := make([]string, len(names))
	for i, n := range names {
		q[i] = `"` + n + `"`
	}
	return strings.Join(q, ", ")
}
