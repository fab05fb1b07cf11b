// Package deckstats computes the figures deck builders show beside a deck
// list: how many cards of each type and faction, the cost curve, and draw
// odds, the chance to see at least k copies of a card (or of a group of
// cards) by a given turn, on the play and on the draw.
//
// The odds are hypergeometric and exact: AtLeast returns a fraction.
// The opening hand and the draws per turn come from the game definition's
// draw: block (cardsdb.Draw), which cites the rulebook; Options override
// them.
//
//	st, err := deckstats.Compute(deck, deckstats.Options{})
//	// st.Types, st.Factions, st.Curve, st.Odds
//	p := deckstats.AtLeast(60, 3, 7, 1) // a 3-of among 7 cards of 60: 5397/17110, a *big.Rat
//
// The package never prints; deckwright stats formats its result.
package deckstats
