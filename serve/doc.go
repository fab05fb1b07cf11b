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
// The server holds no deck logic of its own, and it does not run the
// command line to get its answers: it calls the same library functions
// the command line calls, and renders their typed values as HTML or
// answers them as JSON. One function, two faces:
//
//	page or API                             library call                      command
//	/, GET /api/games                       report.Games                      games
//	/cards, /card, /partial/cards, /api/cards
//	                                        report.Cards                      cards
//	/partial/check, POST /api/validate      report.Validate                   validate -
//	/partial/check, POST /api/stats         report.DeckStats                  stats
//	/playtest/run, POST /api/goldfish       engine.Run, report.Goldfish       goldfish
//	/playtest/compare, /api/compare         engine.RunPaired, report.Compare  compare
//	/partial/hand                           cardsdb.Resolve, the draw: block  -
//	/convert                                cardsdb.ReadDeck                  -
//	/face                                   faces                             -
//	/partial/print, /print.pdf, /api/print  printjob.Collect, printjob.Render print
//	the print preview                       printjob.Job.Layout, layout       -
//	/pnp, /partial/pnp/...                  pnp.Import, pnp.ApplyRecipe,      import pnp
//	                                        pnp.RecipeOf, pnp.Write
//
// A deck sent as a request's body is read as print - and validate - read
// standard input, named as the page names it, never written to a
// temporary file: cardsdb.ReadDeck reads it (size limit, format told by
// cardsdb.IsYAMLDeck, default game). The print options of a form or query are read as
// print reads its flags, and /api/print answers print --json's report. Numbers in a query (?games=, ?seed=, ?turns=) are read once,
// as the command line reads its flags (the last value, any Go notation:
// 0x10, 1_000), and the value checked is the value used.
//
// The server's own part is the web: pages rendered with html/template
// from embedded files, the decks folder (read and written through
// os.OpenRoot, atomically), and the safety rules of a local server:
// loopback by default, a Host that names this machine (no DNS
// rebinding), deck names checked, request bodies capped in size
// (Config.MaxBody) and in time (Config.BodyTimeout), cross-origin POSTs
// refused, work cancelled with the request.
//
// Example:
//
//	s, err := serve.New(serve.Config{DB: db, Decks: "decks"})
//	if err != nil {
//		return err
//	}
//	defer s.Close()
//	return s.HTTPServer().Serve(listener)
package serve
