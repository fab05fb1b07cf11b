// Package games lists deckwright's playtest engines, one per game, in one
// place: the command line and the benchmarks find a game's engine here.
// Adding a game's engine is adding its package's Engine to All (see
// engine's package doc).
//
//	e := games.Lookup("arkhtide")
//	play, err := e.Compile(deck, engine.Setup{Mode: "passive"})
package games
