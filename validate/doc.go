// Package validate checks a deck against its game's deck-building rules.
//
// A rule is a value (see Rule): a name, a doc string and a check function,
// in the shape of golang.org/x/tools' analysis.Analyzer. Some rules apply to
// every game because they only read the game definition's data (section
// sizes, copy limits, card types); others are switched on by name in a
// game definition's rules list, with parameters. A rule declares its
// parameters (Param: name, kind, default, doc), as an analyzer declares its
// flags; CheckGame refuses a game definition that gives a parameter the rule
// does not declare or a value of the wrong kind, at its position. Check runs
// the rules in one pass and returns every Finding, sorted by position:
//
//	deck, err := cardsdb.Resolve(game, list)
//	if err != nil {
//		return err
//	}
//	for _, f := range validate.Check(deck) {
//		fmt.Println(f) // cosmos.txt:12:1: error: 4 copies of "Rogue Star" ... [copy-limit]
//	}
//
// The rule names are a public contract: section-size, copy-limit,
// unknown-card, unknown-section, card-type, card-section, companion, leader, faction-limit,
// guardian-stages, domain, non-innate, packs, manifest, affiliation and
// format-list.
//
// A game may define deck-building formats (cardsdb.Format): a deck that
// names one (format: free-agent) is checked by RulesForFormat, the game's
// rules as the format replaces, overrides or skips them, plus its ban and
// restricted lists (format-list).
package validate
