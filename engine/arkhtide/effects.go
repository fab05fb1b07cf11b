package arkhtide

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/deckwright/deckwright/cardsdb"
)

// Trigger is when an ability happens.
type Trigger uint8

// The triggers of the effects vocabulary. "Me" is the card with the
// ability (for a Binding: the bound Unit); "my Realm" is the Realm it is
// on (a Realm's own abilities: the Realm itself; a Feat: your Seeker's
// Realm).
const (
	TrigInvoke         Trigger = iota + 1 // invoke: when the card is Invoked (a Feat's effect)
	TrigCombatInvoke                      // combat invoke: when the card is Invoked during Combat
	TrigAssist                            // assist: when I Assist
	TrigExtract                           // extract: when I am Extracted
	TrigDie                               // die: when I die
	TrigFast                              // fast: a [Fast] ability, once per Round, during Combat
	TrigSlow                              // slow: a [Slow] ability, once per Round, your action of a Combat Turn
	TrigOmni                              // omni: an [Omni] ability, once per Round, in Preparation, Combat and Regroup too
	TrigAllyDies                          // ally dies: when an allied Unit on my Realm dies
	TrigUnitsExtracted                    // units extracted: when one or more of your Units are Extracted
	TrigHarvest                           // harvest: when the Harvest Phase begins
	TrigSeekerArrives                     // seeker arrives: when your Seeker Moves to this Realm
)

var triggerWords = []string{"", "invoke", "combat invoke", "assist", "extract", "die", "fast", "slow", "omni", "ally dies", "units extracted", "harvest", "seeker arrives"}

// String returns the trigger as the effects vocabulary writes it.
func (t Trigger) String() string {
	if int(t) < len(triggerWords) && t > 0 {
		return triggerWords[t]
	}
	return "?"
}

// Activated reports whether the trigger is a player's choice (Fast, Slow
// and Omni abilities) rather than a Reaction the engine resolves.
func (t Trigger) Activated() bool { return t == TrigFast || t == TrigSlow || t == TrigOmni }

// ActionKind is one verb of the effects vocabulary.
type ActionKind uint8

// The actions.
const (
	ActDraw            ActionKind = iota + 1 // draw N
	ActSeek                                  // seek N for M: look at the top N, draw M, the rest to the bottom
	ActRefresh                               // refresh N: refresh N Arkhé
	ActRefreshPerAlly                        // refresh N per ally up to M: N Arkhé for each allied Unit on my Realm, at most M
	ActQuintessence                          // quintessence N: gain N Quintessence
	ActLoseWillpower                         // lose N willpower
	ActRegainWillpower                       // regain N willpower
	ActDrain                                 // enemy loses N willpower: the enemy Seeker on a Nearby Realm loses N Willpower
	ActManifest                              // manifest TOKEN: a Unit token onto my Realm
	ActSoul                                  // soul +N round: I get +N Soul until the end of the Round
	ActAllySoul                              // ally soul +N round: an allied Unit on my Realm gets +N Soul until the end of the Round
	ActReadyAlly                             // ready ally: ready an exhausted allied Unit on my Realm
	ActReadyMe                               // ready me
	ActAttack                                // attack melee|ranged N [lethal]: I perform an Attack N
	ActDiscard                               // discard N: discard N cards
	ActRecoverBinding                        // recover binding: return a Binding from your Chronicle to your hand
)

// Action is one action of an ability.
type Action struct {
	Kind   ActionKind
	N, M   int
	Ranged bool // ActAttack: a Ranged Attack
	Lethal bool // ActAttack: with Lethal
	// IfSeekerHere makes the action happen only while your Seeker is on
	// my Realm.
	IfSeekerHere bool
	Token        string // ActManifest: the token's name
	Card         uint8  // ActManifest: the token's id, once compiled
}

// Ability is a triggered or activated ability: its trigger, its costs and
// its actions.
type Ability struct {
	Trigger Trigger
	// Costs: Willpower to lose, cards to discard, and whether to exhaust
	// me (the bound Unit for a Binding) or a ready allied Unit on my Realm.
	Willpower   int
	Discard     int
	ExhaustMe   bool
	ExhaustAlly bool
	Actions     []Action
	Source      string // the effects item, as written
}

// Keywords is a set of the rulebook's Ability Definitions.
type Keywords uint16

// The keywords ("Ability Definitions").
const (
	Ambush Keywords = 1 << iota
	Cask
	CheatDeath
	Collector
	Evasion
	Lethal
	Metamorphosis
	Oath
	Penitent
	Severed
	Sorrow
	Stealth
	Reaping
)

var keywordNames = []string{"Ambush", "Cask", "Cheat Death", "Collector", "Evasion", "Lethal", "Metamorphosis", "Oath", "Penitent", "Severed", "Sorrow", "Stealth", "Reaping"}

// ParseKeyword returns the keyword with the rulebook's name (any case).
func ParseKeyword(s string) (Keywords, bool) {
	for i, n := range keywordNames {
		if strings.EqualFold(n, s) {
			return 1 << i, true
		}
	}
	return 0, false
}

// Has reports whether the set holds every keyword of k.
func (k Keywords) Has(x Keywords) bool { return k&x == x }

// String lists the keywords.
func (k Keywords) String() string {
	var out []string
	for i, n := range keywordNames {
		if k&(1<<i) != 0 {
			out = append(out, n)
		}
	}
	return strings.Join(out, ", ")
}

// Text is what a card (or one side of a Realm) does: its abilities and
// its constant effects.
type Text struct {
	Abilities []Ability
	// UnitsSoul: on a Realm, your Units on it get this much Soul; on a
	// Unit or Seeker, the other allied Units on its Realm do.
	UnitsSoul int
	// OathSoul: allied Units with Oath on my Realm get this much Soul.
	OathSoul int
	// SoulPerBinding: I get this much Soul for each Binding bound to me.
	SoulPerBinding int
	// CostPerOneOfMany: I cost this much less for each allied One of Many
	// Unit in play.
	CostPerOneOfMany int
	// FirstExtract: your first Unit Extracted from this Realm each Round
	// is worth this much more Quintessence.
	FirstExtract int
	// Cask: your Bindings with Cask provide this much more Quintessence.
	Cask int
	// Grant: the keywords a Binding gives the bound Unit.
	Grant Keywords
	// UnitsHave: the keywords your Units on this Realm have.
	UnitsHave Keywords
	// Inert is set when (part of) the text does nothing against the
	// engine's opponents.
	Inert bool
	// NotSimulated says what of the text the engine does not play.
	NotSimulated string
}

// Has reports whether the text has an ability with the trigger.
func (t *Text) Has(tr Trigger) bool {
	for i := range t.Abilities {
		if t.Abilities[i].Trigger == tr {
			return true
		}
	}
	return false
}

// empty reports whether the text has no effect at all.
func (t *Text) empty() bool {
	return len(t.Abilities) == 0 && t.UnitsSoul == 0 && t.OathSoul == 0 && t.SoulPerBinding == 0 &&
		t.CostPerOneOfMany == 0 && t.FirstExtract == 0 && t.Cask == 0 && t.Grant == 0 && t.UnitsHave == 0 &&
		!t.Inert && t.NotSimulated == ""
}

// MaxAmount is the largest amount an effect may name.
const MaxAmount = 20

// Parse reads one item of an `effects` list and adds it to the text. The
// syntax (lower case, words separated by spaces):
//
//	TRIGGER[, COST...]: ACTION[; ACTION...]
//	ACTION[; ACTION...]                       when the card is Invoked
//	CONSTANT
//
// TRIGGER is invoke, combat invoke, assist, extract, die, fast, slow, omni,
// ally dies, units extracted, harvest or seeker arrives. COST is lose N
// willpower, discard N, exhaust me or exhaust ally. ACTION is draw N, seek
// N for M, refresh N, refresh N per ally up to M, quintessence N, lose N
// willpower, regain N willpower, enemy loses N willpower, manifest TOKEN,
// soul +N round, ally soul +N round, ready ally, ready me, attack melee N,
// attack ranged N (either followed by lethal), discard N or recover
// binding, each optionally followed by "if seeker here". CONSTANT is units
// soul +N (or -N), oath units soul +N, soul +N per binding, cost -N per
// one of many, first extract +N, cask +N, grant KEYWORD, units have
// KEYWORD, inert, or "not simulated: REASON". N is 1 to 20.
func (t *Text) Parse(s string) error {
	s = strings.TrimSpace(s)
	if s == "" {
		return fmt.Errorf("empty effect; write e.g. \"draw 1\" or \"assist: refresh 1\"")
	}
	// The prefix is matched on s itself: lower-casing may change the
	// length of invalid UTF-8, so offsets into a lowered copy are not
	// offsets into s.
	const notSim = "not simulated:"
	if len(s) >= len(notSim) && strings.EqualFold(s[:len(notSim)], notSim) {
		r := strings.TrimSpace(s[len(notSim):])
		if r == "" {
			return fmt.Errorf("effect %q: say what is not simulated after the colon", s)
		}
		if t.NotSimulated != "" {
			t.NotSimulated += "; "
		}
		t.NotSimulated += r
		return nil
	}
	head, body, hasColon := strings.Cut(s, ":")
	if !hasColon {
		if ok, err := t.constant(s); ok || err != nil {
			return err
		}
		acts, err := parseActions(s, s)
		if err != nil {
			return err
		}
		t.Abilities = append(t.Abilities, Ability{Trigger: TrigInvoke, Actions: acts, Source: s})
		return nil
	}
	parts := strings.Split(head, ",")
	a := Ability{Source: s}
	tw := norm(parts[0])
	for i, w := range triggerWords {
		if i > 0 && w == tw {
			a.Trigger = Trigger(i)
		}
	}
	if a.Trigger == 0 {
		return fmt.Errorf("effect %q: unknown trigger %q; the triggers are %s%s", s, tw, strings.Join(triggerWords[1:], ", "), cardsdb.DidYouMean(cardsdb.Suggest(tw, triggerWords[1:], 1)))
	}
	for _, c := range parts[1:] {
		f := strings.Fields(strings.ToLower(c))
		switch {
		case len(f) == 3 && f[0] == "lose" && f[2] == "willpower":
			n, err := amount(f[1], s)
			if err != nil {
				return err
			}
			a.Willpower += n
		case len(f) == 2 && f[0] == "discard":
			n, err := amount(f[1], s)
			if err != nil {
				return err
			}
			a.Discard += n
		case len(f) == 2 && f[0] == "exhaust" && f[1] == "me":
			a.ExhaustMe = true
		case len(f) == 2 && f[0] == "exhaust" && f[1] == "ally":
			a.ExhaustAlly = true
		default:
			return fmt.Errorf("effect %q: unknown cost %q; the costs are lose N willpower, discard N, exhaust me, exhaust ally", s, strings.TrimSpace(c))
		}
	}
	if (a.Willpower > 0 || a.Discard > 0 || a.ExhaustMe || a.ExhaustAlly) && !a.Trigger.Activated() {
		return fmt.Errorf("effect %q: only fast, slow and omni abilities have costs; write a lost Willpower of a reaction as the action \"lose N willpower\"", s)
	}
	acts, err := parseActions(body, s)
	if err != nil {
		return err
	}
	a.Actions = acts
	t.Abilities = append(t.Abilities, a)
	return nil
}

func norm(s string) string { return strings.Join(strings.Fields(strings.ToLower(s)), " ") }

// constant reads a constant effect; ok is false when s is not one.
func (t *Text) constant(s string) (ok bool, err error) {
	f := strings.Fields(s)
	lf := strings.Fields(strings.ToLower(s))
	signed := func(a string) (int, error) {
		if len(a) < 2 || a[0] != '+' && a[0] != '-' {
			return 0, fmt.Errorf("effect %q: %q must be a signed amount such as +1 or -1", s, a)
		}
		n, err := amount(a[1:], s)
		if a[0] == '-' {
			n = -n
		}
		return n, err
	}
	plus := func(a string) (int, error) {
		if len(a) < 2 || a[0] != '+' {
			return 0, fmt.Errorf("effect %q: %q must be an amount such as +1", s, a)
		}
		return amount(a[1:], s)
	}
	switch {
	case len(lf) == 1 && lf[0] == "inert":
		t.Inert = true
	case len(lf) == 3 && lf[0] == "units" && lf[1] == "soul":
		n, err := signed(lf[2])
		t.UnitsSoul += n
		return true, err
	case len(lf) == 4 && lf[0] == "oath" && lf[1] == "units" && lf[2] == "soul":
		n, err := plus(lf[3])
		t.OathSoul += n
		return true, err
	case len(lf) == 4 && lf[0] == "soul" && lf[2] == "per" && lf[3] == "binding":
		n, err := plus(lf[1])
		t.SoulPerBinding += n
		return true, err
	case len(lf) == 6 && lf[0] == "cost" && strings.Join(lf[2:], " ") == "per one of many":
		if len(lf[1]) < 2 || lf[1][0] != '-' {
			return true, fmt.Errorf("effect %q: write the reduction as -N", s)
		}
		n, err := amount(lf[1][1:], s)
		t.CostPerOneOfMany += n
		return true, err
	case len(lf) == 3 && lf[0] == "first" && lf[1] == "extract":
		n, err := plus(lf[2])
		t.FirstExtract += n
		return true, err
	case len(lf) == 2 && lf[0] == "cask":
		n, err := plus(lf[1])
		t.Cask += n
		return true, err
	case len(lf) >= 2 && lf[0] == "grant":
		k, ok := ParseKeyword(strings.Join(f[1:], " "))
		if !ok {
			return true, fmt.Errorf("effect %q: unknown keyword %q; the keywords are %s", s, strings.Join(f[1:], " "), strings.Join(keywordNames, ", "))
		}
		t.Grant |= k
	case len(lf) >= 3 && lf[0] == "units" && lf[1] == "have":
		k, ok := ParseKeyword(strings.Join(f[2:], " "))
		if !ok {
			return true, fmt.Errorf("effect %q: unknown keyword %q; the keywords are %s", s, strings.Join(f[2:], " "), strings.Join(keywordNames, ", "))
		}
		t.UnitsHave |= k
	default:
		return false, nil
	}
	return true, nil
}

var actionVerbs = []string{"draw", "seek", "refresh", "quintessence", "lose", "regain", "enemy", "manifest", "soul", "ally", "ready", "attack", "discard", "recover"}

// parseActions reads "ACTION[; ACTION...]".
func parseActions(body, s string) ([]Action, error) {
	var out []Action
	for _, part := range strings.Split(body, ";") {
		a, err := parseAction(strings.TrimSpace(part), s)
		if err != nil {
			return nil, err
		}
		out = append(out, a)
	}
	return out, nil
}

func parseAction(p, s string) (Action, error) {
	var a Action
	orig := strings.Fields(p)
	f := strings.Fields(strings.ToLower(p))
	if n := len(f); n >= 3 && strings.Join(f[n-3:], " ") == "if seeker here" {
		a.IfSeekerHere = true
		f, orig = f[:n-3], orig[:n-3]
	}
	if len(f) == 0 {
		return a, fmt.Errorf("effect %q: an empty action", s)
	}
	bad := func() (Action, error) {
		return a, fmt.Errorf("effect %q: cannot read the action %q", s, p)
	}
	var err error
	switch f[0] {
	case "draw":
		if len(f) != 2 {
			return bad()
		}
		a.Kind = ActDraw
		a.N, err = amount(f[1], s)
	case "seek":
		if len(f) != 4 || f[2] != "for" {
			return a, fmt.Errorf("effect %q: write \"seek X for Y\"", s)
		}
		a.Kind = ActSeek
		if a.N, err = amount(f[1], s); err == nil {
			a.M, err = amount(f[3], s)
		}
		if err == nil && a.M > a.N {
			err = fmt.Errorf("effect %q: seek %d for %d draws more cards than it looks at", s, a.N, a.M)
		}
	case "refresh":
		switch {
		case len(f) == 2:
			a.Kind = ActRefresh
			a.N, err = amount(f[1], s)
		case len(f) == 7 && strings.Join(f[2:6], " ") == "per ally up to":
			a.Kind = ActRefreshPerAlly
			if a.N, err = amount(f[1], s); err == nil {
				a.M, err = amount(f[len(f)-1], s)
			}
		default:
			return bad()
		}
	case "quintessence":
		if len(f) != 2 {
			return bad()
		}
		a.Kind = ActQuintessence
		a.N, err = amount(f[1], s)
	case "lose", "regain":
		if len(f) != 3 || f[2] != "willpower" {
			return bad()
		}
		a.Kind = ActLoseWillpower
		if f[0] == "regain" {
			a.Kind = ActRegainWillpower
		}
		a.N, err = amount(f[1], s)
	case "enemy":
		if len(f) != 4 || f[1] != "loses" || f[3] != "willpower" {
			return bad()
		}
		a.Kind = ActDrain
		a.N, err = amount(f[2], s)
	case "manifest":
		if len(f) < 2 {
			return bad()
		}
		a.Kind = ActManifest
		a.Token = strings.Join(orig[1:], " ")
	case "soul":
		if len(f) != 3 || f[2] != "round" || !strings.HasPrefix(f[1], "+") {
			return a, fmt.Errorf("effect %q: write \"soul +N round\"", s)
		}
		a.Kind = ActSoul
		a.N, err = amount(f[1][1:], s)
	case "ally":
		if len(f) != 4 || f[1] != "soul" || f[3] != "round" || !strings.HasPrefix(f[2], "+") {
			return a, fmt.Errorf("effect %q: write \"ally soul +N round\"", s)
		}
		a.Kind = ActAllySoul
		a.N, err = amount(f[2][1:], s)
	case "ready":
		switch {
		case len(f) == 2 && f[1] == "ally":
			a.Kind = ActReadyAlly
		case len(f) == 2 && f[1] == "me":
			a.Kind = ActReadyMe
		default:
			return a, fmt.Errorf("effect %q: write \"ready ally\" or \"ready me\"", s)
		}
	case "attack":
		if len(f) < 3 || len(f) > 4 || f[1] != "melee" && f[1] != "ranged" || len(f) == 4 && f[3] != "lethal" {
			return a, fmt.Errorf("effect %q: write \"attack melee N\" or \"attack ranged N\", optionally followed by lethal", s)
		}
		a.Kind = ActAttack
		a.Ranged = f[1] == "ranged"
		a.Lethal = len(f) == 4
		a.N, err = amountZero(f[2], s)
	case "discard":
		if len(f) != 2 {
			return bad()
		}
		a.Kind = ActDiscard
		a.N, err = amount(f[1], s)
	case "recover":
		if len(f) != 2 || f[1] != "binding" {
			return a, fmt.Errorf("effect %q: write \"recover binding\"", s)
		}
		a.Kind = ActRecoverBinding
	default:
		return a, fmt.Errorf("effect %q: unknown action %q; the actions start with %s%s", s, f[0], strings.Join(actionVerbs, ", "), cardsdb.DidYouMean(cardsdb.Suggest(f[0], actionVerbs, 1)))
	}
	return a, err
}

func amount(a, s string) (int, error) {
	n, err := strconv.Atoi(a)
	if err != nil || n < 1 || n > MaxAmount || a[0] == '+' || a[0] == '-' {
		return 0, fmt.Errorf("effect %q: amount %q must be a whole number from 1 to %d", s, a, MaxAmount)
	}
	return n, nil
}

func amountZero(a, s string) (int, error) {
	if a == "0" {
		return 0, nil
	}
	return amount(a, s)
}

// Describe says what the action does, in words.
func (a *Action) Describe() string {
	var s string
	switch a.Kind {
	case ActDraw:
		s = "draw " + cardsdb.Plural(a.N, "card")
	case ActSeek:
		s = fmt.Sprintf("seek %d for %s", a.N, cardsdb.Plural(a.M, "card"))
	case ActRefresh:
		s = "refresh " + strconv.Itoa(a.N) + " Arkhé"
	case ActRefreshPerAlly:
		s = fmt.Sprintf("refresh %d Arkhé for each allied Unit on the Realm, up to %d", a.N, a.M)
	case ActQuintessence:
		s = "gain " + strconv.Itoa(a.N) + " Quintessence"
	case ActLoseWillpower:
		s = "lose " + strconv.Itoa(a.N) + " Willpower"
	case ActRegainWillpower:
		s = "regain " + strconv.Itoa(a.N) + " Willpower"
	case ActDrain:
		s = "the enemy Seeker on a Nearby Realm loses " + strconv.Itoa(a.N) + " Willpower"
	case ActManifest:
		s = "manifest " + a.Token
	case ActSoul:
		s = "+" + strconv.Itoa(a.N) + " Soul until the end of the Round"
	case ActAllySoul:
		s = "an allied Unit gets +" + strconv.Itoa(a.N) + " Soul until the end of the Round"
	case ActReadyAlly:
		s = "ready an allied Unit"
	case ActReadyMe:
		s = "ready me"
	case ActAttack:
		k := "Melee"
		if a.Ranged {
			k = "Ranged"
		}
		s = k + " Attack " + strconv.Itoa(a.N)
		if a.Lethal {
			s += " with Lethal"
		}
	case ActDiscard:
		s = "discard " + cardsdb.Plural(a.N, "card")
	case ActRecoverBinding:
		s = "return a Binding from the Chronicle to hand"
	default:
		s = "?"
	}
	if a.IfSeekerHere {
		s += " (if your Seeker is here)"
	}
	return s
}
