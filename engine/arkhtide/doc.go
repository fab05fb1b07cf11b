// Package arkhtide is the playtest engine of Arkhtide TCG: it plays games
// of one deck (a Seeker, a Main Deck and a Realm Deck) by the rulebook's
// Seeker's Duel, Round by Round, and reports to engine.Run how fast the
// deck reaches 13 Quintessence and what its cards do on the way.
//
// The public shape is the one of engine/seeker, so that deckwright
// goldfish drives both games the same way:
//
//   - Compile(d) turns a resolved cardsdb.Deck into a Deck: every distinct
//     card once as small integers (ids below Deck.Main are the Main Deck's
//     cards, then the Realms up to Deck.Reported, then the Seeker and the
//     tokens), with Deck.NotSimulated (cards whose text the engine does not
//     play, and why) and Deck.Provisional (cards whose values are not the
//     rulebook's: every card of the sample set).
//   - Options{Opponent: Empty | Passive, MaxRounds} says whom you play
//     against: Empty (no opposing presence: your Realm and the Neutral
//     Realm only) or Passive (an opposing Seeker with a Realm Deck of its
//     own, your own Seeker and Realms unless Options.Versus says another
//     deck's, that stands on its Realm and never acts).
//   - Spec(d, opts) is what the games report: per card drawn, invoked,
//     extracted, discarded, dead (in hand at the end), and for Realms seen,
//     picked and harvested; milestones (how the game ended, the Round the
//     Main Deck ran out); tallies (Quintessence, Arkhé spent, Soul on the
//     Realms, Willpower paid for non-Innate cards and other costs, the
//     opponent's Realm taken or denied; and per Round, see Rounds and
//     PerRound). engine.Spec.MaxTurns counts Rounds.
//   - NewMatch(d, opts, policy) returns a Match, an engine.Game; its
//     State is a plain struct; a move is checked by Legal before Apply
//     makes it; (*Match).Trace(w) writes a game move by move in words.
//   - PolicyNames and NewPolicy give the policies: "greedy" and "planner"
//     (the engine's policy setting says what each does).
//
// Cards do what their `effects` field says, in a small vocabulary of
// triggers, costs, actions and constants (see Text.Parse, and the Engine
// section of docs/games/arkhtide.md for every item and every reading of
// the rulebook the engine makes).
//
// Playing 10,000 games of a bundled deck against the empty opponent:
//
//	d, err := arkhtide.Compile(deck) // a resolved *cardsdb.Deck
//	opts := arkhtide.Options{Opponent: arkhtide.Empty}
//	s, err := engine.Run(arkhtide.Spec(d, opts), engine.Config{Games: 10000, Seed: 1}, func() engine.Game {
//		p, _ := arkhtide.NewPolicy("greedy")
//		return arkhtide.NewMatch(d, opts, p)
//	})
//	// s.Turns: the Round of the win; arkhtide.Rounds(s): per Round figures
package arkhtide
