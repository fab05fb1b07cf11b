package seeker

import (
	"fmt"
	"sort"
	"strings"

	"github.com/deckwright/deckwright/cardsdb"
	"github.com/deckwright/deckwright/engine"
)

// Kind is what a compiled card is.
type Kind uint8

// The kinds of cards.
const (
	KindModule   Kind = iota // a stack module or a G-module
	KindGuardian             // a Guardian
	KindBane                 // a Bane (the match against Nature)
)

// Keyword is a domain keyword ability.
type Keyword uint8

// The keywords, as the rulebook's "Domain-specific abilities" words them.
const (
	Gravity Keyword = iota + 1 // Gravity X: untap and link in this channel at no cost a module you control with link cost X or less
	Entropy                    // Entropy: progress 1 for each linked module you control
	Duality                    // Duality: your Guardians gain +2 power until end of turn
)

// Card is a card compiled for play: its printed values as small integers.
type Card struct {
	Name      string
	Kind      Kind
	Stage     int // G-modules: 1, 2 or 3; else 0
	GModule   bool
	Power     int
	LinkCost  int // -1: no link cost, not linkable
	LinkX     bool
	HyperCost int // -1: no hyperlink cost, not hyperlinkable
	HyperX    bool
	// Domains is a bit set of the card's domains; Wild is set for a
	// wildcard domain (Logic), which matches every domain.
	Domains uint16
	Wild    bool
	// Keywords in printed order; GravityX is the X of Gravity X.
	Keywords []Keyword
	GravityX int
	Effects  []Effect
	// NotSimulated says why the card's text is not simulated ("" when it
	// is fully simulated).
	NotSimulated string
}

// Linkable reports whether the card has a link cost.
func (c *Card) Linkable() bool { return c.LinkCost >= 0 }

// Hyperlinkable reports whether the card has a hyperlink cost.
func (c *Card) Hyperlinkable() bool { return c.HyperCost >= 0 }

// Has reports whether the card has the keyword.
func (c *Card) Has(k Keyword) bool {
	for _, x := range c.Keywords {
		if x == k {
			return true
		}
	}
	return false
}

// matches reports whether a module of card c matches a Guardian (or Bane)
// of domains g: a shared domain, or either is wild. A card with no domain
// matches everything.
func matches(c, g *Card) bool {
	return c.Wild || g.Wild || c.Domains == 0 || g.Domains == 0 || c.Domains&g.Domains != 0
}

// Deck is a deck compiled for play: every distinct card once, referred to
// by its id (its index in Cards). Ids below Modules are modules (the
// G-modules first, then the stack's modules in deck order); the Guardians
// and the Banes follow.
type Deck struct {
	Name  string
	Game  *cardsdb.Game
	Cards []Card
	// Modules is the number of module ids: ids 0..Modules-1 are the cards
	// reported per card.
	Modules int
	// Guardians and GModules in stage order (I, II, III).
	Guardians [3]uint8
	GModules  [3]uint8
	// Stack holds one id per card of the 40-card stack.
	Stack []uint8
	// Banes are the Banes Nature picks for the Guardians, in stage order
	// (the match against Nature; see PickBanes).
	Banes [3]uint8
	// NotSimulated and Provisional list the deck's cards whose text is
	// not simulated and whose values are not the rulebook's.
	NotSimulated []NotSimulated
	Provisional  []Provisional
	// BaneNotes are the same for the Banes (reported in Nature mode).
	BaneNotSimulated []NotSimulated
	BaneProvisional  []Provisional
}

// NotSimulated names a card whose rules text the engine does not play.
type NotSimulated = engine.NotSimulated

// Provisional names a card with values that are not the rulebook's;
// Fields is ["*"] for a card whose every value is ours (a sample card).
type Provisional = engine.Provisional

// MaxStack is the largest stack Compile accepts.
const MaxStack = 48

// keyword reminders, as the rulebook words them ("Domain-specific
// abilities"); a card whose text is only these is fully simulated by its
// keywords.
func reminder(k Keyword, x int) string {
	switch k {
	case Gravity:
		return fmt.Sprintf("Gravity %d: Untap and link in this channel at no cost a module you control with link cost %d or less.", x, x)
	case Entropy:
		return "Entropy: Progress 1 for each linked module you control."
	case Duality:
		return "Duality: Your Guardians gain +2 power until end of turn."
	}
	return ""
}

func (k Keyword) String() string {
	switch k {
	case Gravity:
		return "Gravity"
	case Entropy:
		return "Entropy"
	case Duality:
		return "Duality"
	}
	return "?"
}

// Compile turns a resolved Seeker Chronicles deck into a Deck. It needs 3
// Guardians whose G-modules have the stages I, II and III and a stack of 1
// to 48 modules (the deck rules want 40; validate checks them), and it
// reports every malformed `effects` item with its position.
func Compile(d *cardsdb.Deck) (*Deck, error) {
	g := d.Game
	if g.Type("guardian") == nil || g.Type("gmodule") == nil || g.Type("module") == nil {
		return nil, fmt.Errorf("%s: not a Seeker Chronicles game (it has no guardian, gmodule and module card types)", g.ID)
	}
	if len(d.Unknown) > 0 {
		return nil, fmt.Errorf("deck %s names %s (deckwright validate lists them)", d.Name(), cardsdb.Plural(len(d.Unknown), "unknown card"))
	}
	dom := domainBits(g)
	out := &Deck{Name: d.Name(), Game: g}
	var errs cardsdb.ErrorList
	ids := map[*cardsdb.Card]uint8{}
	add := func(c *cardsdb.Card) uint8 {
		if id, ok := ids[c]; ok {
			return id
		}
		cc, el := compileCard(c, g, dom)
		errs = append(errs, el...)
		id := uint8(len(out.Cards))
		out.Cards = append(out.Cards, cc)
		ids[c] = id
		return id
	}
	var guardians []*cardsdb.Card
	var stack []cardsdb.DeckCard
	for _, dc := range d.Cards {
		switch dc.Card.Type {
		case "guardian":
			for range dc.Count {
				guardians = append(guardians, dc.Card)
			}
		case "module":
			stack = append(stack, dc)
		}
	}
	if len(guardians) != 3 {
		return nil, fmt.Errorf("deck %s has %d Guardians, want 3 (deckwright validate says more)", d.Name(), len(guardians))
	}
	stageOf := map[string]int{"I": 1, "II": 2, "III": 3}
	sort.SliceStable(guardians, func(i, j int) bool {
		return stageOf[gmStage(guardians[i])] < stageOf[gmStage(guardians[j])]
	})
	for i, gc := range guardians {
		gm := gc.Ref("g_module")
		if gm == nil || stageOf[gm.Str("stage")] != i+1 {
			return nil, fmt.Errorf("deck %s: the Guardians' G-modules must have the stages I, II and III once each (deckwright validate says more)", d.Name())
		}
	}
	for i, gc := range guardians {
		out.GModules[i] = add(gc.Ref("g_module"))
		out.Cards[out.GModules[i]].Stage = i + 1
		out.Cards[out.GModules[i]].GModule = true
	}
	for _, dc := range stack {
		id := add(dc.Card)
		for range dc.Count {
			out.Stack = append(out.Stack, id)
		}
	}
	if len(out.Stack) == 0 || len(out.Stack) > MaxStack {
		return nil, fmt.Errorf("deck %s has a stack of %d modules; the engine plays stacks of 1 to %d (the rules want 40)", d.Name(), len(out.Stack), MaxStack)
	}
	out.Modules = len(out.Cards)
	for i, gc := range guardians {
		out.Guardians[i] = add(gc)
	}
	if err := errs.Err(); err != nil {
		return nil, err
	}
	if len(out.Cards) > 200 {
		return nil, fmt.Errorf("deck %s has %d different cards; the engine plays at most 200", d.Name(), len(out.Cards))
	}
	seen := map[string]bool{}
	note := func(c *cardsdb.Card, cc *Card, ns *[]NotSimulated, pv *[]Provisional) {
		if seen[c.Name] {
			return
		}
		seen[c.Name] = true
		if cc.NotSimulated != "" {
			*ns = append(*ns, NotSimulated{Card: c.Name, Reason: cc.NotSimulated})
		}
		if c.HasProvisional() {
			f := c.Provisional
			if c.AllProvisional {
				f = []string{"*"}
			}
			*pv = append(*pv, Provisional{Card: c.Name, Fields: f})
		}
	}
	for _, gc := range guardians {
		note(gc, &out.Cards[ids[gc]], &out.NotSimulated, &out.Provisional)
		gm := gc.Ref("g_module")
		note(gm, &out.Cards[ids[gm]], &out.NotSimulated, &out.Provisional)
	}
	for _, dc := range stack {
		note(dc.Card, &out.Cards[ids[dc.Card]], &out.NotSimulated, &out.Provisional)
	}
	// Banes for the match against Nature.
	banes, err := pickBanes(g, guardians)
	if err == nil {
		for i, b := range banes {
			id := add(b)
			out.Cards[id].Kind = KindBane
			out.Banes[i] = id
			out.Cards[id].NotSimulated = "Banes have permanent effects that the rulebook does not print"
			note(b, &out.Cards[id], &out.BaneNotSimulated, &out.BaneProvisional)
		}
	} else {
		out.Banes = [3]uint8{255, 255, 255}
	}
	return out, nil
}

func gmStage(g *cardsdb.Card) string {
	if gm := g.Ref("g_module"); gm != nil {
		return gm.Str("stage")
	}
	return ""
}

// pickBanes picks one Bane per Guardian whose domain matches it ("Nature
// picks one Bane for each of your Guardians such that their domains
// match. (Logic counts for all domains.)"): a Bane of the Guardian's own
// domain first, then a wildcard one, within the copies the game has.
func pickBanes(g *cardsdb.Game, guardians []*cardsdb.Card) ([3]*cardsdb.Card, error) {
	var out [3]*cardsdb.Card
	used := map[*cardsdb.Card]int{}
	var banes []*cardsdb.Card
	for _, c := range g.Cards {
		if c.Type == "bane" {
			banes = append(banes, c)
		}
	}
	for i, gc := range guardians {
		var best *cardsdb.Card
		for pass := 0; pass < 2 && best == nil; pass++ {
			for _, b := range banes {
				if used[b] >= max(b.Copies, 1) {
					continue
				}
				exact := false
				wild := false
				for _, f := range b.Factions {
					if g.Factions.IsWildcard(f) {
						wild = true
					}
					if gc.HasFaction(f) {
						exact = true
					}
				}
				for _, f := range gc.Factions {
					if g.Factions.IsWildcard(f) {
						wild = true
					}
				}
				if pass == 0 && exact || pass == 1 && (wild || len(b.Factions) == 0) {
					best = b
					break
				}
			}
		}
		if best == nil {
			return out, fmt.Errorf("no Bane matches %s's domain", gc.Name)
		}
		used[best]++
		out[i] = best
	}
	return out, nil
}

// HasBanes reports whether the game gave Banes for all three Guardians.
func (d *Deck) HasBanes() bool { return d.Banes[0] != 255 }

func domainBits(g *cardsdb.Game) map[string]uint16 {
	m := map[string]uint16{}
	for i, f := range g.Factions.Values {
		if i < 16 {
			m[f.ID] = 1 << i
		}
	}
	return m
}

// compileCard reads a card's values. Malformed effects are errors at the
// effects field's position.
func compileCard(c *cardsdb.Card, g *cardsdb.Game, dom map[string]uint16) (Card, cardsdb.ErrorList) {
	cc := Card{Name: c.Name, LinkCost: -1, HyperCost: -1}
	switch c.Type {
	case "guardian":
		cc.Kind = KindGuardian
	case "bane":
		cc.Kind = KindBane
	}
	for _, f := range c.Factions {
		cc.Domains |= dom[f]
		cc.Wild = cc.Wild || g.Factions.IsWildcard(f)
	}
	cc.Power, _ = c.Int("power")
	if v, ok := c.Fields["link_cost"]; ok {
		cc.LinkCost, cc.LinkX = v.Int, v.X
	}
	if v, ok := c.Fields["hyperlink_cost"]; ok {
		cc.HyperCost, cc.HyperX = v.Int, v.X
	}
	gravity, hasGravity := c.Int("gravity")
	var rest []string
	for _, k := range c.List("keywords") {
		switch k {
		case "gravity":
			cc.Keywords = append(cc.Keywords, Gravity)
			cc.GravityX = gravity
		case "entropy":
			cc.Keywords = append(cc.Keywords, Entropy)
		case "duality":
			cc.Keywords = append(cc.Keywords, Duality)
		default:
			rest = append(rest, k)
		}
	}
	var errs cardsdb.ErrorList
	if v, ok := c.Fields["effects"]; ok {
		for _, s := range v.List {
			e, err := ParseEffect(s)
			if err != nil {
				errs.Add(v.Pos, "%s: %v", c.Name, err)
				continue
			}
			cc.Effects = append(cc.Effects, e)
		}
	}
	switch {
	case len(rest) > 0:
		cc.NotSimulated = "keywords " + strings.Join(rest, ", ") + " are not known to the engine"
	case cc.Has(Gravity) && !hasGravity:
		cc.NotSimulated = "Gravity without its X (the card has no gravity value)"
	default:
		text := strings.TrimSpace(c.Text)
		for _, k := range cc.Keywords {
			text = strings.TrimSpace(strings.Replace(text, reminder(k, cc.GravityX), "", 1))
		}
		if text != "" && len(cc.Effects) == 0 {
			cc.NotSimulated = "rules text without effects: " + quoteShort(c.Text)
		}
	}
	return cc, errs
}

func quoteShort(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	if len(s) > 60 {
		s = s[:57] + "..."
	}
	return fmt.Sprintf("%q", s)
}

// CheckEffects reads the effects of the deck's cards as Compile would,
// and returns their errors (a cardsdb.ErrorList with positions), or nil.
// It needs no legal deck, so that deckwright validate can say before any
// playtest that an effect will not read.
func CheckEffects(d *cardsdb.Deck) error {
	dom := domainBits(d.Game)
	var errs cardsdb.ErrorList
	seen := map[*cardsdb.Card]bool{}
	for _, dc := range d.Cards {
		if seen[dc.Card] {
			continue
		}
		seen[dc.Card] = true
		_, el := compileCard(dc.Card, d.Game, dom)
		errs = append(errs, el...)
	}
	return errs.Err()
}
