package cardsdb

import (
	"fmt"
	"strconv"
	"strings"
)

// EffectVerb is one verb of a playtest's effect vocabulary.
type EffectVerb uint8

// The effects a card of a game with a playtest block may list. Each is
// written as the verb, its amount or card, then modifiers in any order:
// "per REF [in ZONE]", "if N REF [in ZONE]", "each turn", "for N turns"
// (see docs/playtest.md).
const (
	EffectPoints   EffectVerb = iota + 1 // points N: N points
	EffectDraw                           // draw N: draw N cards
	EffectResource                       // resource N [KIND]: N more to spend this turn
	EffectRamp                           // ramp N [KIND]: N more to spend every later turn
	EffectDiscard                        // discard N: discard N cards of your hand
	EffectDamage                         // damage N: N damage to the opponent
	EffectLife                           // life N: you gain N life
	EffectTrash                          // trash N: N cards of your hand leave the game
	EffectScry                           // scry N: look at the top N cards, put those you do not want at the bottom
	EffectGain                           // gain REF [to hand|deck|discard]: a card from the supply or market, free
	EffectTutor                          // tutor REF: search your deck for a card and put it into your hand
	EffectRecover                        // recover REF: put a card of your discard pile into your hand
	EffectGives                          // gives N [KIND [or KIND]]: what a resource card gives each turn in play
	EffectVictory                        // victory N: N points while you own the card (a victory card)
)

// playtestVerbs are the verbs, for messages and did-you-mean.
var playtestVerbs = []string{"points", "draw", "resource", "ramp", "discard", "damage", "life", "trash", "scry", "gain", "tutor", "recover", "gives", "victory"}

var verbByName = map[string]EffectVerb{"points": EffectPoints, "draw": EffectDraw, "resource": EffectResource, "ramp": EffectRamp,
	"discard": EffectDiscard, "damage": EffectDamage, "life": EffectLife, "trash": EffectTrash, "scry": EffectScry,
	"gain": EffectGain, "tutor": EffectTutor, "recover": EffectRecover, "gives": EffectGives, "victory": EffectVictory}

// MaxEffectAmount is the largest amount an effect may name.
const MaxEffectAmount = 99

// Zone is a place of a goldfish game's cards an effect counts or moves
// cards to.
type Zone uint8

// The zones an effect names.
const (
	ZoneNone    Zone = iota
	ZonePlay         // in play: "in play", "you have"
	ZoneHand         // your hand
	ZoneDiscard      // your discard pile
	ZoneDeck         // your deck (the pile you draw from)
)

var zoneNames = []string{"", "play", "hand", "discard", "deck"}

func (z Zone) String() string { return zoneNames[z] }

// RefBy says what a card reference matches on.
type RefBy uint8

// The kinds of card reference.
const (
	RefAny     RefBy = iota // any card ("card")
	RefName                 // a card's name: a quoted name, or name:X
	RefType                 // a card type: type:X
	RefFaction              // a faction: faction:X
	RefTag                  // a tag: tag:X
	RefWord                 // a bare word: a card name, type, faction or tag, found at compile time
)

// Ref is a card reference of an effect or a rule: cards by name, type,
// faction or tag.
type Ref struct {
	By    RefBy
	Value string
}

func (r Ref) String() string {
	switch r.By {
	case RefAny:
		return "card"
	case RefName:
		if strings.ContainsRune(r.Value, '"') {
			return "name:" + r.Value
		}
		return `"` + r.Value + `"`
	case RefType:
		return "type:" + r.Value
	case RefFaction:
		return "faction:" + r.Value
	case RefTag:
		return "tag:" + r.Value
	}
	return r.Value
}

// Matches reports whether the reference names card c. A RefWord matches
// a card of that name, type, faction or tag (the first that some card
// of the game has: Resolve decides which).
func (r Ref) Matches(c *Card) bool {
	switch r.By {
	case RefAny:
		return true
	case RefName:
		return Fold(c.Name) == Fold(r.Value)
	case RefType:
		return c.Type == r.Value
	case RefFaction:
		return contains(c.Factions, r.Value)
	case RefTag:
		return contains(c.Tags, r.Value)
	}
	return false
}

// Resolve turns a bare word into the reference it names in g: a card's
// name, else a card type, else a faction, else a tag (a plural "trees"
// is also read as "tree"); an error says what it is not, with a
// suggestion.
func (r Ref) Resolve(g *Game) (Ref, error) {
	if r.By != RefWord {
		if r.By == RefName && g.Card(r.Value) == nil {
			return r, fmt.Errorf("no card %q in %s%s", r.Value, g.Name, didYouMean(Suggest(r.Value, cardNames(g), 1)))
		}
		return r, nil
	}
	for _, w := range []string{r.Value, strings.TrimSuffix(r.Value, "s")} {
		if c := g.Card(w); c != nil {
			return Ref{RefName, c.Name}, nil
		}
		if g.Type(w) != nil {
			return Ref{RefType, w}, nil
		}
		for _, f := range g.Factions.Values {
			if f.ID == w {
				return Ref{RefFaction, w}, nil
			}
		}
		for _, c := range g.Cards {
			if contains(c.Tags, w) {
				return Ref{RefTag, w}, nil
			}
		}
	}
	cands := append(cardNames(g), g.TypeIDs()...)
	return r, fmt.Errorf("%q is no card, card type, faction or tag of %s%s", r.Value, g.Name, didYouMean(Suggest(r.Value, cands, 1)))
}

func cardNames(g *Game) []string {
	out := make([]string, len(g.Cards))
	for i, c := range g.Cards {
		out[i] = c.Name
	}
	return out
}

// Effect is one parsed item of a card's effects list.
type Effect struct {
	Verb EffectVerb
	N    int
	// Kind is the resource kind of resource, ramp and gives (an index
	// into Playtest.Resources); Or is a mask of further kinds a gives
	// may give instead (bit k: kind k).
	Kind int
	Or   uint8
	// Ref is the card of gain, tutor and recover; To is where gain puts
	// it (ZoneDiscard unless written).
	Ref Ref
	To  Zone
	// Per multiplies N by the cards matching PerRef in PerZone.
	Per     bool
	PerRef  Ref
	PerZone Zone
	// If makes the effect happen only with at least IfN cards matching
	// IfRef in IfZone.
	IfN    int
	IfRef  Ref
	IfZone Zone
	// EachTurn: the effect happens at the start of each of your later
	// turns while the card is in play (the card stays in play); Turns,
	// when positive, ends it after that many turns (the card then goes to
	// the discard pile).
	EachTurn bool
	Turns    int
}

// String returns the effect as ParseEffect reads it.
func (e Effect) String() string { return e.text(nil) }

func (e Effect) text(kinds []ResourceKind) string {
	if e.Verb == 0 || int(e.Verb) > len(playtestVerbs) {
		return "?"
	}
	var b strings.Builder
	b.WriteString(playtestVerbs[e.Verb-1])
	switch e.Verb {
	case EffectGain, EffectTutor, EffectRecover:
		b.WriteString(" " + e.Ref.String())
		if e.Verb == EffectGain && e.To != ZoneDiscard && e.To != ZoneNone {
			b.WriteString(" to " + e.To.String())
		}
	default:
		b.WriteString(" " + strconv.Itoa(e.N))
	}
	named := kinds != nil && (len(kinds) > 1 || kinds[0].Name != "resource")
	if (e.Verb == EffectResource || e.Verb == EffectRamp || e.Verb == EffectGives) && named {
		b.WriteString(" " + kinds[e.Kind].Name)
		for k := range kinds {
			if e.Or&(1<<k) != 0 {
				b.WriteString(" or " + kinds[k].Name)
			}
		}
	}
	if e.Per {
		b.WriteString(" per " + e.PerRef.String())
		if e.PerZone != ZonePlay {
			b.WriteString(" in " + e.PerZone.String())
		}
	}
	if e.IfN > 0 {
		b.WriteString(" if " + strconv.Itoa(e.IfN) + " " + e.IfRef.String())
		if e.IfZone != ZonePlay {
			b.WriteString(" in " + e.IfZone.String())
		}
	}
	if e.EachTurn {
		b.WriteString(" each turn")
		if e.Turns > 0 {
			b.WriteString(" for " + strconv.Itoa(e.Turns) + " turns")
		}
	}
	return b.String()
}

// ParseEffect reads one item of a playtest effects list of a game with
// one resource kind (see Playtest.ParseEffect).
func ParseEffect(s string) (Effect, error) { return parseEffect(s, nil) }

// ParseEffect reads one item of the game's effects lists: a verb, its
// amount (a whole number from 1 to 99) or card, then modifiers:
//
//	points N | draw N | damage N | life N | discard N | trash N | scry N
//	resource N [KIND] | ramp N [KIND] | gives N [KIND [or KIND]...] | victory N
//	gain REF [to hand|deck|discard] | tutor REF | recover REF
//	modifiers: per REF [in ZONE] | if N REF [in ZONE] | each turn | for N turns
//
// REF is "card" (any), a quoted name, a single word (a card's name, a
// type, a faction or a tag), or type:X, faction:X, tag:X, name:X; ZONE is
// play (the default; "you have" says the same), hand, discard or deck.
func (p *Playtest) ParseEffect(s string) (Effect, error) {
	return parseEffect(s, p)
}

func parseEffect(s string, p *Playtest) (Effect, error) {
	f, err := effectTokens(s)
	if err != nil {
		return Effect{}, fmt.Errorf("effect %q: %v", s, err)
	}
	if len(f) == 0 {
		return Effect{}, fmt.Errorf("empty effect; write a verb and an amount, e.g. \"points 1\"")
	}
	verb, ok := verbByName[f[0]]
	if !ok {
		return Effect{}, fmt.Errorf("unknown effect %q; the verbs are %s%s", f[0], strings.Join(playtestVerbs, ", "), didYouMean(Suggest(f[0], playtestVerbs, 1)))
	}
	e := Effect{Verb: verb}
	rest := f[1:]
	switch verb {
	case EffectGain, EffectTutor, EffectRecover:
		if len(rest) == 0 {
			return Effect{}, fmt.Errorf("effect %q: write %q followed by the card, e.g. %q", s, f[0], f[0]+" type:treasure")
		}
		e.Ref, rest = parseRef(rest[0]), rest[1:]
		if verb == EffectGain {
			e.To = ZoneDiscard
			if len(rest) >= 2 && rest[0] == "to" {
				switch rest[1] {
				case "hand":
					e.To = ZoneHand
				case "deck":
					e.To = ZoneDeck
				case "discard":
					e.To = ZoneDiscard
				default:
					return Effect{}, fmt.Errorf("effect %q: gain puts the card into hand, deck or discard, not %q", s, rest[1])
				}
				rest = rest[2:]
			}
		}
	default:
		if len(rest) == 0 {
			return Effect{}, fmt.Errorf("effect %q: write %q followed by one amount (1 to %d)", s, f[0], MaxEffectAmount)
		}
		n, err := amount(rest[0])
		if err != nil {
			return Effect{}, fmt.Errorf("effect %q: %v", s, err)
		}
		e.N, rest = n, rest[1:]
		if verb == EffectResource || verb == EffectRamp || verb == EffectGives {
			if len(rest) > 0 && !modifierWord(rest[0]) {
				k, err := p.kind(rest[0])
				if err != nil {
					return Effect{}, fmt.Errorf("effect %q: %v", s, err)
				}
				e.Kind, rest = k, rest[1:]
				for verb == EffectGives && len(rest) >= 2 && rest[0] == "or" {
					k, err := p.kind(rest[1])
					if err != nil {
						return Effect{}, fmt.Errorf("effect %q: %v", s, err)
					}
					e.Or |= 1 << k
					rest = rest[2:]
				}
			}
		}
	}
	for len(rest) > 0 {
		switch rest[0] {
		case "per":
			if e.Per || len(rest) < 2 {
				return Effect{}, fmt.Errorf("effect %q: write \"per\" once, followed by the cards counted, e.g. \"per type:tree\"", s)
			}
			e.Per, e.PerRef = true, parseRef(rest[1])
			e.PerZone, rest = zoneOf(rest[2:])
		case "if":
			rest = rest[1:]
			if len(rest) >= 2 && rest[0] == "at" && rest[1] == "least" {
				rest = rest[2:]
			}
			if e.IfN > 0 || len(rest) < 2 {
				return Effect{}, fmt.Errorf("effect %q: write \"if N CARDS\", e.g. \"if 2 faction:sun\"", s)
			}
			n, err := amount(rest[0])
			if err != nil {
				return Effect{}, fmt.Errorf("effect %q: %v", s, err)
			}
			e.IfN, e.IfRef = n, parseRef(rest[1])
			e.IfZone, rest = zoneOf(rest[2:])
		case "each":
			if len(rest) < 2 || rest[1] != "turn" {
				return Effect{}, fmt.Errorf("effect %q: write \"each turn\", or \"for N turns\"", s)
			}
			e.EachTurn, rest = true, rest[2:]
		case "for":
			if len(rest) < 3 || (rest[2] != "turns" && rest[2] != "turn") {
				return Effect{}, fmt.Errorf("effect %q: write \"for N turns\"", s)
			}
			n, err := amount(rest[1])
			if err != nil {
				return Effect{}, fmt.Errorf("effect %q: %v", s, err)
			}
			e.EachTurn, e.Turns, rest = true, n, rest[3:]
		default:
			if verb == EffectPoints && e.N > 0 && !e.EachTurn && len(rest) == 2 && rest[0] == "each" {
				return Effect{}, fmt.Errorf("effect %q: write \"points N\" (when played) or \"points N each turn\"", s)
			}
			return Effect{}, fmt.Errorf("effect %q: unexpected %q; after the amount come \"per CARDS\", \"if N CARDS\", \"each turn\" or \"for N turns\"", s, rest[0])
		}
	}
	if e.EachTurn {
		switch verb {
		case EffectPoints, EffectDraw, EffectResource, EffectDamage, EffectLife:
		default:
			return Effect{}, fmt.Errorf("effect %q: only points, draw, resource, damage and life can happen each turn", s)
		}
	}
	if verb == EffectGives && (e.Per || e.IfN > 0 || e.EachTurn) {
		return Effect{}, fmt.Errorf("effect %q: gives says what a resource card gives each turn; it takes no modifiers", s)
	}
	if verb == EffectVictory && (e.Per || e.IfN > 0 || e.EachTurn) {
		return Effect{}, fmt.Errorf("effect %q: victory says what a card is worth while you own it; it takes no modifiers", s)
	}
	return e, nil
}

// modifierWord reports whether w starts a modifier.
func modifierWord(w string) bool { return w == "per" || w == "if" || w == "each" || w == "for" }

func amount(w string) (int, error) {
	n, err := strconv.Atoi(w)
	if err != nil || n < 1 || n > MaxEffectAmount || w[0] == '+' {
		return 0, fmt.Errorf("amount %q must be a whole number from 1 to %d", w, MaxEffectAmount)
	}
	return n, nil
}

// zoneOf reads an optional "in ZONE" or "you have" and returns the zone
// (play when none is written) and the rest.
func zoneOf(rest []string) (Zone, []string) {
	if len(rest) >= 2 && rest[0] == "you" && rest[1] == "have" {
		return ZonePlay, rest[2:]
	}
	if len(rest) >= 2 && rest[0] == "in" {
		for z := ZonePlay; z <= ZoneDeck; z++ {
			if rest[1] == zoneNames[z] {
				return z, rest[2:]
			}
		}
	}
	return ZonePlay, rest
}

func parseRef(w string) Ref {
	if w == "card" || w == "cards" || w == "any" {
		return Ref{By: RefAny}
	}
	if strings.HasPrefix(w, "\x00") {
		return Ref{RefName, w[1:]}
	}
	for _, p := range []struct {
		prefix string
		by     RefBy
	}{{"type:", RefType}, {"faction:", RefFaction}, {"tag:", RefTag}, {"name:", RefName}} {
		if v, ok := strings.CutPrefix(w, p.prefix); ok {
			return Ref{p.by, v}
		}
	}
	return Ref{RefWord, w}
}

// effectTokens splits an effect on spaces; a double-quoted name is one
// token, marked with a leading NUL.
func effectTokens(s string) ([]string, error) {
	for _, r := range s {
		if r < ' ' && r != '\t' || r == 0x7f {
			return nil, fmt.Errorf("a control character (%U); write words and numbers", r)
		}
	}
	var out []string
	for {
		s = strings.TrimLeft(s, " \t")
		if s == "" {
			return out, nil
		}
		if s[0] == '"' {
			end := strings.IndexByte(s[1:], '"')
			if end < 0 {
				return nil, fmt.Errorf("a quoted name has no closing quote")
			}
			out = append(out, "\x00"+s[1:1+end])
			s = s[2+end:]
			continue
		}
		i := strings.IndexAny(s, " \t")
		if i < 0 {
			i = len(s)
		}
		out = append(out, s[:i])
		s = s[i:]
	}
}

// kind returns the index of a resource kind by name.
func (p *Playtest) kind(name string) (int, error) {
	if p == nil || len(p.Resources) == 0 {
		if name == "resource" {
			return 0, nil
		}
		return 0, fmt.Errorf("unknown resource kind %q; the game has one kind, resource", name)
	}
	var names []string
	for i, k := range p.Resources {
		if k.Name == name || k.Name+"s" == name {
			return i, nil
		}
		names = append(names, k.Name)
	}
	return 0, fmt.Errorf("unknown resource kind %q; the playtest's resources are %s%s", name, strings.Join(names, ", "), didYouMean(Suggest(name, names, 1)))
}
