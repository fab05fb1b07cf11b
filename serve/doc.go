// Package serve is deckwright's local web page: a card grid and card
// pages, a deck builder with live validation and statistics, print and
// playtest forms, and a JSON API under /api/ that answers what the
// command line's --json prints.
//
// The deck builder's edits (+ and − by section and copy limit, the grouped
// list, notes, the differences of two decks) are cardsdb's deck lists
// edited as text; saved decks carry a version (their ETag), a save from a
// stale version is refused with the saved text, and each save keeps the
// version it replaces (decks_history.go).
//
// The server holds no deck logic of its own. Every answer about a deck or
// the cards comes from running a deckwright command in-process through a
// Runner (the command package supplies it), so the rule ids, messages and
// JSON are the CLI's own. The server's part is the web: pages rendered
// with html/template from embedded files, the decks folder (read and
// written through os.OpenRoot, atomically), and the safety rules of a
// local server: loopback by default, deck names checked, request bodies
// capped, cross-origin POSTs refused, work cancelled with the request.
//
// Example:
//
//	s, err := serve.New(serve.Config{DB: db, Run: run, Decks: "decks"})
//	if err != nil {
//		return err
//	}
//	defer s.Close()
//	return http.Serve(listener, s.Handler())
package serve
