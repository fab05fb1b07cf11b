package seeker

// Dealt returns the cards your side starts a match with that it may move
// between zones: the stack, one id per card.
func (m *Match) Dealt() []uint8 { return m.Deck.Stack }

// Held appends to dst the stack's cards wherever they are now: stack,
// hands, memories, links, discard piles, progress piles and, against
// Nature (who plays from your stack), Nature's link and hyperlink piles.
// The G-modules, which come from the Guardians' track, and the Banes are
// left out. A match must hold exactly the cards it was dealt (enginetest
// checks it).
func (m *Match) Held(dst []uint8) []uint8 {
	g, b := m.Deck.GModules, m.Deck.Banes
	keep := func(c uint8) bool {
		return c != g[0] && c != g[1] && c != g[2] && c != b[0] && c != b[1] && c != b[2]
	}
	sides := m.S.Side[:1]
	if m.Opts.Mode == Nature {
		sides = m.S.Side[:]
	}
	for i := range sides {
		sd := &sides[i]
		for _, p := range []*Pile{&sd.Stack, &sd.Hand, &sd.Discard, &sd.Progress, &sd.LinkPile, &sd.HyperPile} {
			for _, c := range p.Cards() {
				if keep(c) {
					dst = append(dst, c)
				}
			}
		}
		for _, s := range sd.Memory[:sd.NMem] {
			if keep(s.Card) {
				dst = append(dst, s.Card)
			}
		}
		for _, l := range sd.Links[:sd.NLinks] {
			if keep(l.Card) {
				dst = append(dst, l.Card)
			}
		}
	}
	return dst
}
