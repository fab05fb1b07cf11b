package cardsdb

import "sort"

// DeckCard is one resolved entry of a deck: a card of the game, its count
// and the section it is in.
type DeckCard struct {
	Card    *Card
	Count   int
	Section *Section
	Pos     Pos
	// Written is the name as the deck list wrote it.
	Written string
	// Companion is set for cards the deck did not list but that follow from
	// another card (a Guardian's G-module); Pos is then that card's entry.
	Companion bool
	// Misplaced is set when the entry came before any section header and no
	// section takes the card's type.
	Misplaced bool
	// Auto is set for cards the list did not name that Resolve added to a
	// section that holds every card of its types (all) or the cards of the
	// chosen packs (from_packs); Pos is then the pack's entry in packs:, or
	// the list's game line.
	Auto bool
}

// UnknownCard is a deck entry whose name matches no card of the game.
type UnknownCard struct {
	Entry       Entry
	Suggestions []string
}

// UnknownSection is a section header of a deck list that names no section
// of the game (a "Sideboard:" in a game without one). The entries under it
// are not cards of the deck.
type UnknownSection struct {
	Name string
	Pos  Pos
	// Cards counts the copies listed under it.
	Cards int
	// Sections are the names of the game's sections, the closest to Name
	// first.
	Sections []string
	// Suggestions are the names (aliases too) close enough to be a
	// misspelling of Name.
	Suggestions []string
}

// Deck is a deck list resolved against a game.
type Deck struct {
	Game    *Game
	List    *DeckList
	Cards   []DeckCard
	Unknown []UnknownCard
	// UnknownSections are the list's section headers that name no section
	// of the game, in the list's order.
	UnknownSections []UnknownSection
	// Packs are the packs a setup chooses, in the list's order.
	Packs []DeckPack
	// Variant is the variant the list names, nil for the standard game.
	Variant *Variant
	// Format is the format the list names (or --format chooses), nil for
	// the game's own rules.
	Format *Format
}

// DeckPack is a pack a setup names: the game's pack, or nil with
// suggestions when no pack has that name.
type DeckPack struct {
	Pack        *Pack
	Written     string
	Pos         Pos
	Suggestions []string
}

// Name returns the deck's name, or its file when it has none.
func (d *Deck) Name() string {
	if d.List.Name != "" {
		return d.List.Name
	}
	return d.List.File
}

// InSection returns the deck's cards in the section with the id.
func (d *Deck) InSection(id string) []DeckCard {
	var out []DeckCard
	for _, dc := range d.Cards {
		if dc.Section != nil && dc.Section.ID == id {
			out = append(out, dc)
		}
	}
	return out
}

// Total counts the cards in the section with the id.
func (d *Deck) Total(id string) int {
	n := 0
	for _, dc := range d.Cards {
		if dc.Section != nil && dc.Section.ID == id {
			n += dc.Count
		}
	}
	return n
}

// Resolve looks up every entry of list in g. Names that match no card are
// returned in Deck.Unknown with suggestions; they are a problem of the deck,
// not an error. So is a section header that names no section of the game:
// it is kept in Deck.UnknownSections and the entries under it are left out
// of the deck. A variant the game does not have and packs for a game
// without packs are errors.
// Companion cards (G-modules) that the list leaves out are added after the
// cards they follow from; then sections marked from_packs get every card of
// the chosen packs and sections marked all every card of their types, each
// in its physical copies less what the list's variant removes (cards the
// list names itself are left as listed). Pack names that match no pack are
// kept in Deck.Packs with suggestions, for the packs rule to report.
func Resolve(g *Game, list *DeckList) (*Deck, error) {
	d := &Deck{Game: g, List: list, Cards: make([]DeckCard, 0, len(list.Entries)+4)}
	var errs ErrorList
	sections := make(map[string]*Section, len(list.Sections))
	unknown := map[string]int{} // header name → index in d.UnknownSections
	for _, h := range list.Sections {
		s := g.SectionByName(h.Name)
		if s == nil {
			if _, ok := unknown[h.Name]; !ok {
				unknown[h.Name] = len(d.UnknownSections)
				d.UnknownSections = append(d.UnknownSections, unknownSection(g, h))
			}
			continue
		}
		sections[h.Name] = s
	}
	d.resolveSetup(&errs)
	d.resolveFormat(&errs)
	if err := errs.Err(); err != nil {
		return nil, err
	}
	sug := suggester{g: g}
	for _, e := range list.Entries {
		if i, ok := unknown[e.Section]; ok && e.Section != "" {
			d.UnknownSections[i].Cards += e.Count
			continue
		}
		c := g.Card(e.Name)
		if c == nil {
			d.Unknown = append(d.Unknown, UnknownCard{Entry: e, Suggestions: sug.suggest(e.Name)})
			continue
		}
		dc := DeckCard{Card: c, Count: e.Count, Pos: e.Pos, Written: e.Name}
		if e.Section != "" {
			dc.Section = sections[e.Section]
		} else if dc.Section = g.SectionFor(c.Type); dc.Section == nil {
			dc.Misplaced = true
		}
		d.Cards = append(d.Cards, dc)
	}
	d.addCompanions()
	d.addFromPacks()
	d.addAll()
	return d, nil
}

// unknownSection describes the header h, which names no section of g.
func unknownSection(g *Game, h SectionHeader) UnknownSection {
	var names []string
	for _, gs := range g.Sections {
		names = append(names, gs.Name)
		names = append(names, gs.Aliases...)
	}
	u := UnknownSection{Name: h.Name, Pos: h.Pos, Suggestions: Suggest(h.Name, names, 1)}
	u.Sections = g.SectionNames()
	want := []rune(Fold(h.Name))
	far := make(map[string]int, len(u.Sections))
	for _, n := range u.Sections {
		far[n] = distance(want, []rune(Fold(n)), 1<<20)
	}
	sort.SliceStable(u.Sections, func(i, j int) bool { return far[u.Sections[i]] < far[u.Sections[j]] })
	return u
}

// addCompanions adds, for each companion section, the cards named by the
// companion field of the cards in the section it follows, unless the list
// already holds them.
func (d *Deck) addCompanions() {
	for _, s := range d.Game.Sections {
		c := s.CompanionOf
		if c == nil {
			continue
		}
		n := len(d.Cards)
		for i := 0; i < n; i++ {
			dc := d.Cards[i]
			if dc.Section == nil || dc.Section.ID != c.Section {
				continue
			}
			v, ok := dc.Card.Fields[c.Field]
			if !ok {
				continue
			}
			comp := v.Ref
			if comp == nil || d.has(comp) {
				continue
			}
			d.Cards = append(d.Cards, DeckCard{Card: comp, Count: 1, Section: s, Pos: dc.Pos, Written: comp.Name, Companion: true})
		}
	}
}

func (d *Deck) has(c *Card) bool {
	for _, dc := range d.Cards {
		if dc.Card == c {
			return true
		}
	}
	return false
}
