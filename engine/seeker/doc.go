// Package seeker is the Seeker Chronicles rules engine: it plays a deck
// from setup to the win, move by move, as the rulebook words the turn
// (starting phase, main phase, advance phase, end phase), Guardian
// activation with the mixed-domain rules C and D, Gravity X, Entropy,
// Duality, costs of X, unlink, play and put, and the single-player match
// against Nature. docs/games/seeker-chronicles.md lists the readings it
// takes where the rulebook is silent.
//
// Compile turns a resolved cardsdb.Deck into a Deck of small integers
// (card ids, powers, costs, parsed `effects`), listing the cards it does
// not simulate and those with provisional values. A Match plays matches
// of one Deck with one Policy; its State is a plain struct of fixed-size
// arrays, so a Match allocates nothing once made. A move is checked with
// Legal before Apply makes it; the starting and end phases are their own
// steps. Match implements engine.Game, so engine.Run plays it on many
// workers.
//
// Playing 10000 goldfish games of the Cosmos starter with the greedy
// policy:
//
//	deck, _ := seeker.Compile(resolved) // a *cardsdb.Deck
//	opts := seeker.Options{Mode: seeker.Goldfish}
//	s, err := engine.Run(seeker.Spec(deck, opts), engine.Config{Games: 10000, Seed: 1},
//		func() engine.Game {
//			p, _ := seeker.NewPolicy("greedy")
//			return seeker.NewMatch(deck, opts, p)
//		})
//	// s.Turns.Mean: the mean turn of the win
//
// One match in words:
//
//	m := seeker.NewMatch(deck, opts, p)
//	m.Trace(os.Stdout)
//	m.Play(engine.Stream(1, 0), nil)
package seeker
