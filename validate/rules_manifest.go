package validate

import (
	"fmt"

	"github.com/deckwright/deckwright/cardsdb"
)

// Manifest compares a print set with the game's physical set, card by card
// and by the lines of the game's component manifest.
var Manifest = &Rule{
	Name: "manifest",
	Doc: `A print set (Seeders: a deck listing the cards to print) compared with the
game's physical set, card by card: each card's copies in its card file,
less what the deck's variant (variant: ID, e.g. expert) removes. Every
missing and every extra card is reported with its counts. Then, for each
line of the game's manifest (e.g. 162 Ark cards), an error when the print
set's total differs from the physical set's, and a warning when the game's
card files do not add up to the manifest (cards the data does not hold
yet, which no print set can include).`,
	Check: func(p *Pass) {
		g, d := p.Game, p.Deck
		v := d.Variant
		printed := map[*cardsdb.Card]int{}
		last := map[*cardsdb.Card]cardsdb.DeckCard{}
		for _, dc := range d.Cards {
			printed[dc.Card] += dc.Count
			last[dc.Card] = dc
		}
		set := "the physical set"
		if v != nil {
			set = "the physical set in " + v.Name
		}
		for _, c := range g.Cards {
			want := max(c.Copies-v.Removed(c), 0)
			have := printed[c]
			switch {
			case have < want:
				section := g.SectionFor(c.Type)
				pos := p.deckPos()
				sid := ""
				if section != nil {
					pos, sid = p.sectionPos(section), section.ID
				}
				if have == 0 {
					p.Report(pos, Error, sid, c.Name, "%q is missing: %s has %s (add %d)", c.Name, set, plural(want, "copy"), want)
				} else {
					p.Report(pos, Error, sid, c.Name, "%s of %q in the print set, %s has %d (add %d)", plural(have, "copy"), c.Name, set, want, want-have)
				}
			case have > want:
				dc := last[c]
				sid := ""
				if dc.Section != nil {
					sid = dc.Section.ID
				}
				why := fmt.Sprintf("%s has %d", set, want)
				if r := v.Removed(c); r > 0 {
					why = fmt.Sprintf("%s removes %d of its %d", v.Name, r, c.Copies)
				}
				p.Report(dc.Pos, Error, sid, c.Name, "%s of %q in the print set, %s (remove %d)", plural(have, "copy"), c.Name, why, have-want)
			}
		}
		for _, m := range g.Manifest {
			known, want, have := m.Known(g, v), m.Want(g, v), 0
			for _, dc := range d.Cards {
				if m.Takes(dc.Card.Type) {
					have += dc.Count
				}
			}
			in := ""
			if v != nil {
				in = fmt.Sprintf(" (%d in %s)", want, v.Name)
			}
			if have != known {
				p.Report(p.deckPos(), Error, "", "", "%s: the print set has %d, %s has %d (the cards that differ are reported one by one)", m.Name, have, set, known)
			}
			switch {
			case known < want:
				p.Report(p.deckPos(), Warning, "", "", "%s: the manifest has %d%s, the game's card files hold %d; the other %d are not in deckwright's data yet (add them to a cards file to print a full set)", m.Name, m.Count, in, known, want-known)
			case known > want:
				p.Report(p.deckPos(), Warning, "", "", "%s: the manifest has %d%s, the game's card files hold %d, %d more; check the copies of these cards", m.Name, m.Count, in, known, known-want)
			}
		}
	},
}
