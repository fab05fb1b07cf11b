package arkhtide

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/deckwright/deckwright/engine"
)

// logf writes a step; the first letter is made upper case.
func (m *Match) logf(format string, args ...any) { m.tr.Logf(format, args...) }

// who names a side as the subject of a sentence.
func (m *Match) who(side int) string {
	if side == You {
		return "you"
	}
	return "the opponent"
}

// their is the possessive of who.
func (m *Match) their(side int) string {
	if side == You {
		return "your"
	}
	return "the opponent's"
}

// verb picks the form of a verb for you or for the opponent.
func verb(side int, you, other string) string {
	if side == You {
		return you
	}
	return other
}

func attackWord(ranged bool) string {
	if ranged {
		return "Ranged Attack"
	}
	return "Melee Attack"
}

func abilityWord(t Trigger) string {
	switch t {
	case TrigFast:
		return "Fast"
	case TrigSlow:
		return "Slow"
	case TrigOmni:
		return "Omni"
	}
	return t.String()
}

// namesOf lists cards by name.
func (m *Match) namesOf(cs []uint8) string {
	if len(cs) == 0 {
		return "nothing"
	}
	n := make([]string, len(cs))
	for i, c := range cs {
		n[i] = m.name(c)
	}
	return strings.Join(n, ", ")
}

// unitName names a card in play: "Ashen Acolyte", "the opponent's
// Thryïnn", "your Seeker Thryïnn".
func (m *Match) unitName(side int, u *Unit) string {
	n := m.name(u.Card)
	if side == Opponent {
		return "the opponent's " + n
	}
	return n
}

// realmName names the Realm in slot z: "Rustfall Junction (yours)".
func (m *Match) realmName(z int) string {
	r := &m.S.Realms[z]
	switch r.Owner {
	case You:
		return m.name(r.Card) + " (yours)"
	case Opponent:
		return m.name(r.Card) + " (the opponent's)"
	}
	return m.name(r.Card)
}

// zoneName names a Realm slot or the Safe Zone of side.
func (m *Match) zoneName(side, z int) string {
	if z == ZoneSafe {
		return m.their(side) + " Safe Zone"
	}
	return m.realmName(z)
}

// ontoName says where an Invoked Unit goes.
func (m *Match) ontoName(side, z int) string {
	if z == ZoneSafe {
		return "into " + m.their(side) + " Safe Zone"
	}
	return "onto " + m.realmName(z)
}

// costNote says what an Invocation paid: "2 Arkhé, 7 left".
func (m *Match) costNote(side, cost int) string {
	return fmt.Sprintf("%d Arkhé, %d left", cost, m.S.Side[side].Arkhe)
}

// realmNote describes a Realm card: "Rustfall Junction (Initiative 5, 2
// Quintessence)".
func (m *Match) realmNote(c uint8) string {
	card := &m.cards[c]
	return fmt.Sprintf("%s (Initiative %s, %d Quintessence)", card.Name, initNote(card.Initiative), card.Quintessence)
}

// returnNote says where the Realms not chosen went.
func (m *Match) returnNote(k, pick int, bottom uint8) string {
	var top, bot []uint8
	for j := 0; j < k; j++ {
		switch {
		case j == pick:
		case bottom&(1<<uint(j)) != 0:
			bot = append(bot, m.look[j])
		default:
			top = append(top, m.look[j])
		}
	}
	var s []string
	if len(top) > 0 {
		s = append(s, m.namesOf(top)+" back on top")
	}
	if len(bot) > 0 {
		s = append(s, m.namesOf(bot)+" on the bottom")
	}
	if len(s) == 0 {
		return ""
	}
	return " " + engine.Capital(strings.Join(s, ", ")) + "."
}

// hasSides reports whether a Realm's sides differ.
func (m *Match) hasSides(c uint8) bool {
	card := &m.cards[c]
	return card.Kind == KindRealm && (len(card.Sides[0].Abilities) > 0 || len(card.Sides[1].Abilities) > 0 || !card.Sides[0].Inert || !card.Sides[1].Inert)
}

// sideText describes one side of a Realm in the engine's words.
func (m *Match) sideText(c uint8, side uint8) string {
	t := &m.cards[c].Sides[side&1]
	var parts []string
	for i := range t.Abilities {
		parts = append(parts, m.describe(&t.Abilities[i]))
	}
	if t.UnitsSoul != 0 {
		parts = append(parts, fmt.Sprintf("your Units here get %+d Soul", t.UnitsSoul))
	}
	if t.UnitsHave != 0 {
		parts = append(parts, "your Units here have "+t.UnitsHave.String())
	}
	if t.FirstExtract != 0 {
		parts = append(parts, fmt.Sprintf("your first Unit Extracted here is worth %+d Quintessence", t.FirstExtract))
	}
	if t.NotSimulated != "" {
		parts = append(parts, "not simulated: "+t.NotSimulated)
	}
	if len(parts) == 0 {
		return "nothing the engine plays."
	}
	return strings.Join(parts, "; ") + "."
}

// triggerPhrase says when a reaction happens, in words.
var triggerPhrase = [...]string{
	TrigCombatInvoke:   "when Invoked during Combat",
	TrigAssist:         "when it Assists",
	TrigExtract:        "when Extracted",
	TrigDie:            "when it dies",
	TrigAllyDies:       "when an allied Unit on its Realm dies",
	TrigUnitsExtracted: "when your Units are Extracted",
	TrigHarvest:        "when the Harvest Phase begins",
	TrigSeekerArrives:  "when your Seeker moves onto it",
}

// describe says what an ability does: "[Fast] lose 1 Willpower: ready an
// allied Unit".
func (m *Match) describe(ab *Ability) string {
	var b strings.Builder
	switch ab.Trigger {
	case TrigFast, TrigSlow, TrigOmni:
		b.WriteString("[" + abilityWord(ab.Trigger) + "] ")
	case TrigInvoke:
	default:
		b.WriteString(triggerPhrase[ab.Trigger] + ": ")
	}
	var costs []string
	if ab.Willpower > 0 {
		costs = append(costs, "lose "+strconv.Itoa(ab.Willpower)+" Willpower")
	}
	if ab.Discard > 0 {
		costs = append(costs, "discard "+strconv.Itoa(ab.Discard))
	}
	if ab.ExhaustMe {
		costs = append(costs, "exhaust me")
	}
	if ab.ExhaustAlly {
		costs = append(costs, "exhaust an allied Unit")
	}
	if len(costs) > 0 {
		b.WriteString(strings.Join(costs, ", ") + ": ")
	}
	for i := range ab.Actions {
		if i > 0 {
			b.WriteString("; ")
		}
		b.WriteString(ab.Actions[i].Describe())
	}
	return b.String()
}

func winner(won bool) string {
	if won {
		return "you win with"
	}
	return "the opponent wins with"
}

// traceEnd says how the game ended.
func (m *Match) traceEnd() {
	s := &m.S
	y, o := &s.Side[You], &s.Side[Opponent]
	var why string
	switch {
	case s.Tie:
		why = "a True Tie"
	case s.Won && s.End == EndWillpower:
		why = fmt.Sprintf("you win: the opponent's Willpower is %d", o.Willpower)
	case s.End == EndQuintessence && o.Present && y.Quint >= WinQuintessence && o.Quint >= WinQuintessence:
		switch {
		case y.Quint != o.Quint:
			why = "both reach 13 Quintessence; " + winner(s.Won) + " more Quintessence"
		default:
			why = "both reach 13 Quintessence, as many; " + winner(s.Won) + " more Willpower"
		}
	case s.Won:
		why = fmt.Sprintf("you win with %d Quintessence", y.Quint)
	case s.End == EndWillpower:
		why = fmt.Sprintf("you lose: your Willpower is %d", y.Willpower)
	default:
		why = fmt.Sprintf("you lose: the opponent has %d Quintessence", o.Quint)
	}
	if o.Present {
		why += fmt.Sprintf(" (Quintessence %d vs %d, Willpower %d vs %d)", y.Quint, o.Quint, y.Willpower, o.Willpower)
	}
	m.tr.Line(0, "Game over in Round "+strconv.Itoa(s.Round)+": "+why+".")
}
