// Package cardsdb is deckwright's card database: the domain types (Game,
// CardType, Section, Card, DeckList, Deck), the loaders that read game
// definitions, card files and deck lists from YAML or plain text with the
// position of every value, name lookup that forgives case, accents,
// apostrophes and spacing, and the bundled game data embedded in the binary.
//
// A game definition may also describe its physical game: packs a game is
// set up from (Kaizerseat), a component manifest and variants that remove
// cards (Seeders). Resolve fills the sections marked all or from_packs, so a
// setup (a deck with players: and packs:) resolves to the cards it needs.
//
// Every other package reads cards and decks through cardsdb and nothing
// else; cardsdb imports none of them.
//
// Loading the bundled data and resolving a bundled deck:
//
//	db, err := cardsdb.LoadBundled()
//	if err != nil {
//		return err
//	}
//	list, err := db.BundledDeck("seeker-chronicles/cosmos")
//	if err != nil {
//		return err
//	}
//	game, _ := db.Game(list.Game)
//	deck, err := cardsdb.Resolve(game, list)
//
// Errors in input files are returned as an ErrorList of *Error values, each
// with a Pos that prints as file:line:col.
//
// A user's folders may come from strangers: AddPath reads them through
// OpenFolder (os.OpenRoot: nothing outside the folder, regular files only,
// no blocking on a FIFO), and ReadFile reads a file named on the command
// line the same careful way. Sizes, names and numbers are bounded, and
// did-you-mean searches are capped, so that no input makes loading slow.
package cardsdb
