// Package report builds the typed answers deckwright gives about games,
// cards and decks: the games list, card searches, a deck's validation
// findings and its statistics. The command line prints them for a person
// or as --json; the web page (package serve) renders the same values as
// HTML or answers them as the same JSON. One function, two faces: the
// page and the command line agree because they call the same function,
// not because one parses the other's text.
//
// Every type here marshals to the JSON shape that the matching command's
// --json prints; the field names are the ones its tables use.
//
// Example:
//
//	list, err := cardsdb.ReadDeck(cardsdb.StdinName, os.Stdin, "")
//	if err != nil {
//		return err
//	}
//	v, err := report.Validate(db, cardsdb.StdinName, list, report.ValidateOptions{})
//	if err != nil {
//		return err
//	}
//	json.NewEncoder(w).Encode(map[string]any{"decks": []*report.Validation{v}})
package report
