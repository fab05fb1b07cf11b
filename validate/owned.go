package validate

import (
	"fmt"

	"github.com/deckwright/deckwright/cardsdb"
)

// Owned is the rule name of the findings CheckOwned reports.
const Owned = "owned"

// CheckOwned compares a deck with what the player owns: a warning for each
// card the deck uses more copies of than the collection holds, at the
// card's first entry, saying too when one physical game holds fewer copies
// than the deck uses (Seeker Chronicles' box has one Schrödinger's Cat).
// The deck stays legal: a player may print proxies or buy another box.
func CheckOwned(d *cardsdb.Deck, c *cardsdb.Collection) []Finding {
	var out []Finding
	for _, n := range c.Needs(d) {
		if n.Count <= n.Owned {
			continue
		}
		msg := fmt.Sprintf("deck uses %s of %q, you own %d (%d missing)", cardsdb.Plural(n.Count, "copy"), n.Card.Name, n.Owned, n.Missing())
		if n.Count > n.Physical {
			msg += fmt.Sprintf("; one physical %s holds %d", d.Game.Name, n.Physical)
		}
		out = append(out, Finding{Pos: n.Pos, Rule: Owned, Severity: Warning, Message: msg, Section: n.Section, Card: n.Card.Name})
	}
	Sort(out)
	return out
}
