package printjob

import (
	"fmt"
	"slices"
	"strings"

	"github.com/deckwright/deckwright/cardface"
	"github.com/deckwright/deckwright/cardsdb"
)

// cardSelector is one --only or --exclude value: a card by name (or
// alias), or every card of a type ("type:agent").
type cardSelector struct {
	flag, value string
	cards       map[*cardsdb.Card]bool
	types       map[*cardsdb.Game]string // the type id per game that has it
}

func (s *cardSelector) matches(it cardface.Item) bool {
	c := it.Front.Card
	if c == nil {
		return false
	}
	if s.cards[c] {
		return true
	}
	t, ok := s.types[it.Front.Game]
	return ok && c.Type == t
}

// parseSelector reads a selector against the games being printed: a name
// that no game has, or a type that none has, is a usage error with the
// closest names.
func parseSelector(flag, value string, games []*cardsdb.Game) (*cardSelector, error) {
	s := &cardSelector{flag: flag, value: value, cards: map[*cardsdb.Card]bool{}, types: map[*cardsdb.Game]string{}}
	v := strings.TrimSpace(value)
	if v == "" {
		return nil, fmt.Errorf("%s: empty; give a card name or type:TYPE", flag)
	}
	if head, rest, ok := strings.Cut(v, ":"); ok && strings.EqualFold(strings.TrimSpace(head), "type") {
		rest = strings.TrimSpace(rest)
		var all []string
		for _, g := range games {
			for _, t := range g.Types {
				if cardsdb.Fold(t.ID) == cardsdb.Fold(rest) || cardsdb.Fold(t.Name) == cardsdb.Fold(rest) {
					s.types[g] = t.ID
				}
				all = append(all, t.ID)
			}
		}
		if len(s.types) == 0 {
			return nil, fmt.Errorf("%s %s: no card type %q in %s (types: %s)%s", flag, value, rest, gameNames(games), strings.Join(all, ", "), cardsdb.DidYouMean(cardsdb.Suggest(rest, all, 1)))
		}
		return s, nil
	}
	var sugg []string
	for _, g := range games {
		if c := g.Card(v); c != nil {
			s.cards[c] = true
		} else {
			sugg = append(sugg, g.Suggest(v)...)
		}
	}
	if len(s.cards) == 0 {
		return nil, fmt.Errorf("%s: no card named %q in %s%s (type:TYPE selects a card type)", flag, v, gameNames(games), cardsdb.DidYouMean(sugg))
	}
	return s, nil
}

func gameNames(games []*cardsdb.Game) string {
	var names []string
	for _, g := range games {
		if !slices.Contains(names, g.Name) {
			names = append(names, g.Name)
		}
	}
	return strings.Join(names, " or ")
}

// Select keeps the job's cards that match an --only selector (all when
// there is none) and no --exclude selector, and says how many it kept in
// Selected. A selector is a card's name (or alias) or type:TYPE; one that
// names nothing in the job's games, or selectors that leave nothing to
// print, are an error.
func (j *Job) Select(only, exclude []string) error {
	if len(only) == 0 && len(exclude) == 0 {
		return nil
	}
	var keep, drop []*cardSelector
	for _, v := range only {
		s, err := parseSelector("--only", v, j.Games)
		if err != nil {
			return err
		}
		keep = append(keep, s)
	}
	for _, v := range exclude {
		s, err := parseSelector("--exclude", v, j.Games)
		if err != nil {
			return err
		}
		drop = append(drop, s)
	}
	any := func(list []*cardSelector, it cardface.Item) bool {
		for _, s := range list {
			if s.matches(it) {
				return true
			}
		}
		return false
	}
	var out []cardface.Item
	for _, it := range j.Items {
		if (len(keep) == 0 || any(keep, it)) && !any(drop, it) {
			out = append(out, it)
		}
	}
	if len(out) == 0 {
		return fmt.Errorf("--only and --exclude leave none of the %s to print", cardsdb.Plural(len(j.Items), "card"))
	}
	j.Selected = fmt.Sprintf("%d of %s selected by --only/--exclude", len(out), cardsdb.Plural(len(j.Items), "card"))
	j.Items = out
	j.note()
	return nil
}
