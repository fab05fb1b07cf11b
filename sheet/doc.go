// Package sheet reads and writes card spreadsheets: CSV, TSV and Excel
// (.xlsx) tables with one card a row, the habit of designers who keep their
// cards in a spreadsheet (Squib, nanDECK and Dextrous users).
//
// The first non-blank row names the columns: a game's field names (cost,
// link_cost, ...) or the keys every card has (name, type, faction, copies,
// text, flavor, pack, deck_limit, image, back, back_name, back_text, tags,
// sample, provisional, game). Headers are matched ignoring case, accents,
// spaces and punctuation ("Link Cost" is link_cost); an unknown header is an
// error with a did-you-mean. A cell of a list field (faction, tags, a list
// field of the game) holds its items separated by "|" (a bar: commas and
// semicolons are common in rules text and effects).
//
// Positions are FILE:ROW:COLUMN, both counted from 1 as a spreadsheet shows
// them: the header is usually row 1 and column 2 is column B. For CSV and
// TSV a row is a record, so a cell with line breaks still counts as one row,
// and a blank line counts as a blank row.
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
