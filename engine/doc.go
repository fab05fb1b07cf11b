// Package engine is deckwright's playtest runner, shared by every game's
// rules: it plays many games of one deck on several goroutines and turns
// what they report into statistics.
//
// A game's rules live in a sub-package (engine/seeker for Seeker
// Chronicles, engine/arkhtide for Arkhtide), which declares one Engine
// value: its id and name, modes and policies, its own settings (each a
// Setting: name, kind, default, doc, allowed values), how to compile a
// deck for a Setup into a Play (the Spec, a NewGame, the report's rows,
// tables, per-card tables with their legends and JSON, and the per-game
// Figures that compare, tune and optimize weigh), and its effects check.
// A game without such a package but with a playtest block in its
// game.yaml is played by engine/generic. engine/games lists the engines
// in one place (games.For finds a game's); the command line builds its
// flags, their completion and their checks from the engines' declared
// settings, and imports no game's package. The scaffolding every game
// needs is here: Pile, Choice (a decision asked of a policy), Tracer (a
// game in words), Policies; engine/enginetest runs a game's scenario
// files against golden files and checks that no card is lost or
// duplicated.
//
// Adding a game's engine is writing its rules: a package engine/NAME
// with a State, its moves checked before they are applied, a Match that
// implements Game (and Dealt/Held for the invariant test), its policies,
// and an Engine value; then adding it to games.All. The steps are in
// docs/games/engines.md.
//
// Run and PlayPaired share one ordered worker pool: workers play chunks
// of ChunkSize games into result buffers and the caller merges them in
// chunk order.
//
// A game implements Game: Play plays one whole game, drawing every
// random number from the generator it is given and reporting to a Record
// (cards drawn, played...; milestones; tallies). Run gives game i the PCG
// stream (Config.Seed, i), whichever worker plays it, and merges the
// games in chunks of ChunkSize in order, so that a run's Summary is the
// same for any number of workers; Config.Precision stops a run between
// chunks once the 95% confidence interval of the mean win turn is narrow
// enough.
//
// Common random numbers: game i of seed S is the same shuffle whatever the
// deck, for the cards two decks share. A game draws its key first
// (GameKey: the first number of the stream (S, i)) and shuffles its
// opening piles with KeyedShuffle: each card gets the key mix(game key,
// pile tag, the hash of its name, its copy number) and the pile is sorted
// on the keys. The order of two cards depends on nothing else, so two
// lists that differ by a few cards see their shared cards in the same
// relative order in every game, and a paired comparison (compare, tune,
// optimize) measures the change of cards rather than the luck of the
// shuffle. Later shuffles in a game (a discard pile reshuffled) draw from
// the stream as before: once the two games play differently they part.
//
// A game ends won, lost, or unfinished: stopped at Spec.MaxTurns before
// its rules ended it (Outcome.Unfinished), which is neither a win nor a
// loss.
//
// The statistics: the win rate with its 95% Wilson score interval, the
// shares of lost and unfinished games; the win turn's mean, standard
// deviation, 95% CI of the mean (normal approximation, mean ± 1.96
// sd/√n), nearest-rank median, 10th and 90th percentiles (no value when
// no game was won: Dist.HasData), histogram and the cumulative chance to
// have won by each turn; per milestone the share of games that reached it and the mean
// turn; per tally its mean; per card the mean count per game of each
// event and the mean win turn of won games with and without the card in
// the opening hand. Every figure is computed from integer counts.
//
// A game that rolls a die each turn and wins once the total reaches 20:
//
//	type dice struct{}
//
//	func (dice) Play(rng *rand.Rand, rec *engine.Record) engine.Outcome {
//		total := 0
//		for turn := 1; turn <= 20; turn++ {
//			roll := 1 + rng.IntN(6)
//			rec.Count(0, roll-1) // event "rolled", card "1".."6"
//			if total += roll; total >= 20 {
//				return engine.Outcome{Won: true, Turns: turn}
//			}
//		}
//		return engine.Outcome{Turns: 20, Unfinished: true} // stopped: not a loss
//	}
//
//	spec := engine.Spec{Cards: []string{"1", "2", "3", "4", "5", "6"}, Events: []string{"rolled"}, MaxTurns: 20}
//	s, err := engine.Run(spec, engine.Config{Games: 10000, Seed: 1}, func() engine.Game { return dice{} })
//	// s.Turns.Mean, s.Turns.CI95, s.Turns.Histogram, s.Cards[5].PerGame[0] ...
package engine
