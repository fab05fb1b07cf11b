package seeker

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/deckwright/deckwright/engine"
)

// tracer writes a match in words, one step a line, indented by phase;
// taps in a row are held back and written as one line.
type tracer struct {
	*engine.Tracer
	pending []string // modules tapped and not yet written
	who     string
}

func newTracer(w io.Writer) *tracer {
	t := &tracer{Tracer: engine.NewTracer(w)}
	t.Tracer.Flush = t.flush
	return t
}

// tap notes a tapped module; taps in a row are written as one line.
func (t *tracer) tap(who, name string) {
	if who != t.who {
		t.flush()
	}
	t.who = who
	t.pending = append(t.pending, name)
}

func (t *tracer) flush() {
	if len(t.pending) == 0 {
		return
	}
	n := len(t.pending)
	v := "taps"
	if t.who == "you" {
		v = "tap"
	}
	t.Write(t.Depth, engine.Capital(fmt.Sprintf("%s %s %s (%s).", t.who, v, strings.Join(t.pending, ", "), engine.Plural(n, "1 resource", strconv.Itoa(n)+" resources"))))
	t.pending = t.pending[:0]
}

// logf writes a step; the first letter is made upper case.
func (m *Match) logf(format string, args ...any) { m.tr.Logf(format, args...) }

// who names a side as the subject of a sentence.
func (m *Match) who(side int) string {
	switch {
	case side == You:
		return "you"
	case m.S.Mode == Nature:
		return "Nature"
	}
	return "the opponent"
}

// their is the possessive of who.
func (m *Match) their(side int) string {
	switch {
	case side == You:
		return "your"
	case m.S.Mode == Nature:
		return "Nature's"
	}
	return "the opponent's"
}

// verb picks the form of a verb for you or for the other side.
func verb(side int, you, other string) string {
	if side == You {
		return you
	}
	return other
}

// guardianName names the Guardian (or Bane) of a channel.
func (m *Match) guardianName(side, ch int) string {
	c := &m.S.Side[side].Chan[ch]
	if !c.Active {
		if side == You {
			return m.name(c.Card) + " (set aside)"
		}
		return "no Bane"
	}
	return m.chanName(side, ch)
}

// chanName names the Guardian or Bane in play in a channel; Banes, which
// may share a name, say their channel.
func (m *Match) chanName(side, ch int) string {
	c := &m.S.Side[side].Chan[ch]
	if m.S.Mode == Nature && side == Opponent {
		return m.name(c.Card) + " (channel " + strconv.Itoa(ch+1) + ")"
	}
	if m.S.Mode != Nature && side == Opponent {
		return "the opponent's " + m.name(c.Card)
	}
	return m.name(c.Card)
}

// powerNote says a channel's power: "Johnson has power 5 (base 3)".
func (m *Match) powerNote(side, ch int) string {
	c := &m.S.Side[side].Chan[ch]
	s := m.guardianName(side, ch) + " has power " + strconv.Itoa(c.Power())
	if c.Mod != 0 {
		s += " (base " + strconv.Itoa(c.Base) + ")"
	}
	return s
}

// powersNote lists the powers of a side's Guardians or Banes in play.
func (m *Match) powersNote(side int) string {
	var parts []string
	for i := range m.S.Side[side].Chan {
		c := &m.S.Side[side].Chan[i]
		if c.Active {
			parts = append(parts, m.chanName(side, i)+" "+strconv.Itoa(c.Power()))
		}
	}
	return strings.Join(parts, ", ")
}

func (m *Match) guardiansWord(side int) string {
	if m.S.Mode == Nature && side == Opponent {
		return "Nature's Banes"
	}
	return m.their(side) + " Guardians"
}

// channelsNote describes an advance channel by channel.
func (m *Match) channelsNote(side int) string {
	var parts []string
	total := 0
	for i := range m.S.Side[side].Chan {
		c := &m.S.Side[side].Chan[i]
		if !c.Active {
			continue
		}
		o := &m.S.Side[1-side].Chan[i]
		opp := "nothing"
		if o.Active {
			opp = m.chanName(1-side, i) + " " + strconv.Itoa(o.Power())
		}
		d := max(c.Power()-m.S.opposing(side, i), 0)
		total += d
		parts = append(parts, fmt.Sprintf("%s %d vs %s: %d", m.chanName(side, i), c.Power(), opp, d))
	}
	return strings.Join(parts, "; ") + "; total " + strconv.Itoa(total)
}

// pileNote says which of Nature's piles a card went to.
func (m *Match) pileNote(side int, c uint8) string {
	if m.S.Mode != Nature || side != Opponent {
		return ""
	}
	if m.card(c).Hyperlinkable() {
		return " (onto its hyperlink pile)"
	}
	return " (onto its link pile)"
}

// handNames lists a hand.
func (m *Match) handNames(side int) string {
	var n []string
	for _, c := range m.S.Side[side].Hand.Cards() {
		n = append(n, m.name(c))
	}
	if len(n) == 0 {
		return "nothing"
	}
	return strings.Join(n, ", ")
}
