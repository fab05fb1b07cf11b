package arkhtide

// Dealt returns the Main Deck of your side, one id per card: the cards
// Held accounts for.
func (m *Match) Dealt() []uint8 { return m.Deck.MainDeck }

// Held appends to dst your Main Deck's cards wherever they are now: Main
// Deck, hand, Chronicle, extracted, in play as Units or bound to them.
// Tokens and Realms are left out. A game must hold exactly the cards it
// was dealt (enginetest checks it).
func (m *Match) Held(dst []uint8) []uint8 {
	sd := &m.S.Side[You]
	main := uint8(m.Deck.Main)
	for _, p := range []*Pile{&sd.Deck, &sd.Hand, &sd.Chronicle, &sd.Gone} {
		for _, c := range p.Cards() {
			if c < main {
				dst = append(dst, c)
			}
		}
	}
	for _, u := range sd.Units[:sd.NUnits] {
		if u.Card < main {
			dst = append(dst, u.Card)
		}
		for _, b := range u.Bound[:u.NBound] {
			if b.Card < main {
				dst = append(dst, b.Card)
			}
		}
	}
	return dst
}
