// Package sheet reads and writes card spreadsheets: CSV, TSV and Excel
// (.xlsx) tables with one card a row, the habit of designers who keep their
// cards in a spreadsheet (Squib, nanDECK and Dextrous users).
//
// The first non-blank row names the columns: a game's field names (cost,
// link_cost, ...), the keys every card has (name, type, faction, copies,
// text, flavor, pack, deck_limit, image, back, back_name, back_text, tags,
// sample, provisional, game) or the headers designers write for them
// (Aliases: Title, Description, Quote, Art, Qty...). Headers are matched
// ignoring case, accents, spaces and punctuation ("Link Cost" is
// link_cost); an unknown header is an error with a did-you-mean. A cell of
// a list field (faction, tags, a list field of the game) holds its items
// separated by "|" (a bar: commas and semicolons are common in rules text
// and effects); "%n" in a text cell is a line break.
//
// Positions name cells as a spreadsheet does: deck.xlsx:Deck!C12 (sheet,
// column, row from 1), cards.csv:C12 for a CSV or TSV file. For CSV and TSV
// a row is a record, so a cell with line breaks still counts as one row,
// and a blank line counts as a blank row.
//
// The package registers the reader of game.yaml's tables: with cardsdb
// (cardsdb.RegisterTableLoader), so a program that imports it loads games
// whose cards live in spreadsheets.
//
// Read a table, turn it into a cards file for a game, and write it:
//
//	t, err := sheet.Read("cards.csv", data, "")
//	f, err := sheet.Cards(t, game, sheet.Options{})
//	out, err := f.YAML("cards.csv") // the cards file, naming its source
//
// Export writes a game's cards back as a table that Cards reads into the
// same cards.
package sheet
