// Package generic plays goldfish games of any game whose game.yaml has a
// playtest block (cardsdb.Playtest): a designer declares the opening
// hand, the draws, the resources of a turn, the card fields of cost and
// effects, resource cards, a hand limit, a mulligan rule and the points
// that win, and deckwright plays the game's decks with no Go code of the
// game's own.
//
// A turn: the cards in play that score each turn score; you draw; you
// have turn × resource_per_turn to spend, plus your ramp and your
// resource cards in play (what is not spent is lost); the policy puts
// one resource card into play and plays cards it can pay for, each
// resolving its effects in order (points N, points N each turn, draw N,
// resource N, ramp N, discard N); at the end of the turn you discard down
// to the hand limit. A game is won the moment its points reach
// win_points, and unfinished after max_turns. A draw from an empty deck
// draws nothing.
//
// The policies: greedy plays the card with the most points per resource
// again and again; planner plays the best set of cards for this turn and
// the next one, an exact knapsack over the hand (see their docs). Both
// are deterministic: game i of a seed is the same game.
//
// For returns the engine.Engine of a game; engine/games offers it for
// every game with a playtest block and no engine of its own:
//
//	e := generic.For(game) // nil without a playtest block
//	play, err := e.Compile(deck, engine.Setup{Policy: "planner"})
//	s, err := engine.Run(play.Spec, engine.Config{Games: 10000, Seed: 1}, play.NewGame)
package generic
