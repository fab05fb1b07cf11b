// Package search looks for better deck lists with paired playtests: it
// values each card of a deck by the swaps that cut it (Tune: racing by
// successive halving, so that clearly bad swaps are dropped after few
// games and close ones get more), and climbs from swap to swap towards a
// better list (Optimize), checking the result on games the search never
// played.
//
// Every estimate is a paired one (engine.PlayPaired): the deck and a
// candidate play the same games, which share their shuffles for the
// cards both hold, and the difference is weighed game by game on the
// engine's main figure (its first Figure). Legality is the caller's: a
// Problem carries a Legal function (the command line passes the
// validator's), so that the search never returns a list that breaks the
// game's rules.
//
// TuneRace and OptimizeRace play Tune and Optimize a round at a time, each
// round in parts whose sums add up to the whole run's, so that shards on
// other machines can play them (deckwright tune and optimize --shard).
//
//	p := &search.Problem{Base: deck, Pool: pool, Legal: legal, Compile: compile, Seed: 1}
//	tuning, err := search.Tune(p, 200000)
//	res, err := search.Optimize(p, search.Budget{Evals: 300}, 100, 20000)
package search
