package cardsdb

// ManifestGroup is one line of a game's component manifest: how many
// cards of some card types the physical game holds ("162 Ark cards": the
// Units and Crews together). The manifest rule compares a print set with
// it, and the game's card files too: their copies of these types should
// add up to Count.
type ManifestGroup struct {
	Name  string   // "Ark cards"
	Types []string // the card types the line counts
	Count int
	Doc   string
	Pos   Pos
}

// Takes reports whether the group counts cards of the type id.
func (m *ManifestGroup) Takes(typeID string) bool { return contains(m.Types, typeID) }

// Known returns how many cards of the group the game's card files hold:
// the sum of their copies, less what the variant v removes (v may be nil).
func (m *ManifestGroup) Known(g *Game, v *Variant) int {
	n := 0
	for _, c := range g.Cards {
		if m.Takes(c.Type) {
			n += max(c.Copies-v.Removed(c), 0)
		}
	}
	return n
}

// Want returns the group's count less what the variant v removes from it
// (v may be nil).
func (m *ManifestGroup) Want(g *Game, v *Variant) int {
	n := m.Count
	if v != nil {
		for _, r := range v.Remove {
			if r.Card != nil && m.Takes(r.Card.Type) {
				n -= r.Count
			}
		}
	}
	return n
}
