package seeker

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/deckwright/deckwright/cardsdb"
)

// EffectKind is one verb of the effects vocabulary.
type EffectKind uint8

// The effects a card's `effects` list may hold. Each resolves when the
// module is linked (step 4 of linking), after its keywords, in list order.
// "You" is the module's controller; in the match against Nature, Nature's
// modules act for Nature.
const (
	EffectDraw     EffectKind = iota + 1 // draw N: draw N cards
	EffectProgress                       // progress N: make N progress points
	EffectUntap                          // untap N: untap up to N of your tapped modules
	EffectPower                          // power +N eot: this Guardian gains +N power until end of turn
	EffectPowerAll                       // power +N eot all: your Guardians gain +N power until end of turn
	EffectUnlink                         // unlink N: unlink up to N opposing modules in this channel
	EffectPut                            // put N: put the top N cards of your stack into your memory
	EffectRecover                        // recover N: put N cards of your discard pile into your hand
	EffectDiscard                        // discard N: your opponent discards N cards from hand
)

var effectVerbs = []string{"draw", "progress", "untap", "power", "unlink", "put", "recover", "discard"}

// Effect is one parsed item of a card's `effects`: a verb and an amount,
// which is X when the amount is the X paid for the module.
type Effect struct {
	Kind EffectKind
	N    int  // the amount; 0 when X
	X    bool // the amount is X
}

// MaxAmount is the largest amount an effect may name.
const MaxAmount = 20

// ParseEffect reads one item of an `effects` list. The syntax is a verb
// and an amount, separated by spaces, lower case:
//
//	draw N | progress N | untap N | unlink N | put N | recover N | discard N
//	power +N eot | power +N eot all
//
// N is a whole number from 1 to 20, or X (the X paid for the module's cost;
// 0 when it was linked without paying).
func ParseEffect(s string) (Effect, error) {
	f := strings.Fields(s)
	if len(f) == 0 {
		return Effect{}, fmt.Errorf("empty effect; write a verb and an amount, e.g. \"draw 1\"")
	}
	verb := f[0]
	var e Effect
	switch verb {
	case "draw":
		e.Kind = EffectDraw
	case "progress":
		e.Kind = EffectProgress
	case "untap":
		e.Kind = EffectUntap
	case "unlink":
		e.Kind = EffectUnlink
	case "put":
		e.Kind = EffectPut
	case "recover":
		e.Kind = EffectRecover
	case "discard":
		e.Kind = EffectDiscard
	case "power":
		e.Kind = EffectPower
	default:
		return Effect{}, fmt.Errorf("unknown effect %q; the verbs are %s%s", verb, strings.Join(effectVerbs, ", "), cardsdb.DidYouMean(cardsdb.Suggest(verb, effectVerbs, 1)))
	}
	if e.Kind == EffectPower {
		// power +N eot [all]
		if len(f) < 3 || len(f) > 4 || !strings.HasPrefix(f[1], "+") || f[2] != "eot" || len(f) == 4 && f[3] != "all" {
			return Effect{}, fmt.Errorf("effect %q: write \"power +N eot\" (this Guardian) or \"power +N eot all\" (your Guardians)", s)
		}
		if err := e.amount(f[1][1:], s); err != nil {
			return Effect{}, err
		}
		if len(f) == 4 {
			e.Kind = EffectPowerAll
		}
		return e, nil
	}
	if len(f) != 2 {
		return Effect{}, fmt.Errorf("effect %q: write %q followed by one amount (1 to %d, or X)", s, verb, MaxAmount)
	}
	if err := e.amount(f[1], s); err != nil {
		return Effect{}, err
	}
	return e, nil
}

func (e *Effect) amount(a, s string) error {
	if a == "X" || a == "x" {
		e.X = true
		return nil
	}
	n, err := strconv.Atoi(a)
	if err != nil || n < 1 || n > MaxAmount || a[0] == '+' || a[0] == '-' {
		return fmt.Errorf("effect %q: amount %q must be a whole number from 1 to %d, or X", s, a, MaxAmount)
	}
	e.N = n
	return nil
}

// Amount returns the effect's amount given the X paid for its module.
func (e Effect) Amount(x int) int {
	if e.X {
		return x
	}
	return e.N
}

func (e Effect) amountString() string {
	if e.X {
		return "X"
	}
	return strconv.Itoa(e.N)
}

// String returns the effect in the syntax ParseEffect reads.
func (e Effect) String() string {
	a := e.amountString()
	switch e.Kind {
	case EffectDraw:
		return "draw " + a
	case EffectProgress:
		return "progress " + a
	case EffectUntap:
		return "untap " + a
	case EffectPower:
		return "power +" + a + " eot"
	case EffectPowerAll:
		return "power +" + a + " eot all"
	case EffectUnlink:
		return "unlink " + a
	case EffectPut:
		return "put " + a
	case EffectRecover:
		return "recover " + a
	case EffectDiscard:
		return "discard " + a
	}
	return "?"
}

// Describe returns the effect in words, with X replaced by x.
func (e Effect) Describe(x int) string {
	n := e.Amount(x)
	switch e.Kind {
	case EffectDraw:
		return "draw " + cardsdb.Plural(n, "card")
	case EffectProgress:
		return "progress " + strconv.Itoa(n)
	case EffectUntap:
		return "untap " + cardsdb.Plural(n, "module")
	case EffectPower:
		return "this Guardian gains +" + strconv.Itoa(n) + " power until end of turn"
	case EffectPowerAll:
		return "your Guardians gain +" + strconv.Itoa(n) + " power until end of turn"
	case EffectUnlink:
		return "unlink " + cardsdb.Plural(n, "opposing module") + " in this channel"
	case EffectPut:
		if n == 1 {
			return "put the top card of the stack into memory"
		}
		return "put the top " + strconv.Itoa(n) + " cards of the stack into memory"
	case EffectRecover:
		return "put " + cardsdb.Plural(n, "card") + " from the discard pile into hand"
	case EffectDiscard:
		return "the opponent discards " + cardsdb.Plural(n, "card")
	}
	return "?"
}
