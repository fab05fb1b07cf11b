// Package generic plays goldfish games of any game whose game.yaml has a
// playtest block (cardsdb.Playtest): a small language of YAML data in
// which a designer declares the kinds of resource and what a turn gives
// of each, the card fields of cost and effects, resource cards, zones
// (a supply and a market to buy from, a trash), the flow of a turn
// (draws, reshuffles, the hand discarded at its end, cards per turn),
// mulligans (redraw or London), the goals (points, damage, pieces in
// play, surviving) and the ways to lose (decking out, an opponent's
// clock), text patterns that turn rules text into effects, and bots; and
// deckwright plays the game's decks with no Go code of the game's own.
//
// A turn: the resources; the effects each turn of the cards in play; the
// draw; the policy puts resource cards into play, plays cards it can pay
// for, each resolving its effects in order, and buys; at the end of the
// turn the cards played go to the discard pile, the hand too when the
// rules say so, and the opponent's clock strikes. docs/playtest.md says
// every rule.
//
// The policies: greedy plays its money, a win of the turn when there is
// one, else the card with the most worth per resource, again and again,
// and buys the card worth most; planner plays the best set of cards for
// this turn and the next one, an exact knapsack over the hand; a game's
// bots follow buy and play priorities. All are deterministic: game i of a
// seed is the same game. A game costs no allocation: the piles are sized
// once per match, for decks of any size.
//
// For returns the engine.Engine of a game; engine/games offers it for
// every game with a playtest block and no engine of its own:
//
//	e := generic.For(game) // nil without a playtest block
//	play, err := e.Compile(deck, engine.Setup{Policy: "planner"})
//	s, err := engine.Run(play.Spec, engine.Config{Games: 10000, Seed: 1}, play.NewGame)
package generic
