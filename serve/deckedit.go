package serve

import (
	"errors"
	"fmt"
	"strings"

	"github.com/deckwright/deckwright/cardsdb"
)

// deckEdit is what adding or removing one copy of a card did.
type deckEdit struct {
	// Text is the deck after the edit (the same text when refused).
	Text string `json:"text"`
	// Card is the card's name as its game spells it.
	Card string `json:"card"`
	// Count is how many copies of the card the deck holds now.
	Count int `json:"count"`
	// Section is the section the card is in.
	Section string `json:"section,omitempty"`
	// Refused says why the edit was not made ("" when it was).
	Refused string `json:"refused,omitempty"`
}

// errUnknownCard is an edit's card that the game does not have.
var errUnknownCard = errors.New("unknown card")

// editDeck adds (delta 1) or removes (delta -1) one copy of a card in a
// deck's text, as the deck builder's + and − do. A card already in the
// deck changes count on its line (several lines of it become one); a new
// card goes under its section's header, which is written when missing,
// and a deck without a game: line gets one. The other lines, comments
// included, are kept as written. A YAML deck is edited as a deck and
// written again as YAML. It refuses, with the reason, a copy past the
// card's copy limit and a card that no section takes or that comes with
// another card (a Guardian's G-module).
func editDeck(g *cardsdb.Game, text, name string, delta int) (deckEdit, error) {
	card := g.Card(name)
	if card == nil {
		return deckEdit{}, fmt.Errorf("%w: no card named %q in %s%s", errUnknownCard, name, g.Name, cardsdb.DidYouMean(g.Suggest(name)))
	}
	res := deckEdit{Text: text, Card: card.Name}
	yamlText := cardsdb.IsYAMLDeck([]byte(text))
	list, err := parseForEdit(text, yamlText)
	if err != nil {
		return res, fmt.Errorf("fix the deck's text first: %s", firstLines(err.Error(), 2))
	}
	var mine []int // indexes of list.Entries naming the card
	for i, e := range list.Entries {
		if g.Card(e.Name) == card {
			mine = append(mine, i)
			res.Count += e.Count
		}
	}
	sec := g.SectionFor(card.Type)
	if len(mine) > 0 && list.Entries[mine[0]].Section != "" {
		if s := g.SectionByName(list.Entries[mine[0]].Section); s != nil {
			sec = s
		}
	}
	if sec != nil {
		res.Section = sec.Name
	}
	if delta > 0 {
		if why := refuseAdd(g, card, sec, res.Count); why != "" {
			res.Refused = why
			return res, nil
		}
	}
	if delta < 0 && res.Count == 0 {
		res.Refused = fmt.Sprintf("%s is not in the deck", card.Name)
		return res, nil
	}
	res.Count += delta
	if yamlText {
		res.Text, err = editYAML(list, g, card, sec, mine, res.Count)
		if err != nil {
			return deckEdit{Text: text, Card: card.Name}, err
		}
		return res, nil
	}
	res.Text = editLines(text, list, g, card, sec, mine, res.Count)
	return res, nil
}

// refuseAdd says why one more copy of card may not go into the deck, or "".
func refuseAdd(g *cardsdb.Game, card *cardsdb.Card, sec *cardsdb.Section, have int) string {
	tname := g.TypeName(card.Type)
	switch {
	case sec == nil && len(g.Sections) > 0:
		return fmt.Sprintf("%s is a %s, which no section of a %s deck takes", card.Name, tname, g.Name)
	case sec == nil:
		return ""
	case sec.CompanionOf != nil:
		return fmt.Sprintf("%s (a %s) comes into the deck with the card that names it; add that card instead", card.Name, tname)
	case sec.All || sec.FromPacks:
		return fmt.Sprintf("the %s holds its cards by itself (every %s of the set or of the chosen packs); nothing to add", sec.Name, tname)
	}
	if lim, ok := sec.CopyLimit(card); ok && have+1 > lim {
		if lim == 0 {
			return fmt.Sprintf("%s may not go in the %s", card.Name, sec.Name)
		}
		return fmt.Sprintf("copy limit: at most %s of %s in the %s", cardsdb.Plural(lim, "copy"), card.Name, sec.Name)
	}
	return ""
}

// parseForEdit reads a deck for an edit; an empty deck (only headers or
// section lines) is an empty list, not an error.
func parseForEdit(text string, yamlText bool) (*cardsdb.DeckList, error) {
	if strings.TrimSpace(text) == "" {
		return &cardsdb.DeckList{}, nil
	}
	if yamlText {
		l, err := cardsdb.ParseDeckYAML("deck", []byte(text))
		if errors.Is(err, cardsdb.ErrNoCards) {
			return &cardsdb.DeckList{}, nil
		}
		return l, err
	}
	l, err := cardsdb.ParseDecklist("deck", []byte(text))
	if errors.Is(err, cardsdb.ErrNoCards) {
		return emptyList(text), nil
	}
	return l, err
}

// emptyList reads the header and section lines of a decklist that holds
// no cards yet.
func emptyList(text string) *cardsdb.DeckList {
	l := &cardsdb.DeckList{}
	for i, raw := range strings.Split(text, "\n") {
		line := raw
		if j := strings.IndexByte(line, '#'); j >= 0 {
			line = line[:j]
		}
		line = strings.TrimSpace(line)
		k, v, ok := strings.Cut(line, ":")
		switch {
		case ok && strings.EqualFold(strings.TrimSpace(k), "game") && len(l.Sections) == 0:
			l.Game = strings.TrimSpace(v)
		case strings.HasSuffix(line, ":") && len(line) > 1:
			l.Sections = append(l.Sections, cardsdb.SectionHeader{Name: strings.TrimSpace(strings.TrimSuffix(line, ":")), Pos: cardsdb.Pos{Line: i + 1}})
		}
	}
	return l
}

// editLines edits a decklist line by line.
func editLines(text string, list *cardsdb.DeckList, g *cardsdb.Game, card *cardsdb.Card, sec *cardsdb.Section, mine []int, count int) string {
	lines := strings.Split(text, "\n")
	if len(lines) > 0 && lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	drop := map[int]bool{}
	if len(mine) > 0 {
		first := list.Entries[mine[0]]
		for _, i := range mine[1:] {
			drop[list.Entries[i].Pos.Line-1] = true
		}
		if count <= 0 {
			drop[first.Pos.Line-1] = true
		} else {
			lines[first.Pos.Line-1] = countLine(lines[first.Pos.Line-1], count, first.Name)
		}
		return joinLines(lines, drop, -1, nil)
	}
	entry := fmt.Sprintf("%d %s", count, card.Name)
	// Under the header of the card's section, after its last card.
	at := -1
	if sec != nil {
		for _, h := range list.Sections {
			if g.SectionByName(h.Name) != sec {
				continue
			}
			at = h.Pos.Line
			for _, e := range list.Entries {
				if e.SectionPos.Line == h.Pos.Line && e.Pos.Line > at {
					at = e.Pos.Line
				}
			}
			break
		}
	} else if len(list.Entries) > 0 && len(list.Sections) == 0 {
		at = list.Entries[len(list.Entries)-1].Pos.Line
	}
	var add []string
	if at < 0 {
		at = len(lines)
		for at > 0 && strings.TrimSpace(lines[at-1]) == "" {
			at--
		}
		if sec != nil {
			if at > 0 {
				add = append(add, "")
			}
			add = append(add, sec.Name+":")
		}
	}
	add = append(add, entry)
	if list.Game == "" && gameLine(text) == "" {
		lines = append([]string{"game: " + g.ID}, lines...)
		at++
	}
	return joinLines(lines, drop, at, add)
}

// countLine rewrites a card's line with a new count, keeping its indent
// and its comment.
func countLine(raw string, count int, name string) string {
	indent := raw[:len(raw)-len(strings.TrimLeft(raw, " \t"))]
	comment := ""
	if i := strings.IndexByte(raw, '#'); i >= 0 {
		comment = " " + raw[i:]
	}
	return fmt.Sprintf("%s%d %s%s", indent, count, name, comment)
}

// joinLines writes lines back without those in drop, with add inserted
// after the first at lines (at < 0: nothing added).
func joinLines(lines []string, drop map[int]bool, at int, add []string) string {
	var b strings.Builder
	for i := 0; i <= len(lines); i++ {
		if i == at {
			for _, l := range add {
				b.WriteString(l)
				b.WriteByte('\n')
			}
		}
		if i < len(lines) && !drop[i] {
			b.WriteString(lines[i])
			b.WriteByte('\n')
		}
	}
	return b.String()
}

// editYAML edits a YAML deck as a list and writes it again.
func editYAML(list *cardsdb.DeckList, g *cardsdb.Game, card *cardsdb.Card, sec *cardsdb.Section, mine []int, count int) (string, error) {
	if list.Game == "" {
		list.Game = g.ID
	}
	entries := list.Entries[:0:0]
	placed := false
	for i, e := range list.Entries {
		if len(mine) > 0 && i == mine[0] {
			placed = true
			if count > 0 {
				e.Count = count
				entries = append(entries, e)
			}
			continue
		}
		if g.Card(e.Name) == card {
			continue
		}
		entries = append(entries, e)
	}
	if !placed && count > 0 {
		section := ""
		if sec != nil {
			section = sec.ID
			for _, e := range entries {
				if g.SectionByName(e.Section) == sec {
					section = e.Section
					break
				}
			}
		}
		// After the last card of the same section, else at the end.
		at := len(entries)
		for i, e := range entries {
			if e.Section == section {
				at = i + 1
			}
		}
		entries = append(entries[:at], append([]cardsdb.Entry{{Section: section, Name: card.Name, Count: count}}, entries[at:]...)...)
	}
	list.Entries = entries
	out, err := list.YAML()
	return string(out), err
}
