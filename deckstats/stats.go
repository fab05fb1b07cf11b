package deckstats

import (
	"errors"
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/deckwright/deckwright/cardsdb"
)

// Options change what Compute works out. The zero value uses the game
// definition's draw: block, turns 1 to 5 and at least 1 copy.
type Options struct {
	// Hand overrides the opening hand size when > 0.
	Hand int
	// Draws overrides the cards drawn each turn when >= 0; -1 (or any
	// negative) keeps the game's.
	Draws int
	// Turns is the last turn the odds are worked out for (default 5).
	Turns int
	// AtLeast is how many copies must be seen (default 1).
	AtLeast int
	// Cards are card names that get their own row of odds.
	Cards []string
}

// Stats are a deck's figures.
type Stats struct {
	Game     string  `json:"game"`
	Name     string  `json:"name"`
	Cards    int     `json:"cards"`
	Sections []Count `json:"sections"`
	Types    []Count `json:"types"`
	// FactionLabel is what the game calls factions ("Domain").
	FactionLabel string  `json:"faction_label"`
	Factions     []Count `json:"factions"`
	Curve        *Curve  `json:"cost_curve,omitempty"`
	Odds         *Odds   `json:"draw_odds,omitempty"`
	// NoOdds says why there are no draw odds, when there are none.
	NoOdds string `json:"no_odds,omitempty"`
}

// Count is how many cards of a deck have one section, type or faction.
type Count struct {
	ID    string `json:"id"`
	Name  string `json:"name"`
	Cards int    `json:"cards"`
}

// Curve is the deck's cost curve: how many cards cost 0, 1, 2...
type Curve struct {
	// Field is the cost field read ("cost", "shard_cost", "link_cost").
	Field string `json:"field"`
	// Bars holds one bar per cost from 0 to the highest, gaps included.
	Bars []Bar `json:"bars"`
	// X counts the cards whose cost is X.
	X int `json:"x,omitempty"`
	// NoCost counts the cards without a cost (Guardians, Seekers).
	NoCost int `json:"no_cost,omitempty"`
}

// Bar is one cost of the curve.
type Bar struct {
	Cost  int `json:"cost"`
	Cards int `json:"cards"`
}

// Odds are the draw odds of a deck.
type Odds struct {
	// Deck is the section cards are drawn from ("" = the whole deck) and
	// Cards how many cards it holds.
	Deck          string `json:"deck,omitempty"`
	DeckName      string `json:"deck_name,omitempty"`
	Cards         int    `json:"cards"`
	OpeningHand   int    `json:"opening_hand"`
	PerTurn       int    `json:"per_turn"`
	HasPerTurn    bool   `json:"has_per_turn"`
	SkipFirstDraw bool   `json:"skip_first_draw,omitempty"`
	OnTheDraw     int    `json:"on_the_draw,omitempty"`
	// From says where the hand and draw figures come from: "game", or the
	// options that overrode them.
	From string `json:"from"`
	// Source is the rulebook reference of the game definition's draw block.
	Source  string `json:"source,omitempty"`
	AtLeast int    `json:"at_least"`
	// Turns are the turns worked out; 0 is the opening hand.
	Turns []int     `json:"turns"`
	Rows  []OddsRow `json:"rows"`
}

// OddsRow is the chance to see at least Odds.AtLeast of a group of Copies
// cards, by turn, on the play and on the draw.
type OddsRow struct {
	Label  string   `json:"label"`
	Copies int      `json:"copies"`
	OnPlay []Chance `json:"on_the_play"`
	OnDraw []Chance `json:"on_the_draw"`
}

// Chance is the chance for one turn: Seen cards drawn by then, P as a
// number and Exact as a fraction.
type Chance struct {
	Turn  int     `json:"turn"`
	Seen  int     `json:"seen"`
	P     float64 `json:"p"`
	Exact string  `json:"exact"`
}

// ErrNoCard is wrapped by Compute's error for an Options.Cards name the
// deck does not hold.
var ErrNoCard = errors.New("no such card in the deck")

// Seen returns how many cards a player has drawn by turn t (0: the opening
// hand), on the play or on the draw, at most n.
func (o *Odds) Seen(t int, onTheDraw bool, n int) int {
	s := o.OpeningHand
	if onTheDraw {
		s += o.OnTheDraw
	}
	if t > 0 {
		turns := t
		if o.SkipFirstDraw {
			turns--
		}
		s += o.PerTurn * turns
	}
	return min(s, n)
}

// Compute works out the figures of deck d.
func Compute(d *cardsdb.Deck, opts Options) (*Stats, error) {
	g := d.Game
	st := &Stats{Game: g.ID, Name: d.Name(), FactionLabel: g.Factions.Label}
	if st.FactionLabel == "" {
		st.FactionLabel = "Faction"
	}
	sections := map[string]int{}
	types := map[string]int{}
	factions := map[string]int{}
	curve := &Curve{}
	costs := map[int]int{}
	for _, dc := range d.Cards {
		st.Cards += dc.Count
		if dc.Section != nil {
			sections[dc.Section.ID] += dc.Count
		}
		types[dc.Card.Type] += dc.Count
		if len(dc.Card.Factions) == 0 {
			factions[""] += dc.Count
		}
		for _, f := range dc.Card.Factions {
			factions[f] += dc.Count
		}
		v, field, ok := g.Cost(dc.Card)
		switch {
		case !ok:
			curve.NoCost += dc.Count
		case v.X:
			curve.X += dc.Count
			curve.Field = field
		default:
			costs[v.Int] += dc.Count
			curve.Field = field
		}
	}
	for _, s := range g.Sections {
		if n := sections[s.ID]; n > 0 {
			st.Sections = append(st.Sections, Count{ID: s.ID, Name: s.Name, Cards: n})
		}
	}
	for _, t := range g.Types {
		if n := types[t.ID]; n > 0 {
			st.Types = append(st.Types, Count{ID: t.ID, Name: t.Name, Cards: n})
		}
	}
	for _, f := range g.Factions.Values {
		if n := factions[f.ID]; n > 0 {
			st.Factions = append(st.Factions, Count{ID: f.ID, Name: f.Name, Cards: n})
		}
	}
	if n := factions[""]; n > 0 {
		st.Factions = append(st.Factions, Count{ID: "", Name: "none", Cards: n})
	}
	if curve.Field != "" {
		top := -1
		for c := range costs {
			top = max(top, c)
		}
		for c := 0; c <= top; c++ {
			curve.Bars = append(curve.Bars, Bar{Cost: c, Cards: costs[c]})
		}
		st.Curve = curve
	}
	odds, why, err := computeOdds(d, opts)
	if err != nil {
		return nil, err
	}
	st.Odds, st.NoOdds = odds, why
	return st, nil
}

// computeOdds works out the draw odds, or says why there are none.
func computeOdds(d *cardsdb.Deck, opts Options) (*Odds, string, error) {
	g := d.Game
	o := &Odds{AtLeast: max(opts.AtLeast, 1), From: "game"}
	if dr := g.Draw; dr != nil {
		o.Deck, o.OpeningHand, o.PerTurn, o.HasPerTurn = dr.Deck, dr.OpeningHand, dr.PerTurn, dr.HasPerTurn
		o.SkipFirstDraw, o.OnTheDraw, o.Source = dr.SkipFirstDraw, dr.OnTheDraw, dr.Source
	}
	var from []string
	if opts.Hand > 0 {
		o.OpeningHand = opts.Hand
		from = append(from, "--hand")
	}
	if opts.Draws >= 0 {
		o.PerTurn, o.HasPerTurn = opts.Draws, true
		from = append(from, "--draws")
	}
	if len(from) > 0 {
		o.From = strings.Join(from, ", ")
	}
	if s := g.Section(o.Deck); s != nil {
		o.DeckName = s.Name
	}
	if g.Draw == nil && opts.Hand <= 0 {
		return nil, g.Name + "'s definition gives no opening hand (no draw: block); give one with --hand N", nil
	}
	// The cards drawn from, merged by card.
	counts := map[*cardsdb.Card]int{}
	var order []*cardsdb.Card
	for _, dc := range d.Cards {
		if o.Deck != "" && (dc.Section == nil || dc.Section.ID != o.Deck) {
			continue
		}
		if counts[dc.Card] == 0 {
			order = append(order, dc.Card)
		}
		counts[dc.Card] += dc.Count
		o.Cards += dc.Count
	}
	if o.Cards == 0 {
		return nil, "the deck has no cards to draw from", nil
	}
	turns := opts.Turns
	if turns <= 0 {
		turns = 5
	}
	o.Turns = []int{0}
	if o.HasPerTurn {
		for t := 1; t <= turns; t++ {
			o.Turns = append(o.Turns, t)
		}
	}
	// Named cards first, then one row per copy count, then one per type.
	for _, name := range opts.Cards {
		key := cardsdb.Fold(name)
		var found *cardsdb.Card
		var names []string
		for _, c := range order {
			names = append(names, c.Name)
			if c.Key == key {
				found = c
			}
		}
		if found == nil {
			return nil, "", fmt.Errorf("--card %q: %w%s", name, ErrNoCard, cardsdb.DidYouMean(cardsdb.Suggest(name, names, 3)))
		}
		o.Rows = append(o.Rows, o.row(found.Name, counts[found]))
	}
	copies := map[int]bool{}
	for _, c := range order {
		copies[counts[c]] = true
	}
	var cs []int
	for c := range copies {
		cs = append(cs, c)
	}
	sort.Sort(sort.Reverse(sort.IntSlice(cs)))
	for _, c := range cs {
		if c >= o.AtLeast {
			o.Rows = append(o.Rows, o.row("a given "+strconv.Itoa(c)+"-of", c))
		}
	}
	byType := map[string]int{}
	for _, c := range order {
		byType[c.Type] += counts[c]
	}
	for _, t := range g.Types {
		if n := byType[t.ID]; n >= o.AtLeast && n < o.Cards {
			o.Rows = append(o.Rows, o.row("any "+t.Name, n))
		}
	}
	return o, "", nil
}

func (o *Odds) row(label string, copies int) OddsRow {
	r := OddsRow{Label: label, Copies: copies}
	for _, t := range o.Turns {
		r.OnPlay = append(r.OnPlay, o.chance(t, false, copies))
		r.OnDraw = append(r.OnDraw, o.chance(t, true, copies))
	}
	return r
}

func (o *Odds) chance(t int, onTheDraw bool, copies int) Chance {
	seen := o.Seen(t, onTheDraw, o.Cards)
	p := AtLeast(o.Cards, copies, seen, o.AtLeast)
	f, _ := p.Float64()
	return Chance{Turn: t, Seen: seen, P: f, Exact: p.RatString()}
}

// Percent formats a chance as a percentage with one decimal: "14.6%";
// a chance that is not certain never shows as 100.0% (">99.9%"), nor one
// that is not impossible as 0.0% ("<0.1%").
func Percent(p float64) string {
	s := strconv.FormatFloat(p*100, 'f', 1, 64)
	switch {
	case s == "100.0" && p < 1:
		return ">99.9%"
	case s == "0.0" && p > 0:
		return "<0.1%"
	}
	return s + "%"
}

// blocks are the eighths of a character cell, for bars.
var blocks = []string{"", "▏", "▎", "▍", "▌", "▋", "▊", "▉"}

// BarString draws n out of max as a bar of at most width cells, with
// eighths of a cell at its end: the terminal's cost curve.
func BarString(n, max, width int) string {
	if n <= 0 || max <= 0 || width <= 0 {
		return ""
	}
	eighths := (n*width*8 + max/2) / max
	if eighths == 0 {
		eighths = 1 // a card shows
	}
	return strings.Repeat("█", eighths/8) + blocks[eighths%8]
}
